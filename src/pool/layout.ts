/**
 * The binary layout the pool and the Python package share (clients/python/src/gameboard/pool.py reads
 * the same offsets). A group of `n` environments has one block, every field an array of `n` rows, in
 * this order, each field starting at a multiple of 8 bytes:
 *
 *   scores    float64[n]         the score now
 *   features  float32[n][F]      the numeric observation's features
 *   cost      int32[n]           budget units the last step spent (0 when it played nothing)
 *   actions   int32[n]           input: the action index to play (-1: none)
 *   seeds     uint32[n]          input: the game seed of a reset
 *   planes    uint8[n][C*H*W]    the observation's planes
 *   masks     int8[n][A]         1 where the action index is legal now
 *   status    uint8[n]           0 played (or reset), 1 refused (nothing changed), 2 not stepped
 *   over      uint8[n]           1 once the run is over
 *   resetMask uint8[n]           input: 1 for the slots a reset starts again
 *
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
  'scores' | 'features' | 'cost' | 'actions' | 'seeds' | 'planes' | 'masks' | 'status' | 'over' | 'resetMask';

const FIELDS: [Field, number, 'planes' | 'features' | 'actions' | 1][] = [
  ['scores', 8, 1],
  ['features', 4, 'features'],
  ['cost', 4, 1],
  ['actions', 4, 1],
  ['seeds', 4, 1],
  ['planes', 1, 'planes'],
  ['masks', 1, 'actions'],
  ['status', 1, 1],
  ['over', 1, 1],
  ['resetMask', 1, 1],
];

export function layoutOf(n: number, planes: number, features: number, actions: number): Layout {
  const offsets = {} as Record<Field, number>;
  const sizes = { planes, features, actions };
  let at = 0;
  for (const [name, width, per] of FIELDS) {
    offsets[name] = at;
    at += Math.ceil((n * width * (per === 1 ? 1 : sizes[per])) / 8) * 8;
  }
  return { n, planes, features, actions, offsets, bytes: at };
}

export interface Views {
  scores: Float64Array;
  features: Float32Array;
  cost: Int32Array;
  actions: Int32Array;
  seeds: Uint32Array;
  planes: Uint8Array;
  masks: Int8Array;
  status: Uint8Array;
  over: Uint8Array;
  resetMask: Uint8Array;
}

export function views(l: Layout, b: SharedArrayBuffer | ArrayBuffer): Views {
  const o = l.offsets;
  return {
    scores: new Float64Array(b, o.scores, l.n),
    features: new Float32Array(b, o.features, l.n * l.features),
    cost: new Int32Array(b, o.cost, l.n),
    actions: new Int32Array(b, o.actions, l.n),
    seeds: new Uint32Array(b, o.seeds, l.n),
    planes: new Uint8Array(b, o.planes, l.n * l.planes),
    masks: new Int8Array(b, o.masks, l.n * l.actions),
    status: new Uint8Array(b, o.status, l.n),
    over: new Uint8Array(b, o.over, l.n),
    resetMask: new Uint8Array(b, o.resetMask, l.n),
  };
}

/** The requests' op codes. */
export const OP = { OPEN: 1, RESET: 2, STEP: 3, EXPORT: 4, IMPORT: 5, INFO: 6, CLOSE: 7, MAP: 8, SPEC: 9 } as const;
