/**
 * `npm run bench -- --boards`: leaderboards must never block play. The real server (src/server/main.ts,
 * its own process, rate limits off) on a store filled with `RUNS` finished Whirlyard runs by `PLAYERS`
 * players (direct SQL inserts, the kept bests filled as the migration fills them); then the stateless
 * action route under 16 connections (autocannon), quiet and with 20 open-board reads a second fired
 * at a steady pace from the side, interleaved rounds, the p99 of each. Both stores: SQLite in a data
 * folder, PostgreSQL in a throwaway cluster made as the tests make it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { registry } from '../src/games/index.js';
import { foldName } from '../src/store/names.js';
import { PostgresRunStore } from '../src/store/postgres.js';
import { SQLITE_FILE, SqliteRunStore } from '../src/store/sqlite.js';
import { freshSchema, startCluster } from '../test/helpers/postgres.js';
import { startServer } from '../test/helpers/server.js';
import { midGameRequest } from './requests.js';

export const RUNS = 100_000;
const PLAYERS = 20_000;
const READS_PER_SECOND = 20;
const CONNECTIONS = 16;

export interface BoardFigure {
  store: string;
  quietP99: number;
  loadedP99: number;
  quietRps: number;
  loadedRps: number;
  /** Board reads answered during the loaded rounds, and their median latency. */
  reads: number;
  readMedianMs: number;
}

const rules = registry.get('whirlyard')!.spec.rulesVersion;

/** The columns of each filled run, as SQL over the row number `i` (the same text in both dialects). */
const FILL_COLUMNS = `'bench-' || i, 'whirlyard', '${rules}', i, '[]', 'hash-' || i, 'p' || (i % ${PLAYERS}), 'agent',
  (i * 7919) % 1000, 1, 10 + i % 50, 10 + i % 50, '2026-12-01T00:00:00.000Z', 'open', NULL, 'terminated', 'caught', 1`;
const FILL_INTO = `INSERT INTO runs (id, game, rules_version, seed, actions, run_hash, player_name, player_kind, score,
  game_over, steps, spent, created_at, board, challenge, outcome_kind, outcome_reason, progress)`;

/** The kept bests, filled from the runs exactly as the store's migration fills them. */
const BACKFILL = `INSERT INTO board_best (game, rules_version, board, challenge, player_kind, player_name, seq, score, steps)
  SELECT game, rules_version, board, challenge, player_kind, player_name, seq, score, steps FROM (
    SELECT game, rules_version, board, COALESCE(challenge, '') AS challenge, player_kind, player_name, seq, score, steps,
      ROW_NUMBER() OVER (PARTITION BY game, rules_version, board, COALESCE(challenge, ''), player_kind, player_name
                         ORDER BY score DESC, steps ASC, seq ASC) AS rn
    FROM runs WHERE outcome_kind IS NOT NULL
  ) ranked WHERE rn = 1`;

/** Each kept best's folded name (`board_best.player_key`, which only JavaScript computes), as migration 8 fills it. */
const FOLDS = Array.from({ length: PLAYERS }, (_, i) => [`p${i}`, foldName(`p${i}`)] as const);

export async function fillSqlite(dataDir: string): Promise<void> {
  await SqliteRunStore.inDataDir(dataDir).close(); // creates and migrates the file
  const db = new Database(join(dataDir, SQLITE_FILE));
  db.transaction(() => {
    db.exec(
      `${FILL_INTO} WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < ${RUNS}) SELECT ${FILL_COLUMNS} FROM g`,
    );
    const kept = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'board_best'").get();
    if (kept) {
      db.exec(BACKFILL);
      const fold = db.prepare('UPDATE board_best SET player_key = ? WHERE player_name = ?');
      for (const [name, key] of FOLDS) fold.run(key, name);
    }
  })();
  db.close();
}

