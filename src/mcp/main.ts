/**
 * `gameboard mcp`: the Gameboard MCP server over stdio (run it with `tsx src/mcp/main.ts`). Options:
 * `--server URL` (or GAMEBOARD_URL) names the Gameboard server for ranked sessions and submissions.
 * Stdout carries the protocol, so nothing else is ever printed there; diagnostics go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registry } from '../games/index.js';
import { serverFrom } from './remote.js';
import { createMcpServer } from './server.js';

const server = createMcpServer({ registry, server: serverFrom(process.argv.slice(2), process.env) });
await server.connect(new StdioServerTransport());
process.stderr.write('gameboard MCP server ready on stdio\n');
