/**
 * The tick, as the seed file's TICK ORDER (shared/seeds/000_f24a9fe9a6231248.txt): an ordered
 * list of named stages run by a tiny runner. A stage may end the tick early (a cleared night, the
 * run's last heart).
 */
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
import { playerCell } from '../grid.js';

/** One named stage of the tick. */
export interface Stage {
  name: string;
  run: (s: BriarwinkState, t: TickCtx) => void;
}

/** The tick order, exactly as the seed lists it. */
export const TICK_STAGES: readonly Stage[] = [
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

// The stages of TICK_STAGES, each bound to a call site of its own below: one loop calling
// `TICK_STAGES[i].run` would be a single call site seeing fifteen functions, which the engine cannot
// inline, and this runs on every tick. The list stays the one source of the order.
const [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, ...extra] = TICK_STAGES.map((x) => x.run);
if (s14 === undefined || extra.length > 0) throw new Error('runTick expects exactly 15 stages');

/** Run the stages in order until one ends the tick (index 2, your move, records the gardener's cell first). */
function runStages(s: BriarwinkState, t: TickCtx): void {
  s0(s, t);
  if (t.end) return;
  s1(s, t);
  if (t.end) return;
  t.prevPlayer = playerCell(s);
  s2(s, t);
  if (t.end) return;
  s3(s, t);
  if (t.end) return;
  s4(s, t);
  if (t.end) return;
  s5(s, t);
  if (t.end) return;
  s6(s, t);
  if (t.end) return;
  s7(s, t);
  if (t.end) return;
  s8(s, t);
  if (t.end) return;
  s9(s, t);
  if (t.end) return;
  s10(s, t);
  if (t.end) return;
  s11(s, t);
  if (t.end) return;
  s12(s, t);
  if (t.end) return;
  s13(s, t);
  if (t.end) return;
  s14(s, t);
}

/**
 * Run one tick on a state the caller owns (it is mutated). The seeded stream stays in the context
 * through the batch: the caller writes it back once, when the batch ends (`saveRng` in ctx.ts).
 */
export function runTick(s: BriarwinkState, t: TickCtx): void {
  runStages(s, t);
  s.tick++;
}
