/**
 * The typed answer contract of each game, as JSON Schema (draft-07): what init and action answer,
 * built from the game's spec (its action grammar, observation schema, carry and outcomes). The contract
 * test validates real answers against these; /openapi.json publishes them per game (see openapi.ts).
 *
 * Every play answer carries `ok`, `game`, `seed`, the carried state under the game's carry name,
 * `observation`, `legalActions`, `score`, `gameOver` and `outcome`. Init adds `spec`, an accepted action
 * `events`, a refusal `reason` and `message` (and the state it was sent, unchanged).
 */
import type { GameSpec, JsonSchema } from '../core/game.js';

/** The parts an answer is made of; inline schemas by default, `$ref`s in /openapi.json. */
export interface ContractParts {
  action: JsonSchema;
  observation: JsonSchema;
  state: JsonSchema;
  outcome: JsonSchema;
  event: JsonSchema;
  spec: JsonSchema;
}

/** The largest free seed. */
export const MAX_SEED = 4294967295;

/**
 * A seed, as requests and answers carry it: a free seed (an integer 0..2^32-1) or a wide one (32
 * lowercase hex digits: a ranked or daily session's, revealed once it is over).
 */
export const seedSchema = {
  anyOf: [
    { type: 'integer', minimum: 0, maximum: MAX_SEED },
    { type: 'string', pattern: '^[0-9a-f]{32}$' },
  ],
  description: 'A free seed (an integer 0..4294967295) or a wide seed (32 lowercase hex digits).',
};

/** Something that happened during a step: `type` names it, the other fields are the game's. */
export const eventSchema: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' } },
  additionalProperties: true,
};

/** The published spec in an init answer: the fields every game has (and any game-specific extras). */
export const specSchema: JsonSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['slug', 'name', 'carry', 'rulesVersion', 'actionSchema', 'observationSchema', 'outcomes', 'rules'],
  properties: {
    slug: { type: 'string' },
    name: { type: 'string' },
    carry: { type: 'string', enum: ['state', 'stateToken'] },
    rulesVersion: { type: 'string' },
    actionSchema: {
      type: 'object',
      additionalProperties: true,
      description: "The game's action grammar, as JSON Schema.",
    },
    observationSchema: {
      type: 'object',
      additionalProperties: true,
      description: "The game's observation, as JSON Schema.",
    },
    outcomes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'reason', 'description'],
        properties: {
          kind: { type: 'string', enum: ['terminated', 'truncated', 'ended'] },
          reason: { type: 'string' },
          description: { type: 'string' },
        },
      },
    },
    rules: { type: 'array', items: { type: 'string' } },
  },
};

/** `outcome`: null while playing, else one of the game's published `{kind, reason}`. */
export function outcomeSchema(spec: GameSpec): JsonSchema {
  return {
    type: ['object', 'null'],
    description: `Null while playing; how the run ended once gameOver: ${spec.outcomes.map((o) => `${o.kind}/${o.reason}`).join(', ')}.`,
    additionalProperties: false,
    required: ['kind', 'reason'],
    properties: {
      kind: { type: 'string', enum: [...new Set(spec.outcomes.map((o) => o.kind))] },
      reason: { type: 'string', enum: spec.outcomes.map((o) => o.reason) },
    },
  };
}

/** The carried state: an opaque token, or the readable, integrity-tagged object. */
export function carriedStateSchema(spec: GameSpec): JsonSchema {
  if (spec.carry === 'stateToken') {
    return { type: 'string', description: 'Opaque and sealed: carry it to the next call unchanged.' };
  }
  return {
    type: 'object',
    description: 'Readable and integrity-tagged: carry it to the next call unchanged (any change is refused).',
    additionalProperties: false,
    required: ['game', 'rulesVersion', 'data', 'tag'],
    properties: {
      game: { type: 'string', enum: [spec.slug] },
      rulesVersion: { type: 'string', enum: [spec.rulesVersion] },
      data: { type: 'object', additionalProperties: true, description: 'The state a player may read.' },
      sealed: { type: 'string', description: 'Hidden information, encrypted.' },
      tag: { type: 'string', description: 'The integrity tag over the other fields.' },
    },
  };
}

/** The parts of `spec`'s answers, inline. */
export function inlineParts(spec: GameSpec): ContractParts {
  return {
    action: spec.actionSchema,
    observation: spec.observationSchema,
    state: carriedStateSchema(spec),
    outcome: outcomeSchema(spec),
    event: eventSchema,
    spec: specSchema,
  };
}

/** A game's answer schemas: init, an accepted action, a refused one, and any action answer. */
export function answerSchemas(spec: GameSpec, parts: ContractParts = inlineParts(spec)) {
  const base = {
    game: { type: 'string', enum: [spec.slug] },
    seed: seedSchema,
    [spec.carry]: parts.state,
    observation: parts.observation,
    legalActions: { type: 'array', items: parts.action, description: 'Exactly the actions the game accepts now.' },
    score: { type: 'number' },
    gameOver: { type: 'boolean' },
    outcome: parts.outcome,
  };
  const required = ['ok', ...Object.keys(base)];
  const answer = (ok: boolean, extra: Record<string, JsonSchema>, description: string): JsonSchema => ({
    type: 'object',
    description,
    additionalProperties: false,
    required: [...required, ...Object.keys(extra)],
    properties: { ok: { type: 'boolean', enum: [ok] }, ...base, ...extra },
  });
  const init = answer(true, { spec: parts.spec }, `A new ${spec.name} game.`);
  const accepted = answer(
    true,
    { events: { type: 'array', items: parts.event } },
    `An accepted ${spec.name} action: the next state.`,
  );
  const refused = answer(
    false,
    {
      reason: {
        type: 'string',
        description: 'Why: "unknown_action" when outside the grammar, else the rules\' reason.',
      },
      message: { type: 'string' },
    },
    `A refused ${spec.name} action: nothing changed; the state is the one that was sent.`,
  );
  return { init, accepted, refused, action: { oneOf: [accepted, refused] } as JsonSchema };
}
