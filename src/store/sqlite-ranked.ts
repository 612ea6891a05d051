/**
 * The ranked half of the SQLite store (schema version 2; version 3 only adds runs.spent): owned player
 * names, live sessions and their recorded steps, and the boards (one entry per player, finished runs
 * only, read off the kept bests of board-sql.ts). The SQL stays portable (window functions, ON CONFLICT DO NOTHING, COALESCE) so a PostgreSQL
 * store can run the same statements; the primary key on (session_id, step) is the compare-and-set
 * that records one action per step, however many requests race for it.
 */
import type Database from 'better-sqlite3';
import type { GameAction } from '../core/game.js';
import type { Seed } from '../core/seed.js';
import { BEST_UPSERT, BOARD_PAGE, RANKED_ATTEMPTS, RANKED_STARTS } from './board-sql.js';
import { foldName, RESERVED_KEY_HASH } from './names.js';
import {
  boardEntryOf,
  EXPIRED,
  rankedAttemptsOf,
  seedColumns,
  seedOfRow,
  sessionOf,
  type AttemptRow,
  type BoardRow,
  type SessionRow,
} from './rows.js';
import {
  NameRefusedError,
  type BoardQuery,
  type DailyQualification,
  type LeaderboardEntry,
  type LiveQuery,
  type NameUse,
  type PlayerKind,
  type RankedAttempts,
  type SessionEnd,
  type SessionRecord,
  type SessionStart,
} from './store.js';

/** Schema version 2: from version 1's runs table to ranked play. */
export const RANKED_MIGRATION = `
  ALTER TABLE runs ADD COLUMN board TEXT NOT NULL DEFAULT 'open';
  ALTER TABLE runs ADD COLUMN challenge TEXT;
  ALTER TABLE runs ADD COLUMN outcome_kind TEXT;
  ALTER TABLE runs ADD COLUMN outcome_reason TEXT;
  ALTER TABLE runs ADD COLUMN progress INTEGER;
  UPDATE runs SET outcome_kind = 'terminated', outcome_reason = 'unknown' WHERE game_over = 1;
  DROP INDEX runs_dedupe;
  CREATE INDEX runs_hash ON runs (run_hash);
  CREATE INDEX runs_boards ON runs (game, rules_version, board, player_kind, player_name, score DESC, steps ASC, seq ASC);
  CREATE TABLE players (
    name_key   TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    key_hash   TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE sessions (
    id            TEXT    PRIMARY KEY,
    game          TEXT    NOT NULL,
    rules_version TEXT    NOT NULL,
    seed          INTEGER NOT NULL,
    player_name   TEXT    NOT NULL,
    player_kind   TEXT    NOT NULL,
    player_key    TEXT    NOT NULL,
    challenge     TEXT,
    step          INTEGER NOT NULL,
    spent         INTEGER NOT NULL,
    finished      INTEGER NOT NULL,
    created_at    TEXT    NOT NULL
  );
  CREATE TABLE session_steps (
    session_id TEXT    NOT NULL,
    step       INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    PRIMARY KEY (session_id, step)
  );
  CREATE UNIQUE INDEX sessions_daily ON sessions (game, challenge, player_key) WHERE challenge IS NOT NULL;`;

/**
 * The store's own migration (schema.ts titles it): the kept best run of each player on each board,
 * `board_best`, so a board read walks one index for a page instead of ranking every run of the game;
 * filled from the runs already stored. Every save of a finished run updates it in the same
 * transaction (BEST_UPSERT). `sessions_player` makes each entry's attempts an index range. The
 * audit columns (the player key's id and the request id) and `stepped_at` (the last step's time, for
 * expiry) are NULL for older rows.
 */
