/**
 * The SQLite run store (better-sqlite3): one file in the data folder, WAL mode, schema created on open
 * and versioned in `schema_version` so later versions can migrate it. ':memory:' gives a throwaway
 * store for tests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { GameAction } from '../core/game.js';
import type { LeaderboardEntry, PlayerKind, RunStore, SaveResult, StoredRun, VerifiedRun } from './store.js';

export const SCHEMA_VERSION = 1;

/** Migrations by target version: MIGRATIONS[v - 1] takes a database from version v - 1 to v. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE runs (
     seq           INTEGER PRIMARY KEY AUTOINCREMENT,
     id            TEXT    NOT NULL UNIQUE,
     game          TEXT    NOT NULL,
     rules_version TEXT    NOT NULL,
     seed          INTEGER NOT NULL,
     actions       TEXT    NOT NULL,
     run_hash      TEXT    NOT NULL,
     player_name   TEXT    NOT NULL,
     player_kind   TEXT    NOT NULL CHECK (player_kind IN ('human', 'agent')),
     score         REAL    NOT NULL,
     game_over     INTEGER NOT NULL,
     steps         INTEGER NOT NULL,
     created_at    TEXT    NOT NULL
   );
   CREATE INDEX runs_board ON runs (game, rules_version, player_kind, score DESC, steps ASC, seq ASC);
   CREATE UNIQUE INDEX runs_dedupe ON runs (run_hash, player_kind, player_name);`,
];

/** The file name of the store inside the data folder. */
export const SQLITE_FILE = 'gameboard.sqlite';

interface Row {
  seq: number;
  id: string;
  game: string;
  rules_version: string;
  seed: number;
  actions: string;
  player_name: string;
  player_kind: PlayerKind;
  score: number;
  game_over: number;
  steps: number;
  created_at: string;
}

/** The columns of a leaderboard line. */
type BoardRow = Pick<Row, 'id' | 'player_name' | 'player_kind' | 'score' | 'steps' | 'seed' | 'created_at'>;

/** Thrown when the store file is damaged; the server refuses to start with its message. */
export class CorruptStoreError extends Error {
  override name = 'CorruptStoreError';
}

/**
 * `PRAGMA quick_check` at open: a store with damaged pages would otherwise start and then fail run and
 * leaderboard requests one by one. quick_check reads every page but skips index-content checks, so it
 * stays fast on large stores.
 */
function checkIntegrity(db: Database.Database, file: string): void {
  let problems: string[];
  try {
    problems = db
      .prepare<[], { quick_check: string }>('PRAGMA quick_check(5)')
      .all()
      .map((r) => r.quick_check);
  } catch (err) {
    db.close();
    throw new CorruptStoreError(`${file} cannot be read as a database (${(err as Error).message})`);
  }
  if (problems.length !== 1 || problems[0] !== 'ok') {
    db.close();
    throw new CorruptStoreError(
      `${file} is damaged (${problems.join('; ').replace(/\s+/g, ' ').slice(0, 200)}); restore it from a backup, or move it away to start with an empty store`,
    );
  }
}

/** A stable fingerprint of a run, to store each player's identical run once. */
function runHash(v: VerifiedRun): string {
  const { game, rulesVersion, seed, actions } = v.run;
  return createHash('sha256')
    .update(JSON.stringify([game, rulesVersion, seed, actions]))
    .digest('base64url');
}

export class SqliteRunStore implements RunStore {
  private readonly db: Database.Database;
  private readonly stmts;

