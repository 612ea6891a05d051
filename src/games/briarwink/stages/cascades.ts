/**
 * Stage 11, cascade closing: a cascade with no active bloom and no woken pod left closes, paying
 * 50 x (min(pods burst, 8) - 1) when it relit at least one dimling.
 */
import type { Cascade, BriarwinkState } from '../types.js';
import { LINK_POINTS, RELIGHT_CAP } from '../roster.js';
import type { TickCtx } from './ctx.js';
import { addScore, emit } from './ctx.js';

/** Pay a closing cascade's linked-pod bonus. */
export function closeCascade(s: BriarwinkState, t: TickCtx, c: Cascade): void {
  const points = c.relights > 0 ? LINK_POINTS * (Math.min(c.pods, RELIGHT_CAP) - 1) : 0;
  addScore(s, points);
  emit(t, 'cascadeClosed', { cascade: c.id, pods: c.pods, relights: c.relights, points });
}

/** Is the cascade still open (a bloom of it active, or a pod it woke still waiting)? */
function isCascadeOpen(s: BriarwinkState, id: number): boolean {
  for (const b of s.blooms) if (b.cascade === id) return true;
  for (const p of s.pods) if (p.woken && p.cascade === id) return true;
  return false;
}

/** The cascade closing stage. */
export function cascadeClosing(s: BriarwinkState, t: TickCtx): void {
  if (s.cascades.length === 0) return;
  // most ticks every cascade stays open: the list is then left as it is (the same records, in order)
  let closing = false;
  for (const c of s.cascades) {
    if (isCascadeOpen(s, c.id)) continue;
    closing = true;
    break;
  }
  if (!closing) return;
  // a new list from `filter`, not a literal (see the bloom ageing stage)
  s.cascades = s.cascades.filter((c) => {
    if (isCascadeOpen(s, c.id)) return true;
    closeCascade(s, t, c);
    return false;
  });
}
