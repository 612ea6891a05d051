/**
 * Per-game renderers by slug: every registered game has one (a missing entry is a compile error naming
 * the game). A game of another registry (a test's) is played with the generic text view.
 */
import { briarwinkView } from './briarwink/index.js';
import { cragwakeView } from './cragwake/index.js';
import { delvewickView } from './delvewick/index.js';
import { genericView } from './generic.js';
import { entryFor } from '../../core/registry.js';
import type { Slug } from '../../games/index.js';
import type { GameAction } from '../../core/game.js';
import type { GameView } from './types.js';
import { whirlyardView } from './whirlyard/index.js';

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

/** True for the action that ends a run and banks its score (each game spells it its own way). */
export function endsRun(action: GameAction): boolean {
  return action.type === 'endRun' || action.type === 'end_run';
}

/**
 * The question before a run is ended by the player: "End this run? 1,460 points will be banked.", and
 * in ranked play that it cannot be undone.
 */
export function endRunQuestion(score: number, ranked: boolean): { question: string; detail: string } {
  const points = `${score.toLocaleString('en-US')} ${score === 1 ? 'point' : 'points'}`;
  return {
    question: 'End this run?',
    detail: ranked
      ? `${points} will be banked. This cannot be undone: the run is recorded as it stands and cannot be played on.`
      : `${points} will be banked.`,
  };
}
