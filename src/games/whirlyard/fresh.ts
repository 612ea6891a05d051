/**
 * Fresh states and the arrays a state holds, made the way that stays fast whoever keeps them.
 *
 * Why not object and array literals: V8 remembers, per literal in the source (an "allocation site"),
 * how much of what it made survived a garbage collection, and once most of it did it "pretenures"
 * the site: from then on every object it makes is born in the old generation, which is many times
 * dearer to allocate and to collect. A caller that keeps many states (the engine bench records
 * thousands of (state, action) pairs; a client may keep a run's history) is enough to tip the
 * state's literals over, after which every later `init` and `step` in the process pays: replay
 * verification measured about four times slower in the bench's process. Copying a constant with
 * object spread and arrays with `slice` goes through builtins that keep no allocation site, so their
 * objects are always born young. Events and scratch are never kept, so they stay plain literals.
 */
import { CELLS, type WhirlyardState } from './types.js';

/** Every field of a state, in the state's key order. Only ever copied, never written to. */
const SHAPE: Readonly<WhirlyardState> = {
  seed: 0,
  rng: [0, 0, 0, 0],
  wave: 1,
  turn: 0,
  waveTurn: 0,
  charges: 0,
  pulseUsed: false,
  score: 0,
  over: false,
  endReason: null,
  rover: 0,
  drones: [],
  charged: [],
  scrapLo: 0,
  scrapHi: 0,
};
/** More cells and flags than a board can hold, to slice arrays of any needed length from. */
const CELL_ROW: readonly number[] = Array.from({ length: CELLS }, () => 0);
const FLAG_ROW: readonly boolean[] = Array.from({ length: CELLS }, () => false);

/** A new state object with every field present in key order; the caller sets every field. */
export function newState(): WhirlyardState {
  return { ...SHAPE };
}

/** A new array of `n` cells (drones; n <= 36), to be filled in by index. */
export function newCells(n: number): number[] {
  return CELL_ROW.slice(0, n);
}

/** A new array of `n` flags (charged; n <= 36), to be filled in by index. */
export function newFlags(n: number): boolean[] {
  return FLAG_ROW.slice(0, n);
}
