import { describe, it, expect } from 'vitest';
import { fromMap } from '../testkit.js';
import { newCtx } from './ctx.js';
import { counters } from './counters.js';

describe('counters', () => {
  it('BW-035 count the night tick, grace and shimmer down, and clear the per-tick pod flags', () => {
    const s = fromMap(`
@......
.......
.......
.......
...o...
.......
.......
.......
......s`);
    s.dimlings[0].shimmer = 4;
    s.pods[0].fresh = true;
    s.pods[0].wokeNow = true;
    const night = s.nightTick;
    counters(s, newCtx(-1, -1, false, []));
    expect(s.nightTick).toBe(night + 1);
    expect(s.grace).toBe(74);
    expect(s.dimlings[0].shimmer).toBe(3);
    expect(s.pods[0].fresh).toBe(false);
    expect(s.pods[0].wokeNow).toBe(false);
  });
});
