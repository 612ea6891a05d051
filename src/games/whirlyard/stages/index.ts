/**
 * A Whirlyard turn as ordered lists of named stages, in the seed's order (`TURN_STAGES`, and End
 * Run's own one-stage list), run by the core stage runner (src/core/stages.ts) until one halts the
 * turn (the rover was caught, or a wave was cleared and its fresh board must not pursue yet); and the
 * resolution of one simultaneous pursuit step.
 *
 * Stages work on a `Draft`: a shallow copy of the state plus the events so far. They replace arrays
 * rather than mutate them, so the input state of `step` is never touched and the draft needs no
 * up-front deep copy.
 */
import type { GameEvent } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { runStages, type Stage } from '../../../core/stages.js';
import { BIT_HI, BIT_LO, DIRECTIONS, NEIGHBOUR, TOWARD, chebyshev, has, xOf, yOf } from '../board.js';
import { newCells, newFlags, newState } from '../fresh.js';
import { spawnWave } from '../generate.js';
import {
  CELLS,
  CHARGED_CADENCE,
  GROUP_BONUS,
  MAX_CHARGES,
  NO_PULSE_BONUS,
  POINTS_PER_DRONE,
  ROVER_START,
  SCRAP_START,
  WAVE_CLEAR_POINTS,
  type WhirlyardState,
} from '../types.js';

/** Action codes: 0..7 are moves (the index into DIRECTIONS), then wait, pulse and end_run. */
export const WAIT = 8;
export const PULSE = 9;
export const END_RUN = 10;

/** A state being worked on by the stages of one step. */
export interface Draft extends WhirlyardState {
  events: GameEvent[];
  /** Set when the turn must stop here: the run ended, or a wave was just cleared. */
  halted: boolean;
}

/** A draft of `s`; arrays are shared until a stage replaces them. */
export function draftOf(s: WhirlyardState): Draft {
  return {
    seed: s.seed,
    rng: s.rng,
    wave: s.wave,
    turn: s.turn,
    waveTurn: s.waveTurn,
    charges: s.charges,
    pulseUsed: s.pulseUsed,
    score: s.score,
    over: s.over,
    endReason: s.endReason,
    rover: s.rover,
    drones: s.drones,
    charged: s.charged,
    scrapLo: s.scrapLo,
    scrapHi: s.scrapHi,
    events: [],
    halted: false,
  };
}

/** The finished state of a draft (without its events); made by `newState`, see fresh.ts for why. */
export function settle(d: Draft): WhirlyardState {
  return newState(d);
}

/** True when `cell` holds scrap. */
const isScrap = (s: WhirlyardState, cell: number): boolean => has(s.scrapLo, s.scrapHi, cell);

/** Why the rover cannot move in direction `dir` now, or null if it can. */
export function moveRefusal(s: WhirlyardState, dir: number): 'out_of_bounds' | 'blocked' | null {
  const to = NEIGHBOUR[s.rover * 8 + dir];
  if (to < 0) return 'out_of_bounds';
  if (isScrap(s, to) || s.drones.includes(to)) return 'blocked';
  return null;
}

function addScrap(d: Draft, cell: number): void {
  d.scrapLo |= BIT_LO[cell];
  d.scrapHi |= BIT_HI[cell];
}

function dismantledEvent(cause: string, step: string, cell: number, charged: boolean): GameEvent {
  return { type: 'dismantled', cause, step, x: xOf(cell), y: yOf(cell), charged, points: POINTS_PER_DRONE };
}

/** Stage: carry out the move, wait or pulse itself (legality was checked before the stages run). */
export function applyAction(d: Draft, code: number): void {
  if (code < 8) {
    d.rover = NEIGHBOUR[d.rover * 8 + code];
    d.events.push({ type: 'moved', direction: DIRECTIONS[code], x: xOf(d.rover), y: yOf(d.rover) });
  } else if (code === WAIT) {
    d.events.push({ type: 'waited', x: xOf(d.rover), y: yOf(d.rover) });
  } else if (code === PULSE) {
    pulse(d);
  }
}

