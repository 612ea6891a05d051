/**
 * The Gameboard MCP server over stdio, run directly (`tsx src/mcp/main.ts`; `gameboard mcp` runs the
 * same). Options: `--server URL` (or GAMEBOARD_URL) names the Gameboard server for ranked sessions and
 * submissions.
 */
import { serverFrom } from './remote.js';
import { serveMcpOverStdio } from './stdio.js';

await serveMcpOverStdio(serverFrom(process.argv.slice(2), process.env));
