/**
 * JSON Schemas of every route: params, query, bodies and answers. Fastify validates requests with
 * them, serialises answers with them, and `/openapi.json` is generated from them.
 */
import { PLAYER_KINDS, PLAYER_NAME_MAX, PLAYER_NAME_PATTERN } from '../../store/store.js';
import { actionIndexField, OUTCOME_KINDS, seedSchema, TENSOR_FORMATS, tensorFields } from './contract.js';
import { ERRORS } from '../errors.js';
import { PLAYER_KEY_HEADER } from '../ranked/players.js';

const errorAnswer = {
  type: 'object',
  description: 'Every error: a machine-readable code and a human message.',
  required: ['ok', 'error', 'message'],
  properties: {
    ok: { type: 'boolean', const: false },
    error: {
      type: 'string',
      enum: Object.keys(ERRORS),
      description: 'Machine-readable error code (see /docs/api).',
    },
    message: { type: 'string', description: 'What went wrong, for people; quotes of the input are clipped.' },
  },
} as const;

/** Most actions in a submitted run. */
export const MAX_RUN_ACTIONS = 100_000;

/** The answers every route may give besides its own 200. */
export const errorAnswerSchema = errorAnswer;

/** The answers every route may give besides its own 200 (/openapi.json adds HTTP's own: 405, 408, 429, ...). */
export const errorResponses = {
  400: errorAnswer,
  404: errorAnswer,
  413: errorAnswer,
  415: errorAnswer,
} as const;

/** The longest game slug, rules version or stored id a request may name. */
export const NAME_MAX = 64;

/** The characters of a stored id (a run's, an evaluation's, a session's): base64url. */
export const ID_PATTERN = '^[A-Za-z0-9_-]+$';

/** A player key as a request carries it (judged by ranked/players.ts; this only bounds its length). */
export const playerKeyField = { type: 'string', maxLength: 256 } as const;

export const slugParams = {
  type: 'object',
  required: ['slug'],
  additionalProperties: false,
  properties: { slug: { type: 'string', maxLength: NAME_MAX, description: 'The game, e.g. "whirlyard".' } },
} as const;

const tensorDescription =
  "Also answer `tensor` (the numeric observation of spec.tensorSpec: flat `planes` and `features`), `actionMask` (1 at each index of spec.actionIndex that is legal now) and `legalIndex` (each legal action's index).";

const tensorFormatDescription =
  'How `tensor` is written (and asks for it): "json" (the default) as arrays of numbers; "base64" as `{"format": "base64", "planes": <base64 of the C x H x W uint8 bytes>, "features": <base64 of the float32 values, little-endian>}`, the same numbers at a fraction of the size and of the time to write and read them; "bits" (only for games whose spec.tensorSpec.planes.high is 1, such as Delvewick) as the base64 form with the planes packed eight cells a byte, the first cell in the top bit (numpy\'s `packbits` order), and `"format": "bits"`.';

/**
 * The init query as validated: a query string holds text, and `parseSeed` reads it strictly (so a bad
 * seed gets its own `bad_seed` message). /openapi.json documents it as the integer it is
 * (`documentedQuery`).
 */
export const initQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    seed: {
      type: 'string',
      maxLength: 64,
      description:
        "An integer from 0 to 4294967295, or 32 hex digits (a wide seed: a finished ranked run's, to practise it). Omit it and the server picks a free seed (returned in the answer).",
    },
    tensor: {
      type: 'string',
      enum: ['true', 'false', '1', '0'],
      description: tensorDescription,
    },
    tensorFormat: { type: 'string', enum: TENSOR_FORMATS, description: tensorFormatDescription },
  },
} as const;

/** Query parameters validated as text but documented as what they mean (see `initQuery`). */
export const documentedQuery: Record<string, Record<string, unknown>> = {
  seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
  limit: { type: 'integer', minimum: 1, maximum: 100 },
};

/**
 * The player key header, on the routes that read it (a run submission, a session start): the key of a
 * claimed name, needed to play under it again.
 */
