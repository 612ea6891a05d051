/**
 * Fresh states, made the way that stays fast whoever keeps them.
 *
 * Why not an object literal: V8 remembers, per literal in the source (an "allocation site"), how much
 * of what it made survived a garbage collection, and once most of it did it "pretenures" the site:
 * from then on every object it makes is born in the old generation, which is many times dearer to
 * allocate and to collect. A caller that keeps many states (the engine bench records thousands of
 * (state, action) pairs; a client may keep a run's history) is enough to tip the state's literal
 * over, after which every later `init` and `step` in the process pays: in the bench's own process
 * Cragwake's step + legalActions and replay rows measured about 0.06 of the baseline in most runs,
 * against about 0.4 and 0.6 with pretenuring switched off. Objects made with `new` (and
 * arrays copied with `slice`, as `zeros` and the band copy do) keep no allocation site, so they are
 * always born young.
 */
import type { Draft } from './types.js';

/** Placeholders a new state holds until its caller sets its own arrays; never written to. */
const NO_CELLS: number[] = [];

/**
 * Makes state objects with `new`, which V8 never pretenures. A plain function whose `prototype` is
 * Object.prototype, so what it makes cannot be told from a literal (same prototype, `constructor` is
 * Object, own fields in the state's key order), and V8 keeps every field inside the object (a spread
 * copy keeps most of them in a separate store, which made every later read of the state slower).
 */
const StateObject = function (this: Draft) {
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
} as unknown as { new (): Draft; prototype: object };
StateObject.prototype = Object.prototype;

/** A new state object with every field present in key order; the caller sets every field. */
export function newState(): Draft {
  return new StateObject();
}
