import { describe, it, expect } from 'vitest';
import { cell, fromMap, ticks } from '../testkit.js';
import { spiralOf, grow } from './creep.js';
import { newCtx } from './ctx.js';
import { playerCell, xOf, yOf } from '../grid.js';
import { BRIAR, MOONSTONE, SPROUT, THICKET, WIDE_PETAL } from '../types.js';
import { LAYOUT_TERRAIN } from '../layouts.js';

const EMPTY = `
.......
.......
.......
...G...
.......
.......
.......
.......
......m`;

const inCore = (c: number) => xOf(c) >= 2 && xOf(c) <= 4 && yOf(c) >= 2 && yOf(c) <= 6;

describe('the creep spiral', () => {
  it('BW-104 starts at the corner opposite the spawn corner and runs clockwise round the outer ring', () => {
    const sp = spiralOf(0, 1); // spawn top-left, meadow (nothing fixed on the rings)
    const expected: number[] = [];
    for (let x = 6; x >= 0; x--) expected.push(cell(x, 8)); // bottom row, right to left
    for (let y = 7; y >= 0; y--) expected.push(cell(0, y)); // left column, upward
    for (let x = 1; x <= 6; x++) expected.push(cell(x, 0)); // top row, left to right
    for (let y = 1; y <= 7; y++) expected.push(cell(6, y)); // right column, downward
    expect(sp.slice(0, 28)).toEqual(expected);
    expect(sp[28]).toBe(cell(5, 7)); // the next ring starts at its own matching corner
  });

  it('BW-104 for a top-right spawn it starts bottom-left and goes up the left side', () => {
    const sp = spiralOf(1, 1);
    expect(sp.slice(0, 3)).toEqual([cell(0, 8), cell(0, 7), cell(0, 6)]);
  });

  it('BW-104 then the next ring in, skipping moonstones, hedges and pond, never the inner core', () => {
    for (let layout = 0; layout < 5; layout++)
      for (let corner = 0; corner < 4; corner++) {
        const sp = spiralOf(corner, layout);
        expect(new Set(sp).size).toBe(sp.length);
        for (const c of sp) {
          expect(inCore(c)).toBe(false);
          expect([MOONSTONE, 5, 7]).not.toContain(LAYOUT_TERRAIN[layout][c]);
        }
        const ring1 = LAYOUT_TERRAIN[layout].filter((t, c) => t === 0 && !inCore(c)).length;
        expect(sp.length).toBe(ring1);
      }
  });
});

