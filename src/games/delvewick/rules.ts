/**
 * Delvewick's rules, from seeds/001_96f0c49922c2c7ff.txt. The tick itself is the ordered stage list in
 * stages/index.ts; this module checks actions, copies the state, runs the tick and lists legal actions.
 * Decisions the seed left open are listed in README.md ("Decisions").
 */
import type { GameEvent, StepResult } from '../../core/game.js';
import { plainConstructor } from '../../core/plain.js';
import type { Seed } from '../../core/seed.js';
import { levelStart } from './generate.js';
import { checkMove, DIRECTIONS, MOVE_OK, MOVE_REFUSALS, refusalMessage, WAIT } from './moves.js';
import { runTick, type Tick } from './stages/index.js';
import { END_REASONS, PLAYING, type DelvewickAction, type DelvewickState } from './types.js';

/** A new run at level 1. The seed is only remembered: every seed plays the same levels. */
export function init(seed: Seed): DelvewickState {
  return levelStart(1, seed);
}

/** The five actions as shared frozen objects, so listing legal actions allocates only the array. */
const MOVE_ACTIONS: readonly DelvewickAction[] = DIRECTIONS.map((dir) => Object.freeze({ type: 'move', dir }));
const WAIT_ACTION: DelvewickAction = Object.freeze({ type: 'wait' });

/** Not a direction number: the action is outside the grammar. */
const UNKNOWN = -2;

/** The action's direction number (0..3), WAIT, or UNKNOWN for anything outside the grammar. */
function actionCode(action: unknown): number {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return UNKNOWN;
  const a = action as Record<string, unknown>;
  let keys = 0;
  for (const k in a) if (Object.prototype.hasOwnProperty.call(a, k)) keys++;
  if (a.type === 'wait') return keys === 1 ? WAIT : UNKNOWN;
  if (a.type !== 'move' || keys !== 2) return UNKNOWN;
  switch (a.dir) {
    case 'up':
      return 0;
    case 'down':
      return 1;
    case 'left':
      return 2;
    case 'right':
      return 3;
    default:
      return UNKNOWN;
  }
}

/** The input as JSON for a message; never throws, whatever it is. */
function quote(x: unknown): string {
  try {
    return JSON.stringify(x) ?? String(x);
  } catch {
    return String(x);
  }
}

/**
 * The constructor behind `copyState`: a step builds its state with `new`, never with an object
 * literal, so that V8 never pretenures it (see core/plain.ts; in the engine bench Delvewick's steps ran
 * 20-40 times slower in about one process in three before).
 */
const StateCopy = plainConstructor(function (this: DelvewickState, s: DelvewickState) {
  this.seed = s.seed;
  this.level = s.level;
  this.w = s.w;
  this.h = s.h;
  this.grid = s.grid.slice();
  this.mole = s.mole;
  this.oil = s.oil;
  this.quota = s.quota;
  this.gems = s.gems;
  this.exitOpen = s.exitOpen;
  this.score = s.score;
  this.chain = s.chain;
  this.chainAge = s.chainAge;
  this.end = s.end;
  this.settled = s.settled;
});

/** A copy of `s` that owns its own grid, for a tick to work on (a plain object; see `StateCopy`). */
function copyState(s: DelvewickState): DelvewickState {
  return new StateCopy(s);
}

/**
 * The state after one legal action (`dir` 0..3, or WAIT), with events pushed to `events` when given.
 * The caller must have checked legality; the solver calls this directly to skip building events.
 */
export function advance(s: DelvewickState, dir: number, events: GameEvent[] | null): DelvewickState {
  const t: Tick = { s: copyState(s), dir, from: -1, events, gotGem: false, onExit: false };
  runTick(t);
  return t.s;
}

/** Applies one action, or refuses it (without touching `state`) with a reason and a message. */
export function step(state: DelvewickState, action: DelvewickAction): StepResult<DelvewickState> {
  const code = actionCode(action);
  if (code === UNKNOWN) {
    return {
      ok: false,
      reason: 'unknown_action',
      message: `${quote(action)} is not an action: use {"type":"move","dir":"up|down|left|right"} or {"type":"wait"}.`,
    };
  }
  if (state.end !== PLAYING) {
    return {
      ok: false,
      reason: 'game_over',
      message: `${JSON.stringify(action)} refused: the run is over (${END_REASONS[state.end]}).`,
    };
  }
  if (code !== WAIT) {
    const verdict = checkMove(state, code);
    if (verdict !== MOVE_OK) {
      return { ok: false, reason: MOVE_REFUSALS[verdict], message: refusalMessage(state, code, verdict) };
    }
  }
  const events: GameEvent[] = [];
  return { ok: true, state: advance(state, code, events), events };
}

/** Every action `step` accepts now: the legal moves in grammar order, then wait; none once the run is over. */
export function legalActions(state: DelvewickState): DelvewickAction[] {
  if (state.end !== PLAYING) return [];
  const out: DelvewickAction[] = [];
  for (let dir = 0; dir < 4; dir++) if (checkMove(state, dir) === MOVE_OK) out.push(MOVE_ACTIONS[dir]);
  out.push(WAIT_ACTION);
  return out;
}
