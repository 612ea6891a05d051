/**
 * The MCP server's calls to a Gameboard HTTP server, for what only a server can do: ranked sessions
 * (the server draws the seed and records every action) and submitting a finished free-play run to the
 * open board. The server is `--server URL` or GAMEBOARD_URL; without one these tools answer a clear error.
 *
 * Sessions follow the ranked API (docs/ranked.md): `POST /api/games/:slug/sessions` with
 * `{player: {name, kind}}` (and `challenge: "daily"`) answers the first position with `session.id` and a
 * `stateToken`; each action is `POST /api/sessions/:id/action` with `{stateToken, action}`, the token of
 * the latest answer. A player name is claimed by its first use; the key answered then (`playerKey`) is
 * kept in the player-key file the CLI uses too (src/client/keyfile.ts), so it survives a restart, and it
 * is sent as `x-player-key` with every later start or submission under that name. Every call goes through
 * the project's client (src/client), as the harness's runs over HTTP do.
 */
import { GameboardClient, GameboardError } from '../client/index.js';
import { KeyFile } from '../client/keyfile.js';

/** Where the Gameboard server is, or null. */
export function serverFrom(argv: string[], env: NodeJS.ProcessEnv): string | null {
  const at = argv.indexOf('--server');
  const flag = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--server='))?.slice('--server='.length);
  const url = flag ?? env.GAMEBOARD_URL;
  return url ? url.replace(/\/+$/, '') : null;
}

/** The message for a tool that needs a server when none is configured. */
export const NO_SERVER =
  'No Gameboard server is configured for ranked sessions and submissions: start the MCP server with ' +
  '--server URL or set GAMEBOARD_URL (for example http://127.0.0.1:3000). Free play (start_game with a seed) ' +
  'needs no server.';

/**
 * The project's client (src/client) for the Gameboard server at `server`, keeping player keys in the
 * shared key file, so a restarted MCP server (or the CLI) still owns a claimed name. Each attempt gives
 * up after 30 seconds; busy answers (429, 503) are retried as the client does.
 */
export function clientFor(server: string, file: KeyFile = new KeyFile()): GameboardClient {
  return new GameboardClient(server, {
    timeoutMs: 30_000,
    keyStore: { get: (name) => file.get(server, name), set: (name, key) => file.set(server, name, key) },
  });
}

/**
 * What a failed call to the server says, for a tool's error: `what` refused (with the HTTP status and
 * the server's message), or that the server could not be reached.
 */
export function serverFailure(server: string, err: unknown, what = 'The server refused', withCode = false): string {
  if (err instanceof GameboardError && err.status !== undefined)
    return `${what} (HTTP ${err.status}${withCode ? `, ${err.code}` : ''}): ${err.message}`;
  const message = err instanceof Error ? err.message : String(err);
  return `Could not reach the Gameboard server at ${server}: ${message}`;
}
