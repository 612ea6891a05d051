import { describe, expect, it } from 'vitest';
import { SWIPE_MIN_PX, swipeDir } from './swipe.js';

describe('swipeDir', () => {
  it('reads a travel mostly along one axis as a swipe that way', () => {
    expect(swipeDir(100, 100, 160, 110)).toBe('right');
    expect(swipeDir(100, 100, 40, 90)).toBe('left');
    expect(swipeDir(100, 100, 105, 170)).toBe('down');
    expect(swipeDir(100, 100, 92, 30)).toBe('up');
  });

  it('reads a short touch as a tap and a diagonal as nothing', () => {
    expect(swipeDir(0, 0, SWIPE_MIN_PX - 1, 0)).toBeNull();
    expect(swipeDir(0, 0, 0, SWIPE_MIN_PX)).toBe('down');
    expect(swipeDir(0, 0, 60, 60)).toBeNull();
    expect(swipeDir(0, 0, 60, -31)).toBeNull();
    expect(swipeDir(0, 0, 60, -30)).toBe('right');
  });
});
