/**
 * Per-game renderers by slug: every registered game has one (a missing entry is a compile error naming
 * the game). A game of another registry (a test's) is played with the generic text view.
 */
import { briarwinkView } from './briarwink.js';
import { cragwakeView } from './cragwake.js';
import { delvewickView } from './delvewick.js';
import { genericView } from './generic.js';
import { entryFor } from '../../core/registry.js';
import type { Slug } from '../../games/index.js';
import type { GameView } from './types.js';
import { whirlyardView } from './whirlyard.js';

const views: Record<Slug, GameView> = {
  whirlyard: whirlyardView,
  delvewick: delvewickView,
  cragwake: cragwakeView,
  briarwink: briarwinkView,
};

/** The renderer for a game, or the generic text view. */
export function viewFor(slug: string): GameView {
  return entryFor(views, slug) ?? genericView;
}

/** True when the game has its own board renderer. */
export function hasOwnView(slug: string): boolean {
  return entryFor(views, slug) !== undefined;
}
