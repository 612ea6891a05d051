/**
 * The server's operational settings from the environment: connection timeouts, shutdown grace,
 * connection caps, per-client rate limits and the metrics switch. Each reader refuses a malformed value with a message
 * naming the variable, so a typo stops the server at start instead of silently using a default.
 *
 * `buildApp()` takes these as options (tests pass what they need; limits are off unless given);
 * `main.ts` reads them here, so `npm start` runs with the defaults below switched on.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_KEEPALIVE_MS, redactUrl, type PostgresOptions } from '../store/postgres.js';
import { DEFAULT_BUSY_TIMEOUT_MS, type SqliteOptions } from '../store/sqlite.js';
import { defaultMaxConnections, FALLBACK_FILE_LIMIT, openFileLimit, type ConnectionCaps } from './ops/connections.js';

/** Thrown for a malformed setting; the message names the variable and the accepted form. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Connection and request timeouts, in milliseconds. */
export interface Timeouts {
  /** Whole request, headers and body, from its first byte (Node's `requestTimeout`); answered 408. */
  requestMs: number;
  /** Headers alone (Node's `headersTimeout`); at most `requestMs`. */
  headersMs: number;
  /** A socket with no traffic at all in either direction is closed (Fastify's `connectionTimeout`). */
  idleMs: number;
  /** An idle keep-alive connection between requests is closed (`keepAliveTimeout`). */
  keepAliveMs: number;
  /** On SIGTERM, requests still running after this long are cut off and the process exits. */
  shutdownMs: number;
}

/**
 * Defaults: a 4 MiB run body needs about 30 s at 1 Mbit/s; an agent's loop sends small bodies back to
 * back, so 5 s of keep-alive spans its think time; shutdown stays under the 10 s most orchestrators
 * wait before SIGKILL.
 */
export const DEFAULT_TIMEOUTS: Timeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  idleMs: 60_000,
  keepAliveMs: 5_000,
  shutdownMs: 8_000,
};

const TIMEOUT_VARS: Record<keyof Timeouts, string> = {
  requestMs: 'GAMEBOARD_REQUEST_TIMEOUT_MS',
  headersMs: 'GAMEBOARD_HEADERS_TIMEOUT_MS',
  idleMs: 'GAMEBOARD_IDLE_TIMEOUT_MS',
  keepAliveMs: 'GAMEBOARD_KEEPALIVE_TIMEOUT_MS',
  shutdownMs: 'GAMEBOARD_SHUTDOWN_TIMEOUT_MS',
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new ConfigError(`${name} must be a whole number of milliseconds from 1; got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** The timeouts, each overridable by its variable (see `TIMEOUT_VARS`). */
export function readTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const t = { ...DEFAULT_TIMEOUTS };
  for (const key of Object.keys(TIMEOUT_VARS) as (keyof Timeouts)[])
    t[key] = positiveInt(env, TIMEOUT_VARS[key], DEFAULT_TIMEOUTS[key]);
  t.headersMs = Math.min(t.headersMs, t.requestMs);
  return t;
}

/** Open connections from one address at most, by default: many agents behind one NAT fit. */
const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * The connection caps: `GAMEBOARD_MAX_CONNECTIONS` (default: the open-file limit less a reserve, see
 * `connections.ts`; it must stay below the limit) and `GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS`
 * (default 256; `off` behind a proxy, where every client shares the proxy's address).
 * `fileLimit`: the process's open-file limit, null when unknown.
 */
export function readConnectionCaps(env: NodeJS.ProcessEnv, fileLimit: number | null = openFileLimit()): ConnectionCaps {
  const count = (name: string): number | null | undefined => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return undefined;
    if (raw === 'off') return null;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
      throw new ConfigError(
        `${name} must be a whole number of connections from 1, or off; got ${JSON.stringify(env[name])}`,
      );
    return Number(raw);
  };
  let max = count('GAMEBOARD_MAX_CONNECTIONS');
  if (max === undefined) max = defaultMaxConnections(fileLimit ?? FALLBACK_FILE_LIMIT);
  else if (max !== null && fileLimit !== null && max >= fileLimit)
    throw new ConfigError(
      `GAMEBOARD_MAX_CONNECTIONS must be below the process's open-file limit (ulimit -n: ${fileLimit}), or the store and new clients run out of files; got ${max}`,
    );
  const perAddress = count('GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS');
  return { max, perAddress: perAddress === undefined ? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS : perAddress };
}

