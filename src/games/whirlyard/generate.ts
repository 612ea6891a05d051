/**
 * Wave generation for Whirlyard: the wave table, where drones may spawn, and the spawn guarantees,
 * checked by search before a layout is accepted.
 *
 * Guarantees (the seed's words and our reading of them are in README.md):
 * - a wave's drones stand on distinct cells at Chebyshev distance >= 2 from the rover, never on the
 *   rover or on scrap;
 * - **two-action nonterminal opening**: some sequence of two legal actions, each a move or a wait,
 *   leaves the run going. Pulse is kept out of this search on purpose: (wait, pulse) always survives,
 *   so with pulse allowed the guarantee would say nothing; without it the player always has a line
 *   that survives two actions without spending a charge;
 * - waves 1-3: at least six legal first actions leave the run going. Counted literally over the legal
 *   first actions other than end_run (which ends the run by definition): the moves, wait and pulse.
 *
 * The searches (`opening.ts`) use two facts of the pursuit rule instead of running the whole turn (the generation test
 * checks every guarantee again with the real engine): a pursuit step lowers every drone's Chebyshev
 * distance to the rover by exactly one, so an action is caught in the first step exactly when a drone
 * is next to the rover's cell after it; and no second step happens before a wave's third action.
 *
 * Drawing: the cells the first rule allows are partially shuffled with the seeded sfc32 stream (one
 * bounded integer per drone, `Rng.below`); the first `charged` drawn drones are the charged ones. A layout that fails a
 * guarantee is drawn again, up to MAX_DRAWS draws; after that a fixed layout is used that meets every
 * guarantee by construction (every drone three cells away). At the measured acceptance rates (22% or
 * more per draw) the fallback is practically never reached, but it bounds the work.
 */
import type { Rng } from '../../core/rng.js';
import { BIT_HI, BIT_LO, chebyshev } from './board.js';
import { newCells, newFlags } from './fresh.js';
import { openingCode, safeFirstFrom, unsafeCandidates } from './opening.js';
import { CELLS, ROVER_START, SCRAP_START } from './types.js';

export { findOpening, safeFirstActions } from './opening.js';

/** How many drones a wave has, and how many of them are charged. */
export interface WaveSize {
  drones: number;
  charged: number;
}

/** The wave table: 4, 5, 6 ordinary; 6, 7, 8 with one charged; 8, 9, 10 with two; 10 with three; 10 with four. */
export function waveSize(wave: number): WaveSize {
  if (wave <= 3) return { drones: wave + 3, charged: 0 };
  if (wave <= 6) return { drones: wave + 2, charged: 1 };
  if (wave <= 9) return { drones: wave + 1, charged: 2 };
  if (wave <= 12) return { drones: 10, charged: 3 };
  return { drones: 10, charged: 4 };
}

/** Cells a drone may spawn on, ascending: distance >= 2 from the rover's start (so never the rover or (3,3)). */
export const SPAWN_CELLS: readonly number[] = Array.from({ length: CELLS }, (_, c) => c).filter(
  (c) => chebyshev(c, ROVER_START) >= 2 && c !== SCRAP_START,
);

/** Layouts drawn per wave before falling back. */
export const MAX_DRAWS = 100;

/** Waves up to this one need SAFE_FIRST_ACTIONS safe first actions. */
const SAFE_FIRST_WAVES = 3;
const SAFE_FIRST_ACTIONS = 6;

/**
 * The fallback layout's cells, in the order they are taken: the bottom row, then the right column
 * upward. All are at distance 3 from the rover's start, so no first or second action can be caught.
 */
export const FALLBACK_CELLS: readonly number[] = [30, 31, 32, 33, 34, 35, 29, 23, 17, 11, 5];

/** The drones of a freshly spawned wave, and how they were obtained. */
export interface Spawn {
  /** Cells, ascending (the drones' identity order). */
  drones: number[];
  charged: boolean[];
  /** Layouts drawn (1..MAX_DRAWS; MAX_DRAWS also when the fallback was used). */
  draws: number;
  /** True when every draw failed and the fixed layout was used. */
  fallback: boolean;
}

/** Whether a layout meets the searched guarantees of `wave`, with `charges` held at its start. */
function meetsOpeningGuarantees(
  wave: number,
  drones: ArrayLike<number>,
  charges: number,
  count = drones.length,
): boolean {
  const unsafe = unsafeCandidates(drones, count);
  if (wave <= SAFE_FIRST_WAVES && safeFirstFrom(unsafe, charges) < SAFE_FIRST_ACTIONS) return false;
  return openingCode(drones, count, unsafe) >= 0;
}

/**
 * The drawn cells (first `chargedCount` of them charged) as drone arrays in ascending cell order: the
 * cells (all distinct) go into a set and come out ascending, lowest bit first.
 */
function layoutOf(
  cells: ArrayLike<number>,
  count: number,
  chargedCount: number,
): { drones: number[]; charged: boolean[] } {
  let lo = 0;
  let hi = 0;
  let chargedLo = 0;
  let chargedHi = 0;
  for (let i = 0; i < count; i++) {
    const c = cells[i];
    lo |= BIT_LO[c];
    hi |= BIT_HI[c];
    if (i < chargedCount) {
      chargedLo |= BIT_LO[c];
      chargedHi |= BIT_HI[c];
    }
  }
  // They become the state's arrays: made by `newCells` / `newFlags` (see fresh.ts).
  const drones = newCells(count);
  const charged = newFlags(count);
  let k = 0;
  for (; lo !== 0; lo &= lo - 1, k++) {
    const bit = lo & -lo;
    drones[k] = 31 - Math.clz32(bit);
    charged[k] = (chargedLo & bit) !== 0;
  }
  for (; hi !== 0; hi &= hi - 1, k++) {
    const bit = hi & -hi;
    drones[k] = 63 - Math.clz32(bit);
    charged[k] = (chargedHi & bit) !== 0;
  }
  return { drones, charged };
}

/**
 * Spawns the drones of `wave` (the player holding `charges`), drawing from `rng`, which advances.
 * `maxDraws` is only lowered by tests, to reach the fallback.
 */
export function spawnWave(rng: Rng, wave: number, charges: number, maxDraws = MAX_DRAWS): Spawn {
  const size = waveSize(wave);
  // This call's own copy of the spawn cells, partially shuffled at every draw from the same order.
  const pool = SPAWN_CELLS.slice();
  for (let draw = 1; draw <= maxDraws; draw++) {
    if (draw > 1) for (let i = 0; i < pool.length; i++) pool[i] = SPAWN_CELLS[i];
    for (let i = 0; i < size.drones; i++) {
      const j = i + rng.below(pool.length - i);
      const t = pool[i];
      pool[i] = pool[j];
      pool[j] = t;
    }
    if (meetsOpeningGuarantees(wave, pool, charges, size.drones)) {
      const layout = layoutOf(pool, size.drones, size.charged);
      return { drones: layout.drones, charged: layout.charged, draws: draw, fallback: false };
    }
  }
  const layout = layoutOf(FALLBACK_CELLS, size.drones, size.charged);
  return { drones: layout.drones, charged: layout.charged, draws: maxDraws, fallback: true };
}
