/**
 * `npm run bench -- --store`: the PostgreSQL run store against SQLite, each figure a ratio to SQLite
 * measured in the same run: run submissions, leaderboard reads and live-session actions per second.
 * Both stores sit behind the real app (`buildApp`, requests through `inject`, so no socket noise), with
 * 16 requests in flight. PostgreSQL is a throwaway cluster made as the tests make it (test/helpers/
 * postgres.ts); without one the rows are skipped with one line saying why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { PostgresRunStore } from '../src/store/postgres.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import type { RunStore } from '../src/store/store.js';
import { playout } from '../test/helpers/playout.js';
import { freshSchema, startCluster } from '../test/helpers/postgres.js';

/** One row: a workload's rate on each store. */
export interface StoreFigure {
  task: string;
  sqlite: number;
  postgres: number;
}

const IN_FLIGHT = 16;
const SUBMISSIONS = 1_000;
const whirlyard = registry.get('whirlyard')!;

/** Distinct short Whirlyard runs (each seed once: a run under two names is refused as a copy). */
function runs(from: number, n: number): object[] {
  return Array.from({ length: n }, (_, i) => ({
    game: 'whirlyard',
    rulesVersion: whirlyard.spec.rulesVersion,
    seed: from + i,
    actions: playout(whirlyard, from + i, 8).actions,
  }));
}

/** Requests per second: `next(i)` sends request i; IN_FLIGHT lanes for `seconds`, or `count` requests. */
async function rate(seconds: number, next: (i: number) => Promise<unknown>, count = Infinity): Promise<number> {
  let i = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (count < Infinity ? i < count : performance.now() < end) await next(i++);
    }),
  );
  return i / ((performance.now() - t0) / 1000);
}

/** The three workloads on one store. */
async function measure(store: RunStore, seconds: number, seedBase: number): Promise<number[]> {
  const app: FastifyInstance = await buildApp({ sealer: StateSealer.random(), store, webRoot: null });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers }).then((r) => r.json() as Record<string, unknown>);
  const claim = await post('/api/runs', { ...runs(seedBase - 1, 1)[0], player: { name: 'bench', kind: 'agent' } });
  const key = { 'x-player-key': String(claim.playerKey) };
  // A fixed number of submissions, so that both stores hold the same runs when the boards are read.
  const bodies = runs(seedBase, SUBMISSIONS);
  let refused = 0;
  const submit = await rate(
    seconds,
    async (i) => {
      const r = await post(
        '/api/runs',
        { ...bodies[i % bodies.length], player: { name: 'bench', kind: 'agent' } },
        key,
      );
      if (r.ok !== true) refused++;
    },
    SUBMISSIONS,
  );
  if (refused > 0) throw new Error(`the store bench had ${refused} submissions refused`);
  const read = await rate(seconds, () => app.inject('/api/games/whirlyard/leaderboard?board=open&kind=agent'));
  // Live sessions: each lane plays its own Briarwink session, one tick a request.
  const lanes = await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      const s = await post('/api/games/briarwink/sessions', { player: { name: 'bench', kind: 'agent' } }, key);
      const id = (s.session as { id: string }).id;
      const a = await post(`/api/sessions/${id}/action`, { stateToken: s.stateToken, action: { type: 'start' } });
      return { id, token: a.stateToken as string };
    }),
  );
  let lane = 0;
  const live = await rate(seconds, async () => {
    const l = lanes[lane++ % lanes.length];
    const a = await post(`/api/sessions/${l.id}/action`, { stateToken: l.token, action: { type: 'tick', move: null } });
    if (typeof a.stateToken === 'string') l.token = a.stateToken;
  });
  await app.close();
  return [submit, read, live];
}

/**
 * Interleaved rounds (SQLite, then PostgreSQL), the best of each; null with the reason when no
 * PostgreSQL could be had.
 */
export async function benchStores(seconds = 2, rounds = 2): Promise<StoreFigure[] | string> {
  const cluster = await startCluster();
  if (typeof cluster === 'string') return cluster;
  const dir = mkdtempSync(join(tmpdir(), 'gameboard-bench-store-'));
  const best = { sqlite: [0, 0, 0], postgres: [0, 0, 0] };
  try {
    for (let round = 0; round < rounds; round++) {
      const sqlite = new SqliteRunStore(join(dir, `round-${round}.sqlite`));
      const s = await measure(sqlite, seconds, 1_000_000 * (round + 1));
      await sqlite.close();
      const pgStore = await PostgresRunStore.open({
        connectionString: await freshSchema(cluster.url),
        poolSize: 10,
        statementTimeoutMs: 10_000,
        connectTimeoutMs: 5_000,
        ssl: false,
      });
      const p = await measure(pgStore, seconds, 1_000_000 * (round + 1));
      await pgStore.close();
      best.sqlite = best.sqlite.map((v, i) => Math.max(v, s[i]));
      best.postgres = best.postgres.map((v, i) => Math.max(v, p[i]));
    }
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return ['run submissions', 'leaderboard reads', 'live-session actions'].map((task, i) => ({
    task,
    sqlite: best.sqlite[i],
    postgres: best.postgres[i],
  }));
}
