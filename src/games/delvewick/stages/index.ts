/**
 * The tick, as the ordered list of named stages the seed file gives (seeds/001_96f0c49922c2c7ff.txt,
 * "TICK ORDER"). A reader can hold this list against the seed line by line; `runTick` just runs it.
 */
import { applyAction } from './action.js';
import { boxedIn, burnOil, chainClock } from './bookkeeping.js';
import { completeLevel, openExit } from './exit.js';
import { gravityPass } from './gravity.js';
import type { Tick } from './tick.js';

/** One named stage of the tick. */
export interface Stage {
  readonly name: string;
  readonly run: (t: Tick) => void;
}

/** The seed's seven steps, in order. */
export const TICK_STAGES: readonly Stage[] = [
  { name: 'action', run: applyAction },
  { name: 'exit_completes_level', run: completeLevel },
  { name: 'gravity', run: gravityPass },
  { name: 'exit_opens', run: openExit },
  { name: 'chain', run: chainClock },
  { name: 'oil', run: burnOil },
  { name: 'boxed_in', run: boxedIn },
];

/** Runs the stages in order; a stage that sets `done` (the level completed) ends the tick there. */
export function runTick(t: Tick): void {
  for (let i = 0; i < TICK_STAGES.length; i++) {
    TICK_STAGES[i].run(t);
    if (t.done) return;
  }
}

export type { Tick } from './tick.js';
