/**
 * A registered game has done every step of CONTRIBUTING.md's "Adding a game" that no type checks: the
 * failure lists each step still missing, in the page's words (test/helpers/checklist.ts).
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../src/games/index.js';
import { testRegistry } from './fixtures/registry.js';
import { missingSteps } from './helpers/checklist.js';

describe('the new-game checklist', () => {
  for (const game of registry.games)
    it(`${game.spec.slug} has every step`, () => {
      const missing = missingSteps(game);
      expect(missing, `${game.spec.slug} still needs:\n- ${missing.join('\n- ')}`).toEqual([]);
    });

  it('lists every step a game with only its engine still needs (the Cairn fixture)', () => {
    const missing = missingSteps(testRegistry.get('cairn')!, new URL('./fixtures/cairn/', import.meta.url).pathname);
    for (const step of [
      'a README.md',
      'a rules-index.ts',
      'a heuristic agent',
      'a random row for cairn',
      'a heuristic row for cairn',
      'dev-suite table',
      'per-seed slice of the heuristic',
      "shells.ts's reference",
      'a golden run in golden/cairn/',
      'Gameboard/Cairn-v0',
    ])
      expect(
        missing.some((m) => m.includes(step)),
        step,
      ).toBe(true);
  });
});
