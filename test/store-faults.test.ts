/**
 * A failing store answers 503 store_unavailable within a bound, on every route, /readyz says 503 while
 * it fails, and both recover once the store does; nothing crashes. Real servers on real faults where
 * the machine can make them: a full disk (a small tmpfs), a write lock held past the busy timeout, a
 * frozen (SIGSTOP), a killed and an out-of-connections PostgreSQL of the test's own. SQLite's READONLY, CANTOPEN and IOERR
 * cannot be made on a running connection (as root every file is writable, and a removed folder leaves
 * the open file writable), so those go through a listening app whose store raises the real error
 * better-sqlite3 gives for each (a read-only connection's write, an open in a missing folder).
 */
import { randomBytes } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AnyGame } from '../src/core/game.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore, SQLITE_FILE } from '../src/store/sqlite.js';
import type { RunStore } from '../src/store/store.js';
import { startCluster } from './helpers/postgres.js';
import { playout } from './helpers/playout.js';
import { childrenOf, killAll, startServer } from './helpers/server.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const url = inject('postgresUrl');
const whirlyard = registry.get('whirlyard') as AnyGame;
const dirs: string[] = [];
afterAll(() => {
  killAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The bound within which a failing store must be answered (the test's own timeouts are far smaller). */
const BOUND_MS = 8000;

async function call(base: string, path: string, body?: unknown) {
  const started = Date.now();
  const r = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: r.status, body: (await r.json()) as Body, ms: Date.now() - started };
}

/** A finished Whirlyard run of `seed`, under a player of its own. */
function submission(seed: number) {
  const played = playout(whirlyard, seed, 20);
  const last = played.states[played.states.length - 1];
  const end = whirlyard.legalActions(last).find((a) => /end/i.test(a.type));
  const actions = whirlyard.isGameOver(last) || !end ? played.actions : [...played.actions, end];
  return {
    game: 'whirlyard',
    rulesVersion: whirlyard.spec.rulesVersion,
    seed,
    actions,
    player: { name: `fault-${seed}`, kind: 'agent' },
  };
}

let nextSeed = 100;

/** A write route and /readyz both answer 503 store_unavailable, within the bound. */
async function expectFailing(base: string): Promise<void> {
  const wrote = await call(base, '/api/runs', submission(nextSeed++));
  expect(wrote.status, JSON.stringify(wrote.body)).toBe(503);
  expect(wrote.body.error).toBe('store_unavailable');
  expect(wrote.body.message).toMatch(/failing/);
  expect(wrote.ms).toBeLessThan(BOUND_MS);
  const started = await call(base, '/api/games/whirlyard/sessions', {
    player: { name: `s${nextSeed++}`, kind: 'agent' },
  });
  expect(started.status).toBe(503);
  expect(started.body.error).toBe('store_unavailable');
  const ready = await call(base, '/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body.error).toBe('store_unavailable');
  expect(ready.ms).toBeLessThan(BOUND_MS);
  // The games themselves go on.
  expect((await call(base, '/api/games/whirlyard/init?seed=3')).status).toBe(200);
}

/**
 * On a full disk: every write is either acknowledged (a checkpoint can hand the WAL's room back, and a
 * write that fits is stored) or refused 503 store_unavailable in bounded time, never anything else; and
 * within a bounded number of tries a run and a session start are refused in a row, with /readyz 503.
 */
async function expectRefusedWhileFull(base: string): Promise<void> {
  const judged = (r: { status: number; body: Record<string, unknown>; ms: number }) => {
    expect([200, 503], JSON.stringify(r.body)).toContain(r.status);
    if (r.status === 503) expect(r.body.error).toBe('store_unavailable');
    expect(r.ms).toBeLessThan(BOUND_MS);
    return r.status === 503;
  };
  for (let i = 0; i < 200; i++) {
    if (!judged(await call(base, '/api/runs', submission(nextSeed++)))) continue;
    const started = await call(base, '/api/games/whirlyard/sessions', {
      player: { name: `s${nextSeed++}`, kind: 'agent' },
    });
    if (!judged(started)) continue;
    const ready = await call(base, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error).toBe('store_unavailable');
    // The games themselves go on.
    expect((await call(base, '/api/games/whirlyard/init?seed=3')).status).toBe(200);
    return;
  }
  throw new Error('no run and session start were refused in a row on a full disk');
}

/** Writes succeed again, and then /readyz answers 200. */
async function expectRecovered(base: string): Promise<void> {
  const wrote = await call(base, '/api/runs', submission(nextSeed++));
  expect(wrote.status, JSON.stringify(wrote.body)).toBe(200);
  expect((await call(base, '/readyz')).status).toBe(200);
}

function sqliteServer(dataDir: string, env: Record<string, string> = {}) {
  return startServer({
    GAMEBOARD_DATA_DIR: dataDir,
    GAMEBOARD_SECRET: randomBytes(32).toString('base64'),
    GAMEBOARD_RATE_LIMIT: 'off',
    DATABASE_URL: '',
    ...env,
  });
}

describe('a failing SQLite store', () => {
  it('creates the store and its -wal and -shm 0600', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-modes-'));
    dirs.push(dataDir);
    const server = await sqliteServer(dataDir);
    expect((await call(server.url, '/api/runs', submission(nextSeed++))).status).toBe(200);
    const file = join(dataDir, SQLITE_FILE);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect((statSync(f).mode & 0o777).toString(8)).toBe('600');
    expect(await server.stop()).toBe(0);
  });

  it('tightens a store created 0644 by an older server to 0600 when it opens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-modes-'));
    dirs.push(dataDir);
    const file = join(dataDir, SQLITE_FILE);
    const old = new Database(file);
    old.exec('CREATE TABLE t (x)');
    old.close();
    execFileSync('chmod', ['0644', file]);
    await new SqliteRunStore(file).close();
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('on a full disk (a 4 MiB tmpfs): 503 while full, 200 once there is room', async (ctx) => {
    const mount = mkdtempSync(join(tmpdir(), 'gameboard-full-'));
    dirs.push(mount);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount], { encoding: 'utf8' });
    if (mounted.status !== 0) {
      ctx.skip(`cannot mount a tmpfs for the full disk: ${mounted.stderr.trim() || mounted.error?.message}`);
      return;
    }
    try {
      const dataDir = join(mount, 'data');
      mkdirSync(dataDir);
      const server = await sqliteServer(dataDir);
      await expectRecovered(server.url);
      // Fill what is left, to the last byte.
      const filler = join(mount, 'filler');
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (err) {
        expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      try {
        for (;;) writeSync(fd, block.subarray(0, 512));
      } catch {
        // full to the byte
      }
      closeSync(fd);
      // The WAL reuses the room it has: writes fail once it must grow.
      let answer = await call(server.url, '/api/runs', submission(nextSeed++));
      for (let i = 0; i < 500 && answer.status === 200; i++)
        answer = await call(server.url, '/api/runs', submission(nextSeed++));
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      // A new session's rows are smaller than a run's and may still fit the WAL's last free room: the
      // disk is full for them too once one is refused.
      let started = await call(server.url, '/api/games/whirlyard/sessions', {
        player: { name: `s${nextSeed++}`, kind: 'agent' },
      });
      for (let i = 0; i < 500 && started.status === 200; i++)
        started = await call(server.url, '/api/games/whirlyard/sessions', {
          player: { name: `s${nextSeed++}`, kind: 'agent' },
        });
      expect(started.status, JSON.stringify(started.body)).toBe(503);
      await expectRefusedWhileFull(server.url);
      rmSync(filler);
      await expectRecovered(server.url);
      expect(server.child.exitCode).toBeNull();
      expect(await server.stop()).toBe(0);
    } finally {
      spawnSync('umount', ['-l', mount]);
    }
  });

  it('held busy past its timeout by another connection: 503 in bounded time, 200 once released', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-busy-'));
    dirs.push(dataDir);
    const server = await sqliteServer(dataDir, { GAMEBOARD_DB_BUSY_TIMEOUT_MS: '300' });
    await expectRecovered(server.url);
    const holder = new Database(join(dataDir, SQLITE_FILE));
    try {
      holder.exec('BEGIN IMMEDIATE');
      await expectFailing(server.url);
      holder.exec('ROLLBACK');
      await expectRecovered(server.url);
    } finally {
      holder.close();
    }
    expect(await server.stop()).toBe(0);
  });
});

