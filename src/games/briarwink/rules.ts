/**
 * Briarwink's actions, from the seed file shared/seeds/000_f24a9fe9a6231248.txt (ACTIONS,
 * BATCHES): start, tick (move or walkTo, plant, count 1-30) and endRun; the legal list; batches that
 * stop early; and `init`, a new run. The tick itself is the ordered stage list in stages/index.ts.
 */
import type { StepResult } from '../../core/game.js';
import { refuse } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import type { BriarwinkAction, LastBatch, BriarwinkState } from './types.js';
import { DIR_NAMES, OVER, PLAYING, WAITING } from './types.js';
import { OWN_NONE, cloneState, releaseState } from './own.js';
import { RULES_V1, RULES_V2, TickCtx, nextTick, saveRng } from './stages/ctx.js';
import { runTick } from './stages/index.js';
import { LastBatchRecord, StateRecord } from './records.js';
import { START_HEARTS } from './roster.js';
import { generateNight } from './generate.js';

/** A new run: night 1 laid out, waiting for start. */
export function init(seed: Seed): BriarwinkState {
  const s: BriarwinkState = {
    seed,
    status: WAITING,
    night: 0,
    tick: 0,
    nightTick: 0,
    score: 0,
    hearts: START_HEARTS,
    nightsCleared: 0,
    relitTotal: 0,
    lostHeart: false,
    levels: [0, 0, 0],
    pAt: 0,
    pTo: -1,
    pProg: 0,
    pSteps: 8,
    pDir: -1,
    away: 0,
    grace: 0,
    band: 1,
    layout: 0,
    moonless: false,
    corner: 0,
    terrain: [],
    origBriar: [],
    sproutAge: [],
    hidden: [],
    pods: [],
    nextPod: 0,
    blooms: [],
    cascades: [],
    dimlings: [],
    nextDimling: 0,
    pickups: [],
    deferred: [],
    fireflies: [],
    gate: -1,
    lastRelight: -1,
    calmLeft: 0,
    creepEvents: -1,
    creepIn: -1,
    marks: [],
    growPending: [],
    restless: false,
    settled: false,
    regrowIn: -1,
    rng: [0, 0, 0, 0],
    lastBatch: { requested: 0, applied: 0, stoppedBy: 'none', eventsDropped: 0 },
    own: OWN_NONE,
  };
  generateNight(s, 1);
  // as a record, so that every state a step sees shares one hidden class (records.ts)
  return releaseState(new StateRecord(s, s.dimlings));
}

const MOVES: (string | null)[] = [...DIR_NAMES, null];

/** The ten single ticks (each move, plant false and true) plus endRun: the legal list while playing. */
const PLAYING_LEGAL: readonly BriarwinkAction[] = [
  ...MOVES.flatMap((move) => [
    { type: 'tick', move, plant: false },
    { type: 'tick', move, plant: true },
  ]),
  { type: 'endRun' },
].map((a) => Object.freeze(a)); // shared by every call: frozen so no caller can change them

/** The legal lists of the opening wait and of a break between nights (their actions frozen and shared). */
const OPENING_LEGAL: readonly BriarwinkAction[] = [Object.freeze({ type: 'start' })];
const BREAK_LEGAL: readonly BriarwinkAction[] = [Object.freeze({ type: 'start' }), Object.freeze({ type: 'endRun' })];

/**
 * Every action step accepts now (walkTo and count are accepted variants of the listed ticks). Each call
 * answers a new array, as every game's does (the contract's list is the caller's to sort or filter);
 * the action objects in it are shared and frozen. The copy is about 0.3% of a tick's instructions.
 */
export function legalActions(s: BriarwinkState): BriarwinkAction[] {
  if (s.status === PLAYING) return PLAYING_LEGAL.slice();
  if (s.status === WAITING) return (s.nightsCleared > 0 ? BREAK_LEGAL : OPENING_LEGAL).slice();
  return [];
}

/** A refused action's answer. */
type Refusal = { ok: false; reason: string; message: string };

// The tick fields parseTick's pass over the keys saw (bits).
const SAW_MOVE = 1;
const SAW_WALK_TO = 2;
const SAW_PLANT = 4;
const SAW_COUNT = 8;

/**
 * Read a tick action into the context (`move`, `walkTo`, `plant`) and answer its count, or refuse it.
 * One pass over the enumerable keys (own and inherited, as `for...in` lists them) refuses the first
 * unknown one and notes the fields it met. A field it did not meet may still be there (not enumerable,
 * or inherited without being enumerable, on an object built in-process), so only those are asked with
 * `in`: the action is read, refused and explained exactly as by a separate `in` for every field.
 * Only fields that are there are read.
 */
