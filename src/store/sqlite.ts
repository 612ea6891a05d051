/**
 * The SQLite run store (better-sqlite3): one file in the data folder, WAL mode, schema created on open
 * and versioned in `schema_version` so later versions can migrate it. ':memory:' gives a throwaway
 * store for tests.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { GameAction } from '../core/game.js';
import { seedColumns, storedRunOf, type RunRow } from './rows.js';
import { NewerSchemaError, runHash, SCHEMA_VERSION, WIDE_SEED_MIGRATION } from './schema.js';
import { Checkpointer, SAFETY_NET_PAGES } from './checkpointer.js';
import { GroupCommit } from './group-commit.js';
import { RANK_OF } from './board-sql.js';
import { BOARDS_MIGRATION, RankedTables, RANKED_MIGRATION } from './sqlite-ranked.js';
import {
  foldName,
  NAMES_MIGRATION,
  NAMES_REKEY_AFTER,
  NAMES_REKEY_BEFORE,
  rekeyPlayers,
  rekeySessions,
  RESERVED_KEY_HASH,
  type PlayerRow,
  type SessionKeyRow,
} from './names.js';
import { EVALUATIONS_MIGRATION, type EvaluationEnd, type EvaluationRecord } from './evaluations.js';
import { EvaluationTables } from './sqlite-evaluations.js';
import {
  RunCopyError,
  StoreFileError,
  type BoardQuery,
  type DailyQualification,
  type KeyRotation,
  type LeaderboardEntry,
  type LiveQuery,
  type NameUse,
  type PlayerKind,
  type RankedAttempts,
  type RunStore,
  type SaveResult,
  type SessionEnd,
  type SessionRecord,
  type SessionStart,
  type StoredRun,
  type VerifiedRun,
} from './store.js';

/**
 * Migration 8: names keyed again by `foldName`, in JavaScript (the fold has no SQL form): players (the
 * earliest claim keeps a name that now folds with another), sessions, and the kept bests' new
 * `player_key` (names.ts says what each step keeps).
 */
function rekeyNames(db: Database.Database): void {
  db.exec(NAMES_REKEY_BEFORE);
  const players = db.prepare<[], PlayerRow>('SELECT name_key, name, key_hash, created_at FROM players').all();
  db.exec('DELETE FROM players');
  const insert = db.prepare('INSERT INTO players (name_key, name, key_hash, created_at) VALUES (?, ?, ?, ?)');
  for (const p of rekeyPlayers(players)) insert.run(p.name_key, p.name, p.key_hash, p.created_at);
  const sessions = db
    .prepare<[], SessionKeyRow>('SELECT id, game, challenge, player_name, player_key, created_at FROM sessions')
    .all();
  const setKey = db.prepare('UPDATE sessions SET player_key = ? WHERE id = ?');
  for (const c of rekeySessions(sessions)) setKey.run(c.player_key, c.id);
  const names = db.prepare<[], { player_name: string }>('SELECT DISTINCT player_name FROM board_best').all();
  const setBest = db.prepare('UPDATE board_best SET player_key = ? WHERE player_name = ?');
  for (const { player_name } of names) setBest.run(foldName(player_name), player_name);
  db.exec(NAMES_REKEY_AFTER);
}

/**
 * Migrations by target version: MIGRATIONS[v - 1] takes a database from version v - 1 to v, as
 * MIGRATION_TITLES in schema.ts says (PostgreSQL's own SQL for the same steps: postgres-schema.ts).
 * SQL text, or a step in JavaScript run in the same transaction.
 */
const MIGRATIONS: readonly (string | ((db: Database.Database) => void))[] = [
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
  RANKED_MIGRATION,
  'ALTER TABLE runs ADD COLUMN spent INTEGER;',
  WIDE_SEED_MIGRATION,
  BOARDS_MIGRATION,
  NAMES_MIGRATION,
  EVALUATIONS_MIGRATION,
  rekeyNames,
];

/** The file name of the store inside the data folder. */
export const SQLITE_FILE = 'gameboard.sqlite';

/** Files in a data folder that an earlier store leaves: the secret made with it, and SQLite's own side files. */
const EARLIER_STORE_SIGNS = ['secret', `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`];

