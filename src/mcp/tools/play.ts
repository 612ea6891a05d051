/**
 * The tools that play: start a game (free or ranked), act, observe, undo, fork, list and close the open games.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { GameAction } from '../../core/game.js';
import { GameboardError } from '../../client/index.js';
import { NO_SERVER, serverFailure } from '../remote.js';
import {
  ACTION,
  asPlayer,
  claimedNote,
  COMPACT,
  failure,
  GAME_RESULT,
  guarded,
  local,
  PLAYER,
  type ToolContext,
} from './context.js';

/** start_game, act, observe, undo and fork. */
export function registerPlayTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'start_game',
    {
      description:
        'Start a game. Free play (the default) takes a seed (random if omitted) and allows undo and fork. ' +
        'ranked: true opens a live session on the Gameboard server instead (it draws the seed: none may be given; needs player).',
      inputSchema: {
        game: z.string().describe('the game slug'),
        seed: z.number().int().min(0).max(4294967295).optional().describe('free play only'),
        ranked: z.boolean().optional(),
        daily: z.boolean().optional().describe("ranked only: play the daily challenge's seed"),
        player: PLAYER.optional(),
        compact: COMPACT,
      },
      outputSchema: GAME_RESULT,
    },
    ({ game, seed, ranked, daily, player, compact }) =>
      guarded(async () => {
        if (!ranked) {
          if (daily) return failure('daily: true needs ranked: true (the daily challenge is a ranked session).');
          const g = ctx.games.startLocal(game, seed ?? Math.floor(Math.random() * 2 ** 32));
          const v = ctx.games.view(g);
          return ctx.result(ctx.viewText(v, compact), v);
        }
        const engine = ctx.games.engine(game);
        if (seed !== undefined)
          return failure(
            'A ranked session cannot take a seed: the server draws a secret one, so nobody can rehearse it. Leave seed out, or play free (ranked: false) with that seed.',
          );
        if (!ctx.remote) return failure(NO_SERVER);
        if (!player) return failure('A ranked session needs a player: a name such as "my-agent".');
        const p = asPlayer(player);
        let live;
        try {
          live = await ctx.remote.startRanked(
            engine.spec.slug,
            { name: p.name, kind: 'agent' },
            { ...(daily ? { challenge: 'daily' as const } : {}), ...(p.key !== undefined ? { key: p.key } : {}) },
          );
        } catch (err) {
          return failure(serverFailure(ctx.serverUrl, err, 'The server refused the session'));
        }
        const g = ctx.games.add({ kind: 'remote', id: ctx.games.newId(), game: engine, live });
        const v = ctx.games.view(g);
        const claimed = typeof live.last.playerKey === 'string' ? live.last.playerKey : undefined;
        return ctx.result(ctx.viewText(v, compact) + claimedNote(p.name, claimed, ctx.keyFile.path), v, {
          sessionId: live.id,
        });
      }),
  );

  server.registerTool(
    'act',
    {
      description:
        'Play one action in a game, e.g. {"type":"wait"}. The server keeps the state; a refused action changes nothing and says why.',
      inputSchema: {
        gameId: z.string(),
        action: ACTION.describe('one action of the game grammar'),
        compact: COMPACT,
      },
      outputSchema: GAME_RESULT,
    },
    ({ gameId, action, compact }) =>
      guarded(async () => {
        const g = ctx.games.get(gameId);
        if (g.kind === 'local') {
          const r = ctx.games.act(g, action as GameAction);
          const v = ctx.games.view(g);
          if (!r.ok) return ctx.refused(v, r.reason, r.message);
          return ctx.result(ctx.viewText(v, compact), v, { events: r.events.slice(0, 32) });
        }
        try {
          await g.live.act(action as GameAction);
        } catch (err) {
          if (err instanceof GameboardError && err.code === 'refused') {
            const v = ctx.games.view(g);
            return ctx.refused(v, String(err.reason), err.message, err.legalActions ?? v.legalActions);
          }
          return failure(serverFailure(ctx.serverUrl, err));
        }
        const v = ctx.games.view(g);
        const events = Array.isArray(g.live.last.events)
          ? (g.live.last.events as GameAction[]).slice(0, 32)
          : undefined;
        return ctx.result(ctx.viewText(v, compact), v, { sessionId: g.live.id, ...(events ? { events } : {}) });
      }),
  );

  server.registerTool(
    'observe',
    {
      description: 'See the current position of a game: the observation text and the legal actions.',
      inputSchema: { gameId: z.string(), compact: COMPACT },
      outputSchema: GAME_RESULT,
    },
    ({ gameId, compact }) =>
      guarded(() => {
        const v = ctx.games.view(ctx.games.get(gameId));
        return ctx.result(ctx.viewText(v, compact), v);
      }),
  );

  server.registerTool(
    'undo',
    {
      description: 'Free play: take back the last actions (default 1).',
      inputSchema: { gameId: z.string(), steps: z.number().int().min(1).optional(), compact: COMPACT },
      outputSchema: GAME_RESULT,
    },
    ({ gameId, steps, compact }) =>
      guarded(() => {
        const g = local(ctx.games.get(gameId), 'undo');
        ctx.games.undo(g, steps ?? 1);
        const v = ctx.games.view(g);
        return ctx.result(ctx.viewText(v, compact), v);
      }),
  );

  server.registerTool(
    'fork',
    {
      description:
        'Free play: copy a game into a new gameId, from now or from after its first `step` actions (0 to its step).',
      inputSchema: { gameId: z.string(), step: z.number().int().min(0).optional(), compact: COMPACT },
      outputSchema: GAME_RESULT,
    },
    ({ gameId, step, compact }) =>
      guarded(() => {
        const g = ctx.games.fork(local(ctx.games.get(gameId), 'fork'), step);
        const v = ctx.games.view(g);
        return ctx.result(ctx.viewText(v, compact), v);
      }),
  );
}

/** list_open_games and close_game. */
export function registerOpenGameTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_open_games',
    {
      description: 'The games open in this MCP server: id, game, free or ranked, step, score, and whether over.',
      outputSchema: {
        games: z.array(
          z.object({
            gameId: z.string(),
            game: z.string(),
            kind: z.enum(['free', 'ranked']),
            step: z.number().int(),
            score: z.number(),
            gameOver: z.boolean(),
          }),
        ),
      },
    },
    () =>
      guarded(() => {
        const list = ctx.games.list().map((g) => {
          const { gameId, game, kind, step, score, gameOver } = ctx.games.view(g);
          return { gameId, game, kind, step, score, gameOver };
        });
        const text = list.length
          ? list
              .map(
                (g) =>
                  `${g.gameId}: ${g.game} (${g.kind}), step ${g.step}, score ${g.score}${g.gameOver ? ', over' : ''}`,
              )
              .join('\n')
          : 'No game is open: start one with start_game.';
        return { content: [{ type: 'text', text }], structuredContent: { games: list } };
      }),
  );

  server.registerTool(
    'close_game',
    {
      description:
        'Close a game and forget it here (a ranked session stays on the server as it stands: an unfinished one is never ranked).',
      inputSchema: { gameId: z.string() },
      outputSchema: { gameId: z.string(), closed: z.boolean() },
    },
    ({ gameId }) =>
      guarded(() => {
        const g = ctx.games.close(gameId);
        const note = g.kind === 'remote' ? ' Its ranked session stays on the server as it stands.' : '';
        return {
          content: [{ type: 'text', text: `Closed ${gameId}.${note}` }],
          structuredContent: { gameId, closed: true },
        };
      }),
  );
}
