/**
 * Starts the server: `npm start`. PORT (default 3000) and HOST (default 127.0.0.1) override where it
 * listens; GAMEBOARD_DATA_DIR (default ./data) holds the generated secret and the run store
 * (gameboard.sqlite); GAMEBOARD_SECRET overrides the secret; LOG_LEVEL sets the structured log level
 * (default info); GAMEBOARD_WORKERS (default 1; `auto` is one per CPU) runs that many server processes
 * sharing the port. DATABASE_URL=postgres://… keeps the runs in PostgreSQL instead of the data folder's
 * SQLite file, so several servers can share them. The timeouts, connection caps, rate limits, metrics
 * and database settings are read in `config.ts`.
 *
 * On SIGTERM or SIGINT a server stops accepting connections, lets requests in flight finish, answers
 * every request already received after that 503 shutting_down (the last answer on each connection
 * with `connection: close`), closes quiet keep-alive connections gently at once, and cuts off whatever
 * still runs after GAMEBOARD_SHUTDOWN_TIMEOUT_MS (default 8 s), so it is gone well within 10 s.
 *
 * With several workers the first process only supervises: it resolves the secret and the run store
 * once, starts the workers, logs the one "listening" line when all of them listen, replaces a worker
 * that dies, and stops them all on SIGINT or SIGTERM. The API is stateless, so any worker can continue
 * any other worker's tokens.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StateSealer } from './state/seal.js';
import { describeError, PostgresRunStore, redactUrl, type PostgresOptions } from '../store/postgres.js';
import {
  CorruptStoreError,
  missingStoreProblem,
  setAsideLeftovers,
  SqliteRunStore,
  type SqliteOptions,
} from '../store/sqlite.js';
import type { RunStore } from '../store/store.js';
import { buildApp } from './app.js';
import {
  ConfigError,
  readConnectionCaps,
  readDatabase,
  readMetricsEnabled,
  readDailyQualify,
  readRateLimits,
  readSessionExpiryMs,
  readSqlite,
  readTimeouts,
  type RateLimits,
  type Timeouts,
} from './config.js';
import type { ConnectionCaps } from './ops/connections.js';
import { loadSecrets } from './state/secret.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.GAMEBOARD_DATA_DIR ?? 'data');
const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** GAMEBOARD_WORKERS: an integer from 1 to 64, or `auto` for one per CPU. */
function parseWorkers(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  if (raw.trim() === 'auto') return Math.min(64, availableParallelism());
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 64)
    fail(`GAMEBOARD_WORKERS must be an integer from 1 to 64, or auto; got ${JSON.stringify(raw)}`);
  return Number(raw);
}

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  fail(`PORT must be an integer from 0 to 65535; got ${JSON.stringify(process.env.PORT)}`);
}
const workers = cluster.isWorker ? 1 : parseWorkers(process.env.GAMEBOARD_WORKERS);
let timeouts: Timeouts;
let rateLimits: RateLimits | null;
let connections: ConnectionCaps;
let metrics: boolean;
let dailyQualify: boolean;
let database: PostgresOptions | null;
let sqlite: SqliteOptions;
let sessionExpiryMs: number;
try {
  timeouts = readTimeouts(process.env);
  rateLimits = readRateLimits(process.env);
  connections = readConnectionCaps(process.env);
  metrics = readMetricsEnabled(process.env);
  dailyQualify = readDailyQualify(process.env);
  database = readDatabase(process.env);
  sqlite = readSqlite(process.env);
  sessionExpiryMs = readSessionExpiryMs(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  fail(err.message);
}

/** One log line in the shape of the server's own structured logs. */
function log(level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: level === 'info' ? 30 : 50, time: Date.now(), pid: process.pid, msg, ...extra });
  (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
}

/** Where the runs are kept, for messages: the database without its password, or the data folder. */
const storePlace = () => (database ? redactUrl(database.connectionString) : dataDir);

/**
 * The run store: PostgreSQL when DATABASE_URL is set (it must answer at start), else SQLite in the
 * data folder, or null when that folder can be read but not written (a read-only mount): the games
 * are served and the run routes answer 503 store_unavailable. A damaged SQLite store is refused
 * (`CorruptStoreError`): starting on it would fail run requests one by one.
 */
