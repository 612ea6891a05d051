/**
 * Cragwake's rules: reach, prices, legality, refusals and the step entry point.
 * Seed file: shared/seeds/004_fad6ef1061ab6292.txt (every sentence of it is a rule).
 *
 * Decisions the seed leaves open are listed in README.md; the ones that shape this module:
 * - "within reach in the row above" (the repair) means the three cells a step reaches, so the line it
 *   guarantees is a line of steps, usable even from an icy hold;
 * - refusal reasons are tested in the order out_of_reach, under_floor, lunge_from_ice, bare_rock,
 *   too_costly (the first that applies is named); a column off the wall is out of reach;
 * - the run's "no legal move" ending counts move actions only: breathing is always legal while stamina
 *   lasts, so counting it would make that ending impossible.
 * The turn itself is the ordered list of stages in stages/index.ts.
 */
import { refuse, type GameEvent, type StepResult } from '../../core/game.js';
import {
  BARE_ROCK,
  LUNGE_FROM_ICE,
  OUT_OF_REACH,
  REACH_DC,
  REACH_DR,
  UNDER_FLOOR,
  belayOf,
  breathDelta,
  forEachMove,
  judgeTarget,
  moveCost,
  reachOf,
} from './reach.js';
import { difficulty } from './difficulty.js';
import { newState } from './fresh.js';
import type { Seed } from '../../core/seed.js';
import { gustOn, initialBand, rockfallOn } from './generate.js';
import { runTurn, type Turn } from './stages/index.js';
import {
  WIDTH,
  type CragwakeAction,
  type Draft,
  type MoveAction,
  type PricedAction,
  type CragwakeState,
} from './types.js';

const BREATHE: CragwakeAction = { type: 'breathe' };
const CLIMB_ON: CragwakeAction = { type: 'climbOn' };
const END_RUN: CragwakeAction = { type: 'endRun' };

/** A fresh run: row 0, column 3, pitch 1, a full tank, turn 1. */
export function init(seed: Seed): CragwakeState {
  return startAt(seed, 1, 3);
}

/**
 * A climber on turn 1 standing on the ledge that starts `pitch`, in column `col`, with that pitch's
 * full tank and nothing earned: `init` is pitch 1, column 3; the tests start deeper pitches from it.
 */
export function startAt(seed: Seed, pitch: number, col: number): CragwakeState {
  const floor = 10 * (pitch - 1);
  const p = difficulty(pitch);
  const { cells, overhang, pristineTop } = initialBand(seed, floor);
  // made by `newState`, not a literal: see fresh.ts
  return newState({
    seed,
    pitch,
    phase: 'climbing',
    end: null,
    row: floor,
    col,
    high: floor,
    floor,
    stamina: p.tank,
    turn: 1,
    score: 0,
    streak: 0,
    dipped: false,
    spindrift: 0,
    gust: gustOn(seed, 1, p),
    rockfall: rockfallOn(seed, 1, p),
    overhang,
    cells,
    pristineTop,
  });
}

/** Every action `step` accepts now, as fresh objects. */
export function legalActions(s: CragwakeState): CragwakeAction[] {
  if (s.phase === 'ledge') return [{ type: 'climbOn' }, { type: 'endRun' }];
  if (s.phase !== 'climbing') return [];
  // forEachMove's walk without its callback: this runs on every step of every agent
  const out: CragwakeAction[] = [];
  const belay = belayOf(s);
  for (let k = 0; k < REACH_DR.length; k++) {
    const row = s.row + REACH_DR[k];
    const col = s.col + REACH_DC[k];
    if (judgeTarget(s, row, col, belay) >= 0) out.push({ type: 'move', row, col });
  }
  out.push({ type: 'breathe' });
  return out;
}

/** Every legal action with its price (negative: stamina gained; 0 for the ledge choices). */
export function pricedActions(s: CragwakeState): PricedAction[] {
  if (s.phase === 'ledge') return [CLIMB_ON, END_RUN].map((a) => ({ action: { ...a }, cost: 0 }));
  if (s.phase !== 'climbing') return [];
  const out: PricedAction[] = [];
  forEachMove(s, (row, col, cost) => out.push({ action: { type: 'move', row, col }, cost }));
  out.push({ action: { ...BREATHE }, cost: 0 - breathDelta(s) });
  return out;
}

type Refusal = { ok: false; reason: string; message: string };

/** True when `a` has exactly `n` own enumerable keys (the grammar's fields and nothing else). */
function exactKeys(a: object, n: number): boolean {
  return Object.keys(a).length === n;
}

function unknown(action: unknown): Refusal {
  let shown: string;
  try {
    shown = JSON.stringify(action) ?? String(action);
  } catch {
    shown = String(action);
  }
  return refuse('unknown_action', `${shown} is not a Cragwake action (move, breathe, climbOn or endRun)`);
}