  /** Opens (creating if needed) the store at `file`, or an in-memory one for ':memory:'. */
  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('busy_timeout = 5000');
    if (file !== ':memory:') checkIntegrity(this.db, file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.migrate();
    const db = this.db;
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO runs (id, game, rules_version, seed, actions, run_hash, player_name, player_kind, score, game_over, steps, created_at)
         VALUES (@id, @game, @rules_version, @seed, @actions, @run_hash, @player_name, @player_kind, @score, @game_over, @steps, @created_at)`,
      ),
      byHash: db.prepare<[string, string, string], Row>(
        'SELECT * FROM runs WHERE run_hash = ? AND player_kind = ? AND player_name = ?',
      ),
      byId: db.prepare<[string], Row>('SELECT * FROM runs WHERE id = ?'),
      rank: db.prepare<
        { game: string; rv: string; kind: string; score: number; steps: number; seq: number },
        { n: number }
      >(
        `SELECT COUNT(*) AS n FROM runs
         WHERE game = @game AND rules_version = @rv AND player_kind = @kind
           AND (score > @score OR (score = @score AND (steps < @steps OR (steps = @steps AND seq < @seq))))`,
      ),
      // Only the columns a leaderboard shows: a run's actions can be megabytes.
      top: db.prepare<[string, string, string, number], BoardRow>(
        `SELECT id, player_name, player_kind, score, steps, seed, created_at FROM runs WHERE game = ? AND rules_version = ? AND player_kind = ?
         ORDER BY score DESC, steps ASC, seq ASC LIMIT ?`,
      ),
      countAll: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM runs'),
      countGame: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM runs WHERE game = ?'),
    };
  }

  /** Opens the store file in a data folder. */
  static inDataDir(dataDir: string): SqliteRunStore {
    return new SqliteRunStore(join(dataDir, SQLITE_FILE));
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = this.db.prepare<[], { version: number }>('SELECT version FROM schema_version').get();
    const current = row?.version ?? 0;
    if (current > SCHEMA_VERSION)
      throw new Error(`the run store has schema version ${current}; this server knows up to ${SCHEMA_VERSION}`);
    if (current === SCHEMA_VERSION) return;
    this.db.transaction(() => {
      for (let v = current + 1; v <= SCHEMA_VERSION; v++) this.db.exec(MIGRATIONS[v - 1]);
      this.db.exec('DELETE FROM schema_version');
      this.db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(SCHEMA_VERSION);
    })();
  }

  private rankOf(r: Row): number {
    return (
      this.stmts.rank.get({
        game: r.game,
        rv: r.rules_version,
        kind: r.player_kind,
        score: r.score,
        steps: r.steps,
        seq: r.seq,
      })!.n + 1
    );
  }

  save(v: VerifiedRun): Promise<SaveResult> {
    const hash = runHash(v);
    // IMMEDIATE: take the write lock before the first read. A deferred transaction that reads and then
    // writes upgrades its lock mid-way, and SQLite answers SQLITE_BUSY at once to that upgrade (the busy
    // timeout cannot apply: waiting could deadlock), so concurrent saves from two workers failed.
    const result = this.db
      .transaction((): SaveResult => {
        const existing = this.stmts.byHash.get(hash, v.player.kind, v.player.name);
        if (existing)
          return { id: existing.id, createdAt: existing.created_at, rank: this.rankOf(existing), created: false };
        const id = randomBytes(9).toString('base64url');
        const createdAt = new Date().toISOString();
        this.stmts.insert.run({
          id,
          game: v.run.game,
          rules_version: v.run.rulesVersion,
          seed: v.run.seed,
          actions: JSON.stringify(v.run.actions),
          run_hash: hash,
          player_name: v.player.name,
          player_kind: v.player.kind,
          score: v.score,
          game_over: v.gameOver ? 1 : 0,
          steps: v.steps,
          created_at: createdAt,
        });
        return { id, createdAt, rank: this.rankOf(this.stmts.byId.get(id)!), created: true };
      })
      .immediate();
    return Promise.resolve(result);
  }

  get(id: string): Promise<StoredRun | null> {
    const r = this.stmts.byId.get(id);
    if (!r) return Promise.resolve(null);
    return Promise.resolve({
      id: r.id,
      createdAt: r.created_at,
      run: {
        game: r.game,
        rulesVersion: r.rules_version,
        seed: r.seed,
        actions: JSON.parse(r.actions) as GameAction[],
      },
      player: { name: r.player_name, kind: r.player_kind },
      score: r.score,
      gameOver: r.game_over === 1,
      steps: r.steps,
    });
  }

  top(game: string, rulesVersion: string, kind: PlayerKind, limit: number): Promise<LeaderboardEntry[]> {
    return Promise.resolve(
      this.stmts.top.all(game, rulesVersion, kind, limit).map((r) => ({
        id: r.id,
        player: { name: r.player_name, kind: r.player_kind },
        score: r.score,
        steps: r.steps,
        seed: r.seed,
        createdAt: r.created_at,
      })),
    );
  }

  count(game?: string): Promise<number> {
    return Promise.resolve((game === undefined ? this.stmts.countAll.get() : this.stmts.countGame.get(game))!.n);
  }

  close(): Promise<void> {
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}
