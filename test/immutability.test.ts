/**
 * Immutability conformance (test/helpers/immutability.ts) over every registered game: each state and
 * action is deep-frozen before the engine sees it, so a write into an input throws.
 */
import { games } from '../src/games/index.js';
import { immutabilitySuite } from './helpers/immutability.js';

immutabilitySuite(games);