/**
 * Why the server must not start on `dataDir`, or null: its store file is missing while the folder
 * holds signs of an earlier store (the secret made with it, a -wal or -shm), so the store was deleted
 * or moved and opening would silently start an empty one. A first start (no such signs), a folder that
 * cannot be written (no store could be made anyway), and `newStore` (the operator starts an empty store
 * on purpose) are let through.
 */
export function missingStoreProblem(dataDir: string): string | null {
  const file = join(dataDir, SQLITE_FILE);
  if (existsSync(file)) return null;
  const signs = EARLIER_STORE_SIGNS.filter((f) => existsSync(join(dataDir, f)));
  if (signs.length === 0) return null;
  try {
    accessSync(dataDir, constants.W_OK);
  } catch {
    return null;
  }
  return (
    `the run store ${file} is missing, but ${dataDir} holds ${signs.join(', ')} from an earlier store: the store was deleted or moved, ` +
    `and starting would begin an empty one. Restore it from a backup (stop the servers, copy the backup made with \`gameboard backup\` in as ${file}, mode 0600: ` +
    `see "Backup and restore" in the README), or start with --new-store (GAMEBOARD_NEW_STORE=1) to begin an empty store on purpose`
  );
}

/**
 * Before a new store is made on purpose where an earlier one was: its leftover -wal, -shm and -journal
 * are moved aside (renamed with `.stale-<time>`), since SQLite would read a leftover WAL into the new
 * store. Returns the names it moved.
 */
export function setAsideLeftovers(dataDir: string): string[] {
  if (existsSync(join(dataDir, SQLITE_FILE))) return [];
  const moved: string[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const f of EARLIER_STORE_SIGNS.slice(1)) {
    const from = join(dataDir, f);
    if (!existsSync(from)) continue;
    renameSync(from, `${from}.stale-${stamp}`);
    moved.push(`${f}.stale-${stamp}`);
  }
  return moved;
}

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

/** How the SQLite store waits and what it creates (config.ts reads them from the environment). */
export interface SqliteOptions {
  /**
   * How long a write waits for another connection's write lock before failing with SQLITE_BUSY
   * (answered 503 store_unavailable). The wait blocks the process's event loop, so keep it short.
   */
  busyTimeoutMs?: number;
}

/** The default busy timeout: a second worker's commit takes milliseconds; 5 s means something is stuck. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens `file` with new files created 0600, and tightens an existing store and its -wal and -shm to
 * 0600: the store holds live sessions' secret seeds. SQLite gives the -wal and -shm it creates later
 * the database file's own mode.
 */
function openPrivate(file: string): Database.Database {
  if (file === ':memory:') return new Database(file);
  const old = process.umask(0o077);
  try {
    const db = new Database(file);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
    return db;
  } finally {
    process.umask(old);
  }
}

/** Which file a path names: its device and inode (bigint: inodes may pass 2^53). */
interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

function identityOf(path: string): FileIdentity | null {
  const s = statSync(path, { bigint: true, throwIfNoEntry: false });
  return s ? { dev: s.dev, ino: s.ino } : null;
}

/**
 * Watches that a store's file and its WAL are still the files the connection opened. A file deleted
 * under a running server stays writable through the open connection, and one replaced by a restore
 * leaves the connection writing to the old, now nameless file: either way a write would be answered
 * and then lost at the next start. `check` costs a stat per file (microseconds).
 */
class FileWatch {
  private readonly known = new Map<string, FileIdentity>();

  constructor(private readonly files: readonly string[]) {
    for (const f of files) this.note(f);
  }

  private note(path: string): void {
    const id = identityOf(path);
    if (id) this.known.set(path, id);
  }

  /** Throws StoreFileError when a watched file is gone or is another file than the one opened. */
  check(): void {
    for (const path of this.files) {
      const was = this.known.get(path);
      // The WAL is made at the first transaction after WAL mode is set: watched from when it exists.
      if (!was) {
        this.note(path);
        continue;
      }
      const s = statSync(path, { bigint: true, throwIfNoEntry: false });
      if (!s || s.nlink === 0n) throw new StoreFileError('gone', path);
      if (s.dev !== was.dev || s.ino !== was.ino) throw new StoreFileError('replaced', path);
    }
  }
}