describe('calm and creep', () => {
  it('BW-102 BW-103 nothing creeps during the calm; when it ends dimlings grow restless and 3 cells are marked', () => {
    const s = fromMap(EMPTY, { calmLeft: 5 });
    const calm = ticks(s, 5).state;
    expect(calm.marks).toEqual([]);
    expect(calm.restless).toBe(false);
    const creep = ticks(calm, 1).state;
    expect(creep.restless).toBe(true);
    expect(creep.marks).toEqual(spiralOf(0, s.layout).slice(0, 3));
  });

  it('BW-103 3 creep intervals later the first mark grows into thicket, then one more every interval', () => {
    const s = fromMap(EMPTY, { calmLeft: 0 });
    const every = 84; // night 1
    const a = ticks(s, 1).state;
    const sp = spiralOf(0, s.layout);
    const b = ticks(a, 3 * every - 1).state;
    expect(b.terrain[sp[0]]).not.toBe(THICKET);
    const c = ticks(b, 1).state;
    expect(c.terrain[sp[0]]).toBe(THICKET);
    expect(c.marks).toEqual([sp[1], sp[2], sp[3]]);
    const d = ticks(c, every).state;
    expect(d.terrain[sp[1]]).toBe(THICKET);
    expect(d.marks).toEqual([sp[2], sp[3], sp[4]]);
  });

  it('BW-105 growth turns briar and sprouts to thicket', () => {
    const s = fromMap(EMPTY);
    s.terrain[cell(0, 8)] = BRIAR;
    s.terrain[cell(1, 8)] = SPROUT;
    grow(s, newCtx(-1, -1, false, []), cell(0, 8));
    grow(s, newCtx(-1, -1, false, []), cell(1, 8));
    expect(s.terrain[cell(0, 8)]).toBe(THICKET);
    expect(s.terrain[cell(1, 8)]).toBe(THICKET);
  });

  it('BW-105 growth moves a dimling on the cell to the nearest floor cell, off your cell when it can', () => {
    const s = fromMap(EMPTY);
    s.dimlings[0].at = cell(6, 8);
    grow(s, newCtx(-1, -1, false, []), cell(6, 8));
    expect(s.dimlings[0].at).toBe(cell(6, 7)); // BFS: up first
  });

  it('BW-105 growth moves you inside the main garden, away from blooms and from cells next to dimlings', () => {
    const s = fromMap(`
.......
.......
.......
.......
.......
.......
.......
.*.....
.G.m...`);
    grow(s, newCtx(-1, -1, false, []), cell(1, 8));
    const c = playerCell(s);
    // up is a bloom, right (2,8) is next to the mope at (3,8), left (0,8) is free
    expect(c).toBe(cell(0, 8));
  });

  it('BW-105 a pickup on a growing cell moves; one that can only land on your cell is collected', () => {
    const s = fromMap(EMPTY.replace('......m', '+.....m'));
    grow(s, newCtx(-1, -1, false, []), cell(0, 8));
    expect(s.pickups).toEqual([{ cell: cell(0, 7), kind: WIDE_PETAL }]);
    const t = fromMap(`
XXXXXXX
XXXXXXX
XXXXXXX
XXXXXXX
XXXXXXX
XXXXXXX
XXXXXXX
XXXXXXX
G+XXXXX`);
    grow(t, newCtx(-1, -1, false, []), cell(1, 8));
    expect(t.pickups).toEqual([]);
    expect(t.levels[WIDE_PETAL]).toBe(1);
  });

  it('BW-105 sprigs or a dropped power-up waiting to appear on a growing cell move with it', () => {
    const s = fromMap(EMPTY);
    s.deferred.push({ cell: cell(0, 8), what: -1 });
    grow(s, newCtx(-1, -1, false, []), cell(0, 8));
    expect(s.deferred).toEqual([{ cell: cell(0, 7), what: -1 }]);
  });

  it('BW-105 growth wakes a pod there and waits for its burst', () => {
    const s = fromMap(EMPTY.replace('......m', 'o.....m'), { calmLeft: 0, creepEvents: 1, creepIn: 50 });
    s.marks = [cell(0, 8)];
    grow(s, newCtx(-1, -1, false, []), cell(0, 8));
    expect(s.terrain[cell(0, 8)]).not.toBe(THICKET);
    expect(s.pods[0].bloomIn).toBe(3);
    expect(s.growPending).toEqual([cell(0, 8)]);
    const after = ticks(s, 5).state;
    expect(after.pods).toHaveLength(0);
    expect(after.terrain[cell(0, 8)]).toBe(THICKET);
  });

  it('BW-108 creep, regrowth and restlessness stop the moment the last dimling is relit, and the marks clear', () => {
    const s = fromMap(EMPTY.replace('......m', '.....*m'), { calmLeft: 0, restless: true, creepEvents: 1, creepIn: 5 });
    s.marks = [cell(6, 8), cell(5, 8), cell(4, 8)];
    s.regrowIn = 40;
    s.dimlings[0].at = cell(5, 8);
    const r = ticks(s, 1).state;
    expect(r.dimlings).toHaveLength(0);
    expect(r.marks).toEqual([]);
    expect(r.restless).toBe(false);
    expect(r.settled).toBe(true);
    const later = ticks(r, 200).state;
    expect(later.marks).toEqual([]);
    expect(later.terrain.filter((t) => t === THICKET)).toHaveLength(0);
  });
});
