/**
 * JSON Schemas of the ranked-play routes (live sessions, boards, submissions' answers), kept apart from
 * `schemas.ts` so the two can change independently. Fastify validates requests with them and
 * `/openapi.json` documents them.
 */
import { PLAYER_KINDS, type Board } from '../../store/store.js';
import { errorResponses, ID_PATTERN, outcomeAnswer as outcome, playerSchema as player } from './api.js';
import { seedSchema } from './contract.js';

const anyObject = { type: 'object', additionalProperties: true } as const;

/** The longest stateToken a live route reads (a live token is of fixed length, far below it). */
const STATE_TOKEN_MAX = 65536;

/** The boards, as `?board=` names them. */
const BOARDS = ['ranked', 'open', 'daily'] as const satisfies readonly Board[];

/** Errors every ranked route may answer besides the common ones: 503 `store_unavailable` without a store. */
export const rankedErrors = { ...errorResponses, 503: errorResponses[400] } as const;

/** A route that claims or checks a player name (403 `name_owned`) and may find it taken (409). */
export const namedErrors = { ...rankedErrors, 403: errorResponses[400], 409: errorResponses[400] } as const;

/** A live action: 409 `stale_state` for a fork, `session_over` once ended. */
export const liveErrors = { ...rankedErrors, 409: errorResponses[400] } as const;

/** A stored run: 403 `run_not_public` while its daily challenge lasts. */
export const storedRunErrors = { ...rankedErrors, 403: errorResponses[400] } as const;

/** A game's ranked budget (`spec.rankedBudget`), null for a game that needs none. */
const budget = {
  type: ['object', 'null'],
  additionalProperties: true,
  required: ['unit', 'limit', 'why'],
  description: "The game's ranked budget (spec.rankedBudget); null for a finite game.",
  properties: {
    unit: { type: 'string', enum: ['actions', 'turns', 'ticks'] },
    limit: { type: 'integer' },
    counted: { type: 'array', items: { type: 'string' }, description: 'The action types that cost (default all).' },
    countField: { type: 'string', description: 'The field of an action giving its cost (default 1).' },
    why: { type: 'string' },
  },
} as const;

export const sessionStartBody = {
  type: 'object',
  additionalProperties: false,
  required: ['player'],
  properties: {
    player,
    challenge: { type: 'string', enum: ['daily'], description: "Play today's daily challenge seed." },
  },
} as const;

export const sessionIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 12, maxLength: 12, pattern: ID_PATTERN } },
} as const;

export const sessionActionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['stateToken', 'action'],
  properties: {
    stateToken: { type: 'string', maxLength: STATE_TOKEN_MAX, description: 'The stateToken of the previous answer.' },
    action: { description: "An action in the game's grammar." },
  },
} as const;

const sessionFields = {
  id: { type: 'string' },
  step: { type: 'integer', description: 'The step the next action is (0 before the first).' },
  spent: { type: 'integer', description: 'Budget units spent so far.' },
  budget,
  finished: { type: 'boolean' },
  runUrl: { type: 'string', description: 'Once finished: the stored run.' },
  replayUrl: { type: 'string', description: 'Once finished: the replay viewer.' },
} as const;

const sessionInfo = {
  type: 'object',
  additionalProperties: true,
  required: ['id', 'step', 'spent', 'budget', 'finished'],
  description: 'The live session: its id, the step the next action is, budget spent, and whether it ended.',
  properties: {
    ...sessionFields,
    actionUrl: { type: 'string', description: 'Where its next action goes (absent on a refusal).' },
    expired: {
      type: 'boolean',
      description: 'GET only: true once no action came for the expiry time; it can no longer be played.',
    },
  },
} as const;