export const playerKeyHeaders = {
  type: 'object',
  properties: {
    [PLAYER_KEY_HEADER]: {
      ...playerKeyField,
      description:
        'The player key of a claimed name (the `playerKey` of the answer that claimed it). Needed to play under a claimed name; omit it for a free name.',
    },
  },
} as const;

export const actionBody = {
  type: 'object',
  additionalProperties: false,
  description:
    'The state exactly as the previous answer gave it (under `stateToken` or `state`; either name is accepted for any game) and one action in the game grammar, or `actionIndex` instead of the action.',
  properties: {
    stateToken: { description: 'The opaque token of the previous answer (Whirlyard, Briarwink).' },
    state: { description: 'The readable state object of the previous answer (Delvewick, Cragwake).' },
    action: { description: "An action in the game's grammar (see the game's spec.actionSchema)." },
    actionIndex: actionIndexField,
    tensor: { type: 'boolean', description: tensorDescription },
    tensorFormat: { type: 'string', enum: TENSOR_FORMATS, description: tensorFormatDescription },
  },
} as const;

/** The most items one batch request may hold. */
export const BATCH_LIMIT = 256;

/** The fields an /action body may carry beside `action` or `actionIndex`, and the tensor request. */
const itemFields = {
  seed: { anyOf: [{ type: 'number' }, { type: 'string' }] },
  stateToken: {},
  state: {},
  action: {},
  actionIndex: {},
  tensor: { type: 'boolean' },
  tensorFormat: { type: 'string', enum: TENSOR_FORMATS },
} as const;

/**
 * One batch item, checked by Ajv item by item (a bad item fails alone, so the route's body schema
 * leaves items open): an init `{"seed": N}` or exactly an /action body (`action` or `actionIndex`
 * with the carried state), never both. The seed's range and the action are judged as init and
 * /action judge them. /openapi.json publishes this schema as the batch body's items, its fields typed
 * (openapi.ts).
 */
const { seed: seedField, stateToken, state, action, actionIndex, ...tensorRequest } = itemFields;

export const batchItemSchema = {
  type: 'object',
  additionalProperties: false,
  properties: itemFields,
  // Each branch lists the fields it allows, so that every field a branch requires is one it defines.
  oneOf: [
    // An init: the seed, and nothing beside it but the tensor request.
    { required: ['seed'], additionalProperties: false, properties: { seed: seedField, ...tensorRequest } },
    // An /action body: `action` or `actionIndex`, the carried state, the tensor request; no seed.
    {
      additionalProperties: false,
      properties: { stateToken, state, action, actionIndex, ...tensorRequest },
      anyOf: [
        { required: ['action'], properties: { action } },
        { required: ['actionIndex'], properties: { actionIndex } },
      ],
    },
  ],
} as const;

export const batchBody = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  description: `At most ${BATCH_LIMIT} items, each \`{"seed": N}\` (an init) or exactly an /action body; answered in order, each as init or /action would answer it. A bad item fails alone with its own \`error\`. Rate limits count the items.`,
  properties: {
    items: { type: 'array', items: {}, description: `The inits and actions, in order (at most ${BATCH_LIMIT}).` },
    tensor: { type: 'boolean', description: 'Ask every item for the tensor fields. ' + tensorDescription },
    tensorFormat: {
      type: 'string',
      enum: TENSOR_FORMATS,
      description: 'For every item: ' + tensorFormatDescription,
    },
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
  required: [
    'slug',
    'name',
    'genre',
    'description',
    'goal',
    'carry',
    'rulesVersion',
    'initUrl',
    'actionUrl',
    'docsUrl',
  ],
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
  required: ['ok', 'service', 'count', 'games'],
  properties: {
    ok: { type: 'boolean' },
    service: { type: 'string' },
    count: { type: 'integer' },
    games: { type: 'array', items: gameEntry },
  },
} as const;

