/** Stage 2, plant: a pod on the gardener's occupied cell when every planting condition holds. */
import type { BriarwinkState } from '../types.js';
import { BLOOM_IN, POD_CAPS, REACHES } from '../roster.js';
import { isOpen, playerCell, podAt } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { emit } from './ctx.js';
import { ownPods } from '../own.js';
import { PodRecord } from '../records.js';

/** Can the gardener plant now? Present, under the pod cap, on floor or sprout with no pod, not the gate. */
export function canPlant(s: BriarwinkState): boolean {
  const cell = playerCell(s);
  return (
    cell >= 0 &&
    s.pods.length < POD_CAPS[s.levels[1]] &&
    podAt(s, cell) < 0 &&
    isOpen(s.terrain[cell]) &&
    cell !== s.gate
  );
}

/** Plant when asked and possible; a refused plant is silently ignored, as the rules say. */
export function plant(s: BriarwinkState, t: TickCtx): void {
  if (!t.plant || !canPlant(s)) return;
  const cell = playerCell(s);
  const reach = REACHES[s.levels[0]];
  const id = s.nextPod++;
  ownPods(s).push(new PodRecord(id, cell, BLOOM_IN, reach, -1, false, true, false));
  emit(t, 'plant', { pod: id, cell, reach, bloomIn: BLOOM_IN });
}
