import { describe, it, expect } from 'vitest';
import { Rng } from '../../core/rng.js';
import { init } from './rules.js';
import { generateNight, isMoonless, rosterKinds, dimlingStartCells } from './generate.js';
import { BANDS, CAP, DEBUT, LAYOUT_NAMES, bandOf, perNight } from './roster.js';
import { LAYOUT_TERRAIN } from './layouts.js';
import { CELLS, NB, cornerCell, isFixed, manhattan, pocketCells } from './grid.js';
import {
  BRIAR,
  EXTRA_POD,
  FLOOR,
  MOPE,
  PEEKER,
  QUICK_STEP,
  ROOTLING,
  NUDGER,
  TWINBUD,
  TANGLER,
  WIDE_PETAL,
} from './types.js';

/** The band table as the seed states it, night by night: [band, dimlings, advanced, layouts, briar, hidden, calm, creep, sprout, moonless odds, run]. */
function seedRow(n: number): number[] {
  if (n <= 3) return [1, [2, 4, 4][n - 1], 0, 1, 40, 2, 1950, 84, -1, 0, 0];
  if (n <= 6) return [2, [4, 5, 5][n - 4], [1, 1, 2][n - 4], 2, 45, 2, 1800, 78, 360, 0, 0];
  if (n <= 9) return [3, [5, 5, 6][n - 7], [2, 2, 3][n - 7], 3, 45, 2, 1650, 72, 300, 0, 0];
  if (n <= 12) return [4, 6, 3, 4, 50, 2, 1500, 66, 270, 0, 0];
  if (n <= 16) return [5, 6, [3, 3, 4, 4][n - 13], 5, 50, 2, 1350, 60, 240, 1 / 3, 1];
  if (n <= 20) return [6, 7, 4, 5, 50, 3, 1200, 54, 210, 1 / 2, 2];
  if (n <= 25) return [7, 7, 5, 5, 55, 3, 1050, 48, 180, 1 / 2, 2];
  return [8, 7, 5, 5, 55, 3, 1050, 48, 150, 1 / 2, 2];
}

describe('the roster band table', () => {
  it('BW-089 pins every band, night by night from 1 to 40', () => {
    for (let n = 1; n <= 40; n++) {
      const b = bandOf(n);
      const row = [
        b.band,
        perNight(b, b.dimlings, n),
        perNight(b, b.advanced, n),
        b.layouts,
        b.briar,
        b.hidden,
        b.calm,
        b.creepEvery,
        b.sproutEvery,
        b.moonless,
        b.moonlessRun,
      ];
      expect(row, `night ${n}`).toEqual(seedRow(n));
    }
  });

  it('BW-089 names the bands as the seed does', () => {
    expect(BANDS.map((b) => b.name)).toEqual([
      'First Light',
      'Peeking Hour',
      'Root Hour',
      'Nudge Hour',
      'Twin Hour',
      'Tangle Hour',
      'Deep Night',
      'Endless Night',
    ]);
    expect(LAYOUT_NAMES).toEqual(['grove', 'meadow', 'lilyPond', 'hedgeRows', 'steppingStones']);
  });

  it('BW-090 debut nights and per-night caps are the seed values', () => {
    expect(DEBUT).toEqual({ [PEEKER]: 4, [ROOTLING]: 7, [NUDGER]: 10, [TWINBUD]: 13, [TANGLER]: 17 });
    expect(CAP).toEqual({ [PEEKER]: 3, [ROOTLING]: 2, [NUDGER]: 2, [TWINBUD]: 2, [TANGLER]: 1 });
  });

  it('BW-090 on a debut night exactly one of the kind appears; other slots respect caps; the rest are mopes', () => {
    for (let seed = 0; seed < 300; seed++) {
      for (let n = 1; n <= 30; n++) {
        const kinds = rosterKinds(n, Rng.fromSeed(seed, n));
        const b = bandOf(n);
        expect(kinds.length).toBe(perNight(b, b.dimlings, n));
        expect(kinds.filter((k) => k !== MOPE).length).toBeLessThanOrEqual(perNight(b, b.advanced, n));
        for (const [k, debut] of Object.entries(DEBUT)) {
          const count = kinds.filter((x) => x === Number(k)).length;
          if (n === debut) expect(count).toBe(1);
          if (n < debut) expect(count).toBe(0);
          expect(count).toBeLessThanOrEqual(CAP[Number(k)]);
        }
      }
    }
  });
});

