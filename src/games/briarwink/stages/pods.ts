/**
 * Stage 5, pod timers: every pod but one planted this tick counts down, then any pod under an active
 * bloom is woken (bloomIn at most 3) into the lowest covering cascade.
 */
import type { Pod, BriarwinkState } from '../types.js';
import { WOKEN_BLOOM_IN } from '../roster.js';
import type { TickCtx } from './ctx.js';
import { cascadeAt, coverOf, emit } from './ctx.js';
import { ownPods } from '../own.js';

/** Wake a pod into `cascade` (or only hurry it, cascade -1, as the creep does). */
export function wake(t: TickCtx, p: Pod, cascade: number): void {
  p.bloomIn = Math.min(p.bloomIn, WOKEN_BLOOM_IN);
  p.wokeNow = true;
  if (cascade >= 0) {
    p.woken = true;
    p.cascade = cascade;
  }
  emit(t, 'wake', { pod: p.id, cell: p.cell, cascade, bloomIn: p.bloomIn });
}

/** The pod timers stage. */
export function podTimers(s: BriarwinkState, t: TickCtx): void {
  if (s.pods.length === 0) return;
  for (const p of ownPods(s)) if (!p.fresh && p.bloomIn > 0) p.bloomIn--;
  if (s.blooms.length === 0) return;
  const cover = coverOf(s, t);
  for (const p of s.pods) if (!p.woken && cover[p.cell] >= 0) wake(t, p, cascadeAt(t, cover[p.cell]));
}
