/**
 * The game routes of the API: the index, each game's spec, and the two-call loop (init, action).
 * Thin: parse, call the game contract, format.
 */
import type { FastifyInstance } from 'fastify';
import type { AnyGame } from '../../core/game.js';
import type { Registry } from '../../core/registry.js';
import type { StateSealer } from '../state/seal.js';
import { ApiError } from '../errors.js';
import type { RecentStates } from '../state/recent.js';
import { plainJson, requireGame } from '../answer-json.js';
import { parseSeed, Presenter, tensorOf, type ActionBody, type TensorFormat } from '../presenter.js';
import {
  actionAnswer,
  actionBody,
  batchAnswer,
  batchBody,
  errorResponses,
  gameAnswer,
  indexAnswer,
  initAnswer,
  initQuery,
  slugParams,
} from '../schemas/api.js';

/** A game's entry in the index. */
function gameEntry(game: AnyGame) {
  const s = game.spec;
  return {
    slug: s.slug,
    name: s.name,
    genre: s.genre,
    description: s.description,
    goal: s.goal,
    carry: s.carry,
    rulesVersion: s.rulesVersion,
    initUrl: `/api/games/${s.slug}/init?seed=7`,
    actionUrl: `/api/games/${s.slug}/action`,
    docsUrl: `/docs/api/${s.slug}`,
  };
}

/** The most items one batch request may hold. */
const BATCH_LIMIT = 256;

/** The fields a trimmed batch result always keeps: whether it went through, and why not. */
const ALWAYS_KEPT = ['ok', 'error', 'reason', 'message'];

export function registerGameRoutes(
  app: FastifyInstance,
  registry: Registry,
  sealer: StateSealer,
  recent: RecentStates,
  options: { compressActions?: boolean } = {},
): void {
  const play = new Presenter(registry, sealer, recent);

  const gameOr404 = (slug: string): AnyGame => requireGame(registry, slug);

  app.get('/api/games', { schema: { summary: 'List the games', response: { 200: indexAnswer } } }, async () => ({
    ok: true,
    service: 'gameboard',
    count: registry.games.length,
    games: registry.games.map(gameEntry),
  }));

  app.get<{ Params: { slug: string } }>(
    '/api/games/:slug',
    {
      schema: {
        summary: "A game's entry and full spec",
        params: slugParams,
        response: { 200: gameAnswer, ...errorResponses },
      },
    },
    async (req) => {
      const game = gameOr404(req.params.slug);
      return { ok: true, game: gameEntry(game), spec: game.spec };
    },
  );

  app.get<{ Params: { slug: string }; Querystring: { seed?: string; tensor?: string; tensorFormat?: TensorFormat } }>(
    '/api/games/:slug/init',
    {
      schema: {
        summary: 'Start a game',
        params: slugParams,
        querystring: initQuery,
        response: { 200: initAnswer, ...errorResponses },
      },
      serializerCompiler: plainJson,
    },
    async (req) => {
      const game = gameOr404(req.params.slug);
      const seed = parseSeed(req.query.seed);
      const { tensor, tensorFormat } = req.query;
      return play.init(game, seed, tensorOf({ tensor: tensor === 'true' || tensor === '1', tensorFormat }));
    },
  );

  app.post<{ Params: { slug: string }; Body: ActionBody }>(
    '/api/games/:slug/action',
    {
      schema: {
        summary: 'Play one action',
        params: slugParams,
        body: actionBody,
        response: { 200: actionAnswer, ...errorResponses },
      },
      serializerCompiler: plainJson,
      // Compressing an action answer costs more CPU than the rest of the route (bench/RESULTS.md).
      ...(options.compressActions ? {} : { compress: false as const }),
    },
    async (req) => play.step(gameOr404(req.params.slug), req.body),
  );

  app.post<{
    Params: { slug: string };
    Body: { items: unknown[]; tensor?: boolean; tensorFormat?: TensorFormat; fields?: string[] };
  }>(
    '/api/games/:slug/batch',
    {
      schema: {
        summary: 'Play many inits and actions in one request',
        params: slugParams,
        body: batchBody,
        response: { 200: batchAnswer, ...errorResponses },
      },
      serializerCompiler: plainJson,
      ...(options.compressActions ? {} : { compress: false as const }),
      // Rate limits count a batch's items, so they are counted once the body is read (src/server/ops/limits.ts).
      config: { rateLimit: { hook: 'preHandler' } },
    },
    async (req) => {
      const game = gameOr404(req.params.slug);
      const { items, fields } = req.body;
      const tensor = tensorOf(req.body);
      if (items.length > BATCH_LIMIT) {
        throw new ApiError(
          'batch_too_large',
          `A batch holds at most ${BATCH_LIMIT} items; this one holds ${items.length}. Split it.`,
        );
      }
      const keep = fields ? new Set([...ALWAYS_KEPT, ...fields]) : null;
      // Trimmed to leave the observation out: build it without its text page.
      const lean = keep !== null && !keep.has('observation');
      // A vector env's next batch carries every token of this one: keep them all until then.
      recent.makeRoom(items.length);
      const results = items.map((item) => {
        const full = play.batchItem(game, item, tensor, lean);
        if (!keep) return full;
        const trimmed: Record<string, unknown> = {};
        for (const k in full) if (keep.has(k)) trimmed[k] = full[k];
        return trimmed;
      });
      return { ok: true, results };
    },
  );
}
