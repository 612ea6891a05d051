import { describe, it, expect } from 'vitest';
import { cell, fromMap } from '../testkit.js';
import { newCtx } from './ctx.js';
import { cascadeClosing } from './cascades.js';

describe('cascade closing', () => {
  it('BW-014 a cascade stays open while one of its blooms is active or a pod it woke is waiting', () => {
    const s = fromMap(`
G......
.......
.......
.......
...o...
.......
.......
.......
.......`);
    s.cascades.push({ id: 3, relights: 1, pods: 2 });
    s.pods[0].woken = true;
    s.pods[0].cascade = 3;
    cascadeClosing(s, newCtx(-1, -1, false, []));
    expect(s.cascades.map((c) => c.id)).toEqual([3]);
    s.pods = [];
    s.blooms.push({ pod: 4, cascade: 3, left: 2, cells: [cell(0, 8)] });
    cascadeClosing(s, newCtx(-1, -1, false, []));
    expect(s.cascades.map((c) => c.id)).toEqual([3]);
    s.blooms = [];
    const t = newCtx(-1, -1, false, []);
    cascadeClosing(s, t);
    expect(s.cascades).toEqual([]);
    expect(t.events).toEqual([{ type: 'cascadeClosed', cascade: 3, pods: 2, relights: 1, points: 50 }]);
    expect(s.score).toBe(50);
  });

  it('BW-014 the linked-pod bonus counts at most 8 pods', () => {
    const s = fromMap('G......\n' + '.......\n'.repeat(8));
    s.cascades.push({ id: 1, relights: 3, pods: 12 });
    cascadeClosing(s, newCtx(-1, -1, false, []));
    expect(s.score).toBe(50 * 7);
  });
});