describe('SQLite errors a running connection cannot be made to raise', () => {
  const sealer = new StateSealer([randomBytes(32).toString('base64')]);

  /** The real error better-sqlite3 raises for each. */
  function realError(kind: 'READONLY' | 'CANTOPEN' | 'IOERR'): Error {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-errors-'));
    dirs.push(dir);
    try {
      if (kind === 'READONLY') {
        const file = join(dir, 'r.sqlite');
        new Database(file).exec('CREATE TABLE t (x)');
        new Database(file, { readonly: true }).exec('INSERT INTO t VALUES (1)');
      } else if (kind === 'CANTOPEN') {
        new Database(join(dir, 'gone.sqlite'), { fileMustExist: true });
      } else {
        // An I/O error cannot be provoked on a healthy disk; this is the class better-sqlite3 raises.
        throw new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE');
      }
    } catch (err) {
      return err as Error;
    }
    throw new Error(`no ${kind} error raised`);
  }

  for (const kind of ['READONLY', 'CANTOPEN', 'IOERR'] as const) {
    it(`SQLITE_${kind}: 503 store_unavailable while it fails, 200 after`, async () => {
      const error = realError(kind);
      expect(String((error as { code?: string }).code)).toMatch(new RegExp(`^SQLITE_${kind}`));
      const real = new SqliteRunStore(':memory:');
      let failing = false;
      const store = new Proxy(real, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function' || prop === 'close') return value;
          return (...args: unknown[]) =>
            failing ? Promise.reject(error) : (value as (...a: unknown[]) => unknown).apply(target, args);
        },
      }) as RunStore;
      const app = await buildApp({ sealer, store, verifyThreads: 0 });
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        await expectRecovered(base);
        failing = true;
        await expectFailing(base);
        failing = false;
        await expectRecovered(base);
      } finally {
        await app.close();
        await real.close();
      }
    });
  }
});

