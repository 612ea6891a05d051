/**
 * JSON Schemas of every route: params, query, bodies and answers. Fastify validates requests with
 * them, serialises answers with them, and `/openapi.json` is generated from them.
 */
import { PLAYER_KINDS, PLAYER_NAME_MAX, PLAYER_NAME_PATTERN } from '../store/store.js';

const errorAnswer = {
  type: 'object',
  description: 'Every error: a machine-readable code and a human message.',
  required: ['ok', 'error', 'message'],
  properties: {
    ok: { type: 'boolean', const: false },
    error: { type: 'string', description: 'Machine-readable error code (see /docs/api).' },
    message: { type: 'string' },
  },
} as const;

/** The answers every route may give besides its own 200. */
export const errorResponses = {
  400: errorAnswer,
  404: errorAnswer,
  413: errorAnswer,
  415: errorAnswer,
} as const;

export const slugParams = {
  type: 'object',
  required: ['slug'],
  additionalProperties: false,
  properties: { slug: { type: 'string', maxLength: 64, description: 'The game, e.g. "whirlyard".' } },
} as const;

const tensorDescription =
  "Also answer `tensor` (the numeric observation of spec.tensorSpec: flat `planes` and `features`), `actionMask` (1 at each index of spec.actionIndex that is legal now) and `legalIndex` (each legal action's index).";

export const initQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    seed: {
      type: 'string',
      maxLength: 32,
      description: 'An integer from 0 to 4294967295. Omit it and the server picks one (returned in the answer).',
    },
    tensor: {
      type: 'string',
      enum: ['true', 'false', '1', '0'],
      description: tensorDescription,
    },
  },
} as const;

export const actionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  description:
    'The state exactly as the previous answer gave it (under `stateToken` or `state`; either name is accepted for any game) and one action in the game grammar.',
  properties: {
    stateToken: { description: 'The opaque token of the previous answer (Whirlyard, Briarwink).' },
    state: { description: 'The readable state object of the previous answer (Delvewick, Cragwake).' },
    action: { description: "An action in the game's grammar (see the game's spec.actionSchema)." },
    tensor: { type: 'boolean', description: tensorDescription },
  },
} as const;

export const batchBody = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  description:
    'At most 256 items, each `{"seed": N}` (an init) or exactly an /action body; answered in order, each as init or /action would answer it. A bad item fails alone with its own `error`. Rate limits count the items.',
  properties: {
    items: { type: 'array', items: {}, description: 'The inits and actions, in order (at most 256).' },
    tensor: { type: 'boolean', description: 'Ask every item for the tensor fields. ' + tensorDescription },
    fields: {
      type: 'array',
      maxItems: 32,
      items: { type: 'string', maxLength: 64 },
      description:
        'Trim every result to these fields (plus ok, error, reason and message), e.g. ["stateToken", "state", "tensor", "actionMask", "legalIndex", "legalActions", "score", "gameOver", "outcome"].',
    },
  },
} as const;

const anyObject = { type: 'object', additionalProperties: true } as const;

const gameEntry = {
  type: 'object',
  additionalProperties: true,
  properties: {
    slug: { type: 'string' },
    name: { type: 'string' },
    genre: { type: 'string' },
    description: { type: 'string' },
    goal: { type: 'string' },
    carry: { type: 'string', enum: ['state', 'stateToken'] },
    rulesVersion: { type: 'string' },
    initUrl: { type: 'string' },
    actionUrl: { type: 'string' },
    docsUrl: { type: 'string' },
  },
} as const;

export const indexAnswer = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    service: { type: 'string' },
    count: { type: 'integer' },
    games: { type: 'array', items: gameEntry },
  },
} as const;

export const gameAnswer = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    game: gameEntry,
    spec: anyObject,
  },
} as const;