function wrongPhase(s: CragwakeState, action: CragwakeAction): Refusal {
  const where =
    s.phase === 'over'
      ? 'the run is over'
      : s.phase === 'ledge'
        ? `you are on the belay after pitch ${s.pitch - 1}: only climbOn and endRun are offered`
        : 'you are climbing: climbOn and endRun are only offered on a completed belay';
  return refuse('wrong_phase', `${JSON.stringify(action)} is not offered now: ${where}`);
}

/**
 * What a move to (row, col) costs, or why it is refused: `judgeTarget`'s verdict put into words. The
 * verdict alone decides; this only writes the message.
 */
function judgeMove(s: CragwakeState, row: number, col: number): Refusal | number {
  const belay = belayOf(s);
  const verdict = judgeTarget(s, row, col, belay);
  if (verdict >= 0) return verdict;
  const where = at(row, col);
  switch (verdict) {
    case OUT_OF_REACH:
      if (col < 0 || col >= WIDTH)
        return refuse('out_of_reach', `${where}: column ${col} is off the wall (columns 0-5)`);
      if (row > belay && reachOf(row - s.row, col - s.col) !== 0)
        return refuse('out_of_reach', `${where}: it is above the next belay, row ${belay}`);
      return refuse(
        'out_of_reach',
        `${where}: not a step or a lunge from row ${s.row}, col ${s.col} (lunges never go down)`,
      );
    case UNDER_FLOOR:
      return refuse('under_floor', `${where}: row ${row} is under the floor, row ${s.floor}`);
    case LUNGE_FROM_ICE:
      return refuse('lunge_from_ice', `${where}: that is a lunge, and you cannot lunge from an icy hold`);
    case BARE_ROCK:
      return refuse('bare_rock', `${where}: there is no hold there`);
    default:
      return refuse(
        'too_costly',
        `${where}: it costs ${moveCost(s, row, col, reachOf(row - s.row, col - s.col) === 2)} stamina and you have ${s.stamina}`,
      );
  }
}

function at(row: number, col: number): string {
  return `move to row ${row}, col ${col}`;
}

/** A private copy of `s` (it becomes the next state): made by `newState`, see fresh.ts for why. */
function draftOf(s: CragwakeState): Draft {
  // the band is the one array a step writes: the copy gets its own at once
  const d = newState(s as Draft);
  d.cells = s.cells.slice();
  return d;
}

/** Applies one action; a refusal returns no state and changes nothing. */
export function step(s: CragwakeState, action: CragwakeAction): StepResult<CragwakeState> {
  if (action === null || typeof action !== 'object' || Array.isArray(action)) return unknown(action);
  const type = (action as { type?: unknown }).type;
  let turn: Turn;
  if (type === 'move') {
    const { row, col } = action as MoveAction;
    if (!Number.isInteger(row) || !Number.isInteger(col) || !exactKeys(action, 3)) return unknown(action);
    if (s.phase !== 'climbing') return wrongPhase(s, action);
    const cost = judgeMove(s, row, col);
    if (typeof cost !== 'number') return cost;
    turn = {
      d: draftOf(s),
      kind: 'move',
      fromRow: s.row,
      fromCol: s.col,
      toRow: row,
      toCol: col,
      cost,
      lunge: reachOf(row - s.row, col - s.col) === 2,
      events: [],
    };
  } else if (type === 'breathe' || type === 'climbOn' || type === 'endRun') {
    if (!exactKeys(action, 1)) return unknown(action);
    if (s.phase !== (type === 'breathe' ? 'climbing' : 'ledge')) return wrongPhase(s, action);
    if (type === 'climbOn') return ledgeChoice(s, 'climbing', { type: 'climbedOn', pitch: s.pitch });
    if (type === 'endRun') return ledgeChoice(s, 'over', { type: 'runEnded', reason: 'ended' });
    turn = {
      d: draftOf(s),
      kind: 'breathe',
      fromRow: s.row,
      fromCol: s.col,
      toRow: s.row,
      toCol: s.col,
      cost: 0,
      lunge: false,
      events: [],
    };
  } else {
    return unknown(action);
  }
  runTurn(turn);
  return { ok: true, state: turn.d, events: turn.events };
}

/** climbOn and endRun: the wall, the score and the stamina stay exactly as they are. */
function ledgeChoice(s: CragwakeState, phase: 'climbing' | 'over', event: GameEvent): StepResult<CragwakeState> {
  const d = draftOf(s);
  d.phase = phase;
  if (phase === 'over') d.end = 'ended';
  return { ok: true, state: d, events: [event] };
}