/** Sends `signal` to a PostgreSQL server and every process it started. */
function signalCluster(dataDir: string, signal: 'SIGSTOP' | 'SIGCONT'): void {
  const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  for (const p of [pid, ...childrenOf(pid)]) {
    try {
      process.kill(p, signal);
    } catch {
      // a child that just exited
    }
  }
}

describe.skipIf(url === '')('a failing PostgreSQL store', () => {
  it('frozen (every process SIGSTOPped), then killed: 503 within the bound, and recovers each time', async () => {
    const cluster = await startCluster();
    if (typeof cluster === 'string') throw new Error(cluster);
    let frozen = false;
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-pgfault-'));
      dirs.push(dataDir);
      const server = await startServer({
        DATABASE_URL: cluster.url,
        GAMEBOARD_DATA_DIR: dataDir,
        GAMEBOARD_RATE_LIMIT: 'off',
        GAMEBOARD_DB_CONNECT_TIMEOUT_MS: '1500',
        GAMEBOARD_DB_QUERY_TIMEOUT_MS: '1500',
      });
      await expectRecovered(server.url);
      signalCluster(cluster.dataDir, 'SIGSTOP');
      frozen = true;
      await expectFailing(server.url);
      const board = await call(server.url, '/api/games/whirlyard/leaderboard?board=open');
      expect(board.status).toBe(503);
      expect(board.ms).toBeLessThan(BOUND_MS);
      signalCluster(cluster.dataDir, 'SIGCONT');
      frozen = false;
      await expectRecovered(server.url);
      cluster.pause();
      await expectFailing(server.url);
      cluster.resume();
      await expectRecovered(server.url);
      expect(server.child.exitCode).toBeNull();
      expect(await server.stop()).toBe(0);
    } finally {
      if (frozen) signalCluster(cluster.dataDir, 'SIGCONT');
      cluster.stop();
    }
  });
  it('out of connections (a role capped at 3, all held elsewhere): 503 within the bound, and recovers', async () => {
    const cluster = await startCluster();
    if (typeof cluster === 'string') throw new Error(cluster);
    const held: pg.Client[] = [];
    const admin = new pg.Client({ connectionString: cluster.url });
    try {
      await admin.connect();
      await admin.query('CREATE ROLE capped LOGIN CONNECTION LIMIT 3');
      await admin.query('CREATE DATABASE capped OWNER capped');
      const capped = cluster.url.replace('postgres@', 'capped@').replace(/\/postgres$/, '/capped');
      const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-pgfault-'));
      dirs.push(dataDir);
      const server = await startServer({
        DATABASE_URL: capped,
        GAMEBOARD_DATA_DIR: dataDir,
        GAMEBOARD_RATE_LIMIT: 'off',
        GAMEBOARD_DB_CONNECT_TIMEOUT_MS: '1500',
      });
      await expectRecovered(server.url);
      // The server's idle connections go; three others take every connection the role may have.
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'capped'");
      for (let i = 0; i < 3; i++) {
        const c = new pg.Client({ connectionString: capped });
        c.on('error', () => undefined);
        await c.connect();
        held.push(c);
      }
      await expectFailing(server.url);
      for (const c of held.splice(0)) await c.end();
      await expectRecovered(server.url);
      expect(await server.stop()).toBe(0);
    } finally {
      for (const c of held) await c.end().catch(() => undefined);
      await admin.end().catch(() => undefined);
      cluster.stop();
    }
  });
});
