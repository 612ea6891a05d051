/**
 * The numeric face of a game, for reinforcement learning: a fixed action index (every action that can
 * ever be legal, so an agent's action space is one `Discrete(n)` and the legal ones are a mask) and a
 * fixed-shape numeric observation (board planes plus a feature vector) built from `observe`'s answer
 * only, so it never shows more than the player sees.
 *
 * Each game publishes both in its spec (`spec.actionIndex`, `spec.tensorSpec`) and implements them in
 * its own `tensor.ts`; the HTTP API serves them on request (`tensor: true`) and the Python package's
 * Gymnasium environments read them.
 */
import type { GameAction, Observation } from './game.js';

/** One entry of a game's action index: what index `i` means, as published. */
export interface ActionSlot {
  /** The action it plays, when it is one fixed action (most games); absent for relative actions. */
  action?: GameAction;
  /** The action in words (for relative ones, how it becomes a concrete action). */
  meaning: string;
  /** For Cragwake's relative reaches: the offset from the climber, rows up and columns right. */
  reach?: { rows: number; cols: number };
}

/** A named slice of the numeric observation and what its numbers mean. */
interface TensorPart {
  name: string;
  meaning: string;
}

/**
 * The published shape of the numeric observation: `planes` is C x H x W uint8 (row-major, plane by
 * plane, row by row), `features` a float32 vector. Served as flat JSON arrays in that order.
 */
export interface TensorSpec {
  planes: { shape: [number, number, number]; dtype: 'uint8'; high: number; axes: string; channels: TensorPart[] };
  features: { shape: [number]; dtype: 'float32'; low: number; high: number | null; items: TensorPart[] };
  /** How the action mask is read: `actionMask[i]` is 1 exactly when index `i` is legal now. */
  mask: string;
}

/** The numeric observation, flat (planes in C, H, W order). */
export interface Tensor {
  planes: Uint8Array;
  features: Float32Array;
}

/** What a game implements in its `tensor.ts`. */
export interface GameTensor<S = unknown> {
  /** The published action index (also `spec.actionIndex`). */
  readonly actionIndex: readonly ActionSlot[];
  /** The published shapes (also `spec.tensorSpec`). */
  readonly tensorSpec: TensorSpec;
  /** The index of a legal `action` in `state`, or -1 when the index does not hold it. */
  indexOf(state: S, action: GameAction): number;
  /** The concrete action index `i` plays in `state` (legal or not), or null when it names no action there. */
  actionAt(state: S, i: number): GameAction | null;
  /**
   * The numeric observation of an observation (never of the state: hidden things stay hidden). With
   * `planes` (all zeros, of the spec's size) the planes are written there and returned in it, for a
   * caller that reads them at once and reuses one buffer: a fresh array of a few KB costs more to
   * allocate and to collect than the whole encoding.
   */
  encode(observation: Observation, planes?: Uint8Array): Tensor;
  /**
   * Optional fast path for the engine pool (src/pool/shard.ts), which keeps states and never needs the
   * observation object: writes exactly what `encode(observe(state))` gives, straight from the state,
   * planes into `planes` (all zeros, of the spec's size) and every feature into `features`, building no
   * observation, strings or arrays. It shows only what `observe` shows; src/pool/fast-path.test.ts holds
   * it byte for byte to the slow path over random play of every game.
   */
  encodeState?(state: S, planes: Uint8Array, features: Float32Array): void;
  /**
   * Optional fast path: writes the action mask of `state` (what `actionMask(t, state, legalActions)`
   * answers) into `mask` (all zeros), without building the legal actions.
   */
  maskState?(state: S, mask: Int8Array): void;
}

/** The key of a fixed action: its fields in sorted order, so the key does not depend on key order. */
export function actionKey(a: GameAction): string {
  const keys = Object.keys(a);
  // Actions have one to three fields, nearly always written in order already: sort only when not.
  for (let i = 1; i < keys.length; i++)
    if (keys[i - 1] > keys[i]) {
      keys.sort();
      break;
    }
  let out = '';
  for (const k of keys) out += `${k}=${JSON.stringify(a[k])};`;
  return out;
}

/**
 * An index lookup over fixed actions. The games hand out the same action objects on every call of
 * `legalActions`, so each object's index is remembered by identity (a WeakMap: a client's objects are
 * collected with them) and its key is built once, not on every answer.
 */
export function fixedIndex(slots: readonly ActionSlot[]): (a: GameAction) => number {
  const byKey = new Map<string, number>();
  slots.forEach((s, i) => {
    if (s.action) byKey.set(actionKey(s.action), i);
  });
  const byObject = new WeakMap<GameAction, number>();
  return (a) => {
    let i = byObject.get(a);
    if (i === undefined) {
      i = byKey.get(actionKey(a)) ?? -1;
      // Only a frozen action keeps its index: an object that can still change could name another slot.
      if (Object.isFrozen(a)) byObject.set(a, i);
    }
    return i;
  };
}

/** The int8 mask of `state`: 1 at the index of every legal action. */
export function actionMask<S>(t: GameTensor<S>, state: S, legal: readonly GameAction[]): Int8Array {
  return maskOf(
    t,
    legal.map((a) => t.indexOf(state, a)),
  );
}

/** The int8 mask with a 1 at each of `indices` (each legal action's index; -1 for none). */
export function maskOf(t: { readonly actionIndex: readonly ActionSlot[] }, indices: readonly number[]): Int8Array {
  const mask = new Int8Array(t.actionIndex.length);
  for (const i of indices) if (i >= 0) mask[i] = 1;
  return mask;
}

/**
 * A typed array's numbers as a plain array (what `Array.from` answers, without its iterator). Built by
 * `push`, so the array is packed: `JSON.stringify` writes a packed array of numbers about twice as
 * fast as one made by `new Array(n)` and filled, which V8 keeps as holey.
 */
function plainNumbers(a: Uint8Array | Int8Array | Float32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) out.push(a[i]);
  return out;
}

/** The JSON form of a tensor, as the API serves it by default: two flat arrays of numbers. */
export function tensorJson(t: Tensor): { planes: number[]; features: number[] } {
  return { planes: plainNumbers(t.planes), features: plainNumbers(t.features) };
}

/** An action mask as the API serves it: an array of 0s and 1s. */
export function maskJson(mask: Int8Array): number[] {
  return plainNumbers(mask);
}

/**
 * A planes buffer with a setter by (channel, y, x); out-of-range cells are ignored. `into` (zeroed, of
 * the shape's size) is written instead of a new buffer (see `GameTensor.encode`).
 */
export function planeWriter(shape: [number, number, number], into?: Uint8Array) {
  const [c, h, w] = shape;
  const planes = into ?? new Uint8Array(c * h * w);
  const set = (ch: number, y: number, x: number, v = 1) => {
    if (ch < 0 || ch >= c || y < 0 || y >= h || x < 0 || x >= w) return;
    planes[(ch * h + y) * w + x] = Math.max(0, Math.min(255, v));
  };
  return { planes, set };
}