export const BOARDS_MIGRATION = `
  CREATE TABLE board_best (
    game          TEXT    NOT NULL,
    rules_version TEXT    NOT NULL,
    board         TEXT    NOT NULL,
    challenge     TEXT    NOT NULL,
    player_kind   TEXT    NOT NULL,
    player_name   TEXT    NOT NULL,
    seq           INTEGER NOT NULL,
    score         REAL    NOT NULL,
    steps         INTEGER NOT NULL,
    PRIMARY KEY (game, rules_version, board, challenge, player_kind, player_name)
  );
  CREATE INDEX board_best_order ON board_best (game, rules_version, board, challenge, player_kind, score DESC, steps ASC, seq ASC);
  INSERT INTO board_best (game, rules_version, board, challenge, player_kind, player_name, seq, score, steps)
    SELECT game, rules_version, board, challenge, player_kind, player_name, seq, score, steps FROM (
      SELECT game, rules_version, board, COALESCE(challenge, '') AS challenge, player_kind, player_name, seq, score, steps,
        ROW_NUMBER() OVER (PARTITION BY game, rules_version, board, COALESCE(challenge, ''), player_kind, player_name
                           ORDER BY score DESC, steps ASC, seq ASC) AS rn
      FROM runs WHERE outcome_kind IS NOT NULL
    ) ranked WHERE rn = 1;
  CREATE INDEX sessions_player ON sessions (player_key, game, rules_version, challenge);
  ALTER TABLE runs ADD COLUMN key_id TEXT;
  ALTER TABLE runs ADD COLUMN request_id TEXT;
  ALTER TABLE sessions ADD COLUMN key_id TEXT;
  ALTER TABLE sessions ADD COLUMN request_id TEXT;
  ALTER TABLE sessions ADD COLUMN stepped_at TEXT;
  UPDATE sessions SET stepped_at = created_at;
  CREATE INDEX sessions_live ON sessions (finished, stepped_at);`;

/** Names are owned by their folded form (names.ts): "Ada  Lovelace" and "ada LoveIace" are one name. */
const nameKey = foldName;

/** Thrown inside a transaction to roll it back with a verdict. */
class Refused {
  constructor(readonly reason: 'daily_taken' | 'not_qualified') {}
}

