/** Stage 15, counters: the night's tick, grace, shimmer, and the per-tick pod flags. */
import type { State } from '../types.js';
import type { TickCtx } from './ctx.js';

/** The counters stage. */
export function counters(s: State, _t: TickCtx): void {
  s.nightTick++;
  if (s.grace > 0) s.grace--;
  for (const d of s.dimlings) if (d.shimmer > 0) d.shimmer--;
  for (const p of s.pods) {
    p.fresh = false;
    p.wokeNow = false;
  }
}