describe('generation', () => {
  it('BW-119 is a pure function of the seed and night', () => {
    const a = init(77);
    const b = init(77);
    generateNight(a, 12);
    generateNight(b, 12);
    expect(a).toEqual(b);
  });

  it('BW-119 BW-091 BW-100 over 1,000 seeds x nights 1-30, every generation guarantee holds', () => {
    const s = init(0);
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && problems.length < 20) problems.push(what);
    };
    for (let seed = 0; seed < 1000; seed++) {
      s.seed = seed;
      let run = 0;
      for (let n = 1; n <= 30; n++) {
        generateNight(s, n);
        const band = bandOf(n);
        const where = `seed ${seed} night ${n}`;
        // layout from the band's pool, fixed features exactly as drawn
        check(s.layout < band.layouts, `${where}: layout`);
        for (let c = 0; c < CELLS; c++)
          if (isFixed(LAYOUT_TERRAIN[s.layout][c]) || isFixed(s.terrain[c]))
            check(s.terrain[c] === LAYOUT_TERRAIN[s.layout][c], `${where}: fixed feature ${c}`);
        // the pocket: clear floor, corner plus two 3-step escapes, you on the corner
        const pocket = pocketCells(s.corner);
        check(pocket.length === 7, `${where}: pocket size`);
        for (const p of pocket) check(s.terrain[p] === FLOOR, `${where}: pocket ${p} not clear`);
        check(s.pAt === cornerCell(s.corner), `${where}: spawn`);
        // dimlings: the roster, starting far enough away on open floor, each with an open neighbour
        check(s.dimlings.length === perNight(band, band.dimlings, n), `${where}: dimling count`);
        for (const d of s.dimlings) {
          check(manhattan(d.at, cornerCell(s.corner)) >= 5, `${where}: dimling near corner`);
          for (const p of pocket) check(manhattan(d.at, p) >= 3, `${where}: dimling near pocket`);
          check(s.terrain[d.at] === FLOOR, `${where}: dimling not on floor`);
          check(
            [0, 1, 2, 3].some((k) => NB[d.at * 4 + k] >= 0 && s.terrain[NB[d.at * 4 + k]] === FLOOR),
            `${where}: dimling sealed in`,
          );
        }
        // briar at the band's density (meadow +10) over the cells left after the pocket and dimlings
        const open = LAYOUT_TERRAIN[s.layout].filter((t) => !isFixed(t)).length;
        const density = band.briar + (s.layout === 1 ? 10 : 0);
        const briar = s.terrain.filter((t) => t === BRIAR).length;
        const k = s.dimlings.length;
        check(briar >= Math.round(((open - 7 - 2 * k) * density) / 100), `${where}: too little briar`);
        check(briar <= Math.round(((open - 7 - k) * density) / 100), `${where}: too much briar`);
        for (let c = 0; c < CELLS; c++)
          check((s.origBriar[c] === 1) === (s.terrain[c] === BRIAR), `${where}: origBriar`);
        // hidden power-ups: under distinct original briar, the night 1 / night 2 / band rules
        const hiddenCells = s.hidden.filter((_, i) => i % 2 === 0);
        const hiddenKinds = s.hidden.filter((_, i) => i % 2 === 1);
        check(new Set(hiddenCells).size === hiddenCells.length, `${where}: hidden cells repeat`);
        for (const c of hiddenCells) check(s.terrain[c] === BRIAR, `${where}: hidden not under briar`);
        if (n === 1) check(hiddenKinds.join() === [WIDE_PETAL, EXTRA_POD].join(), `${where}: night 1 power-ups`);
        else if (n === 2) check(hiddenKinds[0] === QUICK_STEP, `${where}: night 2 power-ups`);
        check(hiddenKinds.length === (n <= 2 ? 2 : band.hidden), `${where}: power-up count`);
        // every open cell is connected once the briar is gone
        const seen = new Uint8Array(CELLS);
        const queue = [s.pAt];
        seen[s.pAt] = 1;
        for (let q = 0; q < queue.length; q++)
          for (let dd = 0; dd < 4; dd++) {
            const nb = NB[queue[q] * 4 + dd];
            if (nb >= 0 && !seen[nb] && !isFixed(s.terrain[nb])) {
              seen[nb] = 1;
              queue.push(nb);
            }
          }
        check(queue.length === open, `${where}: garden not connected`);
        // moonless only from night 13, at the band's running cap
        if (n < 13) check(!s.moonless, `${where}: moonless too early`);
        run = s.moonless ? run + 1 : 0;
        check(run <= band.moonlessRun, `${where}: moonless run`);
        // the night's clocks
        check(s.calmLeft === band.calm, `${where}: calm`);
        check(s.regrowIn === band.sproutEvery, `${where}: regrowth`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('BW-111 BW-089 moonless nights come at roughly the band odds', () => {
    let m13 = 0;
    let m21 = 0;
    for (let seed = 0; seed < 3000; seed++) {
      if (isMoonless(seed, 13)) m13++;
      if (isMoonless(seed, 21)) m21++;
    }
    expect(m13 / 3000).toBeGreaterThan(0.28);
    expect(m13 / 3000).toBeLessThan(0.38);
    // at 1 in 2 with at most 2 running the long-run share is 3/7
    expect(m21 / 3000).toBeGreaterThan(0.36);
    expect(m21 / 3000).toBeLessThan(0.5);
  });

  it('BW-119 dimling start cells are 5 from the corner and 3 from every pocket cell', () => {
    for (let corner = 0; corner < 4; corner++) {
      const cells = dimlingStartCells(corner, LAYOUT_TERRAIN[0]);
      expect(cells.length).toBeGreaterThan(7);
      for (const c of cells) expect(manhattan(c, cornerCell(corner))).toBeGreaterThanOrEqual(5);
    }
  });

  it('the five layouts keep their features off the outer ring', () => {
    for (const t of LAYOUT_TERRAIN)
      for (let c = 0; c < CELLS; c++) {
        const x = c % 7;
        const y = Math.floor(c / 7);
        if (x === 0 || x === 6 || y === 0 || y === 8) expect(t[c]).toBe(FLOOR);
      }
  });
});