/** The fields of every play answer (init, and an action accepted or refused). */
const playFields = {
  ok: { type: 'boolean' },
  game: { type: 'string' },
  seed: { type: 'integer' },
  stateToken: { type: 'string', description: 'Opaque: carry it to the next call unchanged.' },
  state: { ...anyObject, description: 'Readable, integrity-tagged: carry it to the next call unchanged.' },
  observation: {
    ...anyObject,
    description:
      "What the player sees: `text` for language models plus structured fields (the game's spec.observationSchema).",
  },
  legalActions: { type: 'array', items: anyObject },
  score: { type: 'number' },
  gameOver: { type: 'boolean' },
  outcome: {
    type: 'object',
    nullable: true,
    required: ['kind', 'reason'],
    properties: {
      kind: { type: 'string', enum: ['terminated', 'truncated', 'ended'] },
      reason: { type: 'string', description: "One of the game's spec.outcomes." },
    },
    description: 'Null while playing; how the run ended once gameOver.',
  },
} as const;

/** What every play answer carries besides its carried state. */
const playRequired = ['ok', 'game', 'seed', 'observation', 'legalActions', 'score', 'gameOver', 'outcome'];

export const initAnswer = {
  type: 'object',
  additionalProperties: true,
  required: [...playRequired, 'spec'],
  properties: { ...playFields, spec: anyObject },
} as const;

export const actionAnswer = {
  type: 'object',
  additionalProperties: true,
  required: playRequired,
  description:
    "Accepted: `ok: true` with the next state and `events`. Refused (illegal or malformed action): `ok: false` with `reason` and `message`, the state that was sent and everything else of the contract; nothing changed. /openapi.json also lists each game's paths with fully typed answers.",
  properties: {
    ...playFields,
    events: { type: 'array', items: anyObject },
    reason: { type: 'string', description: 'Why the action was refused, e.g. "unknown_action".' },
    message: { type: 'string' },
  },
} as const;

export const batchAnswer = {
  type: 'object',
  required: ['ok', 'results'],
  properties: {
    ok: { type: 'boolean' },
    results: {
      type: 'array',
      items: anyObject,
      description: 'One per item, in order: what init or /action answers for it (trimmed to `fields`), or its error.',
    },
  },
} as const;

/** Who played: the name (owned through its player key, see ranked.md) and the self-declared kind. */
export const playerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: PLAYER_NAME_MAX,
      pattern: PLAYER_NAME_PATTERN,
      description:
        '1 to 32 letters, digits, spaces, `_`, `.` or `-`; no leading or trailing space. Owned: later uses need the player key.',
    },
    kind: { type: 'string', enum: PLAYER_KINDS, description: 'Self-declared: a person or a program.' },
  },
} as const;

export const runBody = {
  type: 'object',
  additionalProperties: false,
  required: ['game', 'rulesVersion', 'seed', 'actions', 'player'],
  description:
    'A run (game, rulesVersion, seed, actions) and who played it. The server replays it; a score is never sent (an unknown field, refused).',
  properties: {
    game: { type: 'string', minLength: 1, maxLength: 64 },
    rulesVersion: { type: 'string', minLength: 1, maxLength: 64 },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    actions: {
      type: 'array',
      maxItems: 100000,
      items: { type: 'object' },
      description: "Every action in order, each in the game's grammar.",
    },
    player: playerSchema,
  },
} as const;

export const runIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;

const playerAnswer = {
  type: 'object',
  properties: { name: { type: 'string' }, kind: { type: 'string' } },
} as const;

export const runAnswer = {
  type: 'object',
  additionalProperties: true,
  properties: {
    ok: { type: 'boolean' },
    id: { type: 'string' },
    run: {
      type: 'object',
      properties: {
        game: { type: 'string' },
        rulesVersion: { type: 'string' },
        seed: { type: 'integer' },
        actions: { type: 'array', items: anyObject },
      },
    },
    player: playerAnswer,
    score: { type: 'number' },
    gameOver: { type: 'boolean' },
    steps: { type: 'integer' },
    createdAt: { type: 'string' },
  },
} as const;
