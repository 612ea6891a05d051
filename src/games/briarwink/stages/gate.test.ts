import { describe, it, expect } from 'vitest';
import { play, cell, fromMap, ticks } from '../testkit.js';
import { PLAYING, WAITING, WIDE_PETAL } from '../types.js';

const LAST = `
G......
.......
.......
.o.m...
.......
.......
.......
.......
.......`;

/** A night whose last dimling is about to be relit at (3,3). */
function lastRelight(opts = {}) {
  const s = fromMap(LAST, opts);
  s.pods[0].bloomIn = 1;
  s.dimlings[0].wait = 99;
  return s;
}

describe('the moon gate', () => {
  it('BW-109 BW-006 opens on the cell of the last relight on the first tick that cell has no active bloom', () => {
    const r = ticks(lastRelight(), 1).state;
    expect(r.dimlings).toHaveLength(0);
    expect(r.gate).toBe(-1);
    const still = ticks(r, 17).state; // the bloom is active 18 ticks counting its burst tick
    expect(still.gate).toBe(-1);
    const open = ticks(still, 1).state;
    expect(open.gate).toBe(cell(3, 3));
  });

  it('BW-109 stays shut while a split is queued', () => {
    const s = lastRelight();
    s.dimlings[0].kind = 4; // twinbud
    const r = ticks(s, 30).state;
    expect(r.gate).toBe(-1);
    expect(r.dimlings).toHaveLength(2);
  });

  it('BW-006 BW-110 stepping onto it clears the night; the next night waits for start', () => {
    const s = fromMap(`
G^.....
.......
.......
.......
.......
.......
.......
.......
.......`);
    const r = play(s, { type: 'tick', move: 'right', count: 30 });
    expect(r.state.nightsCleared).toBe(1);
    expect(r.state.status).toBe(WAITING);
    expect(r.state.night).toBe(2);
    expect(r.events.find((e) => e.type === 'nightCleared')).toMatchObject({ clear: 100, bright: 50 });
    expect(r.state.score).toBe(150);
  });

  it('BW-006 standing on it as it opens clears the night', () => {
    const s = fromMap(`
.......
.......
.......
.o.mG..
.......
.......
.......
.......
.......`);
    s.pods[0].bloomIn = 1;
    s.pods[0].reach = 2;
    s.dimlings[0].wait = 99;
    const a = ticks(s, 1).state; // relit at (3,3)
    a.pAt = cell(3, 3); // now stand where the gate will open (the bloom has faded off you in grace)
    a.grace = 100;
    const r = ticks(a, 17).state;
    expect(r.nightsCleared).toBe(0);
    expect(r.gate).toBe(-1);
    const opened = play(r, { type: 'tick', move: null });
    expect(opened.state.nightsCleared).toBe(1);
    expect(opened.events.map((e) => e.type)).toEqual(expect.arrayContaining(['gateOpens', 'nightCleared']));
  });

  it('BW-017 clearing pays 100 x min(night, 30), plus 50 x min(night, 30) with no heart lost', () => {
    for (const [night, lost, expected] of [
      [5, false, 750],
      [5, true, 500],
      [31, false, 4500],
    ] as const) {
      const s = fromMap('G^.....\n' + '.......\n'.repeat(8), { night, lostHeart: lost });
      const r = play(s, { type: 'tick', move: 'right', count: 30 }).state;
      expect(r.score, `night ${night}`).toBe(expected);
    }
  });

  it('BW-018 every 4th night grants a heart, or 300 points with 5 hearts already', () => {
    const map = 'G^.....\n' + '.......\n'.repeat(8);
    const a = play(fromMap(map, { night: 4, hearts: 3 }), { type: 'tick', move: 'right', count: 30 }).state;
    expect(a.hearts).toBe(4);
    expect(a.score).toBe(600);
    const b = play(fromMap(map, { night: 8, hearts: 5 }), { type: 'tick', move: 'right', count: 30 }).state;
    expect(b.hearts).toBe(5);
    expect(b.score).toBe(1200 + 300);
    const c = play(fromMap(map, { night: 5, hearts: 3 }), { type: 'tick', move: 'right', count: 30 }).state;
    expect(c.hearts).toBe(3);
  });

  it('BW-110 open cascades close and pay when the night clears', () => {
    const s = fromMap('G^.....\n' + '.......\n'.repeat(8));
    s.cascades.push({ id: 4, relights: 2, pods: 3 });
    s.blooms.push({ pod: 9, cascade: 4, left: 10, cells: [cell(6, 8)] });
    const r = play(s, { type: 'tick', move: 'right', count: 30 }).state;
    expect(r.score).toBe(150 + 100);
  });

  it("BW-110 BW-101 the night's pods, blooms, pickups, sprouts and fireflies are removed; upgrades carry over", () => {
    const s = fromMap('G^.+.o,\n' + '.......\n'.repeat(8), { levels: [2, 1, 0] });
    s.fireflies = [cell(3, 3)];
    s.blooms.push({ pod: 9, cascade: 4, left: 10, cells: [cell(6, 8)] });
    const r = play(s, { type: 'tick', move: 'right', count: 30 }).state;
    expect(r.pods).toEqual([]);
    expect(r.blooms).toEqual([]);
    expect(r.pickups).toEqual([]);
    expect(r.fireflies).toEqual([]);
    expect(r.terrain.includes(1)).toBe(false);
    expect(r.levels).toEqual([2, 1, 0]);
    expect(r.levels[WIDE_PETAL]).toBe(2);
  });

  it('BW-007 BW-021 the next night starts with start', () => {
    const s = fromMap('G^.....\n' + '.......\n'.repeat(8));
    const r = play(s, { type: 'tick', move: 'right', count: 30 }).state;
    const next = play(r, { type: 'start' }).state;
    expect(next.status).toBe(PLAYING);
    expect(next.night).toBe(2);
  });

  it('BW-042 only you enter the open gate', () => {
    const s = fromMap(`
G......
.......
.......
..###..
..#m^..
..###..
.......
.......
.......`);
    expect(ticks(s, 1).state.dimlings[0].to).toBe(-1);
  });
});
