/**
 * The Gameboard MCP server: the games as tools for any Model Context Protocol client. It keeps every
 * open game's state itself, so a model only ever names a `gameId` and an action. Free play runs on the
 * engines in this process (with fork and undo); ranked sessions and submissions go to a Gameboard server.
 *
 * Every tool answers two text items: first what a model reads (the observation text, or the rules),
 * then the same facts as one JSON object (gameId, step, score, gameOver, outcome, legalActions...).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { GameAction } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import { gameRulesTxt } from '../llms/pages.js';
import { Games, type GameView, type LocalGame, type OpenGame } from './games.js';
import { NO_SERVER, PlayerKeys, postJson, sessionIdOf } from './remote.js';

/** Options: the games, and the Gameboard server for ranked play and submissions (null: none). */
export interface McpOptions {
  registry: Registry;
  server: string | null;
}

const PLAYER = z.object({
  name: z.string().min(1).max(32).describe('1-32 of A-Z a-z 0-9 space _ . -'),
  key: z
    .string()
    .optional()
    .describe("the name's player key, answered when the name was first used (kept by this server afterwards)"),
});

/** A note for the reply when a name was claimed just now. */
const claimedNote = (name: string, key: string | undefined) =>
  key
    ? `\nThe name "${name}" is now yours on that server; its player key (keep it to use the name elsewhere): ${key}`
    : '';

function answer(text: string, data: unknown): CallToolResult {
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(data) },
    ],
  };
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Runs a tool body, turning a thrown error into a tool error the model can read. */
async function guarded(body: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    return failure((err as Error).message);
  }
}

function viewText(v: GameView): string {
  const end = v.gameOver
    ? `\nThe run is over (${v.outcome?.kind ?? 'ended'}: ${v.outcome?.reason ?? ''}). Score ${v.score}.`
    : '';
  return `Game ${v.gameId} (${v.game}), step ${v.step}, score ${v.score}.\n\n${v.text}${end}`;
}

function local(g: OpenGame, what: string): LocalGame {
  if (g.kind !== 'local') throw new Error(`${what} works in free play only; ${g.id} is a ranked session.`);
  return g;
}

