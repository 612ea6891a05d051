/**
 * The reference points of the normalised score, as the Arcade Learning Environment reports
 * human-normalised scores: per game and suite, 0 is the built-in random agent's mean and 100 the
 * built-in heuristic's mean, both over every seed of the same published suite at the game's budget.
 *
 *   normalised = 100 × (mean − random) / (heuristic − random)
 *
 * The figures are the ones docs/baselines.md publishes (its `test` table and its `dev` table), each for
 * the rules version it was measured on: a mean from another rules version has no normalised score here.
 * test/reference.test.ts holds this table to the page and re-runs the `dev` rows.
 */

/** The two agents' means on one suite. */
export interface ReferenceMeans {
  random: number;
  heuristic: number;
}

/** One game's reference figures: the rules version they hold for, and the means per suite. */
export interface GameReference {
  rulesVersion: string;
  suites: Readonly<Record<'dev' | 'test', ReferenceMeans>>;
}

/** Every game's reference figures, by slug (docs/baselines.md). */
export const REFERENCE: Readonly<Record<string, GameReference>> = {
  whirlyard: {
    rulesVersion: 'whirlyard-1',
    suites: { dev: { random: 50, heuristic: 162841 }, test: { random: 38.2, heuristic: 162615.1 } },
  },
  delvewick: {
    rulesVersion: 'delvewick-1',
    suites: { dev: { random: 16.25, heuristic: 6405 }, test: { random: 16.8, heuristic: 6405 } },
  },
  cragwake: {
    rulesVersion: 'cragwake-2',
    suites: { dev: { random: 224, heuristic: 38905.75 }, test: { random: 237.6, heuristic: 41336.75 } },
  },
  briarwink: {
    rulesVersion: 'briarwink-2',
    suites: { dev: { random: 0, heuristic: 12112.75 }, test: { random: 0, heuristic: 17189.45 } },
  },
};

/**
 * The random and heuristic means of `game` on `suite`, or null where there are none: a suite other
 * than `dev` or `test` (held-out seeds have no fixed reference), an unknown game, or a `rulesVersion`
 * other than the one the figures were measured on.
 */
export function referenceMeans(game: string, suite: string | null, rulesVersion?: string): ReferenceMeans | null {
  const ref = Object.hasOwn(REFERENCE, game) ? REFERENCE[game] : undefined;
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
