/**
 * Fresh states, made so that V8 never pretenures them (see core/plain.ts: objects made with `new`, and
 * arrays copied with `slice`, as `zeros` and the band copy do; in the bench's own process Cragwake's
 * step + legalActions and replay rows measured about 0.06 of the baseline in most runs with a state
 * literal, against about 0.4 and 0.6 with pretenuring switched off).
 */
import { plainConstructor } from '../../core/plain.js';
import type { Draft } from './types.js';

/** Placeholders a new state holds until its caller sets its own arrays; never written to. */
const NO_CELLS: number[] = [];

/** Every field of a state, in key order, set to a placeholder the caller replaces. */
const StateObject = plainConstructor(function (this: Draft) {
  this.seed = 0;
  this.pitch = 1;
  this.phase = 'climbing';
  this.end = null;
  this.row = 0;
  this.col = 0;
  this.high = 0;
  this.floor = 0;
  this.stamina = 0;
  this.turn = 1;
  this.score = 0;
  this.streak = 0;
  this.dipped = false;
  this.spindrift = 0;
  this.gust = 0;
  this.rockfall = -1;
  this.overhang = 0;
  this.cells = NO_CELLS;
  this.pristineTop = NO_CELLS;
});

/** A new state object with every field present in key order; the caller sets every field. */
export function newState(): Draft {
  return new StateObject();
}
