/**
 * Wave generation: the wave table, and every spawn guarantee over 1,000 seeds x waves 1-15, checked
 * with the real engine (not with the generator's own search), plus the search itself checked against
 * the engine on layouts that were not filtered.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../core/rng.js';
import { chebyshev } from './board.js';
import {
  FALLBACK_CELLS,
  MAX_DRAWS,
  SPAWN_CELLS,
  findOpening,
  safeFirstActions,
  spawnWave,
  waveSize,
} from './generate.js';
import { nonterminalFirstActions, twoActionOpening, waveStartState } from './testkit.js';
import { ROVER_START, SCRAP_START } from './types.js';

/** The seed's wave table, written out independently of `waveSize`. */
function tableSize(wave: number): [number, number] {
  const table: Record<number, [number, number]> = {
    1: [4, 0],
    2: [5, 0],
    3: [6, 0],
    4: [6, 1],
    5: [7, 1],
    6: [8, 1],
    7: [8, 2],
    8: [9, 2],
    9: [10, 2],
    10: [10, 3],
    11: [10, 3],
    12: [10, 3],
  };
  return table[wave] ?? [10, 4];
}

describe('the wave table', () => {
  it('WY-019 matches the seed for waves 1 to 60', () => {
    for (let wave = 1; wave <= 60; wave++) {
      const size = waveSize(wave);
      expect([size.drones, size.charged], `wave ${wave}`).toEqual(tableSize(wave));
    }
  });

  it('drones may spawn on the 27 cells two or more steps from (2,2)', () => {
    expect(SPAWN_CELLS.length).toBe(27);
    for (let c = 0; c < 36; c++) expect(SPAWN_CELLS.includes(c)).toBe(chebyshev(c, ROVER_START) >= 2);
    expect(SPAWN_CELLS.includes(SCRAP_START)).toBe(false);
  });
});

describe('spawn guarantees over 1,000 seeds x waves 1-15, checked with the real engine', () => {
  it('WY-020 every wave has the right drones on legal cells, a two-action opening, and waves 1-3 six safe first actions', () => {
    const problems: string[] = [];
    let draws = 0;
    let spawns = 0;
    for (let seed = 0; seed < 1000; seed++) {
      const rng = new Rng(seedRng(seed));
      for (let wave = 1; wave <= 15; wave++) {
        // a wave starts with two charges in wave 1 and one or two later (a clear always gives one back)
        const charges = wave === 1 ? 2 : 1 + ((seed + wave) % 2);
        const spawn = spawnWave(rng, wave, charges);
        const fail = (what: string) => problems.push(`seed ${seed} wave ${wave}: ${what} ${spawn.drones}`);
        const [n, k] = tableSize(wave);
        if (spawn.drones.length !== n) fail(`${spawn.drones.length} drones, not ${n}`);
        if (spawn.charged.filter(Boolean).length !== k) fail(`not ${k} charged`);
        if (spawn.fallback) fail('fell back');
        if (new Set(spawn.drones).size !== spawn.drones.length) fail('drones share a cell');
        if (spawn.drones.some((c) => chebyshev(c, ROVER_START) < 2)) fail('a drone is too close to the rover');
        if (spawn.drones.some((c) => c === ROVER_START || c === SCRAP_START)) fail('a drone is on the rover or scrap');
        if (spawn.drones.some((c, i) => i > 0 && spawn.drones[i - 1] >= c)) fail('drones are not in cell order');
        const s = waveStartState(wave, spawn.drones, spawn.charged, charges);
        if (twoActionOpening(s) === null) fail('no two-action opening');
        if (wave <= 3 && nonterminalFirstActions(s) < 6) fail('fewer than six safe first actions');
        draws += spawn.draws;
        spawns++;
      }
    }
    expect(problems).toEqual([]);
    expect(spawns).toBe(15_000);
    // measured: about 2 draws per wave on average, never near MAX_DRAWS
    expect(draws / spawns).toBeLessThan(4);
  });

  it('the searches agree with the real engine on unfiltered layouts', () => {
    const rng = new Rng(seedRng(2024));
    for (let trial = 0; trial < 3000; trial++) {
      const n = 4 + (trial % 7);
      const cells = rng.shuffle(SPAWN_CELLS.slice()).slice(0, n);
      const charged = cells.map((_, i) => i < trial % 5);
      const charges = trial % 3;
      const s = waveStartState(1 + (trial % 15), cells, charged, charges);
      expect(safeFirstActions(cells, charges), `layout ${cells}`).toBe(nonterminalFirstActions(s));
      expect(findOpening(cells) !== null, `layout ${cells}`).toBe(twoActionOpening(s) !== null);
    }
  });

  it('generation is a pure function of the generator state', () => {
    const a = new Rng(seedRng(42));
    const b = new Rng(seedRng(42));
    for (let wave = 1; wave <= 15; wave++) {
      expect(spawnWave(a, wave, 2)).toEqual(spawnWave(b, wave, 2));
      expect(a.state()).toEqual(b.state());
    }
  });
});

describe('the fallback layout', () => {
  it('is used when every draw fails, and meets every guarantee for every wave size', () => {
    for (let wave = 1; wave <= 15; wave++) {
      const spawn = spawnWave(new Rng(seedRng(1)), wave, 1, 0);
      expect(spawn.fallback).toBe(true);
      const [n, k] = tableSize(wave);
      expect([spawn.drones.length, spawn.charged.filter(Boolean).length]).toEqual([n, k]);
      for (const c of spawn.drones) {
        expect(FALLBACK_CELLS.includes(c)).toBe(true);
        expect(chebyshev(c, ROVER_START)).toBeGreaterThanOrEqual(3);
      }
      const s = waveStartState(wave, spawn.drones, spawn.charged, 1);
      expect(twoActionOpening(s)).not.toBeNull();
      expect(nonterminalFirstActions(s)).toBeGreaterThanOrEqual(6);
    }
    expect(MAX_DRAWS).toBe(100);
  });
});
