import { describe, expect, it } from 'vitest';
import { difficulty, pitchOfRow } from './difficulty.js';
import { generateRows, holdMask, overhangs, rawRow, repairPair } from './generate.js';
import { cragwake } from './index.js';
import { legalActions, pricedActions, step } from './rules.js';
import { play, startAt } from './testkit.js';
import {
  BAND,
  CRIMP,
  COUNT,
  ICE,
  ICY,
  JUG,
  KIND,
  LEDGE_CELL,
  NONE,
  PLAIN,
  type CragwakeAction,
  type CragwakeState,
} from './types.js';
import { toWire } from './wire.js';

function rows(seed: number, from: number, to: number): number[][] {
  const out = new Array<number>((to - from + 1) * 6).fill(-1);
  generateRows(seed, from, to, out, 0);
  const list: number[][] = [];
  for (let r = 0; r <= to - from; r++) list.push(out.slice(r * 6, r * 6 + 6));
  return list;
}

describe('DETERMINISM: the generator', () => {
  it('CW-070 row content is a pure function of the seed and the row number', () => {
    for (const seed of [0, 7, 0xffffffff]) {
      const long = rows(seed, 0, 59);
      for (const r of [1, 9, 13, 27, 40, 55]) {
        expect(rows(seed, r, r)[0], `seed ${seed} row ${r}`).toEqual(long[r]);
        expect(rows(seed, r, r + 3)[0]).toEqual(long[r]);
      }
    }
    const a = rows(1, 1, 40).flat();
    const b = rows(2, 1, 40).flat();
    expect(a).not.toEqual(b);
  });

  it('CW-070 no cursor is stored: the only generator input the state keeps is the seed', () => {
    const s = cragwake.init(4);
    const wire = toWire(s);
    expect(Object.keys(wire.secret as object).sort()).toEqual(['fog', 'seed']);
    expect(JSON.stringify(wire.data)).not.toMatch(/rng|cursor|seed/i);
  });

  it('at pitch 1, where nothing can break, every band row is exactly the generated row', () => {
    for (const seed of [3, 30, 300]) {
      let s = cragwake.init(seed);
      for (let i = 0; i < 40 && s.phase === 'climbing' && s.pitch === 1; i++) {
        const gen = rows(seed, s.floor, s.floor + 9).flat();
        // breathing spends breaths; compare the holds themselves
        expect(s.cells.map((c) => c & ~COUNT)).toEqual(gen.map((c) => c & ~COUNT));
        const legal = legalActions(s);
        const up = legal.filter((a) => a.type === 'move' && a.row > s.row);
        s = play(s, (up.length ? up : legal)[i % (up.length || legal.length)]).state;
      }
    }
  });
});

describe('GEOMETRY: generated ledges', () => {
  it('CW-016 CW-017 every row divisible by 10 is six jugs with no breaths, never overhanging', () => {
    for (const seed of [0, 5]) {
      const list = rows(seed, 0, 400);
      for (let r = 0; r <= 400; r += 10) {
        expect(list[r]).toEqual(new Array(6).fill(LEDGE_CELL));
        expect(overhangs(seed, r)).toBe(false);
      }
    }
  });
});

describe('A LINE ALWAYS EXISTS: the generator repair', () => {
  it('CW-055 every generated hold has a hold within a step in the row above it', () => {
    for (const seed of [0, 1, 2, 3, 4]) {
      for (const base of [0, 120, 330, 1000]) {
        const list = rows(seed, base, base + 40);
        for (let r = 0; r < list.length - 1; r++) {
          for (let c = 0; c < 6; c++) {
            if ((list[r][c] & KIND) === NONE) continue;
            const ok = [c - 1, c, c + 1].some((k) => k >= 0 && k < 6 && (list[r + 1][k] & KIND) !== NONE);
            expect(ok, `seed ${seed} row ${base + r} col ${c}`).toBe(true);
          }
        }
      }
    }
  });

  it('CW-054 CW-063 generation needs no repair: each drawn row already gives every hold below a step up', () => {
    for (const seed of [9, 10, 11]) {
      let below = new Array<number>(6).fill(LEDGE_CELL);
      for (let r = 121; r < 400; r++) {
        if (r % 10 === 0) {
          below = new Array<number>(6).fill(LEDGE_CELL);
          continue;
        }
        const row = new Array<number>(6);
        rawRow(seed, r, difficulty(pitchOfRow(r)), holdMask(below, 0), row, 0);
        const both = [...below, ...row];
        expect(repairPair(both, 0, 6), `seed ${seed} row ${r}`).toBe(0);
        expect(rows(seed, r, r)[0]).toEqual(row);
        below = row;
      }
    }
  });
});

/** Cheapest upward move, breathing on jugs under half a tank: plays deep enough to see each pitch's rows. */
function climb(s: CragwakeState): CragwakeAction {
  if (s.phase === 'ledge') return { type: 'climbOn' };
  const priced = pricedActions(s);
  const breathe = priced[priced.length - 1];
  if (breathe.cost < 0 && s.stamina < 12) return breathe.action;
  let best = breathe;
  for (const p of priced) {
    if (p.action.type !== 'move') continue;
    const gain = p.action.row - s.row;
    const bestGain = best.action.type === 'move' ? best.action.row - s.row : -9;
    if (gain > bestGain || (gain === bestGain && p.cost < best.cost)) best = p;
  }
  return best.action;
}