/** Builds the MCP server with its tools (not yet connected to a transport). */
export function createMcpServer(opts: McpOptions): McpServer {
  const games = new Games(opts.registry);
  const keys = new PlayerKeys();
  const server = new McpServer({ name: 'gameboard', version: '1.0.0' });

  server.registerTool(
    'list_games',
    { description: 'List the Gameboard games: slug, name, what you do, and the rules version.' },
    () =>
      guarded(() => {
        const list = opts.registry.games.map((g) => ({
          slug: g.spec.slug,
          name: g.spec.name,
          description: g.spec.description,
          rulesVersion: g.spec.rulesVersion,
        }));
        return answer(list.map((g) => `${g.slug}: ${g.name}. ${g.description}`).join('\n'), list);
      }),
  );

  server.registerTool(
    'get_rules',
    {
      description: "A game's complete rules for agents: goal, scoring, every action with an example, how a run ends.",
      inputSchema: { game: z.string().describe('the game slug, e.g. whirlyard') },
    },
    ({ game }) =>
      guarded(() => {
        const g = games.engine(game);
        return answer(gameRulesTxt(g, opts.server ?? ''), { game: g.spec.slug, rulesVersion: g.spec.rulesVersion });
      }),
  );

  server.registerTool(
    'start_game',
    {
      description:
        'Start a game. Free play (the default) takes a seed (random if omitted) and allows undo and fork. ' +
        'ranked: true opens a live session on the Gameboard server instead (it draws the seed; needs player).',
      inputSchema: {
        game: z.string().describe('the game slug'),
        seed: z.number().int().min(0).max(4294967295).optional(),
        ranked: z.boolean().optional(),
        daily: z.boolean().optional().describe("ranked only: play the daily challenge's seed"),
        player: PLAYER.optional(),
      },
    },
    ({ game, seed, ranked, daily, player }) =>
      guarded(async () => {
        if (!ranked) {
          const g = games.startLocal(game, seed ?? Math.floor(Math.random() * 2 ** 32));
          const v = games.view(g);
          return answer(viewText(v), v);
        }
        const engine = games.engine(game);
        if (!opts.server) return failure(NO_SERVER);
        if (!player) return failure('A ranked session needs player: {name}.');
        const r = await postJson(
          opts.server,
          `/api/games/${engine.spec.slug}/sessions`,
          { player: { name: player.name, kind: 'agent' }, ...(daily ? { challenge: 'daily' } : {}) },
          keys.headers(player.name, player.key),
        );
        const sessionId = sessionIdOf(r.body);
        if (r.status >= 400 || r.body.ok === false || !sessionId)
          return failure(
            `The server refused the session (HTTP ${r.status}): ${String(r.body.message ?? JSON.stringify(r.body))}`,
          );
        const g = games.add({ kind: 'remote', id: games.newId(), game: engine, sessionId, last: r.body, steps: 0 });
        const v = games.view(g);
        const claimed = keys.learn(player.name, r.body);
        return answer(viewText(v) + claimedNote(player.name, claimed), { ...v, sessionId });
      }),
  );

  server.registerTool(
    'act',
    {
      description:
        'Play one action in a game, e.g. {"type":"wait"}. The server keeps the state; a refused action changes nothing and says why.',
      inputSchema: {
        gameId: z.string(),
        action: z.looseObject({ type: z.string() }).describe('one action of the game grammar'),
      },
    },
    ({ gameId, action }) =>
      guarded(async () => {
        const g = games.get(gameId);
        if (g.kind === 'local') {
          const r = games.act(g, action as GameAction);
          const v = games.view(g);
          if (!r.ok)
            return answer(`Refused (${r.reason}): ${r.message}. Nothing changed.\n\n${viewText(v)}`, {
              ok: false,
              reason: r.reason,
              message: r.message,
              ...v,
            });
          return answer(viewText(v), { ok: true, events: r.events.slice(0, 32), ...v });
        }
        const r = await postJson(opts.server, `/api/sessions/${encodeURIComponent(g.sessionId)}/action`, {
          stateToken: g.last.stateToken,
          action,
        });
        if (r.status >= 400) return failure(`The server refused (HTTP ${r.status}): ${String(r.body.message ?? '')}`);
        if (r.body.ok === false) {
          const v = games.view(g);
          return answer(`Refused (${String(r.body.reason)}): ${String(r.body.message ?? '')}. Nothing changed.`, {
            ...v,
            ok: false,
            reason: r.body.reason,
            legalActions: r.body.legalActions ?? v.legalActions,
          });
        }
        g.last = r.body;
        g.steps++;
        const v = games.view(g);
        return answer(viewText(v), { ok: true, ...v });
      }),
  );

  server.registerTool(
    'observe',
    {
      description: 'See the current position of a game: the observation text and the legal actions.',
      inputSchema: { gameId: z.string() },
    },
    ({ gameId }) =>
      guarded(() => {
        const v = games.view(games.get(gameId));
        return answer(viewText(v), v);
      }),
  );

  server.registerTool(
    'undo',
    {
      description: 'Free play: take back the last actions (default 1).',
      inputSchema: { gameId: z.string(), steps: z.number().int().min(1).optional() },
    },
    ({ gameId, steps }) =>
      guarded(() => {
        const g = local(games.get(gameId), 'undo');
        games.undo(g, steps ?? 1);
        const v = games.view(g);
        return answer(viewText(v), v);
      }),
  );

  server.registerTool(
    'fork',
    {
      description: 'Free play: copy a game into a new gameId, from now or from after its first `step` actions.',
      inputSchema: { gameId: z.string(), step: z.number().int().min(0).optional() },
    },
    ({ gameId, step }) =>
      guarded(() => {
        const g = games.fork(local(games.get(gameId), 'fork'), step);
        const v = games.view(g);
        return answer(viewText(v), v);
      }),
  );

  server.registerTool(
    'submit_run',
    {
      description:
        'Free play: submit the run of a game to the open board of the Gameboard server, which replays it and ranks the replayed score.',
      inputSchema: { gameId: z.string(), player: PLAYER },
    },
    ({ gameId, player }) =>
      guarded(async () => {
        const g = local(games.get(gameId), 'submit_run');
        if (!opts.server) return failure(NO_SERVER);
        const r = await postJson(
          opts.server,
          '/api/runs',
          {
            game: g.game.spec.slug,
            rulesVersion: g.game.spec.rulesVersion,
            seed: g.seed,
            actions: g.actions,
            player: { name: player.name, kind: 'agent' },
          },
          keys.headers(player.name, player.key),
        );
        if (r.status >= 400 || r.body.ok === false)
          return failure(
            `The server refused the run (HTTP ${r.status}, ${String(r.body.error ?? '')}): ${String(r.body.message ?? '')}`,
          );
        return answer(
          `Submitted: score ${String(r.body.score)}, rank ${String(r.body.rank)}, run id ${String(r.body.id)}.` +
            claimedNote(player.name, keys.learn(player.name, r.body)),
          r.body,
        );
      }),
  );

  return server;
}
