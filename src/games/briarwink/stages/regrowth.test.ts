import { describe, it, expect } from 'vitest';
import { cell, fromMap, ticks } from '../testkit.js';
import { sproutCandidates } from './regrowth.js';
import { FLOOR, REGROWN, SPROUT } from '../types.js';

const FIELD = `
.......
.......
.......
.......
...G...
.......
.......
.......
......m`;

function cleared(cells: number[], night = 4) {
  const s = fromMap(FIELD, { night });
  s.dimlings[0].wait = 10000;
  for (const c of cells) s.origBriar[c] = 1;
  return s;
}

describe('regrowth', () => {
  it('BW-106 from night 4 a sprout appears every regrowth interval on a floor cell that began the night as briar', () => {
    const s = cleared([cell(0, 6)]);
    s.regrowIn = 360; // night 4: every 360 ticks
    const before = ticks(s, 359).state;
    expect(before.terrain[cell(0, 6)]).toBe(FLOOR);
    const after = ticks(before, 1).state;
    expect(after.terrain[cell(0, 6)]).toBe(SPROUT);
    expect(after.regrowIn).toBe(360);
  });

  it('BW-106 there is no regrowth on nights 1 to 3', () => {
    const s = fromMap(FIELD, { night: 1 });
    expect(s.regrowIn).toBe(-1);
  });

  it('BW-106 never on or beside your cell, in the pocket, under a pickup, pod or the gate, on a walker or a mark', () => {
    const s = cleared([
      cell(3, 4),
      cell(3, 3),
      cell(2, 4),
      cell(0, 0),
      cell(5, 5),
      cell(6, 6),
      cell(1, 7),
      cell(6, 8),
      cell(2, 2),
      cell(6, 2),
    ]);
    s.pickups.push({ cell: cell(5, 5), kind: 0 });
    s.pods.push({
      id: 0,
      cell: cell(6, 6),
      reach: 2,
      bloomIn: 60,
      cascade: -1,
      woken: false,
      fresh: false,
      wokeNow: false,
    });
    s.gate = cell(1, 7);
    s.marks = [cell(2, 2)];
    expect(sproutCandidates(s)).toEqual([cell(6, 2)]);
  });

  it('BW-106 never beyond 12 sprouts', () => {
    const s = cleared([cell(6, 2)]);
    for (let c = 0; c < 12; c++) s.terrain[c + 7] = SPROUT;
    s.regrowIn = 1;
    expect(ticks(s, 1).state.terrain[cell(6, 2)]).toBe(FLOOR);
  });

  it('BW-107 a sprout matures into regrown briar after 150 undisturbed ticks', () => {
    const s = cleared([]);
    s.terrain[cell(0, 0)] = SPROUT;
    expect(ticks(s, 149).state.terrain[cell(0, 0)]).toBe(SPROUT);
    expect(ticks(s, 150).state.terrain[cell(0, 0)]).toBe(REGROWN);
  });

  it('BW-107 a walker on it or stepping into it, or a pod or pickup on it, starts the count again', () => {
    const s = cleared([]);
    s.terrain[cell(0, 0)] = SPROUT;
    s.pickups.push({ cell: cell(0, 0), kind: 0 });
    const a = ticks(s, 200).state;
    expect(a.terrain[cell(0, 0)]).toBe(SPROUT);
    a.pickups = [];
    expect(ticks(a, 149).state.terrain[cell(0, 0)]).toBe(SPROUT);
    expect(ticks(a, 150).state.terrain[cell(0, 0)]).toBe(REGROWN);
    const w = cleared([]);
    w.terrain[cell(6, 7)] = SPROUT;
    w.dimlings[0].to = cell(6, 7);
    w.dimlings[0].prog = 1;
    w.dimlings[0].steps = 10000;
    expect(ticks(w, 200).state.terrain[cell(6, 7)]).toBe(SPROUT);
  });
});
