/**
 * Verified runs: `POST /api/runs` replays a run on the game's engine and stores only the replayed score
 * (a claimed score is never read: a `score` field is an unknown field, refused), ranked at the game's
 * budget for endless games; the run goes on the open board (`boards.ts`) once finished. Names are
 * owned (`players.ts`), claimed in the run's own transaction; a run already stored under another name
 * is refused as a copy (409), and claims nothing.
 * `GET /api/runs/:id` answers a stored run (a daily challenge's once its day is over). Without a store
 * every route answers 503 store_unavailable.
 */
import type { FastifyPluginAsync, RouteShorthandOptions } from 'fastify';
import type { GameAction } from '../../core/game.js';
import { SEED_RULE } from '../../core/seed.js';
import type { Registry } from '../../core/registry.js';
import { RunCopyError, type RunStore } from '../../store/store.js';
import { utcDay } from '../ranked/daily.js';
import { ApiError } from '../errors.js';
import { grammarRefusal, grammarsOf, plainJson } from '../answer-json.js';
import { asNameError, keyIdOf, nameUse, PLAYER_KEY_HEADER, usedKey } from '../ranked/players.js';
import { namedErrors, storedRunErrors, submitAnswer } from '../schemas/ranked.js';
import { playerKeyHeaders, runAnswer, runBody, storedIdParams } from '../schemas/api.js';
import type { SchemaRequest, SchemaTypes } from '../schemas/types.js';
import type { Verdict } from '../verify/replay.js';
import { VerifyPool } from '../verify/pool.js';
import { EVALUATION_RUN_ID } from './evaluations.js';

/** A run of a published evaluation (`ev_<evaluation>_<index>`), answered as a stored run for the replay viewer. */
async function evaluationRun(store: RunStore, id: string, evaluation: string, index: number) {
  const e = await store.getEvaluation(evaluation, true);
  const r = e?.status === 'published' ? e.runs?.[index] : undefined;
  if (!e || !r?.actions) throw new ApiError('run_not_found', `There is no stored run "${id}".`);
  return {
    ok: true,
    id,
    run: { game: e.game, rulesVersion: e.rulesVersion, seed: r.seed, actions: r.actions },
    player: e.player,
    score: r.score,
    gameOver: r.outcome?.kind === 'terminated',
    steps: r.steps,
    outcome: r.failed ? null : r.outcome,
    progress: r.progress,
    board: 'evaluation',
    challenge: null,
    createdAt: e.publishedAt ?? e.createdAt,
    requestId: e.audit?.requestId ?? null,
    evaluation: e.id,
  };
}

/** Largest accepted body for POST /api/runs: a long Briarwink run is tens of thousands of ticks. */
const RUN_BODY_LIMIT = 4 * 1024 * 1024;

/** What the run routes need. */
export interface RunRouteOptions {
  registry: Registry;
  store: RunStore | null;
  clock?: () => Date;
  verifier?: VerifyPool;
}

interface RunContext {
  registry: Registry;
  grammars: ReturnType<typeof grammarsOf>;
  clock: () => Date;
  verifier: VerifyPool;
  needStore(): RunStore;
}

/** `POST /api/runs`: a run (any seed: a finished ranked run's wide seed replays like a free one) and who played it. */
const submitSchema = {
  summary: 'Submit a run: the server replays it and stores the replayed score',
  body: runBody,
  headers: playerKeyHeaders,
  response: { 200: submitAnswer, ...namedErrors },
} as const;

/** `GET /api/runs/:id`. */
const storedSchema = {
  summary: 'A stored run, ready for the replay viewer',
  params: storedIdParams,
  response: { 200: runAnswer, ...storedRunErrors },
} as const;

/** Name an unknown field, and say why a claimed score is refused. */
const runErrorFormatter: NonNullable<RouteShorthandOptions['schemaErrorFormatter']> = (errors, dataVar) => {
  const e = errors[0];
  const extra = (e?.params as { additionalProperty?: unknown } | undefined)?.additionalProperty;
  if (e?.keyword === 'additionalProperties' && typeof extra === 'string') {
    const why =
      extra === 'score' && e.instancePath === '' ? ' (the server replays the run and computes the score itself)' : '';
    return new Error(`${dataVar}${e.instancePath} has an unknown field "${extra.slice(0, 40)}"${why}`);
  }
  // A seed fails one branch of its anyOf or the other: say what either kind is.
  if (e?.instancePath === '/seed') return new Error(`${dataVar}/seed must be ${SEED_RULE}`);
  return new Error(e ? `${dataVar}${e.instancePath} ${e.message ?? 'is invalid'}` : `${dataVar} is invalid`);
};

