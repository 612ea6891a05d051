/**
 * Stage 8, relights: every dimling whose occupied cell is under an active bloom becomes a firefly,
 * relit by the lowest covering cascade; per cascade, ordered by base value then id, the k-th relight
 * paying base x min(k, 8).
 */
import type { Dimling, BriarwinkState } from '../types.js';
import { KIND_NAMES, TWINBUD } from '../types.js';
import { BASE, RELIGHT_CAP } from '../roster.js';
import { dimlingCell } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { addScore, cascadeAt, coverOf, emit } from './ctx.js';
import { ownCascades, ownDeferred } from '../own.js';
import { DeferredRecord } from '../records.js';

/** Has the night's last dimling been relit (none left, no split waiting)? */
export function allRelit(s: BriarwinkState): boolean {
  return s.dimlings.length === 0 && !s.deferred.some((q) => q.what < 0);
}

/** Stop the creep, regrowth and restlessness, and clear the marks. */
function settle(s: BriarwinkState, t: TickCtx): void {
  s.settled = true;
  s.restless = false;
  s.marks = [];
  s.growPending = [];
  s.creepIn = -1;
  s.regrowIn = -1;
  emit(t, 'allRelit', { cell: s.lastRelight });
}

/** The relights stage. */
export function relights(s: BriarwinkState, t: TickCtx): void {
  if (s.blooms.length === 0 || s.dimlings.length === 0) return;
  const cover = coverOf(s, t);
  let hit: Dimling[] | null = null; // made only on a tick that relights someone
  for (const d of s.dimlings) if (cover[dimlingCell(d)] >= 0) (hit ??= []).push(d);
  if (hit === null) return;
  hit.sort((a, b) => {
    // ranks order like cascade ids
    const ca = cover[dimlingCell(a)];
    const cb = cover[dimlingCell(b)];
    return ca - cb || BASE[a.kind] - BASE[b.kind] || a.id - b.id;
  });
  for (const d of hit) {
    const cell = dimlingCell(d);
    const cascade = cascadeAt(t, cover[cell]);
    const casc = ownCascades(s).find((c) => c.id === cascade);
    const k = casc ? ++casc.relights : 1;
    const points = BASE[d.kind] * Math.min(k, RELIGHT_CAP);
    addScore(s, points);
    s.relitTotal++;
    s.fireflies = [...s.fireflies, cell];
    s.lastRelight = cell;
    if (d.kind === TWINBUD) ownDeferred(s).push(new DeferredRecord(cell, -1));
    emit(t, 'relight', { dimling: d.id, kind: KIND_NAMES[d.kind], cell, cascade, k, points });
  }
  s.dimlings = s.dimlings.filter((d) => !hit.includes(d));
  if (allRelit(s) && !s.settled) settle(s, t);
}
