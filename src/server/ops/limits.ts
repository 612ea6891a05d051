/**
 * Fair use: per-client-address rate limits with `@fastify/rate-limit`, counted apart for four route
 * groups (init, action, run submissions, reads), so a client reading leaderboards never spends its
 * action budget. Over the limit a request is answered 429 `rate_limited` with `Retry-After` in
 * seconds. Counters live in each process: with GAMEBOARD_WORKERS=n a client may get up to n times the
 * limit, spread over the workers.
 *
 * Answers no route gives count too, as reads: a 404 (the not-found handler runs the limiter before
 * answering) and a CORS preflight (answered in `app.ts`'s first hook, which runs the limiter first), so
 * a flood of either is refused like a flood of leaderboard reads.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateGroup, RateLimits } from '../config.js';
import { ApiError } from '../errors.js';

/** The batch route: it counts against the action group once per item (its limit is checked after parsing). */
const BATCH_ROUTE = '/api/games/:slug/batch';

/**
 * The group a request counts against; `url` is its route pattern, when the caller has it already
 * (Fastify builds a fresh `routeOptions` object on every read).
 */
function rateGroupOf(req: FastifyRequest, url: string = req.routeOptions.url ?? ''): RateGroup {
  if (url === '/api/games/:slug/action' || url === '/api/sessions/:id/action' || url === BATCH_ROUTE) return 'action';
  if (url === '/api/games/:slug/init' || url === '/api/games/:slug/sessions') return 'init';
  if (url === '/api/runs' && req.method === 'POST') return 'runs';
  return 'reads';
}

/** How many units a request spends: a batch its item count (at least 1), anything else 1. */
function weightOf(req: FastifyRequest, url: string): number {
  if (url !== BATCH_ROUTE) return 1;
  const items = (req.body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? Math.max(1, items.length) : 1;
}

/** A connection's client address as the limits count it, worked out once per connection. */
const ADDRESS = Symbol('rate limit address');
type Remembered = { [ADDRESS]?: { ip: string; key: string } };

/**
 * The client address a request counts against (`normalizeIP`: an IPv4 address, or an IPv6 /64),
 * remembered on its socket: the parse (a long IPv6 expression) ran on every request, and a keep-alive
 * connection's address does not change. Kept with the address it was made from, so a request whose
 * `ip` differs from its connection's (a trusted proxy's forwarded address) gets its own.
 */
function addressOf(req: FastifyRequest): string {
  const socket = req.raw.socket as Remembered | undefined;
  const ip = req.ip;
  const known = socket?.[ADDRESS];
  if (known !== undefined && known.ip === ip) return known.key;
  const key = normalizeIP(ip, 64);
  if (socket) socket[ADDRESS] = { ip, key };
  return key;
}

/**
 * Makes an error without capturing its stack. A refusal is an answer, never logged with a stack, and
 * capturing one (ten frames deep in Fastify's hooks, with source maps on) was the largest part of a
 * refused request's own cost: about 45 µs of the 429's server time under a flood (bench --flood).
 */
function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

interface Counter {
  current: number;
  start: number;
}

/**
 * The counters, kept in one map shared by every route's view (@fastify/rate-limit gives a route with
 * its own options a child store), and spending a request's weight: the key ends in `#n` when it
 * spends n (a batch of n items).
 */
class WeightedStore {
  private readonly counters: Map<string, Counter>;

  /** The plugin constructs the store with its options; `child` passes the shared map. */
  constructor(shared?: unknown) {
    this.counters = shared instanceof Map ? (shared as Map<string, Counter>) : new Map();
  }

  incr(key: string, cb: (err: Error | null, res: { current: number; ttl: number }) => void, windowMs: number) {
    const hash = key.lastIndexOf('#');
    const weight = hash < 0 ? 1 : Number(key.slice(hash + 1));
    const base = hash < 0 ? key : key.slice(0, hash);
    const now = Date.now();
    let c = this.counters.get(base);
    if (!c || c.start + windowMs <= now) {
      if (this.counters.size >= 10_000) this.prune(now, windowMs);
      c = { current: 0, start: now };
      this.counters.set(base, c);
    }
    c.current += weight;
    cb(null, { current: c.current, ttl: c.start + windowMs - now });
  }

  child(): WeightedStore {
    return new WeightedStore(this.counters);
  }

  private prune(now: number, windowMs: number) {
    for (const [k, c] of this.counters) if (c.start + windowMs <= now) this.counters.delete(k);
    if (this.counters.size >= 10_000) this.counters.clear();
  }
}

/**
 * Counts one request against its group; rejects with the 429 `rate_limited` error (its Retry-After
 * header already set on `reply`) when the group is spent. A request is counted once however often it
 * is called.
 */
export type RateLimiter = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Registers the limits on every route added after it (call before the routes) but those that opt out
 * with `config: { rateLimit: false }` (the operations routes, routes/ops.ts), and returns the
 * limiter for what no route answers (404s, preflights). `onLimited` hears each refused request
 * (metrics).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  onLimited: (group: RateGroup) => void = () => {},
): Promise<RateLimiter> {
  const groupOfKey = (key: string) => key.slice(0, key.indexOf('|')) as RateGroup;
  await app.register(rateLimit, {
    global: true,
    // Addresses as the connection caps count them: an IPv4 address (mapped ones included) or an IPv6 /64.
    keyGenerator: (req) => {
      const url = req.routeOptions.url ?? '';
      const weight = weightOf(req, url);
      return `${rateGroupOf(req, url)}|${addressOf(req)}${weight === 1 ? '' : `#${weight}`}`;
    },
    store: WeightedStore as never,
    max: (_req, key) => limits[groupOfKey(key)].max,
    timeWindow: (_req, key) => limits[groupOfKey(key)].windowMs,
    // The remaining-budget headers only on refusals: they would cost every answer three headers.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    onExceeded: (_req, key) => onLimited(groupOfKey(key)),
    errorResponseBuilder: (req, ctx) => {
      const group = rateGroupOf(req);
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return withoutStack(
        () =>
          new ApiError(
            'rate_limited',
            `Too many ${group} requests from this address: at most ${ctx.max} every ${limits[group].windowMs / 1000} s. ` +
              `Retry after ${seconds} s (the Retry-After header); GAMEBOARD_RATE_LIMIT=off turns limits off on your own server.`,
          ),
      );
    },
  });
  return app.rateLimit() as RateLimiter;
}
