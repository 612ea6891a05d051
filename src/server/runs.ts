/**
 * Verified runs and leaderboards: `POST /api/runs` replays a run on the game's engine and stores only
 * the replayed score (a claimed score is never read: a `score` field is an unknown field, refused),
 * `GET /api/runs/:id` answers a stored run, `GET /api/games/:slug/leaderboard` the best runs, split by
 * player kind. Without a store every route answers 503 store_unavailable.
 */
import type { FastifyInstance } from 'fastify';
import type { GameAction } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import { replay } from '../core/replay.js';
import { PLAYER_KINDS, type Player, type PlayerKind, type RunStore } from '../store/store.js';
import { ApiError } from './errors.js';
import { compileActionGrammars, plainJson, requireGame } from './grammar.js';
import {
  errorResponses,
  leaderboardAnswer,
  leaderboardQuery,
  runAnswer,
  runBody,
  runIdParams,
  slugParams,
  submitAnswer,
} from './schemas.js';

/** Largest accepted body for POST /api/runs: a long Briarwink run is tens of thousands of ticks. */
export const RUN_BODY_LIMIT = 4 * 1024 * 1024;
/** Most actions in a submitted run (also in the body schema). */
export const MAX_RUN_ACTIONS = 100_000;
export const DEFAULT_LEADERBOARD_LIMIT = 10;
export const MAX_LEADERBOARD_LIMIT = 100;

interface RunSubmission {
  game: string;
  rulesVersion: string;
  seed: number;
  actions: GameAction[];
  player: Player;
}

const withStoreErrors = { ...errorResponses, 503: errorResponses[400] } as const;

export function registerRunRoutes(app: FastifyInstance, registry: Registry, store: RunStore | null): void {
  const grammars = compileActionGrammars(registry);

  const needStore = (): RunStore => {
    if (!store) throw new ApiError('store_unavailable');
    return store;
  };

  app.post<{ Body: RunSubmission }>(
    '/api/runs',
    {
      bodyLimit: RUN_BODY_LIMIT,
      // Name an unknown field, and say why a claimed score is refused.
      schemaErrorFormatter: (errors, dataVar) => {
        const e = errors[0];
        const extra = (e?.params as { additionalProperty?: unknown } | undefined)?.additionalProperty;
        if (e?.keyword === 'additionalProperties' && typeof extra === 'string') {
          const why =
            extra === 'score' && e.instancePath === ''
              ? ' (the server replays the run and computes the score itself)'
              : '';
          return new Error(`${dataVar}${e.instancePath} has an unknown field "${extra.slice(0, 40)}"${why}`);
        }
        return new Error(e ? `${dataVar}${e.instancePath} ${e.message ?? 'is invalid'}` : `${dataVar} is invalid`);
      },
      schema: {
        summary: 'Submit a run: the server replays it and stores the replayed score',
        body: runBody,
        response: { 200: submitAnswer, ...withStoreErrors },
      },
    },
    async (req) => {
      const s = needStore();
      const { game: slug, rulesVersion, seed, actions, player } = req.body;
      const game = registry.get(slug);
      if (!game) {
        throw new ApiError(
          'invalid_run',
          `The run is for "${slug.slice(0, 64)}", which is not a game here. Games: ${registry.slugs().join(', ')}.`,
        );
      }
      const grammar = grammars.get(game.spec.slug)!;
      for (let i = 0; i < actions.length; i++) {
        if (!grammar.check(actions[i])) {
          throw new ApiError(
            'invalid_run',
            `Action ${i} is not in the ${game.spec.name} grammar: ${grammar.explain(actions[i])}.`,
          );
        }
      }
      const run = { game: slug, rulesVersion, seed, actions };
      let result;
      try {
        result = replay(game, run);
      } catch (err) {
        req.log.warn({ err }, 'a run replay threw');
        throw new ApiError('invalid_run', 'The run does not replay: the engine could not play one of its actions.');
      }
      if (!result.ok) {
        const why =
          result.error === 'refused_action'
            ? result.message.replace(/^action/, 'Action')
            : `The run does not replay: ${result.message}.`;
        throw new ApiError('invalid_run', why.endsWith('.') ? why : `${why}.`);
      }
      const saved = await s.save({
        run,
        player,
        score: result.score,
        gameOver: result.gameOver,
        steps: result.steps,
      });
      return {
        ok: true,
        id: saved.id,
        score: result.score,
        gameOver: result.gameOver,
        steps: result.steps,
        rank: saved.rank,
        created: saved.created,
        createdAt: saved.createdAt,
        replayUrl: `/replay?run=${saved.id}`,
        leaderboardUrl: `/api/games/${slug}/leaderboard?kind=${player.kind}`,
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/runs/:id',
    {
      schema: {
        summary: 'A stored run, ready for the replay viewer',
        params: runIdParams,
        response: { 200: runAnswer, ...withStoreErrors },
      },
      serializerCompiler: plainJson,
    },
    async (req) => {
      const stored = await needStore().get(req.params.id);
      if (!stored) throw new ApiError('run_not_found', `There is no stored run "${req.params.id}".`);
      return {
        ok: true,
        id: stored.id,
        run: stored.run,
        player: stored.player,
        score: stored.score,
        gameOver: stored.gameOver,
        steps: stored.steps,
        createdAt: stored.createdAt,
      };
    },
  );

  app.get<{ Params: { slug: string }; Querystring: { kind?: PlayerKind; limit?: string } }>(
    '/api/games/:slug/leaderboard',
    {
      schema: {
        summary: "A game's leaderboard: the best verified runs, humans and agents apart",
        params: slugParams,
        querystring: leaderboardQuery,
        response: { 200: leaderboardAnswer, ...withStoreErrors },
      },
    },
    async (req) => {
      const game = requireGame(registry, req.params.slug);
      const s = needStore();
      const raw = req.query.limit;
      let limit = DEFAULT_LEADERBOARD_LIMIT;
      if (raw !== undefined) {
        if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LEADERBOARD_LIMIT)
          throw new ApiError(
            'bad_request',
            `The limit must be an integer from 1 to ${MAX_LEADERBOARD_LIMIT}; got ${JSON.stringify(raw.slice(0, 20))}.`,
          );
        limit = Number(raw);
      }
      const kinds = req.query.kind ? [req.query.kind] : PLAYER_KINDS;
      const answer: Record<string, unknown> = {
        ok: true,
        game: game.spec.slug,
        rulesVersion: game.spec.rulesVersion,
        limit,
      };
      for (const kind of kinds) answer[kind] = await s.top(game.spec.slug, game.spec.rulesVersion, kind, limit);
      return answer;
    },
  );
}