async function openStore(): Promise<RunStore | null> {
  // A store that fails later (lost database, full disk) answers 503 store_unavailable: buildApp wraps it.
  if (database) return PostgresRunStore.open(database);
  try {
    return SqliteRunStore.inDataDir(dataDir, sqlite);
  } catch (err) {
    const code = String((err as NodeJS.ErrnoException).code ?? '');
    if (err instanceof CorruptStoreError || !/^(EACCES|EPERM|EROFS|SQLITE_CANTOPEN|SQLITE_READONLY)/.test(code))
      throw err;
    if (cluster.isPrimary)
      log('error', `the run store in ${dataDir} cannot be written (${code}); serving the games without it`);
    return null;
  }
}

/**
 * `--new-store` or GAMEBOARD_NEW_STORE=1: begin an empty SQLite store in a data folder whose store is
 * missing although an earlier one left its secret or side files there. Never in a worker: the
 * supervisor has decided, and a worker started later must not make a new store where one vanished.
 */
const newStore = cluster.isPrimary && (process.argv.includes('--new-store') || process.env.GAMEBOARD_NEW_STORE === '1');

/**
 * Refuses to start when the SQLite store file is missing but the data folder shows an earlier store
 * (sqlite.ts `missingStoreProblem`): a restart would otherwise begin an empty store silently, and every
 * run acknowledged before would be gone.
 */
function checkStoreFile(): void {
  if (database) return;
  if (newStore) {
    const moved = setAsideLeftovers(dataDir);
    if (moved.length > 0)
      log('info', `beginning a new run store in ${dataDir}; the earlier one's ${moved.join(', ')} set aside`);
    return;
  }
  const problem = missingStoreProblem(dataDir);
  if (problem) fail(`cannot start: ${problem}`, 1);
}

/** The callback of a message to a process that may be gone: a failed send is not an error then. */
const ignoreGone = () => {};

/** Messages between the supervisor and its workers at shutdown. */
const STOPPED_ACCEPTING = 'gameboard:stopped-accepting';
const ALL_STOPPED = 'gameboard:all-stopped';
/**
 * How long a worker waits for the others to stop accepting before it asks its clients to close anyway,
 * beyond the longest a worker drains its backlog (half the shutdown timeout, app.ts): a worker that
 * asked its clients to close while another still accepts sends them, reconnecting, into that one's
 * backlog, which its close would reset.
 */
const PEERS_WAIT_MORE_MS = 1000;

/**
 * A worker's `drainPeers`: tells the supervisor this worker no longer accepts, and resolves when the
 * supervisor says every worker has stopped (or after `waitMs`).
 */
function peersStoppedAccepting(waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('message', onMessage);
      clearTimeout(timer);
      resolve();
    };
    const onMessage = (m: unknown) => {
      if ((m as { gameboard?: unknown } | null)?.gameboard === ALL_STOPPED) done();
    };
    const timer = setTimeout(done, waitMs);
    process.on('message', onMessage);
    process.send?.({ gameboard: STOPPED_ACCEPTING }, undefined, undefined, ignoreGone);
  });
}

/** Runs one server in this process: the only one, or one worker of several. */
async function serve(): Promise<void> {
  let secrets: string[];
  let store: RunStore | null;
  checkStoreFile();
  try {
    secrets = loadSecrets(process.env, dataDir);
  } catch (err) {
    fail(`cannot load the secret: ${(err as Error).message}`, 1);
  }
  try {
    store = await openStore();
  } catch (err) {
    fail(`cannot open the run store at ${storePlace()}: ${describeError(err)}`, 1);
  }
  // A worker logs warnings and errors only unless LOG_LEVEL says otherwise: the supervisor says where
  // the server listens, once.
  const level = process.env.LOG_LEVEL ?? (cluster.isWorker ? 'warn' : 'info');
  const app = await buildApp({
    sealer: new StateSealer(secrets),
    store,
    logger: { level },
    webRoot,
    timeouts,
    rateLimits,
    connections,
    metrics,
    sessionExpiryMs,
    dailyQualify,
    drainPeers: cluster.isWorker
      ? () => peersStoppedAccepting(timeouts.shutdownMs / 2 + PEERS_WAIT_MORE_MS)
      : undefined,
  });

  let stopping = false;
  const shutdown = () => {
    if (stopping) return; // SIGINT to the process group and SIGTERM from the supervisor both arrive
    stopping = true;
    app.log.info('shutting down: draining connections');
    const server = app.server;
    // Closing the app drains the connections (drain.ts): every request received is answered (503
    // shutting_down once closing, requests in flight finish), and quiet connections are closed gently
    // instead of waiting out their keep-alive.
    const deadline = setTimeout(() => {
      app.log.warn(`requests still running after ${timeouts.shutdownMs} ms; closing their connections`);
      server.closeAllConnections();
    }, timeouts.shutdownMs);
    // Last resort: a close that never completes must not keep the process alive.
    setTimeout(() => process.exit(1), timeouts.shutdownMs + 1500).unref();
    app
      .close()
      .then(() => store?.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      )
      .finally(() => clearTimeout(deadline));
  };
  // Installed before listening: the "listening" line is logged before `listen` resolves, and a signal
  // sent on seeing it must not find the default action (death by signal) still in place.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutdown);

  try {
    await app.listen({ port, host, listenTextResolver: (address) => `Gameboard listening on ${address}` });
  } catch (err) {
    app.log.error({ err }, 'could not start');
    process.exit(1);
  }
}

