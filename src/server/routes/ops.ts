/**
 * The operations routes, for the platform rather than for players: `GET /healthz` (the process
 * answers), `GET /readyz` (the run store answers `SELECT 1` within a deadline and no write failed
 * lately: ops/store-health.ts) and, when enabled, `GET /metrics` (ops/metrics.ts). What applies only to
 * them stays in this plugin: they are left out of /openapi.json (not part of the game API) and out of
 * the rate limits (probes and scrapes come from the platform, often). The hook that records every
 * answer into the metrics is not here: it must see every route (`recordRequests`, added in app.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RunStore } from '../../store/store.js';
import { errorBody } from '../errors.js';
import type { Metrics } from '../ops/metrics.js';
import type { StoreHealth } from '../ops/store-health.js';

/** What the operations routes read: the guarded store, its health, and the metrics when enabled. */
export interface OpsRouteOptions {
  store: RunStore | null;
  health: StoreHealth;
  metrics: Metrics | null;
}

/** The options of every operations route: hidden from /openapi.json, and never rate limited. */
const PROBE = { schema: { hide: true }, config: { rateLimit: false } } as const;

/** /healthz, /readyz and (when enabled) /metrics as a Fastify plugin. */
export const opsRoutes: FastifyPluginAsync<OpsRouteOptions> = async (app, { store, health, metrics }) => {
  app.get('/healthz', PROBE, async () => ({ ok: true, status: 'up' }));

  app.get('/readyz', PROBE, async (req, reply) => {
    if (!store) return { ok: true, status: 'ready', store: 'none' };
    // Cheap: SELECT 1 with a deadline (never a count of the runs), and not ready while writes fail.
    const problem = await health.problem(store);
    if (problem === null) return { ok: true, status: 'ready', store: 'ok' };
    req.log.warn({ problem }, 'the run store is not ready');
    return reply.code(503).send(errorBody('store_unavailable', problem));
  });

  if (!metrics) return;
  app.get('/metrics', PROBE, async (_req, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
