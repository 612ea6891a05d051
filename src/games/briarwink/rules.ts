/**
 * Briarwink's actions, from the seed file shared/seeds/000_f24a9fe9a6231248.txt (ACTIONS,
 * BATCHES): start, tick (move or walkTo, plant, count 1-30) and endRun; the legal list; batches that
 * stop early. The tick itself is the ordered stage list in stages/index.ts.
 */
import type { GameAction, GameEvent, StepResult } from '../../core/game.js';
import { refuse } from '../../core/game.js';
import type { LastBatch, State } from './types.js';
import { DIR_NAMES, OVER, PLAYING, WAITING } from './types.js';
import { cloneState, releaseState } from './own.js';
import { RULES_V1, RULES_V2, newCtx, nextTick } from './stages/ctx.js';
import { runTick } from './stages/index.js';
import { LastBatchRecord } from './records.js';

/** A Briarwink action, as the grammar allows it. */
export type Action = GameAction;

const MOVES: (string | null)[] = [...DIR_NAMES, null];

/** The ten single ticks (each move, plant false and true) plus endRun: the legal list while playing. */
const PLAYING_LEGAL: readonly Action[] = [
  ...MOVES.flatMap((move) => [
    { type: 'tick', move, plant: false },
    { type: 'tick', move, plant: true },
  ]),
  { type: 'endRun' },
].map((a) => Object.freeze(a)); // shared by every call: frozen so no caller can change them

/** Every action step accepts now (walkTo and count are accepted variants of the listed ticks). */
export function legalActions(s: State): Action[] {
  if (s.status === PLAYING) return PLAYING_LEGAL.slice();
  if (s.status === WAITING) return s.nightsCleared > 0 ? [{ type: 'start' }, { type: 'endRun' }] : [{ type: 'start' }];
  return [];
}

/** A parsed tick, or a refusal. */
type ParsedTick = { move: number; walkTo: number; plant: boolean; count: number };

function parseTick(a: Action): ParsedTick | { ok: false; reason: string; message: string } {
  for (const k in a)
    if (k !== 'type' && k !== 'move' && k !== 'walkTo' && k !== 'plant' && k !== 'count')
      return refuse('unknown_field', `tick does not take the field "${k}"`);
  const hasMove = 'move' in a;
  const hasWalk = 'walkTo' in a;
  if (hasMove && hasWalk) return refuse('move_and_walkto', 'a tick carries move or walkTo, never both');
  if (!hasMove && !hasWalk) return refuse('missing_move', 'a tick needs move (a direction or null) or walkTo (a cell)');
  let move = -1;
  let walkTo = -1;
  if (hasMove) {
    const i = MOVES.indexOf(a.move as string | null);
    if (i < 0) return refuse('bad_move', `move must be up, right, down, left or null, not ${JSON.stringify(a.move)}`);
    move = i < 4 ? i : -1;
  } else {
    const w = a.walkTo;
    if (typeof w !== 'number' || !Number.isInteger(w) || w < 0 || w > 62)
      return refuse('bad_walkto', `walkTo must be a cell from 0 to 62, not ${JSON.stringify(w)}`);
    walkTo = w;
  }
  if ('plant' in a && typeof a.plant !== 'boolean')
    return refuse('bad_plant', `plant must be true or false, not ${JSON.stringify(a.plant)}`);
  let count = 1;
  if ('count' in a) {
    const c = a.count;
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 1 || c > 30)
      return refuse('bad_count', `count must be a whole number from 1 to 30, not ${JSON.stringify(c)}`);
    count = c;
  }
  return { move, walkTo, plant: a.plant === true, count };
}

function onlyType(a: Action): boolean {
  return Object.keys(a).length === 1;
}

/** The lastBatch of a plain single tick, the common case: one frozen record shared by every such state. */
const ONE_TICK: LastBatch = Object.freeze({ requested: 1, applied: 1, stoppedBy: 'count', eventsDropped: 0 });

/**
 * Run a batch of ticks on a copy of the state, stopping early as the seed says. The copy and the tick
 * context (with every scratch buffer) are this call's own; the copy is released before it is returned.
 */
export function runBatch(state: State, p: ParsedTick, rules: number = RULES_V2): { state: State; events: GameEvent[] } {
  const s = cloneState(state);
  const events: GameEvent[] = [];
  let applied = 0;
  let stoppedBy = 'count';
  const t = newCtx(p.move, p.walkTo, false, events, rules);
  for (let i = 0; i < p.count; i++) {
    nextTick(t, p.plant && i === 0);
    runTick(s, t);
    applied++;
    if (t.over) stoppedBy = 'runOver';
    else if (t.cleared) stoppedBy = 'nightCleared';
    else if (t.heartLost) stoppedBy = 'heart';
    else if (p.walkTo >= 0 && s.away === 0 && s.pTo < 0 && s.pAt === p.walkTo) stoppedBy = 'arrived';
    else continue;
    break;
  }
  s.lastBatch =
    p.count === 1 && applied === 1 && stoppedBy === 'count' && t.dropped === 0
      ? ONE_TICK
      : new LastBatchRecord(p.count, applied, stoppedBy, t.dropped);
  return { state: releaseState(s), events };
}

/** Apply one action without touching the input state (the current rules, `briarwink-2`). */
export function step(state: State, action: Action): StepResult<State> {
  return stepUnder(state, action, RULES_V2);
}

/** Apply one action under rules `briarwink-1`, to replay runs stored under that version. */
export function stepV1(state: State, action: Action): StepResult<State> {
  return stepUnder(state, action, RULES_V1);
}

function stepUnder(state: State, action: Action, rules: number): StepResult<State> {
  if (action === null || typeof action !== 'object' || typeof action.type !== 'string')
    return refuse('unknown_action', `not an action: ${JSON.stringify(action)}`);
  if (state.status === OVER) return refuse('game_over', `the run is finished; ${JSON.stringify(action)} does nothing`);
  switch (action.type) {
    case 'start': {
      if (!onlyType(action)) return refuse('unknown_field', `start takes no other fields: ${JSON.stringify(action)}`);
      if (state.status !== WAITING)
        return refuse(
          'already_playing',
          `${JSON.stringify(action)} is only legal while waiting before a night; this night is under way`,
        );
      const s = cloneState(state);
      s.status = PLAYING;
      s.lastBatch = new LastBatchRecord(0, 0, 'none', 0);
      return {
        ok: true,
        state: releaseState(s),
        events: [{ type: 'nightStarts', night: s.night, moonless: s.moonless }],
      };
    }
    case 'endRun': {
      if (!onlyType(action)) return refuse('unknown_field', `endRun takes no fields: ${JSON.stringify(action)}`);
      if (state.status === WAITING && state.nightsCleared === 0)
        return refuse('not_started', `${JSON.stringify(action)} is not allowed in the opening wait: send start first`);
      const s = cloneState(state);
      s.status = OVER;
      s.lastBatch = new LastBatchRecord(0, 0, 'none', 0);
      return {
        ok: true,
        state: releaseState(s),
        events: [{ type: 'runEnded', score: s.score, nightsCleared: s.nightsCleared }],
      };
    }
    case 'tick': {
      const p = parseTick(action);
      if ('ok' in p) return refuse(p.reason, `${p.message} (got ${JSON.stringify(action)})`);
      if (state.status === WAITING) return refuse('not_started', `send start first (got ${JSON.stringify(action)})`);
      const r = runBatch(state, p, rules);
      return { ok: true, state: r.state, events: r.events };
    }
    default:
      return refuse('unknown_action', `unknown action type ${JSON.stringify(action.type)}`);
  }
}
