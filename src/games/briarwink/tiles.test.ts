/**
 * The tile rules (seed section TILES), one tile at a time: who may enter it and what a beam does to it.
 * Each case puts the tile beside a walker or in a beam's way on a garden drawn in the seed's legend and
 * plays ticks through `step`.
 */
import { describe, expect, it } from 'vitest';
import { observe } from './observe.js';
import { play, cell, fromMap } from './testkit.js';
import type { BriarwinkState } from './types.js';
import { BRIAR, FLOOR, HEDGE, MOONSTONE, MOPE, POND, REGROWN, ROOTLING, SPROUT, THICKET } from './types.js';

const NAMES: Record<number, string> = {
  [FLOOR]: 'floor',
  [SPROUT]: 'sprout',
  [BRIAR]: 'briar',
  [REGROWN]: 'regrown briar',
  [MOONSTONE]: 'moonstone',
  [HEDGE]: 'hedge',
  [THICKET]: 'thicket',
  [POND]: 'pond',
};

/** Whether the gardener, holding right for two steps' time, ever occupies a tile of kind `t` placed beside it. */
function gardenerEnters(t: number): boolean {
  const s = fromMap(`
G......
.......
.......
.......
.......
.......
.......
.......
.......`);
  s.terrain[cell(1, 0)] = t;
  let st: BriarwinkState = s;
  for (let i = 0; i < 16; i++) {
    st = play(st, { type: 'tick', move: 'right' }).state;
    if (st.pAt === cell(1, 0)) return true;
  }
  return false;
}

/** Whether a dimling of `kind`, penned by moonstones but for one tile of kind `t`, ever occupies that tile. */
function dimlingEnters(kind: number, t: number): boolean {
  const s = fromMap(`
.......
.......
.......
...#...
...m#..
...#...
.......
.......
G......`);
  s.dimlings[0].kind = kind;
  s.terrain[cell(2, 4)] = t;
  let st: BriarwinkState = s;
  for (let i = 0; i < 120; i++) {
    st = play(st, { type: 'tick', move: null }).state;
    if (st.dimlings[0]?.at === cell(2, 4)) return true;
  }
  return false;
}

/** The cells a reach-6 beam from a pod at (0,4) covers along row 4 with a tile of kind `t` at (3,4). */
function beamRow(t: number): { covered: number[]; after: number } {
  const s = fromMap(`
......G
.......
.......
.......
o......
.......
.......
.......
.......`);
  s.terrain[cell(3, 4)] = t;
  s.pods[0].bloomIn = 1;
  s.pods[0].reach = 6;
  const r = play(s, { type: 'tick', move: null });
  const burst = r.events.find((e) => e.type === 'burst');
  const cells = (burst?.cells as number[]) ?? [];
  return {
    covered: cells.filter((c) => c > cell(0, 4) && c <= cell(6, 4)).sort((a, b) => a - b),
    after: r.state.terrain[cell(3, 4)],
  };
}

const ROW = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => cell(from + i, 4));

describe('tiles', () => {
  it('BW-036 BW-037 floor and sprout: the gardener and every dimling enter them', () => {
    for (const t of [FLOOR, SPROUT]) {
      expect(gardenerEnters(t), NAMES[t]).toBe(true);
      expect(dimlingEnters(MOPE, t), NAMES[t]).toBe(true);
      expect(dimlingEnters(ROOTLING, t), NAMES[t]).toBe(true);
    }
  });

  it('BW-038 briar and regrown briar block the gardener and a mope, but not a rootling', () => {
    for (const t of [BRIAR, REGROWN]) {
      expect(gardenerEnters(t), NAMES[t]).toBe(false);
      expect(dimlingEnters(MOPE, t), NAMES[t]).toBe(false);
      expect(dimlingEnters(ROOTLING, t), NAMES[t]).toBe(true);
    }
  });

  it('BW-039 BW-040 moonstone, hedge, thicket and pond block everyone, rootlings too', () => {
    for (const t of [MOONSTONE, HEDGE, THICKET, POND]) {
      expect(gardenerEnters(t), NAMES[t]).toBe(false);
      expect(dimlingEnters(MOPE, t), NAMES[t]).toBe(false);
      expect(dimlingEnters(ROOTLING, t), NAMES[t]).toBe(false);
    }
  });

  it('BW-036 BW-037 BW-040 a beam covers floor, sprout and pond and goes on; a sprout is cleared, pond stays', () => {
    expect(beamRow(FLOOR)).toEqual({ covered: ROW(1, 6), after: FLOOR });
    expect(beamRow(SPROUT)).toEqual({ covered: ROW(1, 6), after: FLOOR });
    expect(beamRow(POND)).toEqual({ covered: ROW(1, 6), after: POND });
  });

  it('BW-038 a beam covers the first briar or regrown briar it meets, clears it to floor and stops', () => {
    expect(beamRow(BRIAR)).toEqual({ covered: ROW(1, 3), after: FLOOR });
    expect(beamRow(REGROWN)).toEqual({ covered: ROW(1, 3), after: FLOOR });
  });

  it('BW-039 a beam stops short of moonstone, hedge and thicket, leaving them as they were', () => {
    for (const t of [MOONSTONE, HEDGE, THICKET]) expect(beamRow(t), NAMES[t]).toEqual({ covered: ROW(1, 2), after: t });
  });
});

describe('the grid', () => {
  const EMPTY = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];
  /** An open garden with the gardener at (x, y). */
  const at = (x: number, y: number): BriarwinkState => {
    const rows = EMPTY.slice();
    rows[y] = rows[y].slice(0, x) + 'G' + rows[y].slice(x + 1);
    return fromMap(rows.join('\n'));
  };

  it('BW-001 cells are y * 7 + x on a 7 by 9 grid, neighbours are orthogonal, and nothing wraps', () => {
    // holding a direction into an edge goes nowhere: no wrap to the other side or the next row
    for (const [x, y, move] of [
      [6, 3, 'right'],
      [0, 3, 'left'],
      [3, 0, 'up'],
      [3, 8, 'down'],
    ] as const) {
      const r = play(at(x, y), { type: 'tick', move, count: 20 }).state;
      expect(r.pAt, `${move} from (${x},${y})`).toBe(cell(x, y));
    }
    // a walk from the top-left corner to cell 62 moves one row or column at a time and ends at (6,8)
    let s = at(0, 0);
    const path = [s.pAt];
    for (let i = 0; i < 120 && s.pAt !== 62; i++) {
      s = play(s, { type: 'tick', walkTo: 62 }).state;
      if (s.pAt !== path[path.length - 1]) path.push(s.pAt);
    }
    expect(s.pAt).toBe(62);
    expect(path).toHaveLength(1 + 6 + 8);
    for (let i = 1; i < path.length; i++) {
      const [a, b] = [path[i - 1], path[i]];
      const sameRow = Math.floor(a / 7) === Math.floor(b / 7) && Math.abs(a - b) === 1;
      expect(sameRow || Math.abs(a - b) === 7, `${a} -> ${b}`).toBe(true);
    }
    expect(observe(s).player).toMatchObject({ x: 6, y: 8 });
  });
});
