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
 * is sent as `x-player-key` with every later start or submission under that name.
 */
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

/** One request answered with JSON; a failed connection or a non-JSON answer becomes a readable error. */
async function requestJson(
  server: string | null,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!server) throw new Error(NO_SERVER);
  let res: Response;
  try {
    res = await fetch(server + path, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new Error(`Could not reach the Gameboard server at ${server}: ${(err as Error).message}`);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw new Error(`The Gameboard server answered ${path} with HTTP ${res.status} and no JSON.`);
  }
}

/** POSTs JSON and returns the answer (see requestJson). */
export function postJson(
  server: string | null,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return requestJson(server, path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** GETs JSON (see requestJson). */
export function getJson(
  server: string | null,
  path: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return requestJson(server, path);
}

/** The session id in a session answer. */
export function sessionIdOf(answer: Record<string, unknown>): string | undefined {
  const s = (answer.session as { id?: unknown } | undefined)?.id;
  return typeof s === 'string' ? s : undefined;
}

/**
 * Player keys of one Gameboard server: given with a call (`player.key`), or answered when a name was
 * claimed; kept in the shared key file, so a restarted MCP server (or the CLI) still owns the name.
 */
export class PlayerKeys {
  constructor(
    private readonly server: string | null,
    private readonly file: KeyFile = new KeyFile(),
  ) {}

  /** The header proving `name` is ours, when a key is known (or given now, which is kept). */
  headers(name: string, given?: string): Record<string, string> {
    if (!this.server) return {};
    if (given && this.file.get(this.server, name) !== given) this.file.set(this.server, name, given);
    const key = given ?? this.file.get(this.server, name);
    return key ? { 'x-player-key': key } : {};
  }

  /** Keeps the key of a name the answer says was just claimed; returns it for the tool's reply. */
  learn(name: string, answer: Record<string, unknown>): string | undefined {
    const key = answer.playerKey;
    if (typeof key !== 'string' || !this.server) return undefined;
    this.file.set(this.server, name, key);
    return key;
  }
}
