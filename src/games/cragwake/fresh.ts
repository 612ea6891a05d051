/**
 * Fresh states, made so that V8 never pretenures them (see core/plain.ts: objects made with `new`, and
 * arrays copied with `slice`, as `zeros` and the band copy do; in the bench's own process Cragwake's
 * step + legalActions and replay rows measured about 0.06 of the baseline in most runs with a state
 * literal, against about 0.4 and 0.6 with pretenuring switched off).
 */
import { plainConstructor } from '../../core/plain.js';
import type { Draft } from './types.js';

/** A copy of every field of a state, in key order (the order `from` lists them in does not matter). */
const StateObject = plainConstructor(function (this: Draft, from: Draft) {
  this.seed = from.seed;
  this.pitch = from.pitch;
  this.phase = from.phase;
  this.end = from.end;
  this.row = from.row;
  this.col = from.col;
  this.high = from.high;
  this.floor = from.floor;
  this.stamina = from.stamina;
  this.turn = from.turn;
  this.score = from.score;
  this.streak = from.streak;
  this.dipped = from.dipped;
  this.spindrift = from.spindrift;
  this.gust = from.gust;
  this.rockfall = from.rockfall;
  this.overhang = from.overhang;
  this.cells = from.cells;
  this.pristineTop = from.pristineTop;
});

/**
 * A new state object holding the fields of `from` (another state, a draft, or the fields a caller
 * computed), each written once, in the state's key order; arrays are shared, not copied.
 */
export function newState(from: Draft): Draft {
  return new StateObject(from);
}
