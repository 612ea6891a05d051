/**
 * The Gameboard MCP server over stdio, run directly (`tsx src/mcp/main.ts`; `gameboard mcp` runs the
 * same). Options: `--server URL` (or GAMEBOARD_URL) names the Gameboard server for ranked sessions,
 * submissions and leaderboards; `--compact` answers only the board and the legal actions by default.
 */
import { serverFrom } from './remote.js';
import { serveMcpOverStdio } from './stdio.js';

const argv = process.argv.slice(2);
await serveMcpOverStdio(serverFrom(argv, process.env), argv.includes('--compact'));
