/**
 * `GET /api/games/:slug/leaderboard?board=ranked|open|daily&date=&kind=&limit=`: one board at a time,
 * never mixed. `open` (the default, so older clients keep working) lists replay-verified submissions:
 * any seed, search allowed. `ranked` lists finished live sessions; `daily` one UTC day's challenge
 * sessions, with the day's seed once the day is over. Each board has one entry per player (their best)
 * and lists finished runs only; humans and agents apart (`kind` is self-declared).
 */
import type { FastifyPluginAsync } from 'fastify';
import { budgetOf } from '../../core/budget.js';
import type { Registry } from '../../core/registry.js';
import { PLAYER_KINDS, type Board, type RunStore } from '../../store/store.js';
import { DailySeeds, isSeeded, parseDay, utcDay } from '../ranked/daily.js';
import { ApiError } from '../errors.js';
import { requireGame } from '../answer-json.js';
import { boardAnswer, boardQuery, rankedErrors } from '../schemas/ranked.js';
import { slugParams } from '../schemas/api.js';
import type { SchemaTypes } from '../schemas/types.js';
import type { StateSealer } from '../state/seal.js';
import { DEFAULT_ATTEMPT_RULES, standings, type AttemptRules } from '../ranked/attempts.js';

const DEFAULT_LEADERBOARD_LIMIT = 10;
const MAX_LEADERBOARD_LIMIT = 100;

/** How each board describes itself. */
const LABELS: Record<Board, string> = {
  open: 'Open: replay-verified submissions, any seed, search and forks allowed.',
  ranked:
    'Ranked: live sessions the server witnessed, secret seed, no forks. Every start is an attempt; players rank by the mean of their last 20 attempts, from 5 attempts on.',
  daily: "Daily challenge: the day's live sessions, one seed for everyone.",
};

/** What the board routes need. */
export interface BoardRouteOptions {
  registry: Registry;
  sealer: StateSealer;
  store: RunStore | null;
  clock?: () => Date;
  rules?: AttemptRules;
}

/** The leaderboard route as a Fastify plugin. */
export const boardRoutes: FastifyPluginAsync<BoardRouteOptions> = async (app, opts) => {
  const { registry, sealer, store, clock = () => new Date(), rules = DEFAULT_ATTEMPT_RULES } = opts;
  const daily = new DailySeeds(sealer.deriveKey('daily-challenge'));

  app.withTypeProvider<SchemaTypes>().get(
    '/api/games/:slug/leaderboard',
    {
      schema: {
        summary: "A game's board: each player's best finished run, humans and agents apart",
        params: slugParams,
        querystring: boardQuery,
        response: { 200: boardAnswer, ...rankedErrors },
      },
    },
    async (req) => {
      const game = requireGame(registry, req.params.slug);
      if (!store) throw new ApiError('store_unavailable');
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
      let board: Board = req.query.board ?? 'open';
      if (req.query.date !== undefined && board !== 'daily')
        throw new ApiError('bad_request', 'A date only applies to the daily board (board=daily).');
      const today = utcDay(clock());
      const answer: Record<string, unknown> = {
        ok: true,
        game: game.spec.slug,
        rulesVersion: game.spec.rulesVersion,
        board,
        label: LABELS[board],
        progressLabel: game.spec.progressLabel ?? null,
        budget: budgetOf(game),
        par: game.spec.par ?? null,
        limit,
      };
      let date: string | undefined;
      let hideSeeds = false;
      if (board === 'daily') {
        date = req.query.date === undefined ? today : parseDay(req.query.date);
        if (date > today) throw new ApiError('bad_date', `The daily challenge of ${date} has not started yet.`);
        answer.date = date;
        if (!isSeeded(game)) {
          // One board for a game without randomness: its daily board is its ranked board.
          board = 'ranked';
          date = undefined;
        } else if (date < today) answer.seed = await daily.revealed(store, game.spec.slug, date);
        else hideSeeds = true;
      }
      const kinds = req.query.kind ? [req.query.kind] : PLAYER_KINDS;
      for (const kind of kinds) {
        if (board === 'ranked' && date === undefined) {
          // Ranked by the mean of every player's newest attempts, not their best one (attempts.ts).
          const players = await store.rankedAttempts(game.spec.slug, game.spec.rulesVersion, kind, rules.recent);
          answer[kind] = standings(players, rules)
            .slice(0, limit)
            .map((e, i) => ({ rank: i + 1, ...e, replayUrl: `/replay?run=${e.id}` }));
          continue;
        }
        const entries = await store.board({
          game: game.spec.slug,
          rulesVersion: game.spec.rulesVersion,
          board,
          date,
          kind,
          limit,
        });
        answer[kind] = entries.map((e, i) => {
          const row: Record<string, unknown> = { rank: i + 1, ...e };
          if (hideSeeds) delete row.seed;
          else row.replayUrl = `/replay?run=${e.id}`;
          return row;
        });
      }
      return answer;
    },
  );
};
