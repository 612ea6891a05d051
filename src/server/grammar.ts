/**
 * Shared by the routes that take actions: each game's action grammar compiled once, as strictly as
 * the request schemas (no field stripped, nothing coerced), and the plain-JSON answer serialiser.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { AnyGame } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import { ApiError } from './errors.js';

/** One compiled validator per game slug. */
export function compileActionGrammars(registry: Registry): Map<string, ValidateFunction> {
  const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: false, strict: false });
  return new Map(registry.games.map((g) => [g.spec.slug, ajv.compile(g.spec.actionSchema)]));
}

/**
 * Play answers are mostly free-form game data (observations, actions, events), which a schema-driven
 * serialiser only walks to hand to JSON.stringify anyway: serialise them directly. Their schemas still
 * document the answers in /openapi.json.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

/** A grammar failure in words: where, and what is wrong. */
export function describeGrammarError(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'the action does not match the grammar';
  return `${e.instancePath || 'the action'} ${e.message ?? 'is invalid'}`;
}

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