export const gameAnswer = {
  type: 'object',
  required: ['ok', 'game', 'spec'],
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
  seed: seedSchema,
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
      kind: { type: 'string', enum: OUTCOME_KINDS },
      reason: { type: 'string', description: "One of the game's spec.outcomes." },
    },
    description: 'Null while playing; how the run ended once gameOver.',
  },
  ...tensorFields(),
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

/** What a player name is, for a schema: its length and its pattern (store.ts). */
export const playerNameFields = {
  type: 'string',
  minLength: 1,
  maxLength: PLAYER_NAME_MAX,
  pattern: PLAYER_NAME_PATTERN,
} as const;

/** Who played: the name (owned through its player key, see ranked.md) and the self-declared kind. */
export const playerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind'],
  properties: {
    name: {
      ...playerNameFields,
      description:
        'Letters and digits of any script (with their combining marks), spaces, `_`, `.` or `-`: 1 to 32 code points once normalised to NFKC (the form stored), at least one letter or digit, no leading or trailing space, no emoji or other symbols. Owned: later uses need the player key (x-player-key; a client may choose it on first use: 22 to 128 characters of A-Z a-z 0-9 _ -). Compared folded: case, separators (space _ . - alike, none at either end), Unicode confusables (UTS #39) and look-alikes (I l 1, O 0, S 5, Z 2, B 8, rn m, vv w, cl d); see docs/ranked.md.',
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
    game: { type: 'string', minLength: 1, maxLength: NAME_MAX },
    rulesVersion: { type: 'string', minLength: 1, maxLength: NAME_MAX },
    seed: seedSchema,
    actions: {
      type: 'array',
      maxItems: MAX_RUN_ACTIONS,
      items: { type: 'object' },
      description: "Every action in order, each in the game's grammar.",
    },
    player: playerSchema,
  },
} as const;

/** The id of a stored run or evaluation, as a path names it. */
export const storedIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: NAME_MAX, pattern: ID_PATTERN } },
} as const;

const playerAnswer = {
  type: 'object',
  required: ['name', 'kind'],
  properties: { name: { type: 'string' }, kind: { type: 'string', enum: PLAYER_KINDS } },
} as const;

/** How a run ended, as stored and ranked: null while it goes on. */
export const outcomeAnswer = {
  type: ['object', 'null'],
  description:
    'Null while the run goes on. `terminated`: the game ended it; `ended`: the player chose to stop (endRun); `truncated`: the ranked budget stopped it.',
  required: ['kind', 'reason'],
  properties: { kind: { type: 'string', enum: OUTCOME_KINDS }, reason: { type: 'string' } },
} as const;

export const runAnswer = {
  type: 'object',
  additionalProperties: true,
  required: [
    'ok',
    'id',
    'run',
    'player',
    'score',
    'gameOver',
    'steps',
    'outcome',
    'progress',
    'board',
    'challenge',
    'createdAt',
  ],
  properties: {
    ok: { type: 'boolean' },
    id: { type: 'string' },
    run: {
      type: 'object',
      required: ['game', 'rulesVersion', 'seed', 'actions'],
      properties: {
        game: { type: 'string' },
        rulesVersion: { type: 'string' },
        seed: seedSchema,
        actions: { type: 'array', items: anyObject },
      },
    },
    player: playerAnswer,
    score: { type: 'number' },
    gameOver: { type: 'boolean' },
    steps: { type: 'integer' },
    outcome: outcomeAnswer,
    progress: { type: ['integer', 'null'], description: 'How far: wave, level, pitch or night.' },
    board: {
      type: 'string',
      enum: ['open', 'ranked', 'evaluation'],
      description: 'Submitted (`open`), played live (`ranked`), or one run of an evaluation (`evaluation`).',
    },
    challenge: { type: ['string', 'null'], description: 'The UTC day of a daily challenge run, else null.' },
    createdAt: { type: 'string' },
    requestId: {
      type: ['string', 'null'],
      description: 'The x-request-id of the request that stored the run (null for runs stored before it was kept)',
    },
  },
} as const;