/** `POST /api/runs`: check every action against the grammar, replay the run, store the replayed score. */
async function submitRun(ctx: RunContext, req: SchemaRequest<typeof submitSchema>) {
  const s = ctx.needStore();
  const { game: slug, rulesVersion, seed, player } = req.body;
  const game = ctx.registry.get(slug);
  if (!game) {
    throw new ApiError(
      'invalid_run',
      `The run is for "${slug.slice(0, 64)}", which is not a game here. Games: ${ctx.registry.slugs().join(', ')}.`,
    );
  }
  const grammar = ctx.grammars.get(game.spec.slug)!;
  for (let i = 0; i < req.body.actions.length; i++) {
    if (!grammar.check(req.body.actions[i])) {
      throw new ApiError('invalid_run', grammarRefusal(game, grammar, req.body.actions[i], `Action ${i}`));
    }
  }
  // Every action is in the game's grammar now: a game action.
  const actions = req.body.actions as GameAction[];
  const run = { game: slug, rulesVersion, seed, actions };
  let verdict: Verdict;
  try {
    verdict = await ctx.verifier.verify(game, run);
  } catch (err) {
    req.log.error({ err }, 'the run ctx.verifier failed');
    throw new ApiError('verifier_unavailable');
  }
  if (!verdict.ok) {
    if (verdict.threw) req.log.warn('a run replay threw');
    throw new ApiError('invalid_run', verdict.message);
  }
  const verified = {
    run,
    player,
    score: verdict.score,
    gameOver: verdict.gameOver,
    steps: verdict.steps,
    spent: verdict.spent,
    outcome: verdict.outcome,
    progress: verdict.progress,
  };
  const keyed = nameUse(req.headers[PLAYER_KEY_HEADER]);
  const { use, claimKey } = keyed;
  const key = usedKey(keyed, req.headers[PLAYER_KEY_HEADER]);
  let saved;
  try {
    saved = await s.save({ ...verified, audit: { keyId: key && keyIdOf(key), requestId: req.id } }, use);
  } catch (err) {
    if (err instanceof RunCopyError)
      throw new ApiError(
        'run_copied',
        `This exact run (same game, rules version, seed and actions) is already stored under another player: copies are refused.`,
      );
    throw asNameError(err, player, use);
  }
  const answer: Record<string, unknown> = {
    ok: true,
    id: saved.id,
    score: verified.score,
    gameOver: verified.gameOver,
    steps: verified.steps,
    outcome: verified.outcome,
    progress: verified.progress,
    rank: saved.rank,
    created: saved.created,
    createdAt: saved.createdAt,
    replayUrl: `/replay?run=${saved.id}`,
    leaderboardUrl: `/api/games/${slug}/leaderboard?board=open&kind=${player.kind}`,
  };
  if (saved.claimed && claimKey) answer.playerKey = claimKey;
  return answer;
}

/** `GET /api/runs/:id`: a stored run (a daily challenge's once its day is over), or an evaluation's. */
async function storedRun(ctx: RunContext, req: SchemaRequest<typeof storedSchema>) {
  const fromEvaluation = EVALUATION_RUN_ID.exec(req.params.id);
  if (fromEvaluation)
    return evaluationRun(ctx.needStore(), req.params.id, fromEvaluation[1], Number(fromEvaluation[2]));
  const stored = await ctx.needStore().get(req.params.id);
  if (!stored) throw new ApiError('run_not_found', `There is no stored run "${req.params.id}".`);
  if (stored.challenge !== null && stored.challenge >= utcDay(ctx.clock()))
    throw new ApiError(
      'run_not_public',
      `This run is a daily challenge of ${stored.challenge}: it becomes public when that UTC day is over.`,
    );
  return {
    ok: true,
    id: stored.id,
    run: stored.run,
    player: stored.player,
    score: stored.score,
    gameOver: stored.gameOver,
    steps: stored.steps,
    outcome: stored.outcome,
    progress: stored.progress,
    board: stored.board,
    challenge: stored.challenge,
    createdAt: stored.createdAt,
    // The request that stored it (its x-request-id), for tracing a run to the server's logs.
    requestId: stored.audit?.requestId ?? null,
  };
}

/** The run routes as a Fastify plugin: submit a run, read a stored one. */
export const runRoutes: FastifyPluginAsync<RunRouteOptions> = async (app, opts) => {
  const store = opts.store;
  const ctx: RunContext = {
    registry: opts.registry,
    grammars: grammarsOf(opts.registry),
    clock: opts.clock ?? (() => new Date()),
    verifier: opts.verifier ?? new VerifyPool(0),
    needStore: () => {
      if (!store) throw new ApiError('store_unavailable');
      return store;
    },
  };

  const api = app.withTypeProvider<SchemaTypes>();
  api.post(
    '/api/runs',
    { bodyLimit: RUN_BODY_LIMIT, schemaErrorFormatter: runErrorFormatter, schema: submitSchema },
    (req) => submitRun(ctx, req),
  );

  api.get('/api/runs/:id', { schema: storedSchema, serializerCompiler: plainJson }, (req) => storedRun(ctx, req));
};
