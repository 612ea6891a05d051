/**
 * Shared by the routes that take actions: each game's action grammar compiled once, as strictly as
 * the request schemas (no field stripped, nothing coerced), and the plain-JSON answer serialiser.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { Registry } from '../core/registry.js';

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
