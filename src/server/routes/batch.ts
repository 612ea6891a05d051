/**
 * `POST /api/games/:slug/batch`: many inits and actions of one game in one request (a vector
 * environment's step), each item answered as init or action would answer it, optionally trimmed to
 * the fields asked for.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.js';
import { plainJson, requireGame } from '../answer-json.js';
import { tensorOf } from '../presenter.js';
import type { SchemaTypes } from '../schemas/types.js';
import { BATCH_LIMIT, batchAnswer, batchBody, errorResponses, slugParams } from '../schemas/api.js';
import type { RecentStates } from '../state/recent.js';
import type { PlayRouteOptions } from './play.js';

/** The fields a trimmed batch result always keeps: whether it went through, and why not. */
const ALWAYS_KEPT = ['ok', 'error', 'reason', 'message'];

/** The batch route as a Fastify plugin, on the play routes' presenter and its recent states. */
export const batchRoutes: FastifyPluginAsync<PlayRouteOptions & { recent: RecentStates }> = async (app, options) => {
  const { registry, presenter: play, recent } = options;
  const api = app.withTypeProvider<SchemaTypes>();

  api.post(
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
      const game = requireGame(registry, req.params.slug);
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
};
