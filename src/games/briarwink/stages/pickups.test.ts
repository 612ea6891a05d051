import { describe, it, expect } from 'vitest';
import { cell, fromMap, ticks } from '../testkit.js';
import { playerView } from '../observe.js';
import { EXTRA_POD, QUICK_STEP, WIDE_PETAL } from '../types.js';

const WALK = `
.......
.......
.......
...G+..
.......
.......
.......
.......
......m`;

function pick(kind: number, level: number) {
  const s = fromMap(WALK, { levels: [0, 0, 0] });
  s.levels[kind] = level;
  s.pickups[0].kind = kind;
  return ticks(s, 4, 'right').state; // occupies (4,3) on the 4th tick
}

describe('power-ups', () => {
  it('BW-016 BW-042 walking over a pickup collects it for 25 points', () => {
    const r = pick(WIDE_PETAL, 0);
    expect(r.pickups).toEqual([]);
    expect(r.score).toBe(25);
  });

  it('BW-016 a pickup whose upgrade is already at its top level pays 100', () => {
    const r = pick(EXTRA_POD, 2);
    expect(r.score).toBe(100);
    expect(r.levels[EXTRA_POD]).toBe(2);
  });

  it('BW-099 Wide Petal raises reach through 2, 3, 4', () => {
    expect([0, 1].map((l) => playerView(pick(WIDE_PETAL, l)).reach)).toEqual([3, 4]);
    expect(playerView(fromMap(WALK)).reach).toBe(2);
  });

  it('BW-099 Extra Pod raises the pod cap through 1, 2, 3', () => {
    expect(playerView(fromMap(WALK)).podCap).toBe(1);
    expect([0, 1].map((l) => playerView(pick(EXTRA_POD, l)).podCap)).toEqual([2, 3]);
  });

  it('BW-099 Quick Step shortens your step through 8, 7, 6 ticks', () => {
    expect(playerView(fromMap(WALK)).stepTicks).toBe(8);
    expect([0, 1].map((l) => playerView(pick(QUICK_STEP, l)).stepTicks)).toEqual([7, 6]);
  });

  it('BW-045 a pickup is only collected once you occupy its cell', () => {
    const s = fromMap(WALK);
    expect(ticks(s, 3, 'right').state.pickups).toHaveLength(1);
    expect(cell(4, 3)).toBe(s.pickups[0].cell);
  });
});