/**
 * The rows of `pitch` as players receive them: each row read from the state on the step that brings it
 * into the band, over `seeds` runs started one pitch lower (pitch 1's rows arrive with `init`). Steps
 * with rockfall or frost are left out, since those change rows after delivery; whether a turn has them
 * depends only on the seed and the turn, never on the row, so leaving them out biases nothing.
 */
function delivered(pitch: number, seeds: number): number[][] {
  const out: number[][] = [];
  const take = (s: CragwakeState, from: number) => {
    for (let r = from; r < s.floor + BAND; r++) {
      if (pitchOfRow(r) === pitch && r % 10 !== 0) out.push(s.cells.slice((r - s.floor) * 6, (r - s.floor + 1) * 6));
    }
  };
  for (let seed = 0; seed < seeds; seed++) {
    if (pitch === 1) {
      take(cragwake.init(seed), 1);
      continue;
    }
    let s = startAt(seed, pitch - 1, seed % 6);
    for (let n = 0; n < 80 && s.phase !== 'over' && s.floor < 10 * pitch; n++) {
      const r = step(s, climb(s));
      if (!r.ok) throw new Error(r.message);
      if (!r.events.some((e) => e.type === 'rockfall' || e.type === 'frost')) take(r.state, s.floor + BAND);
      s = r.state;
    }
  }
  return out;
}

function census(list: number[][]) {
  let holds = 0;
  let jugs = 0;
  let crimps = 0;
  let cracked = 0;
  let icy = 0;
  let outOfRange = 0;
  const breaths = new Set<number>();
  return {
    add(row: readonly number[], p: ReturnType<typeof difficulty>) {
      const n = row.filter((c) => (c & KIND) !== NONE).length;
      if (n < p.holdsMin || n > p.holdsMax) outOfRange++;
      for (const c of row) {
        if ((c & KIND) === NONE) continue;
        holds++;
        if ((c & KIND) === JUG) {
          jugs++;
          breaths.add((c & COUNT) >> 2);
        }
        if ((c & KIND) === CRIMP) crimps++;
        if ((c & KIND) === PLAIN && (c & COUNT) !== 0) cracked++;
        if ((c & ICE) === ICY) icy++;
      }
    },
    get result() {
      return {
        rows: list.length,
        holds,
        outOfRange,
        jug: (100 * jugs) / holds,
        crimp: (100 * crimps) / holds,
        cracked: (100 * cracked) / holds,
        icy: (100 * icy) / holds,
        breaths,
      };
    },
  };
}

/** Percentage points a measured share may stray from the listed one (a 2000-hold sample's spread is ~1). */
const SHARE_TOLERANCE = 2.5;

describe('DIFFICULTY: rows follow their pitch', () => {
  it.each([1, 5, 8, 13, 22, 34])('CW-063 every generated row of pitch %i holds a count in its range', (pitch) => {
    const p = difficulty(pitch);
    const counts = new Set<number>();
    for (let seed = 0; seed < 400; seed++) {
      for (const row of rows(seed, 10 * (pitch - 1) + 1, 10 * pitch - 1)) {
        const n = row.filter((c) => (c & KIND) !== NONE).length;
        expect(n, `seed ${seed}`).toBeGreaterThanOrEqual(p.holdsMin);
        expect(n, `seed ${seed}`).toBeLessThanOrEqual(p.holdsMax);
        counts.add(n);
      }
    }
    // the whole range occurs, not just one end of it
    expect([...counts].sort()).toEqual(Array.from({ length: p.holdsMax - p.holdsMin + 1 }, (_, i) => p.holdsMin + i));
  });

  it.each([1, 5, 8, 13, 22, 34])(
    `CW-063 CW-064 rows of pitch %i as players receive them keep the range and the shares within ${SHARE_TOLERANCE} points`,
    (pitch) => {
      const p = difficulty(pitch);
      const list = delivered(pitch, 400);
      const c = census(list);
      for (const row of list) c.add(row, p);
      const r = c.result;
      expect(r.holds).toBeGreaterThan(2000);
      // A row can only gain a hold after delivery-time repair, when the played row under it grew a hold
      // that the pristine row lacked (a repair after rockfall): rare, and the rule puts the line first.
      expect(r.outOfRange / r.rows).toBeLessThan(0.005);
      expect(Math.abs(r.jug - p.jugPct)).toBeLessThan(SHARE_TOLERANCE);
      expect(Math.abs(r.crimp - p.crimpPct)).toBeLessThan(SHARE_TOLERANCE);
      expect(Math.abs(r.cracked - p.crackedPct)).toBeLessThan(SHARE_TOLERANCE);
      expect(Math.abs(r.icy - p.icyPct)).toBeLessThan(SHARE_TOLERANCE);
      expect([...r.breaths]).toEqual([p.jugBreaths]);
    },
  );

  it.each([1, 5, 8, 13, 22, 34])('CW-065 rows of pitch %i overhang with its share', (pitch) => {
    let over = 0;
    let seen = 0;
    for (let seed = 0; seed < 600; seed++) {
      for (let r = 10 * (pitch - 1) + 1; r < 10 * pitch; r++) {
        seen++;
        if (overhangs(seed, r)) over++;
      }
    }
    expect(Math.abs((100 * over) / seen - difficulty(pitch).overhangPct)).toBeLessThan(3);
  });
});