export async function fillPostgres(url: string): Promise<void> {
  await (
    await PostgresRunStore.open({
      connectionString: url,
      poolSize: 2,
      statementTimeoutMs: 600_000,
      connectTimeoutMs: 5000,
      ssl: false,
    })
  ).close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`${FILL_INTO} SELECT ${FILL_COLUMNS} FROM generate_series(1, ${RUNS}) AS g(i)`);
    const kept = await client.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'board_best'");
    if (kept.rowCount) {
      await client.query(BACKFILL);
      await client.query(
        'UPDATE board_best b SET player_key = v.k FROM unnest($1::text[], $2::text[]) AS v(n, k) WHERE b.player_name = v.n',
        [FOLDS.map((f) => f[0]), FOLDS.map((f) => f[1])],
      );
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** Board reads fired at a steady pace (not waiting for answers, as a client hammering the board does). */
function readBoards(base: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const timer = setInterval(() => {
    const t0 = performance.now();
    pending.push(
      fetch(`${base}/api/games/whirlyard/leaderboard?board=open&kind=agent`)
        .then((r) => r.arrayBuffer())
        .then(() => void latencies.push(performance.now() - t0)),
    );
  }, 1000 / READS_PER_SECOND);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.allSettled(pending);
      return latencies;
    },
  };
}

async function measureServer(store: string, env: Record<string, string>, seconds: number, rounds: number) {
  const server = await startServer({
    GAMEBOARD_SECRET: randomBytes(32).toString('base64'),
    GAMEBOARD_RATE_LIMIT: 'off',
    ...env,
  });
  try {
    const action = await midGameRequest(server.url, 'whirlyard');
    const load = (duration: number) =>
      autocannon({
        url: action.url,
        connections: CONNECTIONS,
        duration,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: action.body,
      });
    await load(2); // warm-up
    const figure: BoardFigure = {
      store,
      quietP99: 0,
      loadedP99: 0,
      quietRps: 0,
      loadedRps: 0,
      reads: 0,
      readMedianMs: 0,
    };
    const quiet: number[] = [];
    const loaded: number[] = [];
    const reads: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const q = await load(seconds);
      quiet.push(q.latency.p99);
      figure.quietRps += q.requests.average / rounds;
      const reader = readBoards(server.url);
      const l = await load(seconds);
      reads.push(...(await reader.stop()));
      loaded.push(l.latency.p99);
      figure.loadedRps += l.requests.average / rounds;
      if (q.non2xx + l.non2xx + q.errors + l.errors > 0) throw new Error('the board bench had failed action requests');
    }
    // The worst round of each: a p99 figure hides no round.
    figure.quietP99 = Math.max(...quiet);
    figure.loadedP99 = Math.max(...loaded);
    figure.reads = reads.length;
    figure.readMedianMs = reads.sort((a, b) => a - b)[Math.floor(reads.length / 2)] ?? 0;
    return figure;
  } finally {
    await server.stop();
  }
}

/** Both stores' figures (PostgreSQL's replaced by the reason when no cluster can be had). */
export async function benchBoards(seconds = 5, rounds = 2): Promise<Array<BoardFigure | string>> {
  const out: Array<BoardFigure | string> = [];
  const dir = mkdtempSync(join(tmpdir(), 'gameboard-bench-boards-'));
  try {
    await fillSqlite(dir);
    out.push(await measureServer('SQLite', { GAMEBOARD_DATA_DIR: dir, DATABASE_URL: '' }, seconds, rounds));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cluster = await startCluster();
  if (typeof cluster === 'string') {
    out.push(`PostgreSQL skipped: ${cluster}`);
    return out;
  }
  const pgDir = mkdtempSync(join(tmpdir(), 'gameboard-bench-boards-'));
  try {
    const url = await freshSchema(cluster.url);
    await fillPostgres(url);
    out.push(await measureServer('PostgreSQL', { GAMEBOARD_DATA_DIR: pgDir, DATABASE_URL: url }, seconds, rounds));
  } finally {
    cluster.stop();
    rmSync(pgDir, { recursive: true, force: true });
  }
  return out;
}
