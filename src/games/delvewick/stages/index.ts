/**
 * The tick, as the ordered list of named stages the seed file gives (seeds/001_96f0c49922c2c7ff.txt,
 * "TICK ORDER"). A reader can hold this list against the seed line by line; `runTick` runs it with the core
 * stage runner (src/core/stages.ts).
 */
import { applyAction } from './action.js';
import { boxedIn, burnOil, chainClock } from './bookkeeping.js';
import { completeLevel, openExit } from './exit.js';
import { gravityPass } from './gravity.js';
import { runStages, type Stage } from '../../../core/stages.js';
import type { Tick } from './tick.js';

/** The seed's seven steps, in order; a stage that answers true (the level completed) ends the tick there. */
export const TICK_STAGES: readonly Stage<Tick>[] = [
  { name: 'action', run: applyAction },
  { name: 'exit_completes_level', run: completeLevel },
  { name: 'gravity', run: gravityPass },
  { name: 'exit_opens', run: openExit },
  { name: 'chain', run: chainClock },
  { name: 'oil', run: burnOil },
  { name: 'boxed_in', run: boxedIn },
];

/** Runs the stages in order, until one ends the tick. */
export function runTick(t: Tick): void {
  runStages(TICK_STAGES, t, undefined);
}

export type { Tick } from './tick.js';
