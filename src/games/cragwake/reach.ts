/**
 * Reach and prices: which cells a climber can move to from where they hang, and what each costs.
 * Shared by the rules (legality, refusals) and the turn stages (the end-of-turn "any move left" test).
 */
import { difficulty } from './difficulty.js';
import {
  CRIMP,
  ICE,
  ICY,
  JUG,
  KIND,
  LEDGE_EVERY,
  NONE,
  WIDTH,
  countOf,
  isLedgeRow,
  type CragwakeState,
} from './types.js';

/** Row offsets of the 8 steps, then the 7 lunges (never downward). */
export const REACH_DR: readonly number[] = [1, 1, 1, 0, 0, -1, -1, -1, 2, 2, 2, 1, 1, 0, 0];
/** Column offsets matching REACH_DR. */
export const REACH_DC: readonly number[] = [-1, 0, 1, -1, 1, -1, 0, 1, -1, 0, 1, -2, 2, -2, 2];
/** Index in REACH_DR of the first lunge. */
const FIRST_LUNGE = 8;

/** Extra stamina a lunge costs, and the other surcharges. */
const LUNGE_EXTRA = 2;
const ICY_EXTRA = 2;
const OVERHANG_EXTRA = 1;
const GUST_EXTRA = 2;
/** Stamina a breath on a jug gives, on an ordinary and an overhanging row; breathing elsewhere costs 1. */
const BREATH_GAIN = 4;
const BREATH_GAIN_OVERHANG = 2;
/** Stamina taken by rockfall on your own column. */
export const SPINDRIFT = 4;
/** Stamina at or below which a pitch is no longer clean. */
export const DIP_AT = 3;
/** The clean-streak bonus per streak step, and the streak cap. */
export const CLEAN_BONUS = 150;
export const STREAK_CAP = 6;

/** The belay at the top of the pitch being climbed. */
export function belayOf(s: CragwakeState): number {
  return LEDGE_EVERY * s.pitch;
}

/** The highest row a player can see; rows above it in the band are fog. */
export function visibleTop(s: CragwakeState): number {
  return s.high + difficulty(s.pitch).foresight;
}

/** The floor of a pitch at a given high point: three under it, never under the pitch's ledge. */
export function floorFor(pitch: number, high: number): number {
  return Math.max(LEDGE_EVERY * (pitch - 1), high - 3);
}

/** The cell at an absolute position inside the band. */
export function cellAt(s: CragwakeState, row: number, col: number): number {
  return s.cells[(row - s.floor) * WIDTH + col];
}

/** 0 when (dr, dc) is no reach, 1 for a step, 2 for a lunge. */
export function reachOf(dr: number, dc: number): 0 | 1 | 2 {
  const ar = dr < 0 ? -dr : dr;
  const ac = dc < 0 ? -dc : dc;
  if (ar <= 1 && ac <= 1) return ar + ac === 0 ? 0 : 1;
  if ((dr === 0 || dr === 1) && ac === 2) return 2;
  if (dr === 2 && ac <= 1) return 2;
  return 0;
}

/** The stamina a move onto a hold at (row, col) costs now. */
export function moveCost(s: CragwakeState, row: number, col: number, lunge: boolean): number {
  if (isLedgeRow(row)) return 1;
  const i = row - s.floor;
  const cell = s.cells[i * WIDTH + col];
  let cost = (cell & KIND) === CRIMP ? 2 : 1;
  if (lunge) cost += LUNGE_EXTRA;
  if ((cell & ICE) === ICY) cost += ICY_EXTRA;
  if (s.overhang & (1 << i)) cost += OVERHANG_EXTRA;
  if (s.gust & (1 << col)) cost += GUST_EXTRA;
  return cost;
}

/** What breathing does now: stamina gained (positive) or spent (-1). */
export function breathDelta(s: CragwakeState): number {
  const cell = cellAt(s, s.row, s.col);
  if (isLedgeRow(s.row) || (cell & KIND) !== JUG || countOf(cell) === 0) return -1;
  const gain = s.overhang & (1 << (s.row - s.floor)) ? BREATH_GAIN_OVERHANG : BREATH_GAIN;
  return Math.min(gain, difficulty(s.pitch).tank - s.stamina);
}

/** The verdicts `judgeTarget` gives a move it refuses, in the order they are tested. */
export const OUT_OF_REACH = -1;
export const UNDER_FLOOR = -2;
export const LUNGE_FROM_ICE = -3;
export const BARE_ROCK = -4;
const TOO_COSTLY = -5;

/**
 * The one legality test for a move (climbing phase assumed): the stamina a move onto (row, col) costs
 * now, or a negative verdict naming the first rule it breaks, in the refusal order of README.md:
 * OUT_OF_REACH (off the wall, not a step or a lunge, or above the next belay), UNDER_FLOOR,
 * LUNGE_FROM_ICE, BARE_ROCK, TOO_COSTLY. The legal list, the priced list, the end-of-run test and the
 * refusals all ask this function, so they cannot disagree. `belay` is `belayOf(s)`, passed in so a walk
 * over the reach computes it once.
 */
export function judgeTarget(s: CragwakeState, row: number, col: number, belay: number): number {
  if (col < 0 || col >= WIDTH) return OUT_OF_REACH;
  const reach = reachOf(row - s.row, col - s.col);
  if (reach === 0 || row > belay) return OUT_OF_REACH;
  if (row < s.floor) return UNDER_FLOOR;
  const lunge = reach === 2;
  if (lunge && (s.cells[(s.row - s.floor) * WIDTH + s.col] & ICE) === ICY) return LUNGE_FROM_ICE;
  if ((s.cells[(row - s.floor) * WIDTH + col] & KIND) === NONE) return BARE_ROCK;
  const cost = moveCost(s, row, col, lunge);
  return cost <= s.stamina ? cost : TOO_COSTLY;
}

/**
 * Calls `visit(row, col, cost, lunge)` for every move legal now (climbing phase assumed), in reach
 * order: steps up, sideways, down, then lunges.
 */
export function forEachMove(
  s: CragwakeState,
  visit: (row: number, col: number, cost: number, lunge: boolean) => void,
): void {
  const belay = belayOf(s);
  for (let k = 0; k < REACH_DR.length; k++) {
    const row = s.row + REACH_DR[k];
    const col = s.col + REACH_DC[k];
    const cost = judgeTarget(s, row, col, belay);
    if (cost >= 0) visit(row, col, cost, k >= FIRST_LUNGE);
  }
}

/** True when at least one move is affordable (the run ends when none is). */
export function hasAffordableMove(s: CragwakeState): boolean {
  const belay = belayOf(s);
  for (let k = 0; k < REACH_DR.length; k++)
    if (judgeTarget(s, s.row + REACH_DR[k], s.col + REACH_DC[k], belay) >= 0) return true;
  return false;
}
