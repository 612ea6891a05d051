import { describe, expect, it } from 'vitest';
import { play, cell, fromMap, ticks } from '../testkit.js';
import { MOPE, TANGLER } from '../types.js';

/**
 * The last two dimlings of the night on one tick, each under a bloom of a different cascade: a tangler
 * (base 150, id 0) under cascade 5 and a mope (base 50, id 1) under cascade 9.
 */
function lastTwoInTwoCascades() {
  const s = fromMap(`
.......
.......
.......
.......
.T...m.
.......
.......
.......
G......`);
  expect(s.dimlings.map((d) => d.kind)).toEqual([TANGLER, MOPE]);
  s.blooms = [
    { pod: 9, cascade: 9, left: 3, cells: [cell(5, 4)] },
    { pod: 5, cascade: 5, left: 3, cells: [cell(1, 4)] },
  ];
  s.cascades = [
    { id: 5, relights: 0, pods: 1 },
    { id: 9, relights: 0, pods: 1 },
  ];
  return s;
}

describe('relights across cascades (README decision 48)', () => {
  it('BW-109 relights on one tick in different cascades go in ascending cascade id, so the gate opens on the last of the highest cascade', () => {
    const r = play(lastTwoInTwoCascades(), { type: 'tick', move: null });
    const relit = r.events.filter((e) => e.type === 'relight');
    // cascade 5 first (the tangler), then cascade 9 (the mope): not by base value, not by dimling id
    expect(relit.map((e) => [e.cascade, e.dimling, e.k])).toEqual([
      [5, 0, 1],
      [9, 1, 1],
    ]);
    expect(r.state.lastRelight).toBe(cell(5, 4));
    // once the blooms fade the gate opens on the mope's cell
    const later = ticks(r.state, 4).state;
    expect(later.gate).toBe(cell(5, 4));
  });

  it('BW-012 each cascade counts its own relights: the order across cascades changes no multiplier', () => {
    const r = play(lastTwoInTwoCascades(), { type: 'tick', move: null });
    expect(r.events.filter((e) => e.type === 'relight').map((e) => e.points)).toEqual([150, 50]);
  });
});
