import { describe, expect, it } from 'vitest';
import { registry } from '../games/index.js';
import { SUITE_SIZES, seedSuites } from './suites.js';

describe('seed suites', () => {
  it('every game publishes a dev suite of 20 and a test suite of 100 distinct seeds', () => {
    for (const game of registry.games) {
      const { dev, test } = game.spec.suites;
      expect(dev, game.spec.slug).toHaveLength(SUITE_SIZES.dev);
      expect(test, game.spec.slug).toHaveLength(SUITE_SIZES.test);
      expect(new Set([...dev, ...test]).size, `${game.spec.slug}: dev and test share no seed`).toBe(120);
      for (const seed of [...dev, ...test])
        expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
    }
  });

  it('the published suites never move (their first seeds are pinned)', () => {
    const firsts = Object.fromEntries(
      registry.games.map((g) => [g.spec.slug, [g.spec.suites.dev[0], g.spec.suites.test[0]]]),
    );
    expect(firsts).toEqual(PINNED);
  });

  it('suites differ between games', () => {
    expect(seedSuites('whirlyard').dev).not.toEqual(seedSuites('cragwake').dev);
  });
});

/** Recorded when the suites were published; a change here changes every published result. */
const PINNED: Record<string, [number, number]> = {
  whirlyard: [776189962, 3175596888],
  delvewick: [2553424886, 3202273580],
  cragwake: [422679489, 3597727908],
  briarwink: [115188596, 2172651225],
};
