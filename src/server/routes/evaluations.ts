/**
 * Benchmark boards: evaluations, not runs. `POST /api/evaluations` takes a whole result file of a
 * published suite (every seed of `dev` or `test`, each run with its actions) with a label and what the
 * submitter says about the agent; it is stored at once (status `replaying`, owned by the player name
 * and key like runs) and answered at once. The server then replays every run off the request path: one
 * evaluation at a time per process (a bounded queue behind it), at most one queued per client (address
 * or name), each long run on the verifier's threads. The evaluation is published only if every run
 * replays to the score the file recorded; otherwise it is refused, naming the first seed that does not.
 * `GET /api/evaluations/:id` answers its progress, and once published its figures and per-seed rows.
 * `GET /api/games/:slug/benchmarks` is the board: one row per published evaluation, sorted by mean,
 * beside the built-in random and heuristic agents' rows (src/agents/reference.ts).
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AnyGame, GameAction } from '../../core/game.js';
import type { Registry } from '../../core/registry.js';
import { seedSuites } from '../../core/suites.js';
import { normalisedScore, referenceOf, REFERENCE_NOTE } from '../../agents/reference.js';
import { quantile, scoreStats } from '../../agents/harness/stats.js';
import { DEFAULT_ATTEMPT_RULES, standings, type AttemptRules } from '../ranked/attempts.js';
import { foldName } from '../../store/names.js';
import type { EvaluationFigures, EvaluationRecord, EvaluationRun, EvaluationSuite } from '../../store/evaluations.js';
import type { Player, RunStore } from '../../store/store.js';
import type { Seed } from '../../core/seed.js';
import { ApiError } from '../errors.js';
import { grammarRefusal, grammarsOf, plainJson, requireGame } from '../answer-json.js';
import { asNameError, keyIdOf, nameUse, PLAYER_KEY_HEADER, usedKey } from '../ranked/players.js';
import { namedErrors, rankedErrors } from '../schemas/ranked.js';
import {
  ID_PATTERN,
  MAX_RUN_ACTIONS,
  NAME_MAX,
  playerKeyHeaders,
  playerSchema,
  slugParams,
  storedIdParams,
} from '../schemas/api.js';
import type { VerifyPool } from '../verify/pool.js';
import { randomBytes } from 'node:crypto';
import { seedSchema } from '../schemas/contract.js';
import type { Accepted, SchemaRequest, SchemaTypes } from '../schemas/types.js';

/** Largest accepted body: a test suite is 100 runs, each up to the run limit of POST /api/runs. */
const EVALUATION_BODY_LIMIT = 64 * 1024 * 1024;
/** Most evaluations waiting to be replayed in one process; past it a submission is refused (503). */
const EVALUATION_QUEUE_MAX = 8;
/** Longest label: room for `org/model (menu, t=0)` and more. */
const LABEL_MAX = 100;
/** Longest note. */
const NOTE_MAX = 500;

/** The id of an evaluation run in the replay viewer's `?run=`: `ev_<evaluation>_<index>`. */
export const EVALUATION_RUN_ID = /^ev_([0-9a-f]{16})_(\d{1,4})$/;
const evaluationRunId = (evaluation: string, index: number) => `ev_${evaluation}_${index}`;

/** The suites an evaluation plays (the two published ones, and held-out ranked sessions). */
const SUITES = ['dev', 'test', 'held-out'] as const satisfies readonly EvaluationSuite[];

const text = (max: number, description: string) =>
  ({ type: 'string', minLength: 1, maxLength: max, pattern: '^[^\\u0000-\\u001f\\u007f]*$', description }) as const;

const metaSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'What the submitter says about the agent; shown beside the row, not checked.',
  properties: {
    model: text(100, 'The model, e.g. "org/model-7b".'),
    provider: text(100, 'Who served it.'),
    replyFormat: text(40, 'How the agent answered, e.g. "menu" or "json".'),
    temperature: { type: 'number', minimum: 0, maximum: 10 },
    harnessVersion: text(40, "The harness's version, if not this project's gameboard version."),
    note: text(NOTE_MAX, 'Anything a reader should know (at most 500 characters).'),
  },
} as const;

const anyObject = { type: 'object', additionalProperties: true } as const;

