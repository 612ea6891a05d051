/**
 * Connection caps: one client cannot hold every socket the process may open. Two limits, each
 * checked the moment a connection is accepted, before a byte of it is read:
 *
 * - a global cap (`server.maxConnections`) below the process's open-file limit, so the store, the logs
 *   and new clients always have file descriptors left: 24,000 idle sockets from one address used to
 *   reach the limit and lock everyone out;
 * - a per-address cap, addresses compared as the rate limits compare them (an IPv4 address, or an IPv6
 *   /64, since one host commonly holds a whole /64).
 *
 * A connection over either cap is closed at once, without an answer: writing a 503 would cost the
 * server the very work the cap saves, and a client at the cap already has connections to use.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { normalizeIP } from '@fastify/rate-limit';

/** The caps; null turns one off. */
export interface ConnectionCaps {
  /** Open connections of the process at most. */
  max: number | null;
  /** Open connections from one client address (IPv6: one /64) at most. */
  perAddress: number | null;
}

/** Assumed when the open-file limit cannot be read (not Linux): Linux's usual soft default. */
export const FALLBACK_FILE_LIMIT = 1024;

/**
 * The process's soft limit on open files (`ulimit -n`, RLIMIT_NOFILE), read from /proc/self/limits
 * (Node has no call for it, and Node itself raises the soft limit to the hard one at start), or null
 * when it cannot be read or is unlimited.
 */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * File descriptors kept free for everything that is not a client connection (store files, a
 * PostgreSQL pool, logs, static files, worker threads): a tenth of the limit, at least 64.
 */
function reservedFiles(fileLimit: number): number {
  return Math.max(64, Math.ceil(fileLimit / 10));
}

/** The default global cap for a process whose open-file limit is `fileLimit`. */
export function defaultMaxConnections(fileLimit: number): number {
  return Math.max(16, fileLimit - reservedFiles(fileLimit));
}

/** Applies `caps` to a (listening or not yet listening) server; `onRefused` hears each refusal. */
export function capConnections(
  server: Server,
  caps: ConnectionCaps,
  onRefused: (why: 'total' | 'address') => void = () => {},
): void {
  // Node closes a connection over maxConnections before making a socket of it, and says so by 'drop'.
  if (caps.max !== null) {
    server.maxConnections = caps.max;
    server.on('drop', () => onRefused('total'));
  }
  const perAddress = caps.perAddress;
  if (perAddress === null) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    if (socket.remoteAddress === undefined) return; // already gone
    const key = normalizeIP(socket.remoteAddress, 64);
    const n = (open.get(key) ?? 0) + 1;
    if (n > perAddress) {
      onRefused('address');
      socket.destroy();
      return;
    }
    open.set(key, n);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
