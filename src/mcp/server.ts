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
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Registry } from '../core/registry.js';
import type { KeyFile } from '../client/keyfile.js';
import { gameboardVersion } from '../version.js';
import { registerBoardTools } from './tools/board.js';
import { registerCatalogTools } from './tools/catalog.js';
import { ToolContext } from './tools/context.js';
import { registerOpenGameTools, registerPlayTools } from './tools/play.js';
import { registerRulesAndPrompts } from './tools/rules.js';

/** Options: the games, the Gameboard server for ranked play (null: none), and the text mode. */
export interface McpOptions {
  registry: Registry;
  server: string | null;
  /** Compact text by default (each call may still choose). */
  compact?: boolean;
  /** Where player keys are kept (default: the shared key file). */
  keyFile?: KeyFile;
}

/**
 * Builds the MCP server with its tools, resources and prompts (not yet connected to a transport). The tools
 * are in src/mcp/tools/, one group a file, on one shared context (tools/context.ts).
 */
export function createMcpServer(opts: McpOptions): McpServer {
  const server = new McpServer({ name: 'gameboard', version: gameboardVersion() });
  const ctx = new ToolContext(opts);
  registerCatalogTools(server, ctx);
  registerPlayTools(server, ctx);
  registerOpenGameTools(server, ctx);
  registerBoardTools(server, ctx);
  registerRulesAndPrompts(server, opts);
  return server;
}
