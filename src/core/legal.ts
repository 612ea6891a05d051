/**
 * The one rule for "is this action allowed now", judged from the listed legal actions alone (so a
 * shell that sees only an answer over HTTP can apply it too): an action is allowed when it is listed,
 * or when it is a variant of a listed type the game declares (`Game.variants`: Briarwink lists single
 * ticks and accepts `walkTo` and `count` on any of them). Shells call this instead of testing a slug.
 */
import type { AnyGame, GameAction } from './game.js';

/** Whether `action` is allowed now, given the legal actions `legal` of `game`. */
export function isAllowed(game: Pick<AnyGame, 'variants'>, action: GameAction, legal: readonly GameAction[]): boolean {
  if (game.variants?.types.includes(action.type)) return legal.some((a) => a.type === action.type);
  const key = JSON.stringify(action);
  return legal.some((a) => JSON.stringify(a) === key);
}

/**
 * `action` run `count` times in one call, where the game has a count field for its type (Briarwink's
 * tick `count`); other actions, and a count of 1, are left as they are.
 */
export function withCount(game: Pick<AnyGame, 'variants'>, action: GameAction, count: number): GameAction {
  const v = game.variants;
  if (!v?.countField || !v.types.includes(action.type) || count <= 1) return action;
  return { ...action, [v.countField]: count };
}
