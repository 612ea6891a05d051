/**
 * The Gameboard MCP server: the games as tools for any Model Context Protocol client. It keeps every
 * open game's state itself, so a model only ever names a `gameId` and an action. Free play runs on the
 * engines in this process (with fork and undo); ranked sessions, submissions and leaderboards go to a
 * Gameboard server.
 *
 * Every tool answers one text block, what a model reads (the observation text once, with the few lines
 * around it that a model needs), and `structuredContent` matching the `outputSchema` the tool declares,
 * for programs (gameId, step, score, gameOver, outcome, legalActions...). Compact mode (`--compact`, or
 * `compact: true` on a call) cuts the text to the board and the legal actions: the lines of a game's
 * observation that never change (legend, directions, scoring) are left out, since `get_rules` and the
 * `gameboard://rules/<slug>` resources hold them once.
 *
 * The rules pages are resources, and each game has a prompt (`play_<slug>`) that sets a model to play it.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AnyGame, GameAction } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import { gameRulesTxt } from '../llms/pages.js';
import { KeyFile } from '../client/keyfile.js';
import { Games, type GameView, type LocalGame, type OpenGame } from './games.js';
import { staticLines } from './compact.js';
import { GameboardError, type BoardName, type GameboardClient } from '../client/index.js';
import { clientFor, NO_SERVER, serverFailure } from './remote.js';
import { gameboardVersion } from '../version.js';

/** Options: the games, the Gameboard server for ranked play (null: none), and the text mode. */
export interface McpOptions {
  registry: Registry;
  server: string | null;
  /** Compact text by default (each call may still choose). */
  compact?: boolean;
  /** Where player keys are kept (default: the shared key file). */
  keyFile?: KeyFile;
}

const NAME = z.string().min(1).max(32).describe('a player name: 1-32 of A-Z a-z 0-9 space _ . -');
const PLAYER = z
  .union([
    NAME,
    z.object({
      name: NAME,
      key: z
        .string()
        .optional()
        .describe("the name's player key, answered when the name was first used (kept in the key file afterwards)"),
    }),
  ])
  .describe('who plays: a name, or {name, key}');
type PlayerArg = z.infer<typeof PLAYER>;
const asPlayer = (p: PlayerArg) => (typeof p === 'string' ? { name: p, key: undefined } : p);

const COMPACT = z
  .boolean()
  .optional()
  .describe('true: answer only the board and the legal actions (the rules stay in get_rules)');

const ACTION = z.looseObject({ type: z.string() });
const OUTCOME = z
  .object({ kind: z.enum(['terminated', 'truncated', 'ended']), reason: z.string() })
  .nullable()
  .describe('null while the run goes on');

/** What every game tool answers in structuredContent. */
const GAME_RESULT = {
  ok: z.boolean().describe('false when the action was refused (nothing changed)'),
  gameId: z.string(),
  game: z.string(),
  kind: z.enum(['free', 'ranked']),
  seed: z.union([z.number(), z.string()]).nullable().describe('null for a ranked session until it is public'),
  step: z.number().int().describe('actions accepted so far'),
  score: z.number(),
  gameOver: z.boolean(),
  outcome: OUTCOME,
  legalActions: z.array(ACTION),
  reason: z.string().optional().describe('why an action was refused'),
  message: z.string().optional(),
  events: z.array(ACTION).optional().describe('what the last action did (at most 32)'),
  sessionId: z.string().optional().describe("a ranked session's id on the Gameboard server"),
};

/**
 * A note for the reply when a name was claimed just now: where its player key is kept, never the key
 * itself (a model reads the reply; the key owns the name).
 */
const claimedNote = (name: string, key: string | undefined, file: string) =>
  key
    ? `\nThe name "${name}" is now yours on that server; its player key is kept in the key file ${file} ` +
      '(not shown here: it owns the name) and sent again with every later start or submission under it.'
    : '';

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

function local(g: OpenGame, what: string): LocalGame {
  if (g.kind !== 'local') throw new Error(`${what} works in free play only; ${g.id} is a ranked session.`);
  return g;
}

