/**
 * Fresh states and the arrays a state holds, made so that V8 never pretenures them (see
 * core/plain.ts: objects made with `new` and arrays copied with `slice`; in the bench's process replay
 * verification measured about four times slower with state literals). Events and scratch are never
 * kept, so they stay plain literals.
 */
import { plainConstructor } from '../../core/plain.js';
import { CELLS, type WhirlyardState } from './types.js';

/** A copy of every field of a state, in key order (the order `from` lists them in does not matter). */
const StateObject = plainConstructor(function (this: WhirlyardState, from: WhirlyardState) {
  this.seed = from.seed;
  this.rng = from.rng;
  this.wave = from.wave;
  this.turn = from.turn;
  this.waveTurn = from.waveTurn;
  this.charges = from.charges;
  this.pulseUsed = from.pulseUsed;
  this.score = from.score;
  this.over = from.over;
  this.endReason = from.endReason;
  this.rover = from.rover;
  this.drones = from.drones;
  this.charged = from.charged;
  this.scrapLo = from.scrapLo;
  this.scrapHi = from.scrapHi;
});

/** More cells and flags than a board can hold, to slice arrays of any needed length from. */
const CELL_ROW: readonly number[] = Array.from({ length: CELLS }, () => 0);
const FLAG_ROW: readonly boolean[] = Array.from({ length: CELLS }, () => false);

/**
 * A new state object holding the fields of `from` (another state, a draft, or the fields a caller
 * computed), each written once, in the state's key order; arrays are shared, not copied.
 */
export function newState(from: WhirlyardState): WhirlyardState {
  return new StateObject(from);
}

/** A new array of `n` cells (drones; n <= 36), to be filled in by index. */
export function newCells(n: number): number[] {
  return CELL_ROW.slice(0, n);
}

/** A new array of `n` flags (charged; n <= 36), to be filled in by index. */
export function newFlags(n: number): boolean[] {
  return FLAG_ROW.slice(0, n);
}
