/**
 * Delvewick's types and cell codes. The board is one flat array of small-integer cell codes (index
 * y * w + x): a step copies it with one `slice()` (a plain array of small integers copies several times
 * faster than a small typed array) and the gravity pass is a scan over it.
 */
import { fieldsOf } from '../../core/fields.js';
import type { Seed } from '../../core/seed.js';

/** A direction in the seed grammar's order. */
export type Direction = 'up' | 'down' | 'left' | 'right';

/** An action in the seed file's grammar. */
export type DelvewickAction = { type: 'move'; dir: Direction } | { type: 'wait' };

/** How a run ended: cleared level 8, a falling rock reached the mole, out of oil, or boxed in. */
export type EndReason = 'won' | 'crushed' | 'out_of_oil' | 'boxed_in';

/** End codes as stored in the state (0 = still playing); `END_REASONS[code]` names them. */
export const PLAYING = 0;
export const WON = 1;
export const CRUSHED = 2;
export const OUT_OF_OIL = 3;
export const BOXED_IN = 4;
export const END_REASONS: readonly (EndReason | null)[] = [null, 'won', 'crushed', 'out_of_oil', 'boxed_in'];

/**
 * Cell codes. Movables are 5..7 at rest and the same | 8 (13..15) while falling, so `code >= BOULDER`
 * means "movable and rounded", `code >= FALLING_BOULDER` means "falling" and `code & 7` is the kind.
 * The mole is a cell code too: nothing counts its cell as empty.
 */
export const EMPTY = 0;
export const SOIL = 1;
export const BEDROCK = 2;
/** An exit, open or closed: the state's `exitOpen` flag says which (all exits of a level share it). */
export const EXIT = 3;
export const MOLE = 4;
export const BOULDER = 5;
export const GEM = 6;
export const GEODE = 7;
/** Added to a movable's code while it is falling. */
export const FALLING = 8;
export const FALLING_BOULDER = BOULDER | FALLING;
export const FALLING_GEM = GEM | FALLING;
export const FALLING_GEODE = GEODE | FALLING;

/** The complete state of a run. A seed and an action list determine it exactly. */
export interface DelvewickState {
  /** The seed the run was started with; echoed only, the game is the same for every seed. */
  seed: Seed;
  /** Current level, 1..8. */
  level: number;
  /** Board width and height, frame included. */
  w: number;
  h: number;
  /** Cell codes, row-major. Never mutated once a state has been returned. */
  grid: number[];
  /** The mole's cell index (after a crush: the cell where it was crushed). */
  mole: number;
  /** Lantern oil left on this level. */
  oil: number;
  /** Gems to collect on this level before the exit opens. */
  quota: number;
  /** Gems collected on this level. */
  gems: number;
  exitOpen: boolean;
  score: number;
  /** Gems in the current chain (0 when no chain is running). */
  chain: number;
  /** Ticks since the chain's last gem; the chain breaks when this reaches `CHAIN_WINDOW`. */
  chainAge: number;
  /** PLAYING, or the code of the ending. */
  end: number;
  /**
   * True when the last gravity pass moved nothing: every object is at rest and stays so until the mole
   * changes something, so the next pass only needs to look from the mole's row up. Derived, not part of
   * the wire form: a restored state starts with false, which only costs one full pass.
   */
  settled: boolean;
}

/**
 * The state's fields, in the key order of the states `init`, `step` and `fromWire` make (fields.test.ts);
 * the compiler checks it names every key.
 */
export const DELVEWICK_FIELDS = fieldsOf<DelvewickState>()([
  'seed',
  'level',
  'w',
  'h',
  'grid',
  'mole',
  'oil',
  'quota',
  'gems',
  'exitOpen',
  'score',
  'chain',
  'chainAge',
  'end',
  'settled',
]);

/** A chain continues while each gem comes at most this many ticks after the previous one. */
export const CHAIN_WINDOW = 4;
/** Points per gem, per cracked geode, per level clear, per unused oil, and for clearing level 8. */
export const GEM_POINTS = 25;
export const CRACK_POINTS = 10;
export const CLEAR_POINTS = 100;
export const OIL_POINTS = 5;
export const FINALE_POINTS = 250;
/** Chain bonus for the n-th gem of a chain (n >= 2): 10, 20, then 30 for every further gem. */
export function chainBonus(n: number): number {
  return n < 2 ? 0 : n === 2 ? 10 : n === 3 ? 20 : 30;
}
