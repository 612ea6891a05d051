/**
 * Fresh states and the arrays a state holds, made so that V8 never pretenures them (see
 * core/plain.ts: objects made with `new` and arrays copied with `slice`; in the bench's process replay
 * verification measured about four times slower with state literals). Events and scratch are never
 * kept, so they stay plain literals.
 */
import { plainConstructor } from '../../core/plain.js';
import type { RngState } from '../../core/rng.js';
import { CELLS, type WhirlyardState } from './types.js';

/** Every field of a state, in key order, set to a placeholder the caller replaces. */
const StateObject = plainConstructor(function (this: WhirlyardState) {
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
});

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