/** A live session as GET /api/sessions/{id} shows it: its seed and links only once public. */
const sessionRecord = {
  type: 'object',
  additionalProperties: true,
  required: ['id', 'game', 'rulesVersion', 'player', 'challenge', 'step', 'spent', 'budget', 'finished', 'createdAt'],
  properties: {
    ...sessionFields,
    game: { type: 'string' },
    rulesVersion: { type: 'string' },
    player,
    challenge: { type: ['string', 'null'], description: 'The UTC day of a daily challenge session, else null.' },
    createdAt: { type: 'string' },
    seed: { ...seedSchema, description: 'Once the session has ended and is public.' },
  },
} as const;

/** A live answer that moved the session on (a start, or an accepted action). */
export const liveAccepted = {
  type: 'object',
  additionalProperties: true,
  description:
    'Like init and action, without the seed: `stateToken` (always opaque, fixed length), `observation`, `legalActions`, `score`, `gameOver`, `outcome`, and `session`. A start adds `player`, `challenge` and `spec` (and `playerKey` when it claimed the name); an action adds `events`.',
  required: ['ok', 'game', 'session', 'stateToken', 'observation', 'legalActions', 'score', 'gameOver', 'outcome'],
  properties: {
    ok: { type: 'boolean', enum: [true] },
    game: { type: 'string' },
    session: sessionInfo,
    player,
    challenge: { type: ['string', 'null'], description: 'The UTC day of a daily challenge session, else null.' },
    spec: anyObject,
    playerKey: {
      type: 'string',
      description:
        'Only when this call claimed the name: the key sent in x-player-key, or one the server drew (keep it, it is shown once).',
    },
    stateToken: { type: 'string' },
    observation: anyObject,
    legalActions: { type: 'array', items: anyObject },
    score: { type: 'number' },
    gameOver: { type: 'boolean' },
    outcome,
    events: { type: 'array', items: anyObject },
  },
} as const;

/** A refused live action: nothing recorded; the session stands where it was. */
const liveRefused = {
  type: 'object',
  additionalProperties: true,
  description: 'A refused action: `ok: false`, `reason`, `message`, `legalActions` and `session`; nothing recorded.',
  required: ['ok', 'reason', 'message', 'legalActions', 'session'],
  properties: {
    ok: { type: 'boolean', enum: [false] },
    reason: { type: 'string', description: 'Why, e.g. "over_budget" or the rules\' reason.' },
    message: { type: 'string' },
    legalActions: { type: 'array', items: anyObject },
    session: sessionInfo,
  },
} as const;

/** The answer of a session start or a live action (free-form game data: serialised as plain JSON). */
export const liveAnswer = { oneOf: [liveAccepted, liveRefused] } as const;

/** `POST /api/sessions/:id/resume`: any token the session answered. */
export const sessionResumeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['stateToken'],
  properties: {
    stateToken: { type: 'string', maxLength: STATE_TOKEN_MAX, description: 'Any stateToken this session answered.' },
  },
} as const;

export const sessionAnswer = {
  type: 'object',
  additionalProperties: true,
  required: ['ok', 'session'],
  properties: { ok: { type: 'boolean' }, session: sessionRecord },
} as const;

export const boardQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    board: {
      type: 'string',
      enum: BOARDS,
      description: '`ranked`: live sessions; `open`: replay-verified submissions (search allowed); `daily`.',
    },
    date: { type: 'string', maxLength: 10, description: 'The UTC day of a daily board, YYYY-MM-DD (default today).' },
    kind: { type: 'string', enum: PLAYER_KINDS, description: 'One table only; omit it for both.' },
    limit: { type: 'string', maxLength: 8, description: 'How many entries per table, 1 to 100 (default 10).' },
  },
} as const;

