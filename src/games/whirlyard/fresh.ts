/**
 * Fresh states and the arrays a state holds, made the way that stays fast whoever keeps them.
 *
 * Why not object and array literals: V8 remembers, per literal in the source (an "allocation site"),
 * how much of what it made survived a garbage collection, and once most of it did it "pretenures"
 * the site: from then on every object it makes is born in the old generation, which is many times
 * dearer to allocate and to collect. A caller that keeps many states (the engine bench records
 * thousands of (state, action) pairs; a client may keep a run's history) is enough to tip the
 * state's literals over, after which every later `init` and `step` in the process pays: replay
 * verification measured about four times slower in the bench's process. Objects made with `new`
 * and arrays copied with `slice` keep no allocation site, so they are always born young. Events and scratch are never kept, so they stay plain literals.
 */
import type { RngState } from '../../core/rng.js';
import { CELLS, type WhirlyardState } from './types.js';

/**
 * Makes state objects with `new`, which V8 never pretenures. A plain function whose `prototype` is
 * Object.prototype, so what it makes cannot be told from a literal (same prototype, `constructor` is
 * Object, own fields in the state's key order), and V8 keeps every field inside the object (a spread
 * copy keeps most of them in a separate store, which made every later read of the state slower).
 */
const StateObject = function (this: WhirlyardState) {
  this.seed = 0;
  this.rng = NO_RNG;
  this.wave = 1;
  this.turn = 0;
  this.waveTurn = 0;
  this.charges = 0;
  this.pulseUsed = false;
  this.score = 0;
  this.over = false;
  this.endReason = null;
  this.rover = 0;
  this.drones = NO_DRONES;
  this.charged = NO_FLAGS;
  this.scrapLo = 0;
  this.scrapHi = 0;
} as unknown as { new (): WhirlyardState; prototype: object };
StateObject.prototype = Object.prototype;

/** More cells and flags than a board can hold, to slice arrays of any needed length from. */
const CELL_ROW: readonly number[] = Array.from({ length: CELLS }, () => 0);
const FLAG_ROW: readonly boolean[] = Array.from({ length: CELLS }, () => false);
/** Placeholders a new state holds until its caller sets its own arrays; never written to. */
const NO_RNG: RngState = [0, 0, 0, 0];
const NO_DRONES: number[] = [];
const NO_FLAGS: boolean[] = [];

/** A new state object with every field present in key order; the caller sets every field. */
export function newState(): WhirlyardState {
  return new StateObject();
}

/** A new array of `n` cells (drones; n <= 36), to be filled in by index. */
export function newCells(n: number): number[] {
  return CELL_ROW.slice(0, n);
}

/** A new array of `n` flags (charged; n <= 36), to be filled in by index. */
export function newFlags(n: number): boolean[] {
  return FLAG_ROW.slice(0, n);
}
