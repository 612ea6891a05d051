/**
 * Wrong player keys, limited per name: a name whose key was sent wrong `max` times within a window
 * (10 a minute by default) is refused 429 `rate_limited` with `Retry-After` for every further request
 * that sends a key for it, until the window ends. The count is per folded name (look-alike spellings
 * share it), apart from the per-address route budgets (limits.ts), so spreading guesses over many
 * addresses gains nothing; a request that sends no key is not a guess and is never refused here. The
 * owner sending the right key during a lockout is refused too: the price of a limit an attacker cannot
 * spread. Counters live in each process, like the route budgets.
 *
 * Any route whose body names a player (`player.name`) or whose path does (`:name`) is covered: the
 * check runs before the handler (so no store work and no key comparison for a locked name), and a
 * `name_owned` answer to a request that sent a key counts one failure.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import { foldName } from '../../store/names.js';
import { ApiError } from '../errors.js';
import { PLAYER_KEY_HEADER } from './players.js';

/** How many wrong keys a name takes per window before it is locked for the rest of the window. */
export interface KeyAttemptLimit {
  max: number;
  windowMs: number;
}

const DEFAULT_KEY_ATTEMPTS: KeyAttemptLimit = { max: 10, windowMs: 60_000 };

/** Names tracked at most: past it, ended windows are dropped, then (under a flood of names) all. */
const MAX_TRACKED = 50_000;

interface Window {
  start: number;
  failures: number;
}

/** The wrong-key counts of one process. */
export class KeyAttempts {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limit: KeyAttemptLimit = DEFAULT_KEY_ATTEMPTS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `name` may be tried again, or 0 when it may be now. */
  lockedFor(name: string): number {
    const w = this.windows.get(foldName(name));
    if (!w) return 0;
    const left = w.start + this.limit.windowMs - this.now();
    if (left <= 0) {
      this.windows.delete(foldName(name));
      return 0;
    }
    return w.failures >= this.limit.max ? left : 0;
  }

  /** Counts a wrong key sent for `name`. */
  failed(name: string): void {
    const key = foldName(name);
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.start + this.limit.windowMs <= now) {
      if (this.windows.size >= MAX_TRACKED) this.prune(now);
      w = { start: now, failures: 0 };
      this.windows.set(key, w);
    }
    w.failures++;
  }

  private prune(now: number): void {
    for (const [k, w] of this.windows) if (w.start + this.limit.windowMs <= now) this.windows.delete(k);
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }
}

/** The player name a request uses: its body's `player.name`, else its path's `:name`. */
function nameOf(req: FastifyRequest): string | null {
  const body = req.body as { player?: { name?: unknown } } | null | undefined;
  const fromBody = body && typeof body === 'object' ? body.player?.name : undefined;
  if (typeof fromBody === 'string') return fromBody;
  const fromPath = (req.params as { name?: unknown } | undefined)?.name;
  return typeof fromPath === 'string' ? fromPath : null;
}

const keySent = (req: FastifyRequest) => {
  const h = req.headers[PLAYER_KEY_HEADER];
  return typeof h === 'string' && h.length > 0;
};

/**
 * Installs the limit on `app` (before its routes). With `registry` (metrics on),
 * `gameboard_player_key_failures_total{outcome}` counts wrong keys (`wrong`) and requests refused for
 * a locked name (`locked`).
 */
export function registerKeyAttempts(app: FastifyInstance, attempts: KeyAttempts, registry?: Registry): void {
  const counter = registry
    ? new Counter({
        name: 'gameboard_player_key_failures_total',
        help: 'Wrong player keys sent for owned names (wrong), and requests refused because a name had too many (locked).',
        labelNames: ['outcome'] as const,
        registers: [registry],
      })
    : null;
  app.addHook('preHandler', async (req, reply) => {
    if (!keySent(req)) return;
    const name = nameOf(req);
    if (name === null) return;
    const ms = attempts.lockedFor(name);
    if (ms === 0) return;
    counter?.inc({ outcome: 'locked' });
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    void reply.header('retry-after', String(seconds));
    throw new ApiError(
      'rate_limited',
      `Too many wrong player keys for the name "${name}": at most ${attempts.limit.max} every ${attempts.limit.windowMs / 1000} s. ` +
        `Retry after ${seconds} s (the Retry-After header).`,
    );
  });
  // The answer, not the thrown error: the app's error handler sends a plain body, after which Fastify
  // runs no onError hook. Only 403s are looked at.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 403) return;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    if (!text.includes('"error":"name_owned"')) return;
    if (!keySent(req)) return;
    const name = nameOf(req);
    if (name === null) return;
    attempts.failed(name);
    counter?.inc({ outcome: 'wrong' });
  });
}
