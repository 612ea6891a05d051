/**
 * How far a run got, by game slug, for the harness and its summaries: core/budget.ts's one progress
 * function, read from the game itself (its `progressLabel`), so a new game needs no entry here.
 */
import { progressIn, progressLabelOf } from '../../core/budget.js';
import type { Observation } from '../../core/game.js';
import { registry } from '../../games/index.js';

/** What `slug` counts as progress ("progress" for a game without a measure). */
export function progressLabel(slug: string): string {
  const game = registry.get(slug);
  return (game && progressLabelOf(game)) ?? 'progress';
}

/** How far a run of `slug` got, from its final observation; null for a game without a measure. */
export function progressOf(slug: string, observation: Observation): number | null {
  const game = registry.get(slug);
  return game ? progressIn(game, observation) : null;
}