/** A pulse: one charge spent whatever it hits; every drone at distance exactly 1 becomes scrap. */
function pulse(d: Draft): void {
  d.charges -= 1;
  d.pulseUsed = true;
  const summary: GameEvent = { type: 'pulse', dismantled: 0, charges: d.charges, points: 0 };
  d.events.push(summary);
  let hit = 0;
  for (let i = 0; i < d.drones.length; i++) if (chebyshev(d.drones[i], d.rover) === 1) hit++;
  if (hit === 0) return;
  const drones = newCells(d.drones.length - hit);
  const charged = newFlags(d.drones.length - hit);
  for (let i = 0, k = 0; i < d.drones.length; i++) {
    const cell = d.drones[i];
    if (chebyshev(cell, d.rover) === 1) {
      addScrap(d, cell);
      d.events.push(dismantledEvent('pulse', 'pulse', cell, d.charged[i]));
    } else {
      drones[k] = cell;
      charged[k++] = d.charged[i];
    }
  }
  d.drones = drones;
  d.charged = charged;
  d.score += hit * POINTS_PER_DRONE;
  summary.dismantled = hit;
  summary.points = hit * POINTS_PER_DRONE;
}

/** Stage: every accepted move, wait or pulse counts once on both clocks. */
export function countTurn(d: Draft): void {
  d.turn += 1;
  d.waveTurn += 1;
}

/** Stage: every drone steps toward the rover (halts the turn if one reaches it). */
function firstPursuit(d: Draft): boolean {
  pursue(d, 'first');
  return d.halted;
}

/** Stage: on every third action of a wave, charged drones step again while the others stand still. */
function chargedSecondPursuit(d: Draft): boolean {
  if (d.waveTurn % CHARGED_CADENCE === 0) pursue(d, 'second');
  return d.halted;
}

/** Stage: with no drone left, the wave is cleared now and the next wave's board replaces it (halts the turn). */
function clearWaveIfEmpty(d: Draft): boolean {
  if (d.drones.length > 0) return false;
  const points = WAVE_CLEAR_POINTS + (d.pulseUsed ? 0 : NO_PULSE_BONUS);
  d.score += points;
  d.events.push({ type: 'wave_cleared', wave: d.wave, points, noPulseBonus: !d.pulseUsed });
  d.wave += 1;
  d.waveTurn = 0;
  d.pulseUsed = false;
  d.charges = Math.min(MAX_CHARGES, d.charges + 1);
  const rng = new Rng(d.rng);
  const spawn = spawnWave(rng, d.wave, d.charges);
  d.rng = rng.state();
  d.rover = ROVER_START;
  d.scrapLo = BIT_LO[SCRAP_START];
  d.scrapHi = BIT_HI[SCRAP_START];
  d.drones = spawn.drones;
  d.charged = spawn.charged;
  d.events.push({
    type: 'wave_started',
    wave: d.wave,
    drones: spawn.drones.length,
    charged: spawn.charged.filter(Boolean).length,
    charges: d.charges,
  });
  d.halted = true;
  return true;
}

/** Stage: end the run on the player's request; no turn passes and nothing is paid. */
function endRun(d: Draft): boolean {
  d.over = true;
  d.endReason = 'ended';
  d.halted = true;
  d.events.push({ type: 'run_ended', score: d.score });
  return true;
}

/**
 * One accepted move, wait or pulse, in the seed's order: the action (a pulse dismantles before any
 * pursuit), the clocks, a clear if the pulse took the last drone, the first pursuit step, a clear,
 * the charged drones' second step on every third action of the wave, a clear. `code` is the (already
 * accepted) action's code.
 */
export const TURN_STAGES: readonly Stage<Draft, number>[] = [
  { name: 'applyAction', run: applyAction },
  { name: 'countTurn', run: countTurn },
  { name: 'clearWaveIfEmpty', run: clearWaveIfEmpty },
  { name: 'firstPursuit', run: firstPursuit },
  { name: 'clearWaveIfEmpty', run: clearWaveIfEmpty },
  { name: 'chargedSecondPursuit', run: chargedSecondPursuit },
  { name: 'clearWaveIfEmpty', run: clearWaveIfEmpty },
];

/** The turn for end_run: it consumes no turn. */
export const END_RUN_STAGES: readonly Stage<Draft, number>[] = [{ name: 'endRun', run: endRun }];

/** Runs the turn of the (already accepted) action `code` on the draft. */
export function runTurn(d: Draft, code: number): void {
  runStages(code === END_RUN ? END_RUN_STAGES : TURN_STAGES, d, code);
}

/** One simultaneous pursuit step being resolved. */
interface Pursuit {
  step: 'first' | 'second';
  /** Where each drone ends this step (its own cell if it stands still). */
  dest: number[];
  /**
   * The drones dismantled so far in this step, as a set of drone indices: bit i of `deadLo` for
   * drones 0-31, bit i - 32 of `deadHi` for 32-63 (a board holds at most 36 drones).
   */
  deadLo: number;
  deadHi: number;
  casualties: number;
}

