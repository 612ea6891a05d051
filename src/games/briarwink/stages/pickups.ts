/** Collecting power-ups: each raises its upgrade a level (25 points) or pays 100 when already at the top. */
import type { BriarwinkState } from '../types.js';
import { POWER_NAMES } from '../types.js';
import { MAX_LEVEL, PICKUP_MAXED_POINTS, PICKUP_POINTS } from '../roster.js';
import type { TickCtx } from './ctx.js';
import { addScore, emit } from './ctx.js';
import { pickupAt } from '../grid.js';
import { ownPickups } from '../own.js';

/** Apply one collected power-up of `kind`. */
export function collect(s: BriarwinkState, t: TickCtx, kind: number, cell: number): void {
  const maxed = s.levels[kind] >= MAX_LEVEL;
  const points = maxed ? PICKUP_MAXED_POINTS : PICKUP_POINTS;
  if (!maxed) {
    s.levels = s.levels.slice();
    s.levels[kind]++;
  }
  addScore(s, points);
  emit(t, 'pickup', { cell, power: POWER_NAMES[kind], level: s.levels[kind], points });
}

/** Collect every pickup lying on `cell` (the gardener's occupied cell). */
export function collectAt(s: BriarwinkState, t: TickCtx, cell: number): void {
  if (cell < 0 || !pickupAt(s, cell)) return;
  let kept = 0;
  for (const p of ownPickups(s)) {
    if (p.cell === cell) collect(s, t, p.kind, cell);
    else s.pickups[kept++] = p;
  }
  s.pickups.length = kept;
}
