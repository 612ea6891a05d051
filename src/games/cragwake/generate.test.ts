import { describe, expect, it } from 'vitest';
import { difficulty } from './difficulty.js';
import { generateRows, overhangs, rawRow } from './generate.js';
import { cragwake } from './index.js';
import { legalActions } from './rules.js';
import { play } from './testkit.js';
import { CRIMP, COUNT, ICE, ICY, JUG, KIND, LEDGE_CELL, NONE, PLAIN } from './types.js';
import { toWire } from './wire.js';

function rows(seed: number, from: number, to: number): number[][] {
  const out = new Array<number>((to - from + 1) * 6).fill(-1);
  generateRows(seed, from, to, out, 0);
  const list: number[][] = [];
  for (let r = 0; r <= to - from; r++) list.push(out.slice(r * 6, r * 6 + 6));
  return list;
}

describe('DETERMINISM: the generator', () => {
  it('row content is a pure function of the seed and the row number', () => {
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

  it('no cursor is stored: the only generator input the state keeps is the seed', () => {
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
  it('every row divisible by 10 is six jugs with no breaths, never overhanging', () => {
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
  it('every generated hold has a hold within a step in the row above it', () => {
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

  it('the repair only ever adds plain, dry, uncracked holds', () => {
    const seed = 9;
    for (let r = 121; r < 200; r++) {
      if (r % 10 === 0) continue;
      const raw = new Array<number>(6);
      rawRow(seed, r, difficulty(Math.floor(r / 10) + 1), raw, 0);
      const gen = rows(seed, r, r)[0];
      for (let c = 0; c < 6; c++) if (raw[c] !== gen[c]) expect([raw[c], gen[c]]).toEqual([NONE, PLAIN]);
    }
  });
});

describe('DIFFICULTY: rows follow their pitch', () => {
  function census(pitch: number, seeds: number) {
    const p = difficulty(pitch);
    let holds = 0;
    let jugs = 0;
    let crimps = 0;
    let cracked = 0;
    let icy = 0;
    let over = 0;
    let rowsSeen = 0;
    const breaths = new Set<number>();
    for (let seed = 0; seed < seeds; seed++) {
      for (let r = 10 * (pitch - 1) + 1; r < 10 * pitch; r++) {
        const raw = new Array<number>(6);
        rawRow(seed, r, p, raw, 0);
        const n = raw.filter((c) => (c & KIND) !== NONE).length;
        expect(n).toBeGreaterThanOrEqual(p.holdsMin);
        expect(n).toBeLessThanOrEqual(p.holdsMax);
        rowsSeen++;
        if (overhangs(seed, r)) over++;
        for (const c of raw) {
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
      }
    }
    return {
      p,
      jug: (100 * jugs) / holds,
      crimp: (100 * crimps) / holds,
      cracked: (100 * cracked) / holds,
      icy: (100 * icy) / holds,
      over: (100 * over) / rowsSeen,
      breaths,
    };
  }

  it.each([1, 5, 8, 13, 22, 34])('pitch %i rows draw their holds from that pitch’s shares', (pitch) => {
    const c = census(pitch, 600);
    expect(Math.abs(c.jug - c.p.jugPct)).toBeLessThan(2.5);
    expect(Math.abs(c.crimp - c.p.crimpPct)).toBeLessThan(2.5);
    expect(Math.abs(c.cracked - c.p.crackedPct)).toBeLessThan(2.5);
    expect(Math.abs(c.icy - c.p.icyPct)).toBeLessThan(2.5);
    expect(Math.abs(c.over - c.p.overhangPct)).toBeLessThan(3);
    expect([...c.breaths]).toEqual([c.p.jugBreaths]);
  });
});
