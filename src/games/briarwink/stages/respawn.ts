/** Stage 1, respawn: an absent gardener counts down and returns on the best free cell with grace. */
import type { BriarwinkState } from '../types.js';
import { GRACE_TICKS, PLAYER_STEPS } from '../roster.js';
import { CELLS, beamCells, cornerCell, dimlingCell, isOpen, mainGarden, manhattan, pickupAt, podAt } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { coverOf, emit } from './ctx.js';

/**
 * The best free floor or sprout cell (no pod, pickup or dimling on it): outside every live pod's
 * projected cross and every active bloom first, then inside the main garden, then farthest from the
 * nearest dimling, then nearest the spawn corner, then lowest index. -1 when no cell is free.
 */
export function respawnCell(s: BriarwinkState, cover: ArrayLike<number>): number {
  const danger = new Uint8Array(CELLS);
  const cross: number[] = [];
  for (const p of s.pods) beamCells(s, p.cell, p.reach, cross);
  for (const c of cross) danger[c] = 1;
  for (let c = 0; c < CELLS; c++) if (cover[c] >= 0) danger[c] = 1;
  const main = mainGarden(s);
  const dims = s.dimlings.map(dimlingCell);
  const home = cornerCell(s.corner);
  let best = -1;
  let key: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (!isOpen(s.terrain[c]) || podAt(s, c) >= 0 || pickupAt(s, c) || dims.includes(c)) continue;
    let near = 99;
    for (const d of dims) near = Math.min(near, manhattan(c, d));
    const k = [danger[c], main[c] ? 0 : 1, -near, manhattan(c, home)];
    if (best < 0 || less(k, key)) {
      best = c;
      key = k;
    }
  }
  return best;
}

function less(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** Count down an absent gardener; on return place them standing, with grace. */
export function respawn(s: BriarwinkState, t: TickCtx): void {
  if (s.away <= 0) return;
  s.away--;
  if (s.away > 0) return;
  const cell = respawnCell(s, coverOf(s, t));
  if (cell < 0) {
    s.away = 1; // nowhere to stand yet: try again next tick
    return;
  }
  s.pAt = cell;
  s.pTo = -1;
  s.pProg = 0;
  s.pDir = -1;
  s.pSteps = PLAYER_STEPS[s.levels[2]];
  s.grace = GRACE_TICKS;
  emit(t, 'respawn', { cell, grace: GRACE_TICKS });
}
