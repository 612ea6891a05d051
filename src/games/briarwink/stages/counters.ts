/** Stage 15, counters: the night's tick, grace, shimmer, and the per-tick pod flags. */
import type { BriarwinkState } from '../types.js';
import type { TickCtx } from './ctx.js';
import { ownPods } from '../own.js';

/** The counters stage. */
export function counters(s: BriarwinkState, _t: TickCtx): void {
  s.nightTick++;
  if (s.grace > 0) s.grace--;
  for (const d of s.dimlings) if (d.shimmer > 0) d.shimmer--;
  if (s.pods.length === 0) return;
  for (const p of ownPods(s)) {
    p.fresh = false;
    p.wokeNow = false;
  }
}