/** The prepared statements and transactions of ranked play, on the store's open database. */
export class RankedTables {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      board: db.prepare<[string, string, string, string, string, number], BoardRow>(BOARD_PAGE(() => '?')),
      best: db.prepare(BEST_UPSERT((name) => '@' + name)),
      playerKey: db.prepare<[string], { key_hash: string }>('SELECT key_hash FROM players WHERE name_key = ?'),
      claim: db.prepare(
        `INSERT INTO players (name_key, name, key_hash, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (name_key) DO NOTHING`,
      ),
      createSession: db.prepare(
        `INSERT INTO sessions (id, game, rules_version, seed, wide_seed, player_name, player_kind, player_key, challenge, step, spent, finished, created_at,
                               key_id, request_id, stepped_at)
         VALUES (@id, @game, @rules_version, @seed, @wide_seed, @player_name, @player_kind, @player_key, @challenge, 0, 0, 0, @created_at,
                 @key_id, @request_id, @created_at)
         ON CONFLICT DO NOTHING`,
      ),
      session: db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?'),
      // A finished ranked session of the game by this (folded) name, stored before the day began.
      qualifying: db.prepare<[string, string, number, string], { id: string }>(
        `SELECT s.id FROM sessions s JOIN runs r ON r.id = s.id
         WHERE s.player_key = ? AND s.game = ? AND s.challenge IS NULL AND s.finished = 1 AND r.steps >= ?
           AND r.created_at < ?
         LIMIT 1`,
      ),
      daily: db.prepare<[string, string, string], { id: string }>(
        'SELECT id FROM sessions WHERE game = ? AND challenge = ? AND player_key = ?',
      ),
      stepAction: db.prepare<[string, number], { action: string }>(
        'SELECT action FROM session_steps WHERE session_id = ? AND step = ?',
      ),
      insertStep: db.prepare(
        `INSERT INTO session_steps (session_id, step, action) VALUES (?, ?, ?)
         ON CONFLICT (session_id, step) DO NOTHING`,
      ),
      // Moves a live session on only from the step it is at: a finished session never moves.
      advance: db.prepare(
        'UPDATE sessions SET step = ?, spent = ?, finished = ?, stepped_at = ? WHERE id = ? AND step = ? AND finished = 0',
      ),
      expire: db.prepare(`UPDATE sessions SET finished = ${EXPIRED} WHERE finished = 0 AND stepped_at < ?`),
      finishAt: db.prepare<[string, string, number]>(
        'UPDATE sessions SET finished = 1, stepped_at = ? WHERE id = ? AND step = ? AND finished = 0',
      ),
      liveBefore: db.prepare<[string, number], SessionRow>(
        'SELECT * FROM sessions WHERE finished = 0 AND stepped_at < ? ORDER BY stepped_at, id LIMIT ?',
      ),
      liveOf: db.prepare<[string, string], SessionRow>(
        'SELECT * FROM sessions WHERE finished = 0 AND challenge IS NULL AND game = ? AND player_key = ? ORDER BY created_at, id',
      ),
      between: db.prepare<[string, string, string, string, string], { id: string }>(
        `SELECT id FROM sessions WHERE game = ? AND rules_version = ? AND player_key = ? AND challenge IS NULL
           AND created_at >= ? AND created_at <= ?`,
      ),
      attempts: db.prepare<[string, string, string, number], AttemptRow>(RANKED_ATTEMPTS(() => '?')),
      starts: db.prepare<[string, string], { player_key: string; n: number }>(RANKED_STARTS(() => '?')),
      allActions: db.prepare<[string], { action: string }>(
        'SELECT action FROM session_steps WHERE session_id = ? ORDER BY step',
      ),
      insertRun: db.prepare(
        `INSERT INTO runs (id, game, rules_version, seed, wide_seed, actions, run_hash, player_name, player_kind, score, game_over, steps, created_at,
                           board, challenge, outcome_kind, outcome_reason, progress, spent, key_id, request_id)
         VALUES (@id, @game, @rules_version, @seed, @wide_seed, @actions, @run_hash, @player_name, @player_kind, @score, @game_over, @steps, @created_at,
                 'ranked', @challenge, @outcome_kind, @outcome_reason, @progress, @spent, @key_id, @request_id)`,
      ),
      pinDaily: db.prepare(
        'INSERT INTO daily_seeds (game, day, seed, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (game, day) DO NOTHING',
      ),
      daily_seed: db.prepare<[string, string], { seed: string }>(
        'SELECT seed FROM daily_seeds WHERE game = ? AND day = ?',
      ),
    };
  }

  /** Pins a day's seed (the first one stored stays) and answers the pinned one. */
  pinDailySeed(game: string, day: string, seed: string): string {
    this.stmts.pinDaily.run(game, day, seed, new Date().toISOString());
    return this.stmts.daily_seed.get(game, day)!.seed;
  }

  dailySeed(game: string, day: string): string | null {
    return this.stmts.daily_seed.get(game, day)?.seed ?? null;
  }

  /** The finished session's run, on the ranked board under the session's id. */
  private storeRun(id: string, steps: number, spent: number, end: SessionEnd, hash: HashFn): void {
    const s = this.stmts.session.get(id)!;
    const actions =
      '[' +
      this.stmts.allActions
        .all(id)
        .map((r) => r.action)
        .join(',') +
      ']';
    const inserted = this.stmts.insertRun.run({
      id,
      game: s.game,
      rules_version: s.rules_version,
      seed: s.seed,
      wide_seed: s.wide_seed,
      actions,
      run_hash: hash(s.game, s.rules_version, seedOfRow(s), JSON.parse(actions) as GameAction[]),
      player_name: s.player_name,
      player_kind: s.player_kind,
      score: end.score,
      game_over: end.gameOver ? 1 : 0,
      steps,
      spent,
      created_at: new Date().toISOString(),
      challenge: s.challenge,
      outcome_kind: end.outcome.kind,
      outcome_reason: end.outcome.reason,
      progress: end.progress,
      key_id: s.key_id,
      request_id: end.requestId ?? null,
    });
    this.keepBest({
      game: s.game,
      rules_version: s.rules_version,
      board: 'ranked',
      challenge: s.challenge,
      player_kind: s.player_kind,
      player_name: s.player_name,
      seq: Number(inserted.lastInsertRowid),
      score: end.score,
      steps,
    });
  }

  /** Updates the player's kept best on the run's board (in the caller's transaction). */
  keepBest(r: {
    game: string;
    rules_version: string;
    board: string;
    challenge: string | null;
    player_kind: string;
    player_name: string;
    seq: number;
    score: number;
    steps: number;
  }): void {
    this.stmts.best.run({ ...r, challenge: r.challenge ?? '', player_key: foldName(r.player_name) });
  }

  /** Ends a live session at `step` without a new action (in the caller's transaction). */
  endSession(id: string, step: number, end: SessionEnd, hash: HashFn, at: string): boolean {
    const s = this.stmts.session.get(id);
    if (!s || this.stmts.finishAt.run(at, id, step).changes === 0) return false;
    this.storeRun(id, step, s.spent, end, hash);
    return true;
  }

  liveSessions(q: LiveQuery): SessionRecord[] {
    const rows =
      'before' in q ? this.stmts.liveBefore.all(q.before, q.limit) : this.stmts.liveOf.all(q.game, nameKey(q.name));
    return rows.map(sessionOf);
  }

  sessionIdsBetween(game: string, rulesVersion: string, name: string, from: string, to: string): string[] {
    return this.stmts.between.all(game, rulesVersion, nameKey(name), from, to).map((r) => r.id);
  }

  rankedAttempts(game: string, rulesVersion: string, kind: PlayerKind, recent: number): RankedAttempts[] {
    const starts = new Map(this.stmts.starts.all(game, rulesVersion).map((r) => [r.player_key, Number(r.n)]));
    return rankedAttemptsOf(this.stmts.attempts.all(game, rulesVersion, kind, recent), starts, recent, nameKey);
  }

  expireSessions(before: string): number {
    return this.stmts.expire.run(before).changes;
  }

  board(q: BoardQuery): LeaderboardEntry[] {
    const table = q.board === 'open' ? 'open' : 'ranked';
    const challenge = q.board === 'daily' ? (q.date ?? '') : '';
    return this.stmts.board
      .all(q.game, q.rulesVersion, table, q.kind, challenge, q.limit)
      .map((r) => boardEntryOf(r, table === 'ranked'));
  }

  /**
   * Checks `name` against the key the request sent, claiming it when free: true when this use claimed
   * it. To be run inside the caller's transaction, so that a refused or failed write claims nothing.
   */
  useName(name: string, use: NameUse): boolean {
    const owner = this.stmts.playerKey.get(nameKey(name));
    if (owner) {
      if (owner.key_hash === RESERVED_KEY_HASH) throw new NameRefusedError('reserved');
      if (use.keyHash !== null && owner.key_hash === use.keyHash) return false;
      throw new NameRefusedError('owned');
    }
    if (use.claimHash === null) throw new NameRefusedError('weak_key');
    this.stmts.claim.run(nameKey(name), name, use.claimHash, new Date().toISOString());
    return true;
  }

  createSession(s: SessionRecord, use: NameUse, qualify?: DailyQualification): SessionStart {
    // IMMEDIATE, as every read-then-write here: a deferred transaction upgrading its lock mid-way gets
    // SQLITE_BUSY at once when another worker writes (the busy timeout cannot apply to an upgrade).
    try {
      return this.db
        .transaction((): SessionStart => {
          const claimed = this.useName(s.player.name, use);
          const key = nameKey(s.player.name);
          if (
            s.challenge !== null &&
            qualify &&
            !this.stmts.qualifying.get(key, s.game, qualify.minActions, qualify.before)
          )
            throw new Refused('not_qualified');
          const r = this.stmts.createSession.run({
            id: s.id,
            game: s.game,
            rules_version: s.rulesVersion,
            ...seedColumns(s.seed),
            player_name: s.player.name,
            player_kind: s.player.kind,
            player_key: key,
            challenge: s.challenge,
            created_at: s.createdAt,
            key_id: s.audit?.keyId ?? null,
            request_id: s.audit?.requestId ?? null,
          });
          if (r.changes !== 1) throw new Refused('daily_taken');
          return { ok: true, claimed };
        })
        .immediate();
    } catch (err) {
      if (err instanceof Refused) return { ok: false, reason: err.reason };
      throw err;
    }
  }

  getSession(id: string): SessionRecord | null {
    const r = this.stmts.session.get(id);
    return r ? sessionOf(r) : null;
  }

  dailySession(game: string, day: string, name: string): SessionRecord | null {
    const r = this.stmts.daily.get(game, day, nameKey(name));
    return r ? this.getSession(r.id) : null;
  }

  sessionActions(id: string): GameAction[] {
    return this.stmts.allActions.all(id).map((r) => JSON.parse(r.action) as GameAction);
  }

  sessionAction(id: string, step: number): GameAction | null {
    const r = this.stmts.stepAction.get(id, step);
    return r ? (JSON.parse(r.action) as GameAction) : null;
  }

  /**
   * Records `action` as step `step` of session `id` and moves the session on, only from that step
   * (false when the session is elsewhere: another request recorded this step first). To be run inside
   * a transaction (the store's group commit gives each call a savepoint of its own).
   */
  recordStep(
    id: string,
    step: number,
    action: GameAction,
    spent: number,
    end: SessionEnd | undefined,
    hash: HashFn,
    at: string,
  ) {
    if (this.stmts.advance.run(step + 1, spent, end ? 1 : 0, at, id, step).changes === 0) return false;
    if (this.stmts.insertStep.run(id, step, JSON.stringify(action)).changes === 0)
      throw new Error(`session ${id} has step ${step} recorded beyond its position`);
    if (end) this.storeRun(id, step + 1, spent, end, hash);
    return true;
  }
}

/** The run fingerprint of the store (game, rules version, seed, actions). */
export type HashFn = (game: string, rulesVersion: string, seed: Seed, actions: GameAction[]) => string;