/** Builds the MCP server with its tools, resources and prompts (not yet connected to a transport). */
export function createMcpServer(opts: McpOptions): McpServer {
  const games = new Games(opts.registry);
  // The project's client does every call to the Gameboard server (null: none configured).
  const keyFile = opts.keyFile ?? new KeyFile();
  const remote: GameboardClient | null = opts.server ? clientFor(opts.server, keyFile) : null;
  const server_ = opts.server ?? '';
  const server = new McpServer({ name: 'gameboard', version: gameboardVersion() });
  const fixedLines = new Map(opts.registry.games.map((g) => [g.spec.slug, staticLines(g)]));

  /** The text of a game's position: the observation once, compact or whole. */
  const viewText = (v: GameView, compact: boolean | undefined): string => {
    const end = v.gameOver
      ? `\nThe run is over (${v.outcome?.kind ?? 'ended'}: ${v.outcome?.reason ?? ''}). Score ${v.score}.`
      : '';
    if (compact ?? opts.compact) {
      const fixed = fixedLines.get(v.game)!;
      const lines = v.text.split('\n').filter((l) => !fixed.has(l));
      return `${v.gameId} step ${v.step}\n${lines.join('\n')}${end}`;
    }
    return `Game ${v.gameId} (${v.game}), step ${v.step}, score ${v.score}.\n\n${v.text}${end}`;
  };

  /** A game tool's answer: one text block and the structured facts. */
  const result = (text: string, v: GameView, extra: Record<string, unknown> = {}): CallToolResult => {
    const { text: _text, ...facts } = v;
    return { content: [{ type: 'text', text }], structuredContent: { ok: true, ...facts, ...extra } };
  };

  server.registerTool(
    'list_games',
    {
      description: 'List the Gameboard games: slug, name, what you do, and the rules version.',
      outputSchema: {
        games: z.array(
          z.object({ slug: z.string(), name: z.string(), description: z.string(), rulesVersion: z.string() }),
        ),
      },
    },
    () =>
      guarded(() => {
        const list = opts.registry.games.map((g) => ({
          slug: g.spec.slug,
          name: g.spec.name,
          description: g.spec.description,
          rulesVersion: g.spec.rulesVersion,
        }));
        return {
          content: [{ type: 'text', text: list.map((g) => `${g.slug}: ${g.name}. ${g.description}`).join('\n') }],
          structuredContent: { games: list },
        };
      }),
  );

  server.registerTool(
    'get_rules',
    {
      description: "A game's complete rules for agents: goal, scoring, every action with an example, how a run ends.",
      inputSchema: { game: z.string().describe('the game slug, e.g. whirlyard') },
      outputSchema: { game: z.string(), rulesVersion: z.string(), resource: z.string() },
    },
    ({ game }) =>
      guarded(() => {
        const g = games.engine(game);
        return {
          content: [{ type: 'text', text: gameRulesTxt(g, opts.server ?? '') }],
          structuredContent: {
            game: g.spec.slug,
            rulesVersion: g.spec.rulesVersion,
            resource: `gameboard://rules/${g.spec.slug}`,
          },
        };
      }),
  );

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
          const g = games.startLocal(game, seed ?? Math.floor(Math.random() * 2 ** 32));
          const v = games.view(g);
          return result(viewText(v, compact), v);
        }
        const engine = games.engine(game);
        if (seed !== undefined)
          return failure(
            'A ranked session cannot take a seed: the server draws a secret one, so nobody can rehearse it. Leave seed out, or play free (ranked: false) with that seed.',
          );
        if (!remote) return failure(NO_SERVER);
        if (!player) return failure('A ranked session needs a player: a name such as "my-agent".');
        const p = asPlayer(player);
        let live;
        try {
          live = await remote.startRanked(
            engine.spec.slug,
            { name: p.name, kind: 'agent' },
            { ...(daily ? { challenge: 'daily' as const } : {}), ...(p.key !== undefined ? { key: p.key } : {}) },
          );
        } catch (err) {
          return failure(serverFailure(server_, err, 'The server refused the session'));
        }
        const g = games.add({ kind: 'remote', id: games.newId(), game: engine, live });
        const v = games.view(g);
        const claimed = typeof live.last.playerKey === 'string' ? live.last.playerKey : undefined;
        return result(viewText(v, compact) + claimedNote(p.name, claimed, keyFile.path), v, { sessionId: live.id });
      }),
  );

  /** The answer to a refused action: why, and the legal actions again (the position did not change). */
  const refused = (v: GameView, reason: string, message: string, legal = v.legalActions): CallToolResult => {
    const lines = legal.map((a) => JSON.stringify(a)).join('\n');
    const { text: _text, ...facts } = v;
    return {
      content: [
        { type: 'text', text: `Refused (${reason}): ${message} Nothing changed.\nLegal actions now:\n${lines}` },
      ],
      structuredContent: { ...facts, ok: false, reason, message, legalActions: legal },
    };
  };

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
        const g = games.get(gameId);
        if (g.kind === 'local') {
          const r = games.act(g, action as GameAction);
          const v = games.view(g);
          if (!r.ok) return refused(v, r.reason, r.message);
          return result(viewText(v, compact), v, { events: r.events.slice(0, 32) });
        }
        try {
          await g.live.act(action as GameAction);
        } catch (err) {
          if (err instanceof GameboardError && err.code === 'refused') {
            const v = games.view(g);
            return refused(v, String(err.reason), err.message, err.legalActions ?? v.legalActions);
          }
          return failure(serverFailure(server_, err));
        }
        const v = games.view(g);
        const events = Array.isArray(g.live.last.events)
          ? (g.live.last.events as GameAction[]).slice(0, 32)
          : undefined;
        return result(viewText(v, compact), v, { sessionId: g.live.id, ...(events ? { events } : {}) });
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
        const v = games.view(games.get(gameId));
        return result(viewText(v, compact), v);
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
        const g = local(games.get(gameId), 'undo');
        games.undo(g, steps ?? 1);
        const v = games.view(g);
        return result(viewText(v, compact), v);
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
        const g = games.fork(local(games.get(gameId), 'fork'), step);
        const v = games.view(g);
        return result(viewText(v, compact), v);
      }),
  );

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
        const list = games.list().map((g) => {
          const { gameId, game, kind, step, score, gameOver } = games.view(g);
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
        const g = games.close(gameId);
        const note = g.kind === 'remote' ? ' Its ranked session stays on the server as it stands.' : '';
        return {
          content: [{ type: 'text', text: `Closed ${gameId}.${note}` }],
          structuredContent: { gameId, closed: true },
        };
      }),
  );

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
        const engine = games.engine(game);
        if (!remote) return failure(NO_SERVER);
        let answer;
        try {
          answer = await remote.leaderboard(engine.spec.slug, {
            board: (board ?? 'ranked') as BoardName,
            limit: limit ?? 10,
            ...(date ? { date } : {}),
            ...(kind ? { kind } : {}),
          });
        } catch (err) {
          return failure(serverFailure(server_, err));
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
        const g = local(games.get(gameId), 'submit_run');
        if (!remote) return failure(NO_SERVER);
        const p = asPlayer(player);
        if (p.key !== undefined && remote.playerKey(p.name) !== p.key) remote.setPlayerKey(p.name, p.key);
        let answer;
        try {
          answer = await remote.submitRun(g.session.run(), { name: p.name, kind: 'agent' });
        } catch (err) {
          return failure(serverFailure(server_, err, 'The server refused the run', true));
        }
        const r = { body: answer as unknown as Record<string, unknown> };
        const rank = typeof r.body.rank === 'number' ? r.body.rank : null;
        return {
          content: [
            {
              type: 'text',
              text:
                `Submitted: score ${String(r.body.score)}, rank ${String(rank)}, run id ${String(r.body.id)}.` +
                claimedNote(p.name, typeof r.body.playerKey === 'string' ? r.body.playerKey : undefined, keyFile.path),
            },
          ],
          structuredContent: { ok: true, id: String(r.body.id), score: Number(r.body.score), rank },
        };
      }),
  );

  registerRulesAndPrompts(server, opts);
  return server;
}

