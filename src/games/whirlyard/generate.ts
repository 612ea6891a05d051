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
 * The searches use two facts of the pursuit rule instead of running the whole turn (the generation test
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
import { BIT_HI, BIT_LO, NEAR_HI, NEAR_LO, NEIGHBOUR, TOWARD, chebyshev, has } from './board.js';
import { CELLS, ROVER_START, SCRAP_START } from './types.js';

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
export const SAFE_FIRST_WAVES = 3;
export const SAFE_FIRST_ACTIONS = 6;

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

/**
 * Scratch for `fillMasks`: [occupied lo, occupied hi, threatened lo, threatened hi] — the cells the
 * first drones and the start scrap stand on, and the cells those drones reach in one step.
 */
const masks = new Int32Array(4);

/** Fills `masks` for the first `count` drones of a layout (no allocation: generation is a hot loop). */
function fillMasks(drones: ArrayLike<number>, count: number): void {
  let dLo = BIT_LO[SCRAP_START];
  let dHi = BIT_HI[SCRAP_START];
  let tLo = 0;
  let tHi = 0;
  for (let i = 0; i < count; i++) {
    const d = drones[i];
    dLo |= BIT_LO[d];
    dHi |= BIT_HI[d];
    tLo |= NEAR_LO[d];
    tHi |= NEAR_HI[d];
  }
  masks[0] = dLo;
  masks[1] = dHi;
  masks[2] = tLo;
  masks[3] = tHi;
}

/**
 * How many legal first actions (moves, wait, pulse; not end_run) leave the run going, for a wave's
 * opening position with `charges` charges. A pulse always does: it removes every adjacent drone, and
 * the rest are two or more cells away, so they cannot reach the rover in one step.
 */
export function safeFirstActions(drones: ArrayLike<number>, charges: number, count = drones.length): number {
  fillMasks(drones, count);
  const dLo = masks[0],
    dHi = masks[1],
    tLo = masks[2],
    tHi = masks[3];
  let safe = (charges > 0 ? 1 : 0) + (has(tLo, tHi, ROVER_START) ? 0 : 1);
  for (let dir = 0; dir < 8; dir++) {
    const to = NEIGHBOUR[ROVER_START * 8 + dir];
    if (to >= 0 && !has(dLo, dHi, to) && !has(tLo, tHi, to)) safe++;
  }
  return safe;
}

/**
 * A two-action opening of moves and waits that leaves the run going, as the rover's two cells (equal
 * cells mean a wait), or null if there is none. Tries the wait first, then the moves in grammar order.
 * The first action's pursuit step is played out: drones arriving on scrap, and drones sharing a
 * destination, are removed, and the latter leave scrap that blocks the second move.
 */
export function findOpening(drones: ArrayLike<number>, count = drones.length): [number, number] | null {
  const scrapLo = BIT_LO[SCRAP_START];
  const scrapHi = BIT_HI[SCRAP_START];
  fillMasks(drones, count);
  const dLo = masks[0],
    dHi = masks[1],
    tLo = masks[2],
    tHi = masks[3];
  for (let a = -1; a < 8; a++) {
    const first = a < 0 ? ROVER_START : NEIGHBOUR[ROVER_START * 8 + a];
    if (first < 0 || has(dLo, dHi, first) || has(tLo, tHi, first)) continue;
    // the pursuit step toward `first`: where drones land, and which cells two or more land on
    let seenLo = 0;
    let seenHi = 0;
    let dupLo = 0;
    let dupHi = 0;
    for (let i = 0; i < count; i++) {
      const to = TOWARD[drones[i] * CELLS + first];
      if (has(seenLo, seenHi, to)) {
        dupLo |= BIT_LO[to];
        dupHi |= BIT_HI[to];
      }
      seenLo |= BIT_LO[to];
      seenHi |= BIT_HI[to];
    }
    const liveLo = seenLo & ~dupLo & ~scrapLo;
    const liveHi = seenHi & ~dupHi & ~scrapHi;
    let sLo = 0;
    let sHi = 0;
    for (let i = 0; i < count; i++) {
      const to = TOWARD[drones[i] * CELLS + first];
      if (has(liveLo, liveHi, to)) {
        sLo |= NEAR_LO[to];
        sHi |= NEAR_HI[to];
      }
    }
    if (!has(sLo, sHi, first)) return [first, first];
    const blockedLo = liveLo | dupLo | scrapLo;
    const blockedHi = liveHi | dupHi | scrapHi;
    for (let dir = 0; dir < 8; dir++) {
      const to = NEIGHBOUR[first * 8 + dir];
      if (to >= 0 && !has(blockedLo, blockedHi, to) && !has(sLo, sHi, to)) return [first, to];
    }
  }
  return null;
}

/** Whether a layout meets the searched guarantees of `wave`, with `charges` held at its start. */
export function meetsOpeningGuarantees(
  wave: number,
  drones: ArrayLike<number>,
  charges: number,
  count = drones.length,
): boolean {
  if (wave <= SAFE_FIRST_WAVES && safeFirstActions(drones, charges, count) < SAFE_FIRST_ACTIONS) return false;
  return findOpening(drones, count) !== null;
}

/** The drawn cells (first `chargedCount` of them charged) as drone arrays in ascending cell order. */
function layoutOf(
  cells: ArrayLike<number>,
  count: number,
  chargedCount: number,
): { drones: number[]; charged: boolean[] } {
  const drones: number[] = new Array(count);
  const charged: boolean[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const c = cells[i];
    const f = i < chargedCount;
    let k = i;
    for (; k > 0 && drones[k - 1] > c; k--) {
      drones[k] = drones[k - 1];
      charged[k] = charged[k - 1];
    }
    drones[k] = c;
    charged[k] = f;
  }
  return { drones, charged };
}

/** Scratch for the partial shuffle (engines are single-threaded; reset from SPAWN_CELLS at every draw). */
const pool = new Int8Array(SPAWN_CELLS.length);
const SPAWN_POOL = Int8Array.from(SPAWN_CELLS);

/**
 * Spawns the drones of `wave` (the player holding `charges`), drawing from `rng`, which advances.
 * `maxDraws` is only lowered by tests, to reach the fallback.
 */
export function spawnWave(rng: Rng, wave: number, charges: number, maxDraws = MAX_DRAWS): Spawn {
  const size = waveSize(wave);
  for (let draw = 1; draw <= maxDraws; draw++) {
    pool.set(SPAWN_POOL);
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
