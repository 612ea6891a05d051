/**
 * Per-game renderers by slug. A registered game without an entry here is played with the generic view.
 */
import { briarwinkView } from './briarwink.js';
import { cragwakeView } from './cragwake.js';
import { delvewickView } from './delvewick.js';
import { genericView } from './generic.js';
import type { GameView } from './types.js';
import { whirlyardView } from './whirlyard.js';

const views: Record<string, GameView> = {
  whirlyard: whirlyardView,
  delvewick: delvewickView,
  cragwake: cragwakeView,
  briarwink: briarwinkView,
};

/** The renderer for a game, or the generic text view. */
export function viewFor(slug: string): GameView {
  return views[slug] ?? genericView;
}

/** True when the game has its own board renderer. */
export function hasOwnView(slug: string): boolean {
  return slug in views;
}
