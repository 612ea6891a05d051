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
 * against about 0.4 and 0.6 with pretenuring switched off. Copying a constant with object spread
 * (and arrays with `slice`, as `zeros` and the band copy do) goes through builtins that keep no
 * allocation site, so their objects are always born young.
 */
import type { Draft, State } from './types.js';

/** Every field of a state, in the state's key order. Only ever copied, never written to. */
const SHAPE: State = {
  seed: 0,
  pitch: 1,
  phase: 'climbing',
  end: null,
  row: 0,
  col: 0,
  high: 0,
  floor: 0,
  stamina: 0,
  turn: 1,
  score: 0,
  streak: 0,
  dipped: false,
  spindrift: 0,
  gust: 0,
  rockfall: -1,
  overhang: 0,
  cells: [],
  pristineTop: [],
};

/** A new state object with every field present in key order; the caller sets every field. */
export function newState(): Draft {
  return { ...SHAPE } as Draft;
}
