/**
 * The tools that reach the Gameboard server's boards: a leaderboard, and a free-play run submitted to the open board.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { BoardName } from '../../client/index.js';
import { NO_SERVER, serverFailure } from '../remote.js';
import { asPlayer, claimedNote, failure, guarded, local, PLAYER, type ToolContext } from './context.js';

/** get_leaderboard and submit_run. */
export function registerBoardTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_leaderboard',
    {
      description:
        "A game's leaderboard on the Gameboard server: ranked (live sessions), open (verified submissions) or daily.",
      inputSchema: {
        game: z.string(),
        board: z.enum(['ranked', 'open', 'daily']).optional().describe('default ranked'),
        date: z.string().optional().describe('daily board only: YYYY-MM-DD (default today)'),
        kind: z.enum(['human', 'agent']).optional(),
        limit: z.number().int().min(1).max(100).optional(),
      },
      outputSchema: {
        game: z.string(),
        board: z.string(),
        entries: z.array(
          z.object({
            rank: z.number().int(),
            name: z.string(),
            kind: z.string(),
            score: z.number(),
            steps: z.number().int(),
            runId: z.string(),
          }),
        ),
      },
    },
    ({ game, board, date, kind, limit }) =>
      guarded(async () => {
        const engine = ctx.games.engine(game);
        if (!ctx.remote) return failure(NO_SERVER);
        let answer;
        try {
          answer = await ctx.remote.leaderboard(engine.spec.slug, {
            board: (board ?? 'ranked') as BoardName,
            limit: limit ?? 10,
            ...(date ? { date } : {}),
            ...(kind ? { kind } : {}),
          });
        } catch (err) {
          return failure(serverFailure(ctx.serverUrl, err));
        }
        const r = { body: answer };
        type Row = { rank: number; id: string; player: { name: string; kind: string }; score: number; steps: number };
        const rows = [...((r.body.human as Row[] | undefined) ?? []), ...((r.body.agent as Row[] | undefined) ?? [])];
        const entries = rows.map((e) => ({
          rank: e.rank,
          name: e.player.name,
          kind: e.player.kind,
          score: e.score,
          steps: e.steps,
          runId: e.id,
        }));
        const title = `${engine.spec.name}, ${String(r.body.board)} board${r.body.date ? ` of ${String(r.body.date)}` : ''}`;
        const text = entries.length
          ? `${title}:\n` +
            entries
              .map((e) => `${e.rank}. ${e.name} (${e.kind}) ${e.score} in ${e.steps} actions (run ${e.runId})`)
              .join('\n')
          : `${title}: no runs yet.`;
        return {
          content: [{ type: 'text', text }],
          structuredContent: { game: engine.spec.slug, board: String(r.body.board), entries },
        };
      }),
  );

  server.registerTool(
    'submit_run',
    {
      description:
        'Free play: submit the run of a game to the open board of the Gameboard server, which replays it and ranks the replayed score.',
      inputSchema: { gameId: z.string(), player: PLAYER },
      outputSchema: {
        ok: z.boolean(),
        id: z.string(),
        score: z.number(),
        rank: z.number().int().nullable(),
      },
    },
    ({ gameId, player }) =>
      guarded(async () => {
        const g = local(ctx.games.get(gameId), 'submit_run');
        if (!ctx.remote) return failure(NO_SERVER);
        const p = asPlayer(player);
        if (p.key !== undefined && ctx.remote.playerKey(p.name) !== p.key) ctx.remote.setPlayerKey(p.name, p.key);
        let answer;
        try {
          answer = await ctx.remote.submitRun(g.session.run(), { name: p.name, kind: 'agent' });
        } catch (err) {
          return failure(serverFailure(ctx.serverUrl, err, 'The server refused the run', true));
        }
        const r = { body: answer as unknown as Record<string, unknown> };
        const rank = typeof r.body.rank === 'number' ? r.body.rank : null;
        return {
          content: [
            {
              type: 'text',
              text:
                `Submitted: score ${String(r.body.score)}, rank ${String(rank)}, run id ${String(r.body.id)}.` +
                claimedNote(
                  p.name,
                  typeof r.body.playerKey === 'string' ? r.body.playerKey : undefined,
                  ctx.keyFile.path,
                ),
            },
          ],
          structuredContent: { ok: true, id: String(r.body.id), score: Number(r.body.score), rank },
        };
      }),
  );
}