export class SqliteRunStore implements RunStore {
  private readonly db: Database.Database;
  /** The store file and its WAL, checked before and after each write and by `ping` (none for ':memory:'). */
  private readonly watch: FileWatch | null;
  private readonly stmts;
  private readonly ranked: RankedTables;
  private readonly evaluationTables: EvaluationTables;
  /** Live-session steps come in bursts under load: they share commits (see group-commit.ts). */
  private readonly steps: GroupCommit;
  /** WAL checkpoints on a thread of their own (none for ':memory:'). */
  private readonly checkpointer: Checkpointer | null;

  /** Opens (creating if needed) the store at `file`, or an in-memory one for ':memory:'. */
  constructor(file: string, options: SqliteOptions = {}) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    this.db = openPrivate(file);
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS}`);
    if (file !== ':memory:') checkIntegrity(this.db, file);
    const old = process.umask(0o077);
    try {
      this.db.pragma('journal_mode = WAL');
    } finally {
      process.umask(old);
    }
    this.db.pragma('synchronous = NORMAL');
    if (file !== ':memory:') this.db.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
    this.migrate();
    const db = this.db;
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO runs (id, game, rules_version, seed, wide_seed, actions, run_hash, player_name, player_kind, score, game_over, steps, spent,
                           created_at, outcome_kind, outcome_reason, progress, key_id, request_id)
         VALUES (@id, @game, @rules_version, @seed, @wide_seed, @actions, @run_hash, @player_name, @player_kind, @score, @game_over, @steps, @spent,
                 @created_at, @outcome_kind, @outcome_reason, @progress, @key_id, @request_id)`,
      ),
      byHash: db.prepare<[string], RunRow>('SELECT * FROM runs WHERE run_hash = ? ORDER BY seq LIMIT 1'),
      byId: db.prepare<[string], RunRow>('SELECT * FROM runs WHERE id = ?'),
      // Other players whose best finished run on the same board beats this one.
      rank: db.prepare<
        {
          game: string;
          rv: string;
          board: string;
          challenge: string;
          kind: string;
          name: string;
          score: number;
          steps: number;
          seq: number;
        },
        { n: number }
      >(RANK_OF((name) => '@' + name)),
      countAll: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM runs'),
      ping: db.prepare('SELECT version FROM schema_version'),
      countGame: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM runs WHERE game = ?'),
    };
    this.ranked = new RankedTables(db);
    this.evaluationTables = new EvaluationTables(db, (name, use) => this.ranked.useName(name, use));
    this.steps = new GroupCommit(db);
    this.checkpointer = file === ':memory:' ? null : new Checkpointer(file);
    this.watch = file === ':memory:' ? null : new FileWatch([file, `${file}-wal`]);
  }

  /**
   * Runs a write between two checks of the file: refused before when the file is already gone or
   * replaced, and not acknowledged (StoreFileError) when that happened while it ran, since what it
   * wrote went into a file no restart will open.
   */
  private async written<T>(write: () => T | Promise<T>): Promise<T> {
    this.watch?.check();
    const result = await write();
    this.watch?.check();
    return result;
  }

  /** Opens the store file in a data folder. */
  static inDataDir(dataDir: string, options: SqliteOptions = {}): SqliteRunStore {
    return new SqliteRunStore(join(dataDir, SQLITE_FILE), options);
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const version = this.db.prepare<[], { version: number }>('SELECT version FROM schema_version');
    // Nothing to write when the store is current (a read-only store still opens). Otherwise IMMEDIATE,
    // and the version read again inside: workers opening a new store at once migrate it once.
    if (version.get()?.version === SCHEMA_VERSION) return;
    this.db
      .transaction(() => {
        const current = version.get()?.version ?? 0;
        if (current > SCHEMA_VERSION) throw new NewerSchemaError(current);
        if (current === SCHEMA_VERSION) return;
        for (let v = current + 1; v <= SCHEMA_VERSION; v++) {
          const step = MIGRATIONS[v - 1];
          if (typeof step === 'string') this.db.exec(step);
          else step(this.db);
        }
        this.db.exec('DELETE FROM schema_version');
        this.db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(SCHEMA_VERSION);
      })
      .immediate();
  }

  /** The run's place on its board, counting each other player's best once; null if unfinished. */
  private rankOf(r: RunRow): number | null {
    if (r.outcome_kind === null) return null;
    return (
      this.stmts.rank.get({
        game: r.game,
        rv: r.rules_version,
        board: r.board,
        challenge: r.challenge ?? '',
        kind: r.player_kind,
        name: r.player_name,
        score: r.score,
        steps: r.steps,
        seq: Number(r.seq),
      })!.n + 1
    );
  }

  // async: a refusal (RunCopyError) or a failed write rejects the promise, as the interface says,
  // instead of throwing at the caller before any promise exists.
  async save(v: VerifiedRun, use: NameUse): Promise<SaveResult> {
    const { game, rulesVersion, seed, actions } = v.run;
    const hash = runHash(game, rulesVersion, seed, actions);
    // IMMEDIATE: take the write lock before the first read. A deferred transaction that reads and then
    // writes upgrades its lock mid-way, and SQLite answers SQLITE_BUSY at once to that upgrade (the busy
    // timeout cannot apply: waiting could deadlock), so concurrent saves from two workers failed.
    return this.written(() =>
      this.db
        .transaction((): SaveResult => {
          // The name first: a refused name or copy throws, and the transaction rolls the claim back.
          const claimed = this.ranked.useName(v.player.name, use);
          const existing = this.stmts.byHash.get(hash);
          if (existing && foldName(existing.player_name) !== foldName(v.player.name))
            throw new RunCopyError(`this exact run is already stored under another player (run ${existing.id})`);
          if (existing)
            return {
              id: existing.id,
              createdAt: existing.created_at,
              rank: this.rankOf(existing),
              created: false,
              claimed,
            };
          const id = randomBytes(9).toString('base64url');
          const createdAt = new Date().toISOString();
          const inserted = this.stmts.insert.run({
            id,
            game: v.run.game,
            rules_version: v.run.rulesVersion,
            ...seedColumns(v.run.seed),
            actions: JSON.stringify(v.run.actions),
            run_hash: hash,
            player_name: v.player.name,
            player_kind: v.player.kind,
            score: v.score,
            game_over: v.gameOver ? 1 : 0,
            steps: v.steps,
            spent: v.spent,
            created_at: createdAt,
            outcome_kind: v.outcome?.kind ?? null,
            outcome_reason: v.outcome?.reason ?? null,
            progress: v.progress,
            key_id: v.audit?.keyId ?? null,
            request_id: v.audit?.requestId ?? null,
          });
          if (v.outcome)
            this.ranked.keepBest({
              game,
              rules_version: rulesVersion,
              board: 'open',
              challenge: null,
              player_kind: v.player.kind,
              player_name: v.player.name,
              seq: Number(inserted.lastInsertRowid),
              score: v.score,
              steps: v.steps,
            });
          return { id, createdAt, rank: this.rankOf(this.stmts.byId.get(id)!), created: true, claimed };
        })
        .immediate(),
    );
  }

  get(id: string): Promise<StoredRun | null> {
    const r = this.stmts.byId.get(id);
    return Promise.resolve(r ? storedRunOf(r) : null);
  }

  board(q: BoardQuery): Promise<LeaderboardEntry[]> {
    return Promise.resolve(this.ranked.board(q));
  }

  async createSession(s: SessionRecord, use: NameUse, qualify?: DailyQualification): Promise<SessionStart> {
    return this.written(() => this.ranked.createSession(s, use, qualify));
  }

  getSession(id: string): Promise<SessionRecord | null> {
    return Promise.resolve(this.ranked.getSession(id));
  }

  dailySession(game: string, day: string, name: string): Promise<SessionRecord | null> {
    return Promise.resolve(this.ranked.dailySession(game, day, name));
  }

  sessionAction(id: string, step: number): Promise<GameAction | null> {
    return Promise.resolve(this.ranked.sessionAction(id, step));
  }

  sessionActions(id: string): Promise<GameAction[]> {
    return Promise.resolve(this.ranked.sessionActions(id));
  }

  async recordStep(
    id: string,
    step: number,
    action: GameAction,
    spent: number,
    end?: SessionEnd,
    at = new Date().toISOString(),
  ): Promise<boolean> {
    return this.written(() => this.steps.run(() => this.ranked.recordStep(id, step, action, spent, end, runHash, at)));
  }

  async endSession(id: string, step: number, end: SessionEnd, at = new Date().toISOString()): Promise<boolean> {
    return this.written(() => this.steps.run(() => this.ranked.endSession(id, step, end, runHash, at)));
  }

  liveSessions(q: LiveQuery): Promise<SessionRecord[]> {
    return Promise.resolve(this.ranked.liveSessions(q));
  }

  sessionIdsBetween(game: string, rulesVersion: string, name: string, from: string, to: string): Promise<string[]> {
    return Promise.resolve(this.ranked.sessionIdsBetween(game, rulesVersion, name, from, to));
  }

  rankedAttempts(game: string, rulesVersion: string, kind: PlayerKind, recent: number): Promise<RankedAttempts[]> {
    return Promise.resolve(this.ranked.rankedAttempts(game, rulesVersion, kind, recent));
  }

  async expireSessions(before: string): Promise<number> {
    return this.written(() => this.ranked.expireSessions(before));
  }

  async ping(): Promise<void> {
    // Reads a page of the file, not just the connection: a store whose file cannot be read fails here;
    // and the file must still be the one opened, or nothing written now would survive a restart.
    this.stmts.ping.get();
    this.watch?.check();
  }

  async pinDailySeed(game: string, day: string, seed: string): Promise<string> {
    return this.written(() => this.ranked.pinDailySeed(game, day, seed));
  }

  dailySeed(game: string, day: string): Promise<string | null> {
    return Promise.resolve(this.ranked.dailySeed(game, day));
  }

  count(game?: string): Promise<number> {
    return Promise.resolve((game === undefined ? this.stmts.countAll.get() : this.stmts.countGame.get(game))!.n);
  }

  /**
   * Resolves the next time the background thread copies committed pages into the database file (never for
   * ':memory:'): a way to wait for a checkpoint instead of for a clock.
   */
  nextCheckpoint(): Promise<number> {
    const cp = this.checkpointer;
    if (!cp) return new Promise(() => {});
    return new Promise((resolve) => {
      const off = cp.onCheckpoint((pages) => {
        off();
        resolve(pages);
      });
    });
  }

  async rotateKey(name: string, oldHash: string, newHash: string): Promise<KeyRotation> {
    return this.written(() =>
      this.db
        .transaction((): KeyRotation => {
          const key = foldName(name);
          const row = this.db
            .prepare<[string], { key_hash: string }>('SELECT key_hash FROM players WHERE name_key = ?')
            .get(key);
          if (!row) return 'free';
          if (row.key_hash === RESERVED_KEY_HASH) return 'reserved';
          if (row.key_hash === newHash) return 'rotated';
          if (row.key_hash !== oldHash) return 'owned';
          this.db.prepare('UPDATE players SET key_hash = ? WHERE name_key = ?').run(newHash, key);
          return 'rotated';
        })
        .immediate(),
    );
  }

  async createEvaluation(e: EvaluationRecord, use: NameUse): Promise<{ claimed: boolean }> {
    return this.written(() => this.evaluationTables.create(e, use));
  }

  async evaluationProgress(id: string, replayed: number): Promise<void> {
    await this.written(() => this.evaluationTables.progress(id, replayed));
  }

  async endEvaluation(id: string, end: EvaluationEnd): Promise<void> {
    await this.written(() => this.evaluationTables.end(id, end));
  }

  async getEvaluation(id: string, withRuns = false): Promise<EvaluationRecord | null> {
    return this.evaluationTables.get(id, withRuns);
  }

  async evaluations(game: string): Promise<EvaluationRecord[]> {
    return this.evaluationTables.board(game);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.steps.flush();
    await this.checkpointer?.close();
    // The last connection to close checkpoints what is left and removes the WAL.
    if (this.db.open) this.db.close();
  }
}
