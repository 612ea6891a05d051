/**
 * The typed answer contract of each game, as JSON Schema (draft-07): what init and action answer,
 * built from the game's spec (its action grammar, observation schema, carry and outcomes). The contract
 * test validates real answers against these; /openapi.json publishes them per game (see openapi.ts).
 *
 * Every play answer carries `ok`, `game`, `seed`, the carried state under the game's carry name,
 * `observation`, `legalActions`, `score`, `gameOver` and `outcome`. Init adds `spec`, an accepted action
 * `events`, a refusal `reason` and `message` (and the state it was sent, unchanged).
 */
import type { GameSpec, JsonSchema, Outcome } from '../../core/game.js';

/** The parts an answer is made of; inline schemas by default, `$ref`s in /openapi.json. */
export interface ContractParts {
  action: JsonSchema;
  observation: JsonSchema;
  state: JsonSchema;
  outcome: JsonSchema;
  event: JsonSchema;
  spec: JsonSchema;
}

/** How a run may end (`outcome.kind`): the game ended it, a limit stopped it, or the player did. */
export const OUTCOME_KINDS = ['terminated', 'truncated', 'ended'] as const satisfies readonly Outcome['kind'][];

/** The largest free seed. */
const MAX_SEED = 4294967295;

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
} as const;

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
          kind: { type: 'string', enum: OUTCOME_KINDS },
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
function inlineParts(spec: GameSpec): ContractParts {
  return {
    action: spec.actionSchema,
    observation: spec.observationSchema,
    state: carriedStateSchema(spec),
    outcome: outcomeSchema(spec),
    event: eventSchema,
    spec: specSchema,
  };
}

/** The values `tensorFormat` takes. */
export const TENSOR_FORMATS = ['json', 'base64', 'bits'] as const;

/**
 * The tensor fields of a play answer (present when the request asked with `tensor` or `tensorFormat`):
 * `tensor` in either form, `actionMask` and `legalIndex`. For one game the lengths are its tensorSpec's.
 */
export function tensorFields(spec?: GameSpec): Record<string, JsonSchema> {
  const t = spec?.tensorSpec;
  const size = (n: number | undefined) => (n === undefined ? {} : { minItems: n, maxItems: n });
  const planes = t ? t.planes.shape.reduce((n, d) => n * d, 1) : undefined;
  const features = t ? t.features.shape[0] : undefined;
  const slots = spec?.actionIndex?.length;
  return {
    tensor: {
      description:
        'Asked for with `tensor` or `tensorFormat`: the numeric observation of spec.tensorSpec. By default two flat arrays of numbers; with `tensorFormat: "base64"` the same numbers as bytes in base64 (planes: C x H x W uint8; features: float32, little-endian) and `format: "base64"`; with `tensorFormat: "bits"` (games whose planes are 0 or 1) the planes packed eight cells a byte, first cell in the top bit, and `format: "bits"`.',
      oneOf: [
        {
          type: 'object',
          required: ['planes', 'features'],
          additionalProperties: false,
          properties: {
            planes: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 }, ...size(planes) },
            features: { type: 'array', items: { type: 'number' }, ...size(features) },
          },
        },
        {
          type: 'object',
          required: ['format', 'planes', 'features'],
          additionalProperties: false,
          properties: {
            format: { type: 'string', enum: ['base64', 'bits'] },
            planes: {
              type: 'string',
              format: 'byte',
              description:
                "The planes' bytes, in base64 (bits: packed eight cells a byte, the first cell in the top bit, the last byte padded with 0 bits).",
            },
            features: {
              type: 'string',
              format: 'byte',
              description: 'The features as float32 little-endian, in base64.',
            },
          },
        },
      ],
    },
    actionMask: {
      type: 'array',
      items: { type: 'integer', enum: [0, 1] },
      ...size(slots),
      description: 'With the tensor: 1 at each index of spec.actionIndex that is legal now, else 0.',
    },
    legalIndex: {
      type: 'array',
      items: { type: 'integer', minimum: -1 },
      description: "With the tensor: each legal action's index in spec.actionIndex, in legalActions' order.",
    },
  };
}

/** An action body's `actionIndex`: the action as its index in spec.actionIndex, instead of `action`. */
export const actionIndexField = {
  type: 'integer',
  minimum: 0,
  description:
    'Instead of `action`: an index of spec.actionIndex, played as the action it names in this state (a relative one, such as a reach from the climber, as the concrete move). One that names no action here is refused as unknown_action; an illegal one as the rules refuse it.',
} as const;

/** What an action body may add to ask for the tensor fields. */
export const tensorRequestFields: Record<string, JsonSchema> = {
  tensor: { type: 'boolean', description: 'Also answer the tensor fields (tensor, actionMask, legalIndex).' },
  tensorFormat: {
    type: 'string',
    enum: [...TENSOR_FORMATS],
    description:
      'Answer the tensor fields, `tensor` written as "json" arrays (the default), "base64" bytes, or "bits" (planes one bit a cell; games whose spec.tensorSpec.planes.high is 1).',
  },
};

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
  const tensor = tensorFields(spec);
  const answer = (ok: boolean, extra: Record<string, JsonSchema>, description: string): JsonSchema => ({
    type: 'object',
    description,
    additionalProperties: false,
    required: [...required, ...Object.keys(extra)],
    properties: { ok: { type: 'boolean', enum: [ok] }, ...base, ...extra, ...tensor },
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