const boardEntry = {
  type: 'object',
  required: ['rank', 'id', 'player', 'score', 'progress', 'outcome', 'steps', 'spent', 'createdAt'],
  properties: {
    rank: { type: 'integer' },
    id: { type: 'string' },
    player: {
      type: 'object',
      required: ['name', 'kind'],
      properties: { name: { type: 'string' }, kind: { type: 'string' } },
    },
    score: { type: 'number' },
    progress: { type: ['integer', 'null'], description: 'How far: wave, level, pitch or night (see progressLabel).' },
    outcome,
    steps: { type: 'integer' },
    spent: {
      type: ['integer', 'null'],
      description:
        "Budget units the run spent (the budget's unit: Briarwink's ticks, 30 a second); null for runs stored before it was recorded.",
    },
    seed: {
      ...seedSchema,
      description: 'Absent while secret (a daily challenge whose day is not over): 32 hex digits for a ranked run.',
    },
    createdAt: { type: 'string' },
    replayUrl: { type: 'string' },
    attempts: {
      type: 'integer',
      description: 'Ranked and daily boards: sessions the player started there, finished or not.',
    },
    mean: {
      type: 'number',
      description:
        "Ranked board: the mean score of the player's last 20 finished attempts (an abandoned session ends at its score and counts), which the board ranks by.",
    },
    ci95: {
      type: 'array',
      items: { type: 'number' },
      description: "Ranked board: a 95 % interval for that mean (Student's t).",
    },
    counted: { type: 'integer', description: 'Ranked board: the attempts the mean is over (at most 20).' },
    finished: { type: 'integer', description: 'Ranked board: finished attempts in all.' },
    provisional: {
      type: 'boolean',
      description: 'Ranked board: fewer than 5 finished attempts; listed after the ranked players.',
    },
    best: {
      type: 'object',
      required: ['id', 'score'],
      properties: { id: { type: 'string' }, score: { type: 'number' } },
      description: "Ranked board: the player's best attempt (its fields are the entry's own).",
    },
  },
} as const;

export const boardAnswer = {
  type: 'object',
  description:
    "A board: each player's best finished run under the current rules version, humans and agents apart; higher score first, then fewer steps, then the earlier run.",
  required: ['ok', 'game', 'rulesVersion', 'board', 'label', 'progressLabel', 'budget', 'par', 'limit'],
  properties: {
    ok: { type: 'boolean' },
    game: { type: 'string' },
    rulesVersion: { type: 'string' },
    board: { type: 'string' },
    label: { type: 'string' },
    date: { type: 'string' },
    seed: { ...seedSchema, description: 'The daily seed (32 hex digits), once its day is over.' },
    progressLabel: { type: ['string', 'null'] },
    budget,
    par: { ...anyObject, type: ['object', 'null'], description: "The game's par (spec.par), else null." },
    limit: { type: 'integer' },
    human: { type: 'array', items: boardEntry, description: 'Absent when `kind=agent` was asked.' },
    agent: { type: 'array', items: boardEntry, description: 'Absent when `kind=human` was asked.' },
  },
} as const;

export const submitAnswer = {
  type: 'object',
  required: [
    'ok',
    'id',
    'score',
    'gameOver',
    'steps',
    'outcome',
    'progress',
    'rank',
    'created',
    'createdAt',
    'replayUrl',
    'leaderboardUrl',
  ],
  properties: {
    ok: { type: 'boolean' },
    id: { type: 'string' },
    score: { type: 'number', description: 'The replayed score, at the ranked budget for endless games.' },
    gameOver: { type: 'boolean' },
    steps: { type: 'integer', description: 'Actions up to the ranked state.' },
    outcome,
    progress: { type: ['integer', 'null'] },
    rank: {
      type: ['integer', 'null'],
      description: "The player's place on the open board (1 is best); null for an unfinished run, never listed.",
    },
    created: { type: 'boolean', description: 'False when this player had already submitted this exact run.' },
    playerKey: {
      type: 'string',
      description:
        'Only when this submission claimed the name: the key sent in x-player-key, or one the server drew (shown once).',
    },
    createdAt: { type: 'string' },
    replayUrl: { type: 'string' },
    leaderboardUrl: { type: 'string' },
  },
} as const;