/** The route groups that are limited apart: a slow reader never eats an agent's action budget. */
export type RateGroup = 'init' | 'action' | 'runs' | 'reads';
const RATE_GROUPS: readonly RateGroup[] = ['init', 'action', 'runs', 'reads'];

/** At most `max` requests per client address in each window of `windowMs`. */
interface RateLimit {
  max: number;
  windowMs: number;
}

export type RateLimits = Record<RateGroup, RateLimit>;

/**
 * Generous for one agent: 50 actions/s sustained, with any burst inside a 10 s window; 10 inits/s;
 * one run submission/s (bursts of 10); 20 reads/s. Counted per worker process.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  init: { max: 100, windowMs: 10_000 },
  action: { max: 500, windowMs: 10_000 },
  runs: { max: 10, windowMs: 10_000 },
  reads: { max: 200, windowMs: 10_000 },
};

/** `<max>/<seconds>s`, e.g. `500/10s`. */
function parseLimit(name: string, raw: string): RateLimit {
  const m = /^(\d{1,7})\/(\d{1,5})s$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new ConfigError(
      `${name} must look like 500/10s (requests per window of seconds); got ${JSON.stringify(raw)}`,
    );
  return { max: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}

/**
 * The rate limits: `GAMEBOARD_RATE_LIMIT=off` turns them all off (local evaluation); each group's
 * `GAMEBOARD_RATE_LIMIT_<GROUP>` overrides its default. Null when off.
 */
export function readRateLimits(env: NodeJS.ProcessEnv): RateLimits | null {
  const all = env.GAMEBOARD_RATE_LIMIT?.trim().toLowerCase();
  if (all === 'off' || all === '0' || all === 'false') return null;
  if (all !== undefined && all !== '' && all !== 'on')
    throw new ConfigError(`GAMEBOARD_RATE_LIMIT must be on or off; got ${JSON.stringify(env.GAMEBOARD_RATE_LIMIT)}`);
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const group of RATE_GROUPS) {
    const name = `GAMEBOARD_RATE_LIMIT_${group.toUpperCase()}`;
    const raw = env[name]?.trim();
    if (raw) limits[group] = parseLimit(name, raw);
  }
  return limits;
}

/** Abandoned live sessions expire after a day without an action. */
export const DEFAULT_SESSION_EXPIRY_HOURS = 24;

/**
 * `GAMEBOARD_SESSION_EXPIRY_HOURS`: a live session with no action for this many hours (1 to 8760,
 * default 24) is expired: its action route answers 409 session_over and it no longer counts as live.
 * Answers milliseconds.
 */
export function readSessionExpiryMs(env: NodeJS.ProcessEnv): number {
  const raw = env.GAMEBOARD_SESSION_EXPIRY_HOURS?.trim();
  if (raw === undefined || raw === '') return DEFAULT_SESSION_EXPIRY_HOURS * 3_600_000;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 8760)
    throw new ConfigError(
      `GAMEBOARD_SESSION_EXPIRY_HOURS must be a whole number of hours from 1 to 8760; got ${JSON.stringify(raw)}`,
    );
  return Number(raw) * 3_600_000;
}

/** `GAMEBOARD_METRICS=1` serves `GET /metrics`; off by default (it tells anyone how busy the server is). */
export function readMetricsEnabled(env: NodeJS.ProcessEnv): boolean {
  const raw = env.GAMEBOARD_METRICS?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '0' || raw === 'off' || raw === 'false') return false;
  if (raw === '1' || raw === 'on' || raw === 'true') return true;
  throw new ConfigError(`GAMEBOARD_METRICS must be 1 or 0; got ${JSON.stringify(env.GAMEBOARD_METRICS)}`);
}

/**
 * `GAMEBOARD_DAILY_QUALIFY=off` opens the daily challenge to every name (local evaluation: a fresh
 * store has no ranked sessions from before today); on by default, see docs/ranked.md.
 */