const resultRun = {
  type: 'object',
  additionalProperties: true,
  required: ['seed', 'score', 'steps', 'outcome'],
  properties: {
    seed: seedSchema,
    score: { type: 'number' },
    session: {
      type: 'string',
      minLength: 1,
      maxLength: NAME_MAX,
      pattern: ID_PATTERN,
      description: 'A held-out run: the ranked session that played it.',
    },
    steps: { type: 'integer', minimum: 0 },
    outcome: {
      type: 'object',
      additionalProperties: true,
      required: ['kind', 'reason'],
      properties: { kind: { type: 'string' }, reason: { type: 'string' }, message: { type: 'string' } },
    },
    progress: { type: ['integer', 'null'] },
    actions: { type: 'array', maxItems: MAX_RUN_ACTIONS, items: anyObject },
    agentStats: anyObject,
  },
} as const;

const evaluationBody = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'player', 'result'],
  properties: {
    label: text(LABEL_MAX, 'The row\'s label, up to 100 characters, "/" allowed: "org/model (menu, t=0)".'),
    player: playerSchema,
    meta: metaSchema,
    result: {
      type: 'object',
      additionalProperties: false,
      required: ['header', 'runs'],
      description: 'The result file of `gameboard eval --out FILE`: its header and its runs, each with its actions.',
      properties: {
        header: {
          type: 'object',
          additionalProperties: true,
          required: ['game', 'rulesVersion', 'suite', 'seeds'],
          properties: {
            game: { type: 'string', maxLength: NAME_MAX },
            rulesVersion: { type: 'string', maxLength: NAME_MAX },
            suite: { type: ['string', 'null'], maxLength: 16 },
            seeds: { type: 'array', maxItems: 1000, items: { type: 'integer' } },
            maxSteps: { type: ['integer', 'null'] },
          },
        },
        runs: { type: 'array', maxItems: 1000, items: resultRun },
      },
    },
  },
} as const;

const ci95 = { type: ['array', 'null'], items: { type: 'number' }, minItems: 2, maxItems: 2 } as const;

const figuresSchema = {
  type: ['object', 'null'],
  required: ['runs', 'completed', 'failed', 'mean', 'ci95', 'meanWithFailed', 'tokensPerRun', 'normalised'],
  properties: {
    runs: { type: 'integer' },
    completed: { type: 'integer' },
    failed: { type: 'integer' },
    mean: { type: 'number', description: 'Mean score over the completed runs.' },
    ci95: { type: 'array', items: { type: 'number' }, description: "A 95 % interval for the mean (Student's t)." },
    meanWithFailed: { type: 'number', description: 'Mean over every run, a failed run counting 0.' },
    tokensPerRun: { type: ['number', 'null'], description: 'Mean tokens per run where the agent reported them.' },
    normalised: { type: ['number', 'null'], description: '0 = the built-in random agent, 100 = the heuristic.' },
  },
} as const;

