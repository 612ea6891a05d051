/**
 * The HTTP side of the grammar: the shared grammar module (src/core/grammar.ts) re-exported for the
 * routes, the plain-JSON answer serialiser, and the unknown-game refusal.
 */
import type { AnyGame } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import { ApiError } from './errors.js';

export {
  compileActionGrammars,
  compileGrammar,
  describeGrammarError,
  grammarRefusal,
  grammarsOf,
  preview,
  type ActionGrammar,
} from '../core/grammar.js';

/**
 * Play answers are mostly free-form game data (observations, actions, events), which a schema-driven
 * serialiser only walks to hand to JSON.stringify anyway: serialise them directly. Their schemas still
 * document the answers in /openapi.json.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The game registered under `slug`, or a 404 unknown_game naming the games there are. */
export function requireGame(registry: Registry, slug: string): AnyGame {
  const game = registry.get(slug);
  if (!game) {
    throw new ApiError(
      'unknown_game',
      `There is no game "${slug.slice(0, 64)}". Games: ${registry.slugs().join(', ')}.`,
    );
  }
  return game;
}
