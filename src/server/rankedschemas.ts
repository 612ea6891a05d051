/**
 * JSON Schemas of the ranked-play routes (live sessions, boards, submissions' answers), kept apart from
 * `schemas.ts` so the two can change independently. Fastify validates requests with them and
 * `/openapi.json` documents them.
 */
import { errorResponses, playerSchema as player } from './schemas.js';

const anyObject = { type: 'object', additionalProperties: true } as const;

/** Errors a ranked route may answer besides the common ones. */
export const rankedErrors = {
  ...errorResponses,
  403: errorResponses[400],
  409: errorResponses[400],
  503: errorResponses[400],
} as const;

const outcome = {
  type: ['object', 'null'],
  description:
    'Null while the run goes on. `terminated`: the game ended it; `ended`: the player chose to stop (endRun); `truncated`: the ranked budget stopped it.',
  properties: { kind: { type: 'string', enum: ['terminated', 'truncated', 'ended'] }, reason: { type: 'string' } },
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
  properties: { id: { type: 'string', minLength: 12, maxLength: 12, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;

export const sessionActionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['stateToken', 'action'],
  properties: {
    stateToken: { type: 'string', maxLength: 65536, description: 'The stateToken of the previous answer.' },
    action: { description: "An action in the game's grammar." },
  },
} as const;

const sessionInfo = {
  type: 'object',
  additionalProperties: true,
  description: 'The live session: its id, the step the next action is, budget spent, and whether it ended.',
  properties: {
    id: { type: 'string' },
    step: { type: 'integer' },
    spent: { type: 'integer' },
    budget: { ...anyObject, type: ['object', 'null'] },
    challenge: { type: ['string', 'null'] },
    finished: { type: 'boolean' },
  },
} as const;

/** The answer of a session start or a live action (free-form game data: serialised as plain JSON). */
export const liveAnswer = {
  type: 'object',
  additionalProperties: true,
  description:
    'Like init and action, without the seed: `stateToken` (always opaque, fixed length), `observation`, `legalActions`, `score`, `gameOver`, `outcome`, and `session`. A refused action: `ok: false`, `reason`, `message`, `legalActions`; nothing recorded.',
  properties: {
    ok: { type: 'boolean' },
    game: { type: 'string' },
    session: sessionInfo,
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
    reason: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

export const sessionAnswer = {
  type: 'object',
  additionalProperties: true,
  properties: { ok: { type: 'boolean' }, session: sessionInfo },
} as const;

export const boardQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    board: {
      type: 'string',
      enum: ['ranked', 'open', 'daily'],
      description: '`ranked`: live sessions; `open`: replay-verified submissions (search allowed); `daily`.',
    },
    date: { type: 'string', maxLength: 10, description: 'The UTC day of a daily board, YYYY-MM-DD (default today).' },
    kind: { type: 'string', enum: ['human', 'agent'], description: 'One table only; omit it for both.' },
    limit: { type: 'string', maxLength: 8, description: 'How many entries per table, 1 to 100 (default 10).' },
  },
} as const;

const boardEntry = {
  type: 'object',
  properties: {
    rank: { type: 'integer' },
    id: { type: 'string' },
    player: { type: 'object', properties: { name: { type: 'string' }, kind: { type: 'string' } } },
    score: { type: 'number' },
    progress: { type: ['integer', 'null'], description: 'How far: wave, level, pitch or night (see progressLabel).' },
    outcome,
    steps: { type: 'integer' },
    spent: {
      type: ['integer', 'null'],
      description:
        "Budget units the run spent (the budget's unit: Briarwink's ticks, 30 a second); null for runs stored before it was recorded.",
    },
    seed: { type: 'integer', description: 'Absent while secret (a daily challenge whose day is not over).' },
    createdAt: { type: 'string' },
    replayUrl: { type: 'string' },
    attempts: {
      type: 'integer',
      description: 'Ranked and daily boards: sessions the player started there, finished or not.',
    },
  },
} as const;

export const boardAnswer = {
  type: 'object',
  description:
    "A board: each player's best finished run under the current rules version, humans and agents apart; higher score first, then fewer steps, then the earlier run.",
  properties: {
    ok: { type: 'boolean' },
    game: { type: 'string' },
    rulesVersion: { type: 'string' },
    board: { type: 'string' },
    label: { type: 'string' },
    date: { type: 'string' },
    seed: { type: 'integer', description: 'The daily seed, once its day is over.' },
    progressLabel: { type: ['string', 'null'] },
    budget: { ...anyObject, type: ['object', 'null'] },
    par: { ...anyObject, type: ['object', 'null'] },
    limit: { type: 'integer' },
    human: { type: 'array', items: boardEntry },
    agent: { type: 'array', items: boardEntry },
  },
} as const;

export const submitAnswer = {
  type: 'object',
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
