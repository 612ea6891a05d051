/**
 * The game routes of the API: the index, each game's spec, and the two-call loop (init, action); the
 * batch route is batch.ts. Thin: parse, call the presenter, format.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AnyGame } from '../../core/game.js';
import type { Registry } from '../../core/registry.js';
import { plainJson, requireGame } from '../answer-json.js';
import { parseSeed, tensorOf, type Presenter } from '../presenter.js';
import type { SchemaTypes } from '../schemas/types.js';
import {
  actionAnswer,
  actionBody,
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

/** What the play routes (and the batch route) need: the games and the presenter. */
export interface PlayRouteOptions {
  registry: Registry;
  presenter: Presenter;
  /** Compress the action and batch answers too (default false: see AppOptions.compressActions). */
  compressActions?: boolean;
}

/** The free-play routes as a Fastify plugin: the index, each game's spec, init and action. */
export const playRoutes: FastifyPluginAsync<PlayRouteOptions> = async (app, options) => {
  const { registry, presenter: play } = options;
  const api = app.withTypeProvider<SchemaTypes>();

  const gameOr404 = (slug: string): AnyGame => requireGame(registry, slug);

  api.get('/api/games', { schema: { summary: 'List the games', response: { 200: indexAnswer } } }, async () => ({
    ok: true,
    service: 'gameboard',
    count: registry.games.length,
    games: registry.games.map(gameEntry),
  }));

  api.get(
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

  api.get(
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

  api.post(
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
};