const evaluationAnswer = {
  type: 'object',
  additionalProperties: true,
  required: [
    'ok',
    'id',
    'game',
    'rulesVersion',
    'suite',
    'label',
    'player',
    'status',
    'total',
    'replayed',
    'error',
    'figures',
    'createdAt',
    'publishedAt',
    'runs',
  ],
  properties: {
    ok: { type: 'boolean' },
    id: { type: 'string' },
    game: { type: 'string' },
    rulesVersion: { type: 'string' },
    suite: { type: 'string', enum: SUITES },
    label: { type: 'string' },
    player: anyObject,
    meta: anyObject,
    header: anyObject,
    status: {
      type: 'string',
      enum: ['replaying', 'published', 'refused'],
      description: '`replaying` until every run is replayed; then `published` on the board, or `refused` (see error).',
    },
    total: { type: 'integer', description: 'Runs to replay.' },
    replayed: { type: 'integer', description: 'Runs replayed so far.' },
    error: { type: ['string', 'null'], description: 'Why it was refused, naming the first seed that does not replay.' },
    figures: figuresSchema,
    createdAt: { type: 'string' },
    publishedAt: { type: ['string', 'null'] },
    playerKey: { type: 'string', description: 'The key of a name this submission claimed: keep it.' },
    runs: {
      type: 'array',
      description: 'Once published: each seed with its replayed score and a link to watch it.',
      items: {
        type: 'object',
        required: ['seed', 'score', 'steps', 'outcome', 'progress', 'failed', 'tokens', 'replayUrl'],
        properties: {
          seed: seedSchema,
          score: { type: 'number' },
          steps: { type: 'integer' },
          outcome: anyObject,
          progress: { type: ['integer', 'null'] },
          failed: { type: 'boolean' },
          tokens: { type: ['number', 'null'] },
          replayUrl: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

const boardRow = {
  type: 'object',
  additionalProperties: true,
  required: [
    'id',
    'kind',
    'label',
    'owner',
    'suite',
    'runs',
    'mean',
    'ci95',
    'normalised',
    'meanWithFailed',
    'tokensPerRun',
    'createdAt',
  ],
  properties: {
    id: {
      type: ['string', 'null'],
      description: 'The evaluation (GET /api/evaluations/{id}); null for a built-in row.',
    },
    kind: { type: 'string', enum: ['evaluation', 'builtin'] },
    label: { type: 'string' },
    owner: { type: ['string', 'null'], description: 'The player name that submitted it; null for a built-in row.' },
    suite: { type: 'string', enum: SUITES },
    runs: { type: 'integer' },
    failed: { type: 'integer' },
    mean: { type: 'number' },
    ci95: ci95,
    normalised: { type: ['number', 'null'] },
    meanWithFailed: { type: ['number', 'null'] },
    tokensPerRun: { type: ['number', 'null'] },
    createdAt: { type: ['string', 'null'] },
    meta: anyObject,
  },
} as const;

const benchmarksAnswer = {
  type: 'object',
  additionalProperties: true,
  required: ['ok', 'game', 'rulesVersion', 'rows', 'human', 'note'],
  properties: {
    ok: { type: 'boolean' },
    game: { type: 'string' },
    rulesVersion: { type: 'string' },
    rows: { type: 'array', items: boardRow },
    human: {
      type: ['object', 'null'],
      required: ['median', 'players', 'note'],
      description: "The human baseline: the median of the human ranked players' standings; null without any.",
      properties: { median: { type: 'number' }, players: { type: 'integer' }, note: { type: 'string' } },
    },
    note: { type: 'string', description: 'How the figures were obtained.' },
  },
} as const;

const benchmarksQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { suite: { type: 'string', enum: SUITES, description: 'Only this suite.' } },
} as const;

/** One run of a result file, as the body's schema accepts it. */
type ResultRun = Accepted<typeof resultRun>;

/** Prompt plus completion tokens of a run, when its agent reported either. */
function tokensOf(stats: unknown): number | null {
  if (!stats || typeof stats !== 'object') return null;
  const s = stats as { promptTokens?: unknown; completionTokens?: unknown };
  const p = typeof s.promptTokens === 'number' ? s.promptTokens : null;
  const c = typeof s.completionTokens === 'number' ? s.completionTokens : null;
  return p === null && c === null ? null : (p ?? 0) + (c ?? 0);
}

/** Two scores are the same if they agree to a part in 10^9 (both come from the same engine). */
const sameScore = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The board's figures of a list of runs (their replayed scores), on `game`'s `suite`. */
function figuresOf(
  game: string,
  suite: EvaluationSuite,
  rulesVersion: string,
  runs: readonly EvaluationRun[],
): EvaluationFigures {
  const done = runs.filter((r) => !r.failed);
  const st = scoreStats(done.map((r) => r.score));
  const mean = done.length ? st.mean : 0;
  const tokens = runs.map((r) => r.tokens).filter((t): t is number => t !== null);
  return {
    runs: runs.length,
    completed: done.length,
    failed: runs.length - done.length,
    mean,
    ci95: done.length ? st.ci95 : [0, 0],
    meanWithFailed: runs.length ? runs.reduce((a, r) => a + (r.failed ? 0 : r.score), 0) / runs.length : 0,
    tokensPerRun: tokens.length ? tokens.reduce((a, b) => a + b, 0) / tokens.length : null,
    normalised: normalisedScore(game, suite, mean, rulesVersion),
  };
}

/** The replay queue: one evaluation at a time, at most `EVALUATION_QUEUE_MAX` waiting. */
class ReplayQueue {
  private readonly waiting: { id: string; clients: string[]; work: () => Promise<void> }[] = [];
  private readonly busy = new Map<string, string>();
  private running: Promise<void> | null = null;
  closing = false;

  /** The evaluation a client already has waiting or replaying, or null. */
  holding(clients: string[]): string | null {
    for (const c of clients) {
      const id = this.busy.get(c);
      if (id) return id;
    }
    return null;
  }

  get full(): boolean {
    return this.waiting.length >= EVALUATION_QUEUE_MAX;
  }

  add(id: string, clients: string[], work: () => Promise<void>): void {
    for (const c of clients) this.busy.set(c, id);
    this.waiting.push({ id, clients, work });
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      try {
        await next.work();
      } finally {
        for (const c of next.clients) if (this.busy.get(c) === next.id) this.busy.delete(c);
      }
    }
    this.running = null;
  }

  /** Waits for the evaluation replaying now (the waiting ones are refused by their work on `closing`). */
  async close(): Promise<void> {
    this.closing = true;
    while (this.running) await this.running;
  }
}

/** `POST /api/evaluations`. */
const submitSchema = {
  summary: 'Submit an evaluation: a whole result file of a published suite, replayed before it is listed',
  body: evaluationBody,
  headers: playerKeyHeaders,
  response: { 200: evaluationAnswer, ...namedErrors },
} as const;

/** `GET /api/evaluations/:id`. */
const evaluationSchema = {
  summary: "An evaluation: its replay's progress, and once published its figures and per-seed runs",
  params: storedIdParams,
  response: { 200: evaluationAnswer, ...rankedErrors },
} as const;

/** `GET /api/games/:slug/benchmarks`. */
const benchmarksSchema = {
  summary: "A game's benchmark board: every published evaluation by its mean, beside the built-in agents",
  params: slugParams,
  querystring: benchmarksQuery,
  response: { 200: benchmarksAnswer, ...rankedErrors },
} as const;

/** What the evaluation routes need. */
export interface EvaluationRouteOptions {
  registry: Registry;
  store: RunStore | null;
  verifier: VerifyPool;
  clock?: () => Date;
  rules?: AttemptRules;
}

interface EvaluationContext {
  registry: Registry;
  grammars: ReturnType<typeof grammarsOf>;
  queue: ReplayQueue;
  verifier: VerifyPool;
  clock: () => Date;
  rules: AttemptRules;
  log: FastifyBaseLogger;
  needStore(): RunStore;
}

type SubmitRequest = SchemaRequest<typeof submitSchema>;
type Refuse = (message: string) => ApiError;

/** Replays the runs of `e` in order and publishes or refuses it. */
async function replayAll(
  ctx: EvaluationContext,
  s: RunStore,
  e: EvaluationRecord,
  runs: EvaluationRun[],
): Promise<void> {
  const game = ctx.registry.get(e.game)!;
  const refuse = (error: string) => s.endEvaluation(e.id, { status: 'refused', error });
  try {
    for (let i = 0; i < runs.length; i++) {
      if (ctx.queue.closing) return await refuse('The server stopped before every run was replayed: submit it again.');
      const r = runs[i];
      const verdict = await ctx.verifier.verify(game, {
        game: e.game,
        rulesVersion: e.rulesVersion,
        seed: r.seed,
        actions: r.actions ?? [],
      });
      if (!verdict.ok) return await refuse(`The run of seed ${String(r.seed)} does not replay: ${verdict.message}`);
      if (!sameScore(verdict.score, r.score))
        return await refuse(
          `The run of seed ${String(r.seed)} replays to ${verdict.score}, not the ${r.score} recorded: the evaluation is refused.`,
        );
      if (!r.failed && verdict.outcome === null)
        return await refuse(
          `The run of seed ${String(r.seed)} is recorded as finished, but its actions stop before the game's end or budget.`,
        );
      // Every tenth run, and the last: progress for GET, without a write per short run.
      if (i % 10 === 9) await s.evaluationProgress(e.id, i + 1);
      // Short runs replay inline: let other requests in between them.
      await new Promise((ok) => setImmediate(ok));
    }
    await s.endEvaluation(e.id, {
      status: 'published',
      figures: figuresOf(e.game, e.suite, e.rulesVersion, runs),
      publishedAt: ctx.clock().toISOString(),
    });
  } catch (err) {
    ctx.log.error({ err, evaluation: e.id }, 'an evaluation replay failed');
    await refuse('The server could not replay this evaluation just now: submit it again.').catch(() => undefined);
  }
}

/** `POST /api/evaluations`: a held-out evaluation is checked and published at once; a suite's is queued for replay. */
async function submitEvaluation(ctx: EvaluationContext, req: SubmitRequest) {
  const s = ctx.needStore();
  const { label, result } = req.body;
  const { header } = result;
  const refuse = (message: string) => new ApiError('invalid_evaluation', message);
  if (label.trim() !== label) throw refuse('The label has a space at its start or end.');
  const game = ctx.registry.get(header.game);
  if (!game)
    throw refuse(
      `The result file is for "${header.game.slice(0, 64)}", which is not a game here. Games: ${ctx.registry.slugs().join(', ')}.`,
    );
  const slug = game.spec.slug;
  if (header.rulesVersion !== game.spec.rulesVersion)
    throw refuse(
      `The runs were played on ctx.rules "${header.rulesVersion.slice(0, 64)}"; this server's ${slug} is "${game.spec.rulesVersion}": play the suite again.`,
    );
  if (header.suite === 'held-out') return submitHeldOut(ctx, req, s, game, refuse);
  if (header.suite !== 'dev' && header.suite !== 'test')
    throw refuse(
      'An evaluation is a whole published suite: the result file must come from `gameboard eval --suite dev` or `--suite test` (its header names no suite).',
    );
  const suite: 'dev' | 'test' = header.suite;
  if (header.maxSteps !== undefined && header.maxSteps !== null)
    throw refuse(
      `The runs were capped at ${header.maxSteps} steps (--max-steps): an evaluation plays the game's published budget.`,
    );
  const runs = suiteRuns(ctx, game, suite, result.runs, refuse);
  return enqueue(ctx, req, s, game, suite, runs);
}

/** A held-out evaluation: its runs are ranked sessions the server witnessed, so it is published at once. */
/** Stores `record` under the player's name: whether the name was claimed now, or the name's refusal. */
async function saveEvaluation(
  s: RunStore,
  record: EvaluationRecord,
  player: Player,
  keyed: ReturnType<typeof nameUse>,
): Promise<boolean> {
  try {
    return (await s.createEvaluation(record, keyed.use)).claimed;
  } catch (err) {
    throw asNameError(err, player, keyed.use);
  }
}

async function submitHeldOut(ctx: EvaluationContext, req: SubmitRequest, s: RunStore, game: AnyGame, refuse: Refuse) {
  const { label, player, meta = {}, result } = req.body;
  const { header } = result;
  const slug = game.spec.slug;
  const keyed = nameUse(req.headers[PLAYER_KEY_HEADER]);
  const key = usedKey(keyed, req.headers[PLAYER_KEY_HEADER]);
  const runs = await heldOutRuns(s, slug, game.spec.rulesVersion, player, result.runs, refuse);
  const record: EvaluationRecord = {
    id: randomBytes(8).toString('hex'),
    game: slug,
    rulesVersion: game.spec.rulesVersion,
    suite: 'held-out',
    label,
    player,
    meta,
    header: Object.fromEntries(Object.entries(header).filter(([k]) => k !== 'seeds' && k !== 'kind')),
    status: 'published',
    total: runs.length,
    replayed: runs.length,
    error: null,
    figures: figuresOf(slug, 'held-out', game.spec.rulesVersion, runs),
    createdAt: ctx.clock().toISOString(),
    publishedAt: ctx.clock().toISOString(),
    runs,
    audit: { keyId: key && keyIdOf(key), requestId: req.id },
  };
  const claimed = await saveEvaluation(s, record, player, keyed);
  return {
    ...answerOf({ ...record, runs: undefined }),
    ...(claimed && keyed.claimKey ? { playerKey: keyed.claimKey } : {}),
  };
}

/** The file's runs of a whole published suite, in the suite's order, each action in the game's grammar. */
function suiteRuns(
  ctx: EvaluationContext,
  game: AnyGame,
  suite: 'dev' | 'test',
  fileRuns: ResultRun[],
  refuse: Refuse,
) {
  const slug = game.spec.slug;
  const seeds = seedSuites(slug)[suite];
  const inSuite = new Set<Seed>(seeds);
  const bySeed = new Map<Seed, ResultRun>();
  for (const r of fileRuns) {
    if (bySeed.has(r.seed)) throw refuse(`The seed ${r.seed} has two runs in the file.`);
    bySeed.set(r.seed, r);
  }
  const extra = fileRuns.find((r) => !inSuite.has(r.seed));
  if (extra) throw refuse(`The seed ${extra.seed} is not in ${slug}'s ${suite} suite.`);
  const missing = seeds.filter((seed) => !bySeed.has(seed));
  if (missing.length > 0)
    throw refuse(
      `The ${suite} suite of ${slug} has ${seeds.length} seeds; the file has runs of ${seeds.length - missing.length}. The first missing seed is ${missing[0]}: finish it with \`gameboard eval --resume FILE\`.`,
    );
  const grammar = ctx.grammars.get(slug)!;
  const runs: EvaluationRun[] = [];
  for (const seed of seeds) {
    const r = bySeed.get(seed)!;
    if (!r.actions)
      throw refuse(
        `The run of seed ${seed} has no actions: write the file with \`gameboard eval --out FILE.jsonl\` (or .json), which keeps them.`,
      );
    for (let i = 0; i < r.actions.length; i++)
      if (!grammar.check(r.actions[i]))
        throw refuse(`Seed ${seed}: ${grammarRefusal(game, grammar, r.actions[i], `action ${i}`)}`);
    // Every action is in the game's grammar now: a game action.
    const actions = r.actions as GameAction[];
    runs.push({
      seed,
      score: r.score,
      steps: r.steps,
      outcome: r.outcome,
      progress: r.progress ?? null,
      failed: r.outcome.kind === 'error',
      tokens: tokensOf(r.agentStats),
      actions,
    });
  }
  return runs;
}

/** Stores a suite's evaluation as `replaying` and queues its replay (one per client at a time). */
async function enqueue(
  ctx: EvaluationContext,
  req: SubmitRequest,
  s: RunStore,
  game: AnyGame,
  suite: EvaluationSuite,
  runs: EvaluationRun[],
) {
  const { label, player, meta = {}, result } = req.body;
  const { header } = result;
  const slug = game.spec.slug;
  const keyed = nameUse(req.headers[PLAYER_KEY_HEADER]);
  const key = usedKey(keyed, req.headers[PLAYER_KEY_HEADER]);
  const clients = [`address:${req.ip}`, `name:${foldName(player.name)}`];
  const holding = ctx.queue.holding(clients);
  if (holding)
    throw new ApiError(
      'evaluation_busy',
      `This address or name already has an evaluation being replayed (${holding}): wait until GET /api/evaluations/${holding} says it is published or refused.`,
    );
  if (ctx.queue.full || ctx.queue.closing) throw new ApiError('evaluations_full');
  // The header as it came, without its seed list (the suite names it).
  const { seeds: _seeds, kind: _kind, ...facts } = header;
  const record: EvaluationRecord = {
    id: randomBytes(8).toString('hex'),
    game: slug,
    rulesVersion: game.spec.rulesVersion,
    suite,
    label,
    player,
    meta,
    header: facts,
    status: 'replaying',
    total: runs.length,
    replayed: 0,
    error: null,
    figures: null,
    createdAt: ctx.clock().toISOString(),
    publishedAt: null,
    runs,
    audit: { keyId: key && keyIdOf(key), requestId: req.id },
  };
  const claimed = await saveEvaluation(s, record, player, keyed);
  ctx.queue.add(record.id, clients, () => replayAll(ctx, s, record, runs));
  return {
    ...answerOf({ ...record, runs: undefined }),
    ...(claimed && keyed.claimKey ? { playerKey: keyed.claimKey } : {}),
  };
}

/** `GET /api/games/:slug/benchmarks`: the published evaluations by mean, the built-in agents and the human baseline. */
async function benchmarks(ctx: EvaluationContext, req: SchemaRequest<typeof benchmarksSchema>) {
  const game = requireGame(ctx.registry, req.params.slug);
  const slug = game.spec.slug;
  const rulesVersion = game.spec.rulesVersion;
  const evaluations = (await ctx.needStore().evaluations(slug)).filter((e) => e.rulesVersion === rulesVersion);
  const rows: Record<string, unknown>[] = evaluations.map((e) => ({
    id: e.id,
    kind: 'evaluation',
    label: e.label,
    owner: e.player.name,
    ownerKind: e.player.kind,
    suite: e.suite,
    runs: e.figures!.runs,
    failed: e.figures!.failed,
    mean: e.figures!.mean,
    ci95: e.figures!.ci95,
    normalised: e.figures!.normalised,
    meanWithFailed: e.figures!.meanWithFailed,
    tokensPerRun: e.figures!.tokensPerRun,
    createdAt: e.publishedAt ?? e.createdAt,
    meta: e.meta,
    agent: typeof e.header.agent === 'string' ? e.header.agent : null,
  }));
  const ref = referenceOf(slug);
  if (ref && ref.rulesVersion === rulesVersion)
    for (const suite of ['dev', 'test'] as const)
      for (const agent of ['random', 'heuristic'] as const)
        rows.push({
          id: null,
          kind: 'builtin',
          label: `${agent} (built-in)`,
          owner: null,
          suite,
          runs: seedSuites(slug)[suite].length,
          failed: 0,
          mean: ref.suites[suite][agent],
          ci95: null,
          normalised: agent === 'random' ? 0 : 100,
          meanWithFailed: ref.suites[suite][agent],
          tokensPerRun: null,
          createdAt: null,
          meta: {},
          agent,
        });
  // The human baseline: the median of human ranked players' standings (attempts.ts), non-provisional.
  const humans = standings(
    await ctx.needStore().rankedAttempts(slug, rulesVersion, 'human', ctx.rules.recent),
    ctx.rules,
  ).filter((h) => !h.provisional);
  const human =
    humans.length === 0
      ? null
      : {
          median: quantile(
            humans.map((h) => h.mean).sort((a, b) => a - b),
            0.5,
          ),
          players: humans.length,
          note: `The median of ${humans.length} human ranked player${humans.length === 1 ? "'s" : "s'"} standing (each the mean of their last ${ctx.rules.recent} ranked attempts, from ${ctx.rules.minAttempts} attempts): held-out seeds at the ranked budget.`,
        };
  const wanted = req.query.suite;
  const shown = rows
    .filter((r) => wanted === undefined || r.suite === wanted)
    .sort((a, b) => (b.mean as number) - (a.mean as number));
  return {
    ok: true,
    game: slug,
    rulesVersion,
    rows: shown,
    human,
    note: `Each evaluation is a whole published suite (every seed of dev or test), each run replayed by this server to its recorded score, at the game's published budget. mean and ci95: over the completed runs (95 % Student's t); meanWithFailed counts a failed run as 0. ${REFERENCE_NOTE}. Compare rows of the same suite only.`,
  };
}

/** The evaluation routes and the benchmark board as a Fastify plugin. */
export const evaluationRoutes: FastifyPluginAsync<EvaluationRouteOptions> = async (app, opts) => {
  const store = opts.store;
  const ctx: EvaluationContext = {
    registry: opts.registry,
    grammars: grammarsOf(opts.registry),
    queue: new ReplayQueue(),
    verifier: opts.verifier,
    clock: opts.clock ?? (() => new Date()),
    rules: opts.rules ?? DEFAULT_ATTEMPT_RULES,
    log: app.log,
    needStore: () => {
      if (!store) throw new ApiError('store_unavailable');
      return store;
    },
  };
  app.addHook('onClose', () => ctx.queue.close());

  const api = app.withTypeProvider<SchemaTypes>();
  api.post(
    '/api/evaluations',
    { bodyLimit: EVALUATION_BODY_LIMIT, schema: submitSchema, serializerCompiler: plainJson },
    (req) => submitEvaluation(ctx, req),
  );

  api.get('/api/evaluations/:id', { schema: evaluationSchema, serializerCompiler: plainJson }, async (req) => {
    const e = await ctx.needStore().getEvaluation(req.params.id, true);
    if (!e) throw new ApiError('evaluation_not_found', `There is no evaluation "${req.params.id}".`);
    return answerOf(e);
  });

  api.get('/api/games/:slug/benchmarks', { schema: benchmarksSchema, serializerCompiler: plainJson }, (req) =>
    benchmarks(ctx, req),
  );
};

/**
 * The runs of a held-out evaluation, from the ranked sessions the server witnessed: each listed
 * session must be a finished ranked session of this game and rules version played under the
 * submitter's name, with the score the file recorded; and the list must hold every ranked session the
 * name started on the game from its first listed session to its last, so that none can be left out.
 */
async function heldOutRuns(
  s: RunStore,
  slug: string,
  rulesVersion: string,
  player: Player,
  runs: ResultRun[],
  refuse: (message: string) => ApiError,
): Promise<EvaluationRun[]> {
  if (runs.length === 0) throw refuse('A held-out evaluation needs at least one ranked session.');
  const ids = new Set<string>();
  const out: EvaluationRun[] = [];
  let first = '';
  let last = '';
  for (const r of runs) {
    if (!r.session)
      throw refuse(
        'Every run of a held-out evaluation names its ranked session (`gameboard eval --ranked` writes it).',
      );
    if (ids.has(r.session)) throw refuse(`The session ${r.session} is listed twice.`);
    ids.add(r.session);
    const session = await s.getSession(r.session);
    if (
      !session ||
      session.game !== slug ||
      session.rulesVersion !== rulesVersion ||
      session.challenge !== null ||
      foldName(session.player.name) !== foldName(player.name)
    )
      throw refuse(
        `The session ${r.session} is not a ranked ${slug} session (rules ${rulesVersion}) of "${player.name}".`,
      );
    const stored = session.finished ? await s.get(r.session) : null;
    if (!stored) throw refuse(`The session ${r.session} has not ended yet: finish it, or wait until it expires.`);
    if (!sameScore(stored.score, r.score))
      throw refuse(
        `The session ${r.session} ended at ${stored.score}, not the ${r.score} recorded: the evaluation is refused.`,
      );
    if (first === '' || session.createdAt < first) first = session.createdAt;
    if (last === '' || session.createdAt > last) last = session.createdAt;
    out.push({
      seed: stored.run.seed,
      score: stored.score,
      steps: stored.steps,
      outcome: stored.outcome,
      progress: stored.progress,
      failed: false,
      tokens: tokensOf(r.agentStats),
      actions: null,
      session: r.session,
    });
  }
  const started = await s.sessionIdsBetween(slug, rulesVersion, player.name, first, last);
  const left = started.filter((id) => !ids.has(id));
  if (left.length > 0)
    throw refuse(
      `"${player.name}" started ${started.length} ranked ${slug} sessions from the first listed to the last, and the evaluation lists ${ids.size}: every session counts (not listed: ${left.slice(0, 3).join(', ')}${left.length > 3 ? ', ...' : ''}).`,
    );
  return out;
}

/** An evaluation as GET /api/evaluations/:id answers it. */
function answerOf(e: EvaluationRecord): Record<string, unknown> {
  const published = e.status === 'published';
  return {
    ok: true,
    id: e.id,
    game: e.game,
    rulesVersion: e.rulesVersion,
    suite: e.suite,
    label: e.label,
    player: e.player,
    meta: e.meta,
    header: e.header,
    status: e.status,
    total: e.total,
    replayed: published ? e.total : e.replayed,
    error: e.error,
    figures: e.figures,
    createdAt: e.createdAt,
    publishedAt: e.publishedAt,
    runs:
      published && e.runs
        ? e.runs.map((r, i) => ({
            seed: r.seed,
            score: r.score,
            steps: r.steps,
            outcome: r.outcome,
            progress: r.progress,
            failed: r.failed,
            tokens: r.tokens,
            replayUrl: r.session
              ? `/replay?run=${r.session}`
              : r.actions
                ? `/replay?run=${evaluationRunId(e.id, i)}`
                : null,
          }))
        : [],
  };
}
