/**
 * The reference points of the normalised score, as the Arcade Learning Environment reports
 * human-normalised scores: per game and suite, 0 is the built-in random agent's mean and 100 the
 * built-in heuristic's mean, both over every seed of the same published suite at the game's budget.
 *
 *   normalised = 100 × (mean − random) / (heuristic − random)
 *
 * The figures are the ones docs/baselines.md publishes (its `test` table and its `dev` table), each for
 * the rules version it was measured on: a mean from another rules version has no normalised score here.
 * Each game keeps its own in its shells.ts (`shells.reference`); test/reference.test.ts holds them to
 * the page and re-runs the `dev` rows.
 */
import type { GameReference, ReferenceMeans } from '../core/shells.js';
import { registry } from '../games/index.js';

/** The reference figures of `game` (its shells.ts, as docs/baselines.md publishes them), or undefined. */
export function referenceOf(game: string): GameReference | undefined {
  return registry.has(game) ? registry.get(game)!.shells?.reference : undefined;
}

/**
 * The random and heuristic means of `game` on `suite`, or null where there are none: a suite other
 * than `dev` or `test` (held-out seeds have no fixed reference), an unknown game, or a `rulesVersion`
 * other than the one the figures were measured on.
 */
export function referenceMeans(game: string, suite: string | null, rulesVersion?: string): ReferenceMeans | null {
  const ref = referenceOf(game);
  if (!ref || (suite !== 'dev' && suite !== 'test')) return null;
  if (rulesVersion !== undefined && rulesVersion !== ref.rulesVersion) return null;
  return ref.suites[suite];
}

/**
 * `mean` on the normalised scale of `game`'s `suite` (0 = random, 100 = heuristic, unbounded either
 * way), or null where `referenceMeans` has no figures.
 */
export function normalisedScore(
  game: string,
  suite: string | null,
  mean: number,
  rulesVersion?: string,
): number | null {
  const ref = referenceMeans(game, suite, rulesVersion);
  if (!ref || ref.heuristic === ref.random) return null;
  return (100 * (mean - ref.random)) / (ref.heuristic - ref.random);
}

/**
 * Where the reference figures come from, for the footnote of every table that shows a normalised score.
 * @public
 */
export const REFERENCE_NOTE =
  'normalised: 0 = the built-in random agent, 100 = the built-in heuristic, means on the same suite (docs/baselines.md)';
