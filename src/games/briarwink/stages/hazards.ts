/**
 * Stage 9, your hazards: bloom first (dazzled), then contact (bumped by a dimling that is not
 * shimmering, or swapped cells with one this tick); at most one heart a tick, none during grace or
 * while away. At 0 hearts the run is finished and the tick ends.
 */
import type { Json } from '../../../core/game.js';
import type { BriarwinkState } from '../types.js';
import { OVER, POWER_NAMES } from '../types.js';
import { AWAY_TICKS } from '../roster.js';
import { dimlingCell, playerCell } from '../grid.js';
import type { TickCtx } from './ctx.js';
import { coverOf, emit } from './ctx.js';
import { ownDeferred } from '../own.js';
import { DeferredRecord } from '../records.js';

/** What costs a heart now: 'dazzled', 'bumped', 'swapped' or '' for nothing. */
function hazardOf(s: BriarwinkState, t: TickCtx): string {
  const pc = playerCell(s);
  if (pc < 0 || s.grace > 0) return '';
  if (s.blooms.length > 0 && coverOf(s, t)[pc] >= 0) return 'dazzled';
  for (const d of s.dimlings) {
    if (d.shimmer > 0) continue;
    const dc = dimlingCell(d);
    if (dc === pc) return 'bumped';
    if (t.prevPlayer >= 0 && t.prevPlayer !== pc && dc === t.prevPlayer && t.prevDim !== null && t.prevDim[d.id] === pc)
      return 'swapped';
  }
  return '';
}

/** Lose a heart: away 24 ticks, the highest upgrade (ties Wide Petal, Extra Pod, Quick Step) drops. */
function loseHeart(s: BriarwinkState, t: TickCtx, why: string): void {
  const cell = playerCell(s);
  s.hearts--;
  s.lostHeart = true;
  t.heartLost = true;
  // On a moonless night the cell stays out of the events: the dropped upgrade lands there once no bloom
  // covers it, and a pickup on an unlit cell is hidden.
  const where: { [key: string]: Json } = s.moonless ? {} : { cell };
  emit(t, 'heartLost', { why, ...where, hearts: s.hearts });
  let top = 0;
  for (let i = 1; i < 3; i++) if (s.levels[i] > s.levels[top]) top = i;
  if (s.levels[top] > 0) {
    s.levels = s.levels.slice();
    s.levels[top]--;
    ownDeferred(s).push(new DeferredRecord(cell, top));
    emit(t, 'upgradeLost', { power: POWER_NAMES[top], level: s.levels[top], ...where });
  }
  s.away = AWAY_TICKS;
  s.pAt = -1;
  s.pTo = -1;
  s.pProg = 0;
  s.pDir = -1;
  s.grace = 0;
  if (s.hearts <= 0) {
    s.status = OVER;
    t.over = true;
    t.end = true;
    emit(t, 'runOver', { score: s.score, nightsCleared: s.nightsCleared });
  }
}

/** The hazards stage; it ends the tick when the run's last heart is lost. */
export function hazards(s: BriarwinkState, t: TickCtx): boolean {
  const why = hazardOf(s, t);
  if (why !== '') loseHeart(s, t, why);
  return t.end;
}
