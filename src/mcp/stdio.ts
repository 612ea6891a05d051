/**
 * Serves the Gameboard MCP server over this process's stdio until the client closes it. Stdout carries
 * the protocol, so nothing else is ever printed there; diagnostics go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registry } from '../games/index.js';
import { createMcpServer } from './server.js';

/**
 * Connects the MCP server to stdio; `server` is the Gameboard server for ranked play and submissions,
 * `compact` makes compact text the default.
 */
export async function serveMcpOverStdio(server: string | null, compact = false): Promise<void> {
  const mcp = createMcpServer({ registry, server, compact });
  await mcp.connect(new StdioServerTransport());
  process.stderr.write(
    `gameboard MCP server ready on stdio${server ? ` (Gameboard server ${server})` : ' (free play only)'}\n`,
  );
}
