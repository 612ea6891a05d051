/**
 * Wave generation for Whirlyard: the wave table, where drones may spawn, and the spawn guarantees,
 * checked by search with the real turn stages before a layout is accepted.
 *
 * Guarantees (the seed's words are in the README):
 * - a wave's drones stand on distinct cells at Chebyshev distance >= 2 from the rover, never on the
 *   rover or on scrap;
 * - **two-action nonterminal opening**: some sequence of two legal actions, each a move or a wait,
 *   leaves the run going (not caught). Pulse is left out of the search on purpose, so the guarantee
 *   never depends on spending a charge (with pulse allowed it would hold trivially);
 * - waves 1-3: at least six of the legal moves and the wait, each taken as the wave's first action,
 *   leave the run going (again not counting pulse, which is always safe on a first action).
 *
 * Drawing: the cells allowed by the first rule are shuffled partially with the seeded sfc32 stream
 * (one `Rng.int` per drone); the first `charged` drawn drones are the charged ones. A layout failing a
 * guarantee is re-drawn, up to MAX_DRAWS times in all; after that a fixed fallback layout is used,
 * one that meets every guarantee by construction (all drones at distance >= 3).
 */
import type { Rng } from '../../core/rng.js';
import { chebyshev } from './board.js';
import {
  applyAction,
  chargedSecondPursuit,
  countTurn,
  draftOf,
  firstPursuit,
  moveRefusal,
  settle,
  WAIT,
  type Stage,
} from './stages.js';
import { CELLS, MAX_CHARGES, ROVER_START, SCRAP_START, type WhirlyardState } from './types.js';

/** How many drones a wave has, and how many of them are charged. */
export interface WaveSize {
  drones: number;
  charged: number;
}

/** The wave table: 4, 5, 6 ordinary; 6, 7, 8 with one charged; 8, 9, 10 with two; 10 with three; 10 with four. */
export function waveSize(wave: number): WaveSize {
  if (wave <= 3) return { drones: wave + 3, charged: 0 };
  if (wave <= 6) return { drones: wave + 2, charged: 1 };
  if (wave <= 9) return { drones: wave - 1, charged: 2 };
  if (wave <= 12) return { drones: 10, charged: 3 };
  return { drones: 10, charged: 4 };
}

/** Cells a drone may spawn on, ascending: distance >= 2 from the rover's start (so never the rover or (3,3)). */
export const SPAWN_CELLS: readonly number[] = Array.from({ length: CELLS }, (_, c) => c).filter(
  (c) => chebyshev(c, ROVER_START) >= 2 && c !== SCRAP_START,
);

/** Layouts drawn per wave before falling back. */
export const MAX_DRAWS = 100;

/**
 * The fallback layout's cells, in the order they are taken: the bottom row, then the right column
 * upward. All are at distance 3 from the rover's start, so no first or second action can be caught.
 */
export const FALLBACK_CELLS: readonly number[] = [30, 31, 32, 33, 34, 35, 29, 23, 17, 11, 5];

/** The drones of a freshly spawned wave, and how it was obtained. */
export interface Spawn {
  drones: number[];
  charged: boolean[];
  /** Layouts drawn (1..MAX_DRAWS). */
  draws: number;
  /** True when every draw failed and the fixed layout was used. */
  fallback: boolean;
}

/** Sorts drones by cell (their identity order), keeping each one's charged flag. */
function sortedLayout(cells: number[], chargedCount: number): { drones: number[]; charged: boolean[] } {
  const order = cells.map((c, i) => [c, i < chargedCount ? 1 : 0]).sort((a, b) => a[0] - b[0]);
  return { drones: order.map((o) => o[0]), charged: order.map((o) => o[1] === 1) };
}

/** Spawns the drones of `wave`, drawing from `rng` (which advances). */
export function spawnWave(rng: Rng, wave: number): Spawn {
  const size = waveSize(wave);
  for (let draw = 1; draw <= MAX_DRAWS; draw++) {
    const pool = SPAWN_CELLS.slice();
    for (let i = 0; i < size.drones; i++) {
      const j = i + rng.int(pool.length - i);
      const t = pool[i];
      pool[i] = pool[j];
      pool[j] = t;
    }
    const layout = sortedLayout(pool.slice(0, size.drones), size.charged);
    if (meetsOpeningGuarantees(waveStart(wave, layout.drones, layout.charged))) {
      return { ...layout, draws: draw, fallback: false };
    }
  }
  return { ...sortedLayout(FALLBACK_CELLS.slice(0, size.drones), size.charged), draws: MAX_DRAWS, fallback: true };
}

/** A wave's opening position (for the guarantee checks; score and clocks do not matter to them). */
export function waveStart(wave: number, drones: number[], charged: boolean[]): WhirlyardState {
  return {
    seed: 0,
    rng: [0, 0, 0, 1],
    wave,
    turn: 0,
    waveTurn: 0,
    charges: MAX_CHARGES,
    pulseUsed: false,
    score: 0,
    over: false,
    endReason: null,
    rover: ROVER_START,
    drones,
    charged,
    scrap: [SCRAP_START],
  };
}

/** The stages that can end a run within an opening. A cleared wave simply leaves nothing to pursue. */
const TRIAL_STAGES: readonly Stage[] = [applyAction, countTurn, firstPursuit, chargedSecondPursuit];

/** The state after `code`, played with the real stages. */
function trial(s: WhirlyardState, code: number): WhirlyardState {
  const d = draftOf(s);
  for (const stage of TRIAL_STAGES) {
    stage(d, code);
    if (d.halted) break;
  }
  return settle(d);
}

/** Action codes the searches try: wait first (cheapest to confirm), then the legal moves. */
function candidates(s: WhirlyardState): number[] {
  const out = [WAIT];
  for (let dir = 0; dir < 8; dir++) if (moveRefusal(s, dir) === null) out.push(dir);
  return out;
}

/** A two-action opening (move / wait codes) that leaves the run going, or null if there is none. */
export function findOpening(s: WhirlyardState): [number, number] | null {
  for (const first of candidates(s)) {
    const after = trial(s, first);
    if (after.over) continue;
    for (const second of candidates(after)) if (!trial(after, second).over) return [first, second];
  }
  return null;
}

/** How many legal first moves and waits leave the run going. */
export function safeFirstActions(s: WhirlyardState): number {
  let safe = 0;
  for (const code of candidates(s)) if (!trial(s, code).over) safe++;
  return safe;
}

/** Waves 1-3 need this many safe first actions. */
export const SAFE_FIRST_ACTIONS = 6;

/** The search-based guarantees of a wave's opening position. */
export function meetsOpeningGuarantees(s: WhirlyardState): boolean {
  if (s.wave <= 3 && safeFirstActions(s) < SAFE_FIRST_ACTIONS) return false;
  return findOpening(s) !== null;
}