export function readDailyQualify(env: NodeJS.ProcessEnv): boolean {
  const raw = env.GAMEBOARD_DAILY_QUALIFY?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '1' || raw === 'on' || raw === 'true') return true;
  if (raw === '0' || raw === 'off' || raw === 'false') return false;
  throw new ConfigError(
    `GAMEBOARD_DAILY_QUALIFY must be on or off; got ${JSON.stringify(env.GAMEBOARD_DAILY_QUALIFY)}`,
  );
}

/**
 * The PostgreSQL store's settings, or null when `DATABASE_URL` is unset (the SQLite store in the data
 * folder then). `GAMEBOARD_DB_POOL_SIZE` (default 10 connections per server process),
 * `GAMEBOARD_DB_STATEMENT_TIMEOUT_MS` (default 10 s), `GAMEBOARD_DB_CONNECT_TIMEOUT_MS` (default 5 s),
 * `GAMEBOARD_DB_QUERY_TIMEOUT_MS` (the client's own deadline per query, default the statement timeout
 * plus 1 s: a frozen database fails requests after it), `GAMEBOARD_DB_KEEPALIVE_MS` (TCP keepalive's
 * first probe on idle connections, default 10 s, 0 for none),
 * `GAMEBOARD_DB_SSL` (`off`, `require`: encrypted without checking the certificate, or `verify`:
 * encrypted to a certificate the system or `GAMEBOARD_DB_SSL_CA` (a PEM file) trusts). An `sslmode`
 * in the URL takes precedence over GAMEBOARD_DB_SSL.
 */
export function readDatabase(env: NodeJS.ProcessEnv): PostgresOptions | null {
  const url = env.DATABASE_URL?.trim();
  if (url === undefined || url === '') return null;
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new ConfigError(
      `DATABASE_URL must be a postgres:// URL (unset it to use SQLite in the data folder); got ${JSON.stringify(redactUrl(url))}`,
    );
  const int = (name: string, fallback: number, max: number) => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
      throw new ConfigError(`${name} must be a whole number from 1 to ${max}; got ${JSON.stringify(raw)}`);
    return Number(raw);
  };
  const mode = (env.GAMEBOARD_DB_SSL?.trim().toLowerCase() || 'off') as string;
  if (!['off', 'require', 'verify'].includes(mode))
    throw new ConfigError(
      `GAMEBOARD_DB_SSL must be off, require or verify; got ${JSON.stringify(env.GAMEBOARD_DB_SSL)}`,
    );
  const caFile = env.GAMEBOARD_DB_SSL_CA?.trim();
  let ssl: PostgresOptions['ssl'] = false;
  if (mode === 'require') ssl = { rejectUnauthorized: false };
  if (mode === 'verify') {
    ssl = { rejectUnauthorized: true };
    if (caFile) {
      try {
        ssl.ca = readFileSync(caFile, 'utf8');
      } catch (err) {
        throw new ConfigError(`GAMEBOARD_DB_SSL_CA cannot be read: ${(err as Error).message}`);
      }
    }
  }
  const statementTimeoutMs = int('GAMEBOARD_DB_STATEMENT_TIMEOUT_MS', 10_000, 3_600_000);
  return {
    connectionString: url,
    poolSize: int('GAMEBOARD_DB_POOL_SIZE', 10, 1000),
    statementTimeoutMs,
    connectTimeoutMs: int('GAMEBOARD_DB_CONNECT_TIMEOUT_MS', 5_000, 600_000),
    queryTimeoutMs: int('GAMEBOARD_DB_QUERY_TIMEOUT_MS', statementTimeoutMs + 1000, 3_601_000),
    keepAliveMs:
      env.GAMEBOARD_DB_KEEPALIVE_MS?.trim() === '0'
        ? 0
        : int('GAMEBOARD_DB_KEEPALIVE_MS', DEFAULT_KEEPALIVE_MS, 3_600_000),
    ssl,
  };
}

/**
 * The SQLite store's settings: `GAMEBOARD_DB_BUSY_TIMEOUT_MS`, how long a write waits for another
 * process's write lock before it is answered 503 store_unavailable (default 5 s; the wait holds the
 * event loop, so keep it short).
 */
export function readSqlite(env: NodeJS.ProcessEnv): SqliteOptions {
  return { busyTimeoutMs: positiveInt(env, 'GAMEBOARD_DB_BUSY_TIMEOUT_MS', DEFAULT_BUSY_TIMEOUT_MS) };
}