/** The rules pages as resources (`gameboard://rules/<slug>`) and a prompt per game (`play_<slug>`). */
function registerRulesAndPrompts(server: McpServer, opts: McpOptions): void {
  const bySlug = (slug: unknown): AnyGame => {
    const g = opts.registry.get(String(slug));
    if (!g) throw new Error(`There is no game "${String(slug)}". Games: ${opts.registry.slugs().join(', ')}.`);
    return g;
  };
  server.registerResource(
    'rules',
    new ResourceTemplate('gameboard://rules/{slug}', {
      list: () => ({
        resources: opts.registry.games.map((g) => ({
          uri: `gameboard://rules/${g.spec.slug}`,
          name: `${g.spec.name} rules`,
          description: `${g.spec.name}: ${g.spec.description}`,
          mimeType: 'text/plain',
        })),
      }),
    }),
    { description: "A game's complete rules for agents", mimeType: 'text/plain' },
    (uri, { slug }) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: gameRulesTxt(bySlug(slug), opts.server ?? '') }],
    }),
  );
  for (const g of opts.registry.games) {
    const s = g.spec;
    server.registerPrompt(
      `play_${s.slug}`,
      {
        title: `Play ${s.name} well`,
        description: `Sets you to play ${s.name} with these tools, from its rules to the end of a run.`,
        argsSchema: { seed: z.string().optional().describe('free play: a seed 0-4294967295 (random if omitted)') },
      },
      ({ seed }) => ({
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Play ${s.name} as well as you can. Goal: ${s.goal}\n` +
                `First read the rules (resource gameboard://rules/${s.slug}, or the get_rules tool with game "${s.slug}"). ` +
                `Then call start_game with game "${s.slug}"${seed ? ` and seed ${seed}` : ''}, and play one act at a time, ` +
                'each action one of the legal actions the last answer listed, thinking about what each does before you choose. ' +
                'A refused action changes nothing and says why. Use compact: true once you know the rules, to keep answers short. ' +
                'Stop when gameOver is true and report the score.',
            },
          },
        ],
      }),
    );
  }
}
