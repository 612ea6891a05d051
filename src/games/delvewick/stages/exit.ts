/**
 * Stage 2 (stepping onto the open exit completes the level at once) and stage 4 (the exit opens when
 * the quota is met).
 */
import { enterLevel, LEVELS } from '../generate.js';
import { CLEAR_POINTS, FINALE_POINTS, OIL_POINTS, WON } from '../types.js';
import type { Tick } from './tick.js';

/**
 * If the mole stepped onto the open exit: bank the clear bonus and load the next level (or win), and
 * end the tick (answers true).
 */
export function completeLevel(t: Tick): boolean {
  if (!t.onExit) return false;
  const s = t.s;
  const points = CLEAR_POINTS + OIL_POINTS * s.oil; // no oil is spent on this action
  s.score += points;
  t.events?.push({ type: 'level_cleared', level: s.level, points, oilLeft: s.oil });
  if (s.level >= LEVELS.length) {
    s.score += FINALE_POINTS;
    s.end = WON;
    t.events?.push({ type: 'run_won', points: FINALE_POINTS, score: s.score });
  } else {
    enterLevel(s, s.level + 1);
    t.events?.push({ type: 'level_started', level: s.level, name: LEVELS[s.level - 1].name });
  }
  return true;
}

/** The exit opens the moment this level's gems reach the quota, and stays open. */
export function openExit(t: Tick): void {
  const s = t.s;
  if (s.exitOpen || s.gems < s.quota) return;
  s.exitOpen = true;
  t.events?.push({ type: 'exit_opened', gems: s.gems, quota: s.quota });
}
