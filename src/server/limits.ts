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
import type { RateGroup, RateLimits } from './config.js';
import { ApiError } from './errors.js';

/** Routes no limit applies to: probes and scrapes come from the platform, often. */
const UNLIMITED = new Set(['/healthz', '/readyz', '/metrics']);

/** The group a request counts against. */
export function rateGroupOf(req: FastifyRequest): RateGroup {
  const url = req.routeOptions.url ?? '';
  if (url === '/api/games/:slug/action' || url === '/api/sessions/:id/action') return 'action';
  if (url === '/api/games/:slug/init' || url === '/api/games/:slug/sessions') return 'init';
  if (url === '/api/runs' && req.method === 'POST') return 'runs';
  return 'reads';
}

/**
 * Counts one request against its group; rejects with the 429 `rate_limited` error (its Retry-After
 * header already set on `reply`) when the group is spent. A request is counted once however often it
 * is called.
 */
export type RateLimiter = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Registers the limits on every route added after it (call before the routes), and returns the
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
    keyGenerator: (req) => `${rateGroupOf(req)}|${normalizeIP(req.ip, 64)}`,
    max: (_req, key) => limits[groupOfKey(key)].max,
    timeWindow: (_req, key) => limits[groupOfKey(key)].windowMs,
    allowList: (req) => UNLIMITED.has(req.routeOptions.url ?? ''),
    // The remaining-budget headers only on refusals: they would cost every answer three headers.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    onExceeded: (_req, key) => onLimited(groupOfKey(key)),
    errorResponseBuilder: (req, ctx) => {
      const group = rateGroupOf(req);
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new ApiError(
        'rate_limited',
        `Too many ${group} requests from this address: at most ${ctx.max} every ${limits[group].windowMs / 1000} s. ` +
          `Retry after ${seconds} s (the Retry-After header); GAMEBOARD_RATE_LIMIT=off turns limits off on your own server.`,
      );
    },
  });
  return app.rateLimit() as RateLimiter;
}