function parseTick(a: BriarwinkAction, t: TickCtx): number | Refusal {
  let saw = 0;
  for (const k in a) {
    switch (k) {
      case 'type':
        break;
      case 'move':
        saw |= SAW_MOVE;
        break;
      case 'walkTo':
        saw |= SAW_WALK_TO;
        break;
      case 'plant':
        saw |= SAW_PLANT;
        break;
      case 'count':
        saw |= SAW_COUNT;
        break;
      default:
        return refuse('unknown_field', `tick does not take the field "${k}"`);
    }
  }
  const hasMove = (saw & SAW_MOVE) !== 0 || 'move' in a;
  const hasWalk = (saw & SAW_WALK_TO) !== 0 || 'walkTo' in a;
  if (hasMove && hasWalk) return refuse('move_and_walkto', 'a tick carries move or walkTo, never both');
  if (!hasMove && !hasWalk) return refuse('missing_move', 'a tick needs move (a direction or null) or walkTo (a cell)');
  if (hasMove) {
    const i = MOVES.indexOf(a.move as string | null);
    if (i < 0) return refuse('bad_move', `move must be up, right, down, left or null, not ${JSON.stringify(a.move)}`);
    t.move = i < 4 ? i : -1;
  } else {
    const w = a.walkTo;
    if (typeof w !== 'number' || !Number.isInteger(w) || w < 0 || w > 62)
      return refuse('bad_walkto', `walkTo must be a cell from 0 to 62, not ${JSON.stringify(w)}`);
    t.walkTo = w;
  }
  const hasPlant = (saw & SAW_PLANT) !== 0 || 'plant' in a;
  if (hasPlant && typeof a.plant !== 'boolean')
    return refuse('bad_plant', `plant must be true or false, not ${JSON.stringify(a.plant)}`);
  let count = 1;
  if ((saw & SAW_COUNT) !== 0 || 'count' in a) {
    const c = a.count;
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 1 || c > 30)
      return refuse('bad_count', `count must be a whole number from 1 to 30, not ${JSON.stringify(c)}`);
    count = c;
  }
  // An absent field reads as undefined; not reading it saves a slow lookup (a load that misses is
  // several times dearer than one that hits, once the actions come in more shapes than a cache holds).
  t.plant = hasPlant && a.plant === true;
  return count;
}

function onlyType(a: BriarwinkAction): boolean {
  return Object.keys(a).length === 1;
}

/** The lastBatch of a plain single tick, the common case: one frozen record shared by every such state. */
const ONE_TICK: LastBatch = Object.freeze({ requested: 1, applied: 1, stoppedBy: 'count', eventsDropped: 0 });

/**
 * Run a batch of `count` ticks of the parsed tick in `t` on a copy of the state, stopping early as the
 * seed says. The copy and the tick context (with every scratch buffer) are this call's own; the copy is
 * released before it is returned.
 */
function runBatch(state: BriarwinkState, t: TickCtx, count: number): BriarwinkState {
  const s = cloneState(state);
  const plant = t.plant;
  let applied = 0;
  let stoppedBy = 'count';
  for (let i = 0; i < count; i++) {
    nextTick(t, plant && i === 0);
    runTick(s, t);
    applied++;
    if (t.over) stoppedBy = 'runOver';
    else if (t.cleared) stoppedBy = 'nightCleared';
    else if (t.heartLost) stoppedBy = 'heart';
    else if (t.walkTo >= 0 && s.away === 0 && s.pTo < 0 && s.pAt === t.walkTo) stoppedBy = 'arrived';
    else continue;
    break;
  }
  saveRng(s, t);
  s.lastBatch =
    count === 1 && applied === 1 && stoppedBy === 'count' && t.dropped === 0
      ? ONE_TICK
      : new LastBatchRecord(count, applied, stoppedBy, t.dropped);
  return releaseState(s);
}

/** Apply one action without touching the input state (the current rules, `briarwink-2`). */
export function step(state: BriarwinkState, action: BriarwinkAction): StepResult<BriarwinkState> {
  return stepUnder(state, action, RULES_V2);
}

/** Apply one action under rules `briarwink-1`, to replay runs stored under that version. */
export function stepV1(state: BriarwinkState, action: BriarwinkAction): StepResult<BriarwinkState> {
  return stepUnder(state, action, RULES_V1);
}

function stepUnder(state: BriarwinkState, action: BriarwinkAction, rules: number): StepResult<BriarwinkState> {
  if (action === null || typeof action !== 'object')
    return refuse('unknown_action', `not an action: ${JSON.stringify(action)}`);
  const type: unknown = action.type; // read once: a load on actions of many shapes is not free
  if (typeof type !== 'string') return refuse('unknown_action', `not an action: ${JSON.stringify(action)}`);
  if (state.status === OVER) return refuse('game_over', `the run is finished; ${JSON.stringify(action)} does nothing`);
  switch (type) {
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
      const t = new TickCtx(-1, -1, false, [], rules);
      const count = parseTick(action, t);
      if (typeof count !== 'number') return refuse(count.reason, `${count.message} (got ${JSON.stringify(action)})`);
      if (state.status === WAITING) return refuse('not_started', `send start first (got ${JSON.stringify(action)})`);
      return { ok: true, state: runBatch(state, t, count), events: t.events };
    }
    default:
      return refuse('unknown_action', `unknown action type ${JSON.stringify(type)}`);
  }
}
