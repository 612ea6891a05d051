/**
 * The shared conformance suite (test/helpers/conformance.ts) over every registered game: a new game
 * gets it for free by registering in src/games/index.ts.
 */
import { expect, it } from 'vitest';
import { games } from '../src/games/index.js';
import { conformanceSuite } from './helpers/conformance.js';

it('the registry holds at least one game', () => {
  expect(games.length).toBeGreaterThan(0);
});

conformanceSuite(games);
