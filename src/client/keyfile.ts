/**
 * The player keys this machine holds, in one file shared by the CLI (`gameboard eval --submit`, `play`)
 * and the MCP server: `$XDG_CONFIG_HOME/gameboard/keys.json` (else `~/.config/gameboard/keys.json`;
 * `GAMEBOARD_KEY_FILE` names another file). A key is what proves a player name is yours on a server, so
 * the file is created with mode 0600 in a 0700 folder, and written whole under a temporary name and
 * renamed into place, so a crash never leaves half a file and two writers never mix their bytes.
 *
 * Keys are kept per server (its origin) and per name, names compared case-insensitively and with runs of
 * spaces folded, as the server compares them at the least. Node only: the browser keeps its own.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where the key file is, from the environment. */
export function keyFilePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GAMEBOARD_KEY_FILE) return env.GAMEBOARD_KEY_FILE;
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'gameboard', 'keys.json');
}

/** One kept key. */
export interface KeptKey {
  /** The name as it was first used. */
  name: string;
  key: string;
  /** ISO 8601, when it was kept. */
  savedAt: string;
}

interface FileShape {
  version: 1;
  servers: Record<string, Record<string, KeptKey>>;
}

/** The server part of a key's address: the origin of its URL (`http://127.0.0.1:3000`). */
function serverKey(server: string): string {
  try {
    return new URL(server).origin;
  } catch {
    return server.replace(/\/+$/, '');
  }
}

/** The name part: lower case, spaces folded. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The key file: read on each call (another process may have written it), written atomically. */
export class KeyFile {
  constructor(readonly path: string = keyFilePath()) {}

  private read(): FileShape {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, servers: {} };
      throw e;
    }
    const parsed = JSON.parse(text) as Partial<FileShape>;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.servers !== 'object' || parsed.servers === null)
      throw new Error(`${this.path} is not a Gameboard key file`);
    return { version: 1, servers: parsed.servers };
  }

  /** The key kept for `name` on `server`, if any. */
  get(server: string, name: string): string | undefined {
    return this.read().servers[serverKey(server)]?.[nameKey(name)]?.key;
  }

  /** Every key kept for `server`. */
  list(server: string): KeptKey[] {
    return Object.values(this.read().servers[serverKey(server)] ?? {});
  }

  /** Keeps `key` for `name` on `server` (replacing an earlier one). */
  set(server: string, name: string, key: string): void {
    const data = this.read();
    const s = (data.servers[serverKey(server)] ??= {});
    s[nameKey(name)] = { name, key, savedAt: new Date().toISOString() };
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
  }
}
