/**
 * The instruments behind `GET /metrics` (served by routes/ops.ts when enabled), in Prometheus text
 * format (prom-client): requests by route and status, latency histograms, actions per game, runs
 * verified, rate-limited requests, store errors, and the process's own figures. Metrics are per
 * process: with workers, each scrape sees the worker that answered it.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RunStore } from '../../store/store.js';
import type { RateGroup } from '../config.js';

/** The instruments one app records into. */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'gameboard_http_requests_total',
    help: 'Answered HTTP requests by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'gameboard_http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly actions = new Counter({
    name: 'gameboard_actions_total',
    help: 'Actions answered 200 by the action route (played, or refused by the rules), by game.',
    labelNames: ['game'] as const,
    registers: [this.registry],
  });
  readonly runsVerified = new Counter({
    name: 'gameboard_runs_verified_total',
    help: 'Submitted runs, by game and result (stored, or refused because they do not replay).',
    labelNames: ['game', 'result'] as const,
    registers: [this.registry],
  });
  readonly rateLimited = new Counter({
    name: 'gameboard_rate_limited_total',
    help: 'Requests answered 429 rate_limited, by route group.',
    labelNames: ['group'] as const,
    registers: [this.registry],
  });
  readonly connectionsRefused = new Counter({
    name: 'gameboard_connections_refused_total',
    help: 'Connections closed on arrival: over the per-address cap (address) or the global cap (total).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly storeErrors = new Counter({
    name: 'gameboard_store_errors_total',
    help: 'Run store operations that failed, by operation.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'gameboard_' });
  }

  /**
   * Reports `count()` at each scrape as `gameboard_http_requests_in_flight`: requests whose headers were
   * read and whose answers are not finished (the scrape itself among them).
   */
  watchInFlight(count: () => number): void {
    new Gauge({
      name: 'gameboard_http_requests_in_flight',
      help: 'Requests received whose answers are not finished, this scrape included.',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }

  /** Counts a refusal by the rate limiter. */
  limited(group: RateGroup): void {
    this.rateLimited.inc({ group });
  }

  /** The store, with every failed operation counted before it is rethrown. */
  instrument(store: RunStore): RunStore {
    const errors = this.storeErrors;
    // Every method of the store (runs, boards, names, sessions) is wrapped, so a method added to the
    // interface is counted without a change here.
    return new Proxy(store, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function' || prop === 'close' || typeof prop !== 'string') return value;
        const fn = value as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]): Promise<unknown> => {
          try {
            return await fn.apply(target, args);
          } catch (err) {
            errors.inc({ operation: prop });
            throw err;
          }
        };
      },
    });
  }
}

/**
 * Records every answer into `metrics`: requests by route and status, latency, actions per game, runs
 * verified. Added on the root instance, not inside the operations plugin (routes/ops.ts) that serves
 * /metrics: a hook added inside a plugin sees only that plugin's routes, and these must see every
 * route of every plugin, 404s included.
 */
export function recordRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.requests.inc({ route, method: req.method, status });
    metrics.latency.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    if (route === '/api/games/:slug/action' && status === 200) {
      metrics.actions.inc({ game: (req.params as { slug: string }).slug });
    } else if (route === '/api/runs' && req.method === 'POST' && (status === 200 || status === 400)) {
      const game = (req.body as { game?: unknown } | undefined)?.game;
      // Only a run that replayed names a real game; a refused one may name anything, so it is unlabelled.
      metrics.runsVerified.inc(
        status === 200 ? { game: String(game), result: 'stored' } : { game: 'any', result: 'refused' },
      );
    }
    done();
  });
}