/** Supervises `workers` server processes sharing the port. */
async function supervise(): Promise<void> {
  // Resolve the secret and the run store once, before any worker starts: the workers then share one
  // secret (passed down, so no worker races another to create the file) and an up-to-date database.
  checkStoreFile();
  try {
    process.env.GAMEBOARD_SECRET = loadSecrets(process.env, dataDir).join(',');
  } catch (err) {
    fail(`cannot prepare the data folder ${dataDir}: ${(err as Error).message}`, 1);
  }
  try {
    await (await openStore())?.close();
  } catch (err) {
    fail(`cannot open the run store at ${storePlace()}: ${describeError(err)}`, 1);
  }

  let stopping = false;
  let started = false;
  const listening = new Set<number>();
  const restarts: number[] = [];

  /** Stops every worker; the supervisor exits with `code` when the last one is gone. */
  const stopAll = (code: number) => {
    stopping = true;
    process.exitCode = code;
    const live = Object.values(cluster.workers ?? {});
    if (live.length === 0) process.exit();
    for (const w of live) w?.kill('SIGTERM');
    // Each worker cuts its own requests off after the shutdown timeout; one that hangs anyway is killed.
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
    }, timeouts.shutdownMs + 2000).unref();
  };

  // At shutdown, once every live worker has stopped accepting, each may ask its clients to close
  // (drain.ts): a client told to close earlier would reconnect through a worker still accepting.
  const stoppedAccepting = new Set<number>();
  const tellIfAllStopped = () => {
    const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (!stopping || live.some((w) => !stoppedAccepting.has(w.id))) return;
    // With a callback: a worker that exits between the check and the write fails the send with EPIPE,
    // which without one is an unhandled 'error' event that crashed the supervisor (exit 1 instead of 0
    // at shutdown, seen under load). Such a worker needs no message.
    for (const w of live) if (w.isConnected()) w.send({ gameboard: ALL_STOPPED }, undefined, undefined, ignoreGone);
  };
  cluster.on('message', (worker: Worker, message: unknown) => {
    if ((message as { gameboard?: unknown } | null)?.gameboard !== STOPPED_ACCEPTING) return;
    stoppedAccepting.add(worker.id);
    tellIfAllStopped();
  });

  cluster.on('listening', (worker: Worker, address) => {
    listening.add(worker.id);
    if (!started && listening.size === workers) {
      started = true;
      const shown = address.address === '::' || address.address === '0.0.0.0' ? address.address : host;
      const where = `http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}`;
      log('info', `Gameboard listening on ${where} (${workers} workers)`);
    }
  });

  cluster.on('exit', (worker: Worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) {
      tellIfAllStopped();
      // The last one out: exit with the code stopAll set (0 on a signal).
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!started) {
      log('error', `a worker stopped before the server started (exit code ${code}); stopping`);
      stopAll(1);
      return;
    }
    // Replace a worker that died, unless workers keep dying (then something is wrong with the setup).
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > 5) {
      log('error', 'workers keep stopping (more than 5 in a minute); stopping the server');
      stopAll(1);
      return;
    }
    log('error', `worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    cluster.fork();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!stopping) stopAll(0);
    });
  }

  for (let i = 0; i < workers; i++) cluster.fork();
}

if (workers > 1 && cluster.isPrimary) await supervise();
else await serve();
