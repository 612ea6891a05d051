/**
 * Stage 14, the gate check: with no dimling or queued split left, the moon gate opens on the cell of
 * the last relight on the first tick it has no active bloom. Standing on it (or stepping onto it)
 * clears the night.
 */
import type { BriarwinkState } from '../types.js';
import { MAX_HEARTS } from '../roster.js';
import { BRIGHT_POINTS, CLEAR_POINTS, HEART_MAXED_POINTS, HEART_NIGHT_EVERY, NIGHT_POINTS_CAP } from '../roster.js';
import { playerCell } from '../grid.js';
import { generateNight } from '../generate.js';
import type { TickCtx } from './ctx.js';
import { addScore, coverOf, emit } from './ctx.js';
import { closeCascade } from './cascades.js';
import { allRelit } from './relights.js';

/**
 * Clear the night: open cascades close and pay, the night bonuses are paid, every 4th night grants a
 * heart (or 300), and the next night is laid out, waiting for start. Ends the tick.
 */
export function clearNight(s: BriarwinkState, t: TickCtx): void {
  for (const c of s.cascades) closeCascade(s, t, c);
  s.cascades = [];
  const n = Math.min(s.night, NIGHT_POINTS_CAP);
  const clear = CLEAR_POINTS * n;
  const bright = s.lostHeart ? 0 : BRIGHT_POINTS * n;
  addScore(s, clear + bright);
  let heart = 0;
  let heartPoints = 0;
  if (s.night % HEART_NIGHT_EVERY === 0) {
    if (s.hearts < MAX_HEARTS) {
      s.hearts++;
      heart = 1;
    } else {
      heartPoints = HEART_MAXED_POINTS;
      addScore(s, heartPoints);
    }
  }
  s.nightsCleared++;
  emit(t, 'nightCleared', { night: s.night, clear, bright, heart, heartPoints, score: s.score });
  generateNight(s, s.night + 1);
  t.rng = null;
  t.cover = null;
  t.cleared = true;
  t.end = true;
}

/** The gate check stage; it ends the tick when the gate opens under the gardener (the night is cleared). */
export function gateCheck(s: BriarwinkState, t: TickCtx): boolean {
  if (s.gate >= 0 || s.lastRelight < 0 || !allRelit(s)) return false;
  if (s.blooms.length > 0 && coverOf(s, t)[s.lastRelight] >= 0) return false;
  s.gate = s.lastRelight;
  emit(t, 'gateOpens', { cell: s.gate });
  if (playerCell(s) === s.gate) clearNight(s, t);
  return t.end;
}