/** A resolution rule applied to a pursuit step, in the seed's order. */
export type Resolution = (d: Draft, p: Pursuit) => void;

/** True when drone i moves in this step: every drone in the first, only charged ones in the second. */
const moves = (d: Draft, p: Pursuit, i: number): boolean => p.step === 'first' || d.charged[i];

/** True when drone i has been dismantled earlier in this step. */
const isDead = (p: Pursuit, i: number): boolean => (i < 32 ? (p.deadLo >>> i) & 1 : (p.deadHi >>> (i - 32)) & 1) === 1;

function kill(p: Pursuit, i: number): void {
  if (i < 32) p.deadLo |= 1 << i;
  else p.deadHi |= 1 << (i - 32);
  p.casualties++;
}

/** Contact first: a drone reaching the rover ends the run, and this step pays for nothing. */
function resolveContact(d: Draft, p: Pursuit): void {
  let contacts = 0;
  for (let i = 0; i < p.dest.length; i++) if (p.dest[i] === d.rover) contacts++;
  if (contacts === 0) return;
  d.drones = p.dest;
  d.over = true;
  d.endReason = 'caught';
  d.halted = true;
  d.events.push({ type: 'caught', step: p.step, x: xOf(d.rover), y: yOf(d.rover), drones: contacts });
}

/** Then arrivals: a drone that steps onto scrap already on the board is dismantled. */
function resolveScrapArrivals(d: Draft, p: Pursuit): void {
  for (let i = 0; i < p.dest.length; i++) {
    if (moves(d, p, i) && isScrap(d, p.dest[i])) {
      kill(p, i);
      d.events.push(dismantledEvent('scrap', p.step, p.dest[i], d.charged[i]));
    }
  }
}

/** Then groups: two or more remaining drones ending on one cell all dismantle and leave scrap there. */
function resolveGroups(d: Draft, p: Pursuit): void {
  const n = p.dest.length;
  // the cells two or more remaining drones end on, found with two cell sets
  let seenLo = 0;
  let seenHi = 0;
  let sharedLo = 0;
  let sharedHi = 0;
  for (let i = 0; i < n; i++) {
    if (isDead(p, i)) continue;
    const c = p.dest[i];
    sharedLo |= seenLo & BIT_LO[c];
    sharedHi |= seenHi & BIT_HI[c];
    seenLo |= BIT_LO[c];
    seenHi |= BIT_HI[c];
  }
  if ((sharedLo | sharedHi) === 0) return;
  for (let i = 0; i < n; i++) {
    if (isDead(p, i) || !has(sharedLo, sharedHi, p.dest[i])) continue;
    kill(p, i);
    addScrap(d, p.dest[i]);
    d.events.push(dismantledEvent('collision', p.step, p.dest[i], d.charged[i]));
  }
}

/** The resolution order of every pursuit step: contact, then scrap arrivals, then groups. */
export const RESOLUTION: readonly Resolution[] = [resolveContact, resolveScrapArrivals, resolveGroups];

/** Moves the drones of one pursuit step, resolves it, and pays its casualties and group bonus. */
function pursue(d: Draft, step: 'first' | 'second'): void {
  const n = d.drones.length;
  // A copy made by slice (see fresh.ts): it becomes the drones of the next state when nobody dies.
  const dest = d.drones.slice();
  const p: Pursuit = { step, dest, deadLo: 0, deadHi: 0, casualties: 0 };
  let movers = 0;
  for (let i = 0; i < n; i++) {
    if (moves(d, p, i)) {
      dest[i] = TOWARD[dest[i] * CELLS + d.rover];
      movers++;
    }
  }
  if (movers === 0) return;
  d.events.push({ type: 'pursuit', step, movers });
  for (let r = 0; r < RESOLUTION.length; r++) {
    RESOLUTION[r](d, p);
    if (d.halted) return;
  }
  if (p.casualties === 0) {
    d.drones = dest;
    return;
  }
  const drones = newCells(n - p.casualties);
  const charged = newFlags(n - p.casualties);
  for (let i = 0, k = 0; i < n; i++) {
    if (!isDead(p, i)) {
      drones[k] = dest[i];
      charged[k++] = d.charged[i];
    }
  }
  d.drones = drones;
  d.charged = charged;
  d.score += p.casualties * POINTS_PER_DRONE;
  if (p.casualties > 1) {
    const points = GROUP_BONUS * (p.casualties - 1);
    d.score += points;
    d.events.push({ type: 'bonus', step, casualties: p.casualties, points });
  }
}
