/**
 * The tick, as the seed file's TICK ORDER (shared/seeds/000_f24a9fe9a6231248.txt): an ordered
 * list of named stages run by the core stage runner (src/core/stages.ts). A stage may end the tick
 * early (a cleared night, the run's last heart).
 */
import { runStages, type Stage } from '../../../core/stages.js';
import type { BriarwinkState } from '../types.js';
import type { TickCtx } from './ctx.js';
import { respawn } from './respawn.js';
import { plant } from './plant.js';
import { move } from './move.js';
import { dimlings } from './dimlings.js';
import { podTimers } from './pods.js';
import { bloomAgeing, bursts } from './blooms.js';
import { relights } from './relights.js';
import { hazards } from './hazards.js';
import { deferredSpawns } from './deferred.js';
import { cascadeClosing } from './cascades.js';
import { regrowth } from './regrowth.js';
import { calmAndCreep } from './creep.js';
import { gateCheck } from './gate.js';
import { counters } from './counters.js';

/** The tick order, exactly as the seed lists it. A stage answers true when it ends the tick (`t.end`). */
export const TICK_STAGES: readonly Stage<BriarwinkState, TickCtx>[] = [
  { name: 'respawn', run: respawn },
  { name: 'plant', run: plant },
  { name: 'your move', run: move },
  { name: 'dimlings', run: dimlings },
  { name: 'pod timers', run: podTimers },
  { name: 'bloom ageing', run: bloomAgeing },
  { name: 'bursts', run: bursts },
  { name: 'relights', run: relights },
  { name: 'your hazards', run: hazards },
  { name: 'deferred spawns', run: deferredSpawns },
  { name: 'cascade closing', run: cascadeClosing },
  { name: 'regrowth', run: regrowth },
  { name: 'calm and creep', run: calmAndCreep },
  { name: 'the gate check', run: gateCheck },
  { name: 'counters', run: counters },
];

/**
 * Run one tick on a state the caller owns (it is mutated). The seeded stream stays in the context
 * through the batch: the caller writes it back once, when the batch ends (`saveRng` in ctx.ts).
 */
export function runTick(s: BriarwinkState, t: TickCtx): void {
  runStages(TICK_STAGES, s, t);
  s.tick++;
}
