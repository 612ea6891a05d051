/**
 * `gameboard mcp`: the Model Context Protocol server over stdio, for desktop LLM clients and agent
 * frameworks (tools: list_games, get_rules, start_game, act, observe, undo, fork, list_open_games, close_game,
 * get_leaderboard, submit_run; the rules as resources; a prompt per game).
 */
import { Command } from 'commander';
import { parseUrl } from './args.js';

/** The `mcp` command. */
export function mcpCommand(): Command {
  return new Command('mcp')
    .description('serve the games to an LLM client over the Model Context Protocol (stdio)')
    .option(
      '--server <url>',
      'the Gameboard server for ranked sessions and submissions (default: $GAMEBOARD_URL; free play needs none)',
      parseUrl,
    )
    .option('--compact', 'answer only the board and the legal actions unless a call asks otherwise')
    .action(async (flags: { server?: string; compact?: boolean }) => {
      // Loaded here: the MCP SDK is only needed by this command.
      const { serveMcpOverStdio } = await import('../mcp/stdio.js');
      const server = flags.server ?? process.env.GAMEBOARD_URL;
      await serveMcpOverStdio(server ? server.replace(/\/+$/, '') : null, flags.compact === true);
    });
}
