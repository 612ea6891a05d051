/**
 * Whirlyard's rules, from the seed file shared/seeds/003_f0d0ced06f254d05.txt.
 *
 * A turn is the ordered list of named stages `TURN_STAGES` in stages/index.ts, run until one halts
 * the turn (the rover was caught, or a wave was cleared and its fresh board must not pursue yet). End
 * Run is its own one-stage list: it consumes no turn.
 *
 * Decisions the seed left open (all in README.md): a pulse with nothing adjacent is legal and still
 * spends a charge and counts as this wave's pulse; the rover may move next to a drone (only landing on
 * a drone or scrap is forbidden), and is then caught by it; scrap left by a pulse is "existing scrap"
 * for the pursuit step of the same action; when the rover is caught the interrupted pursuit step
 * still moves the drones (so the final map shows who reached it) but dismantles and pays nothing;
 * refusals are checked in the order unknown_action, game_over, no_charge / out_of_bounds / blocked.
 */
import type { StepResult } from '../../core/game.js';
import { Rng } from '../../core/rng.js';
import { seedStream, type Seed } from '../../core/seed.js';
import { BIT_HI, BIT_LO, DIRECTIONS, NEIGHBOUR, cellName } from './board.js';
import { newState } from './fresh.js';
import { spawnWave } from './generate.js';
import { END_RUN, PULSE, WAIT, draftOf, moveRefusal, runTurn, settle } from './stages/index.js';
import { ROVER_START, SCRAP_START, START_CHARGES, type WhirlyardAction, type WhirlyardState } from './types.js';

/** A new run: wave 1 on its starting board, two charges. */
export function init(seed: Seed): WhirlyardState {
  const rng = new Rng(seedStream(seed));
  const spawn = spawnWave(rng, 1, START_CHARGES);
  // made by `newState`, not a literal: see fresh.ts
  const s = newState({
    seed,
    rng: rng.state(),
    wave: 1,
    turn: 0,
    waveTurn: 0,
    charges: START_CHARGES,
    pulseUsed: false,
    score: 0,
    over: false,
    endReason: null,
    rover: ROVER_START,
    drones: spawn.drones,
    charged: spawn.charged,
    scrapLo: BIT_LO[SCRAP_START],
    scrapHi: BIT_HI[SCRAP_START],
  });
  return s;
}

const DIRECTION_CODE: Readonly<Record<string, number>> = Object.freeze(
  Object.assign(Object.create(null), Object.fromEntries(DIRECTIONS.map((d, i) => [d, i]))),
);

/** The code of a well-formed action (0..7 moves, WAIT, PULSE, END_RUN), or -1 if it breaks the grammar. */
function actionCode(action: unknown): number {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return -1;
  const a = action as Record<string, unknown>;
  let keys = 0;
  for (const k in a) if (Object.prototype.hasOwnProperty.call(a, k)) keys++;
  switch (a.type) {
    case 'move': {
      if (keys !== 2 || typeof a.direction !== 'string') return -1;
      const code = DIRECTION_CODE[a.direction];
      return code === undefined ? -1 : code;
    }
    case 'wait':
      return keys === 1 ? WAIT : -1;
    case 'pulse':
      return keys === 1 ? PULSE : -1;
    case 'end_run':
      return keys === 1 ? END_RUN : -1;
    default:
      return -1;
  }
}

function refused(reason: string, message: string): StepResult<WhirlyardState> {
  return { ok: false, reason, message };
}

/** Applies one action; refusals change nothing and say why. */
export function step(state: WhirlyardState, action: WhirlyardAction): StepResult<WhirlyardState> {
  const code = actionCode(action);
  if (code < 0) {
    return refused('unknown_action', `${safeJson(action)} is not a Whirlyard action (move, wait, pulse or end_run)`);
  }
  if (state.over) {
    return refused('game_over', `the run is over (${state.endReason}); ${safeJson(action)} cannot be played`);
  }
  if (code === PULSE && state.charges === 0) {
    return refused('no_charge', 'pulse needs a charge and none is left');
  }
  if (code < 8) {
    const why = moveRefusal(state, code);
    if (why === 'out_of_bounds') {
      return refused(why, `move "${DIRECTIONS[code]}" from ${cellName(state.rover)} would leave the board`);
    }
    if (why === 'blocked') {
      const to = NEIGHBOUR[state.rover * 8 + code];
      const what = state.drones.includes(to) ? 'a drone' : 'scrap';
      return refused(
        why,
        `move "${DIRECTIONS[code]}" from ${cellName(state.rover)} would land on ${what} at ${cellName(to)}`,
      );
    }
  }
  const d = draftOf(state);
  runTurn(d, code);
  return { ok: true, state: settle(d), events: d.events };
}

function safeJson(x: unknown): string {
  try {
    const s = JSON.stringify(x);
    if (s === undefined) return String(x);
    return s.length > 120 ? s.slice(0, 117) + '...' : s;
  } catch {
    return 'the action';
  }
}

const MOVE_ACTIONS: readonly WhirlyardAction[] = DIRECTIONS.map((direction) =>
  Object.freeze({ type: 'move' as const, direction }),
);
const WAIT_ACTION: WhirlyardAction = Object.freeze({ type: 'wait' as const });
const PULSE_ACTION: WhirlyardAction = Object.freeze({ type: 'pulse' as const });
const END_RUN_ACTION: WhirlyardAction = Object.freeze({ type: 'end_run' as const });

/** Every action `step` accepts now, in a fixed order: moves (grammar order), wait, pulse, end_run. */
export function legalActions(state: WhirlyardState): WhirlyardAction[] {
  if (state.over) return [];
  let lo = state.scrapLo;
  let hi = state.scrapHi;
  for (let i = 0; i < state.drones.length; i++) {
    lo |= BIT_LO[state.drones[i]];
    hi |= BIT_HI[state.drones[i]];
  }
  const out: WhirlyardAction[] = [];
  const base = state.rover * 8;
  for (let dir = 0; dir < 8; dir++) {
    const to = NEIGHBOUR[base + dir];
    if (to >= 0 && ((lo & BIT_LO[to]) | (hi & BIT_HI[to])) === 0) out.push(MOVE_ACTIONS[dir]);
  }
  out.push(WAIT_ACTION);
  if (state.charges > 0) out.push(PULSE_ACTION);
  out.push(END_RUN_ACTION);
  return out;
}
