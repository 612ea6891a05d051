/**
 * Seed suites: each game publishes two fixed lists of seeds, `dev` (20 seeds, for trying things) and
 * `test` (100 seeds, for reporting), so that results from different people compare. The seeds are
 * drawn once from the game's slug and the suite's name through `hash32`; the lists are part of the
 * spec, and a test pins them, so they never move.
 */
import { hash32 } from './rng.js';

/** The published seed suites of one game. */
export interface SeedSuites {
  dev: number[];
  test: number[];
}

export const SUITE_SIZES = { dev: 20, test: 100 } as const;

/** The character codes of a text, for hashing. */
function codes(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

/** `n` distinct seeds for `slug`'s suite `name`, in a fixed order. */
function drawSuite(slug: string, name: string, n: number): number[] {
  const base = hash32(...codes(`${slug}/${name}`));
  const seen = new Set<number>();
  const seeds: number[] = [];
  for (let i = 0; seeds.length < n; i++) {
    const seed = hash32(base, i);
    if (!seen.has(seed)) {
      seen.add(seed);
      seeds.push(seed);
    }
  }
  return seeds;
}

/** Both suites of a game. */
export function seedSuites(slug: string): SeedSuites {
  return { dev: drawSuite(slug, 'dev', SUITE_SIZES.dev), test: drawSuite(slug, 'test', SUITE_SIZES.test) };
}
