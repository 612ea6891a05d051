/**
 * The binary layout the pool and the Python package share (clients/python/src/gameboard/pool.py reads
 * the same offsets). A group of `n` environments has one block: an 8-byte summary, then every field an
 * array of `n` rows, in this order, each field starting at a multiple of 8 bytes:
 *
 *   summary   int32[2]           (not a row a slot) slots refused by the last step, slots now pending
 *   scores    float64[n]         the score now
 *   rewards   float64[n]         the last step's reward: the score's change, 0 on a reset, the refused reward
 *   gameSeed  int64[n]           the game seed the slot's run started from
 *   steps     int64[n]           steps the run has played (refused steps not counted)
 *   features  float32[n][F]      the numeric observation's features
 *   cost      int32[n]           budget units the last step spent (0 when it played nothing)
 *   actions   int32[n]           input: the action index to play (-1: none)
 *   seeds     uint32[n]          input: the game seed of a reset
 *   planes    uint8[n][C*H*W]    the observation's planes
 *   masks     int8[n][A]         1 where the action index is legal now
 *   status    uint8[n]           0 played (or reset), 1 refused (nothing changed), 2 not stepped
 *   over      uint8[n]           1 once the run is over
 *   resetMask uint8[n]           input: 1 for the slots a reset starts again
 *   terminated uint8[n]          1 where the last step ended the run
 *   truncated uint8[n]           1 where the last step reached the budget or the step limit (run not over)
 *   refused   uint8[n]           1 where the last step was refused (masked out, or by the engine)
 *   pending   uint8[n]           1 where the last step terminated or truncated the run (an autoreset next)
 *
 * The int64 rows are written as their low 32-bit word and a zero high word (both are below 2^32).
 * Every message on the pipes is little-endian (as every machine Node runs on).
 */
export interface Layout {
  n: number;
  planes: number;
  features: number;
  actions: number;
  offsets: Record<Field, number>;
  bytes: number;
}

type Field =
  | 'summary'
  | 'scores'
  | 'rewards'
  | 'gameSeed'
  | 'steps'
  | 'features'
  | 'cost'
  | 'actions'
  | 'seeds'
  | 'planes'
  | 'masks'
  | 'status'
  | 'over'
  | 'resetMask'
  | 'terminated'
  | 'truncated'
  | 'refused'
  | 'pending';

const FIELDS: [Exclude<Field, 'summary'>, number, 'planes' | 'features' | 'actions' | 1][] = [
  ['scores', 8, 1],
  ['rewards', 8, 1],
  ['gameSeed', 8, 1],
  ['steps', 8, 1],
  ['features', 4, 'features'],
  ['cost', 4, 1],
  ['actions', 4, 1],
  ['seeds', 4, 1],
  ['planes', 1, 'planes'],
  ['masks', 1, 'actions'],
  ['status', 1, 1],
  ['over', 1, 1],
  ['resetMask', 1, 1],
  ['terminated', 1, 1],
  ['truncated', 1, 1],
  ['refused', 1, 1],
  ['pending', 1, 1],
];

export function layoutOf(n: number, planes: number, features: number, actions: number): Layout {
  const offsets = { summary: 0 } as Record<Field, number>;
  const sizes = { planes, features, actions };
  let at = 8;
  for (const [name, width, per] of FIELDS) {
    offsets[name] = at;
    at += Math.ceil((n * width * (per === 1 ? 1 : sizes[per])) / 8) * 8;
  }
  return { n, planes, features, actions, offsets, bytes: at };
}

export interface Views {
  summary: Int32Array;
  scores: Float64Array;
  rewards: Float64Array;
  /** Two words a slot: [2i] the seed, [2i + 1] 0. */
  gameSeed: Uint32Array;
  /** Two words a slot: [2i] the steps, [2i + 1] 0. */
  steps: Uint32Array;
  features: Float32Array;
  cost: Int32Array;
  actions: Int32Array;
  seeds: Uint32Array;
  planes: Uint8Array;
  masks: Int8Array;
  status: Uint8Array;
  over: Uint8Array;
  resetMask: Uint8Array;
  terminated: Uint8Array;
  truncated: Uint8Array;
  refused: Uint8Array;
  pending: Uint8Array;
}

export function views(l: Layout, b: SharedArrayBuffer | ArrayBuffer): Views {
  const o = l.offsets;
  return {
    summary: new Int32Array(b, o.summary, 2),
    scores: new Float64Array(b, o.scores, l.n),
    rewards: new Float64Array(b, o.rewards, l.n),
    gameSeed: new Uint32Array(b, o.gameSeed, 2 * l.n),
    steps: new Uint32Array(b, o.steps, 2 * l.n),
    features: new Float32Array(b, o.features, l.n * l.features),
    cost: new Int32Array(b, o.cost, l.n),
    actions: new Int32Array(b, o.actions, l.n),
    seeds: new Uint32Array(b, o.seeds, l.n),
    planes: new Uint8Array(b, o.planes, l.n * l.planes),
    masks: new Int8Array(b, o.masks, l.n * l.actions),
    status: new Uint8Array(b, o.status, l.n),
    over: new Uint8Array(b, o.over, l.n),
    resetMask: new Uint8Array(b, o.resetMask, l.n),
    terminated: new Uint8Array(b, o.terminated, l.n),
    truncated: new Uint8Array(b, o.truncated, l.n),
    refused: new Uint8Array(b, o.refused, l.n),
    pending: new Uint8Array(b, o.pending, l.n),
  };
}

/**
 * How a group keeps its environments' runs (given when it is opened): the budget limit that truncates
 * (units of the game's ranked budget; null: none), the step limit that truncates (every step counts,
 * refused ones too; null: none), the reward of a refused step, and whether a slot whose run ended on a
 * step starts again from its seed (`seeds`) on the next step whatever its action (Gymnasium's next-step
 * autoreset).
 */
export interface GroupParams {
  budget: number | null;
  maxSteps: number | null;
  refusedReward: number;
  autoreset: boolean;
}

export const DEFAULT_PARAMS: GroupParams = { budget: null, maxSteps: null, refusedReward: 0, autoreset: false };

/** The request's params, checked (a missing one takes its default). */
export function paramsOf(raw: unknown): GroupParams {
  const p = (raw ?? {}) as Partial<Record<keyof GroupParams, unknown>>;
  const limit = (name: string, x: unknown): number | null => {
    if (x === undefined || x === null) return null;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0)
      throw new RangeError(`${name} is an integer from 0 up, or null; got ${JSON.stringify(x)}.`);
    return x;
  };
  // A float that JSON cannot hold comes as its name.
  const named: Record<string, number> = { Infinity: Infinity, '-Infinity': -Infinity, NaN: NaN };
  const given = p.refusedReward ?? 0;
  const reward = typeof given === 'string' && given in named ? named[given] : given;
  if (typeof reward !== 'number') throw new RangeError(`refusedReward is a number; got ${JSON.stringify(given)}.`);
  if (p.autoreset !== undefined && typeof p.autoreset !== 'boolean')
    throw new RangeError(`autoreset is true or false; got ${JSON.stringify(p.autoreset)}.`);
  return {
    budget: limit('budget', p.budget),
    maxSteps: limit('maxSteps', p.maxSteps),
    refusedReward: reward,
    autoreset: p.autoreset ?? false,
  };
}

/** The requests' op codes. */
export const OP = { OPEN: 1, RESET: 2, STEP: 3, EXPORT: 4, IMPORT: 5, INFO: 6, CLOSE: 7, MAP: 8, SPEC: 9 } as const;
