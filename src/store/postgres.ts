/**
 * The PostgreSQL run store (node-postgres): the same interface, schema version and semantics as the
 * SQLite store, for several API servers sharing one database. Selected by `DATABASE_URL` (main.ts).
 *
 * Every acknowledged write is a committed transaction under PostgreSQL's default
 * `synchronous_commit = on`: the commit returns once the WAL record is flushed, so an answer the
 * server has sent survives the server being killed, and the database being restarted.
 */
import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { ConnectionOptions } from 'node:tls';
import type { GameAction } from '../core/game.js';
import { migrate } from './postgres-schema.js';
import * as ranked from './postgres-ranked.js';
import * as evaluations from './postgres-evaluations.js';
import type { EvaluationEnd, EvaluationRecord } from './evaluations.js';
import { inTransaction, lockFingerprint } from './postgres-ranked.js';
import { seedColumns, storedRunOf, type RunRow } from './rows.js';
import { runHash } from './schema.js';
import { foldName, RESERVED_KEY_HASH } from './names.js';
import {
  RunCopyError,
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

/** How to reach the database and how many connections to keep (config.ts reads them from the environment). */
export interface PostgresOptions {
  /** `postgres://user:password@host:port/database?...` */
  connectionString: string;
  /** Most connections this process opens at once. */
  poolSize: number;
  /** A statement running longer is cancelled by the server, so a stuck query cannot hold a request. */
  statementTimeoutMs: number;
  /** How long to wait for a new connection before failing the request. */
  connectTimeoutMs: number;
  /**
   * Client-side deadline of one query: a database that stops answering (frozen, a network that drops
   * packets) fails the request after this long instead of holding it, whatever the server's own
   * statement timeout. Default: the statement timeout plus a second.
   */
  queryTimeoutMs?: number;
  /** TCP keepalive on every connection, first probe after this much idle time (0: keepalive off). */
  keepAliveMs?: number;
  /** TLS to the database: false for none, else node's TLS options. `sslmode` in the URL wins over it. */
  ssl: false | ConnectionOptions;
}

/** The URL with any password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');
}

/** TCP keepalive's first probe after 10 s idle: a silently dropped connection is noticed in under a minute. */
export const DEFAULT_KEEPALIVE_MS = 10_000;

export class PostgresRunStore implements RunStore {
  private constructor(private readonly pool: Pool) {}

  /**
   * Connects, migrates the database to the current schema (once, however many servers start together)
   * and answers the store; refuses a newer database (`NewerSchemaError`). Throws if the database
   * cannot be reached, naming it without its password.
   */
  static async open(options: PostgresOptions): Promise<PostgresRunStore> {
    // Loaded here, not with the module: a server or command on SQLite (the default) never loads the
    // driver (about a twentieth of a server's start, bench/RESULTS.md).
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize,
      statement_timeout: options.statementTimeoutMs,
      query_timeout: options.queryTimeoutMs ?? options.statementTimeoutMs + 1000,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: (options.keepAliveMs ?? DEFAULT_KEEPALIVE_MS) > 0,
      keepAliveInitialDelayMillis: options.keepAliveMs ?? DEFAULT_KEEPALIVE_MS,
      ssl: options.ssl === false ? undefined : options.ssl,
    });
    // An idle connection the database drops (restart, network) emits here; without a listener it would
    // end the process. The pool replaces it, and the next query reports any lasting trouble.
    pool.on('error', () => undefined);
    try {
      await migrate(pool);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return new PostgresRunStore(pool);
  }

  /** The run's place on its board, counting each other player's best once; null if unfinished. */
  private async rankOf(db: PoolClient, r: RunRow): Promise<number | null> {
    return r.outcome_kind === null ? null : ranked.rankOf(db, r);
  }

  save(v: VerifiedRun, use: NameUse): Promise<SaveResult> {
    const { game, rulesVersion, seed, actions } = v.run;
    const hash = runHash(game, rulesVersion, seed, actions);
    // The fingerprint lock stands in for SQLite's single writer: two servers saving one run at once
    // store it once, and a copy under another name is refused whichever server sees it.
    return inTransaction(this.pool, async (tx): Promise<SaveResult> => {
      await lockFingerprint(tx, hash);
      // The name in the same transaction: a refused name or copy throws, and the rollback frees the claim.
      const claimed = await ranked.useName(tx, v.player.name, use);
      const existing = (await tx.query<RunRow>('SELECT * FROM runs WHERE run_hash = $1 ORDER BY seq LIMIT 1', [hash]))
        .rows[0];
      if (existing && foldName(existing.player_name) !== foldName(v.player.name))
        throw new RunCopyError(`this exact run is already stored under another player (run ${existing.id})`);
      if (existing)
        return {
          id: existing.id,
          createdAt: existing.created_at,
          rank: await this.rankOf(tx, existing),
          created: false,
          claimed,
        };
      const id = randomBytes(9).toString('base64url');
      const createdAt = new Date().toISOString();
      const inserted = await tx.query<RunRow>(
        `INSERT INTO runs (id, game, rules_version, seed, actions, run_hash, player_name, player_kind, score, game_over, steps, created_at,
                           outcome_kind, outcome_reason, progress, spent, wide_seed, key_id, request_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
         RETURNING *`,
        [
          id,
          game,
          rulesVersion,
          seedColumns(seed).seed,
          JSON.stringify(actions),
          hash,
          v.player.name,
          v.player.kind,
          v.score,
          v.gameOver ? 1 : 0,
          v.steps,
          createdAt,
          v.outcome?.kind ?? null,
          v.outcome?.reason ?? null,
          v.progress,
          v.spent,
          seedColumns(seed).wide_seed,
          v.audit?.keyId ?? null,
          v.audit?.requestId ?? null,
        ],
      );
      if (v.outcome) await ranked.keepBest(tx, { ...inserted.rows[0], challenge: null });
      return { id, createdAt, rank: await this.rankOf(tx, inserted.rows[0]), created: true, claimed };
    });
  }

  async get(id: string): Promise<StoredRun | null> {
    const r = (await this.pool.query<RunRow>('SELECT * FROM runs WHERE id = $1', [id])).rows[0];
    return r ? storedRunOf(r) : null;
  }

  board(q: BoardQuery): Promise<LeaderboardEntry[]> {
    return ranked.board(this.pool, q);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async rotateKey(name: string, oldHash: string, newHash: string): Promise<KeyRotation> {
    const key = foldName(name);
    // One statement: of two rotations racing with the same old key, the second finds the key changed.
    const updated = await this.pool.query(
      'UPDATE players SET key_hash = $3 WHERE name_key = $1 AND key_hash = $2 AND key_hash <> $4',
      [key, oldHash, newHash, RESERVED_KEY_HASH],
    );
    if (updated.rowCount === 1) return 'rotated';
    const row = (await this.pool.query<{ key_hash: string }>('SELECT key_hash FROM players WHERE name_key = $1', [key]))
      .rows[0];
    if (!row) return 'free';
    if (row.key_hash === RESERVED_KEY_HASH) return 'reserved';
    return row.key_hash === newHash ? 'rotated' : 'owned';
  }

  async count(game?: string): Promise<number> {
    const r =
      game === undefined
        ? await this.pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM runs')
        : await this.pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM runs WHERE game = $1', [game]);
    return Number(r.rows[0].n);
  }

  createSession(s: SessionRecord, use: NameUse, qualify?: DailyQualification): Promise<SessionStart> {
    return ranked.createSession(this.pool, s, use, qualify);
  }

  getSession(id: string): Promise<SessionRecord | null> {
    return ranked.getSession(this.pool, id);
  }

  dailySession(game: string, day: string, name: string): Promise<SessionRecord | null> {
    return ranked.dailySession(this.pool, game, day, name);
  }

  sessionAction(id: string, step: number): Promise<GameAction | null> {
    return ranked.sessionAction(this.pool, id, step);
  }

  sessionActions(id: string): Promise<GameAction[]> {
    return ranked.sessionActions(this.pool, id);
  }

  recordStep(
    id: string,
    step: number,
    action: GameAction,
    spent: number,
    end?: SessionEnd,
    at = new Date().toISOString(),
  ): Promise<boolean> {
    return ranked.recordStep(this.pool, id, step, action, spent, end, at);
  }

  endSession(id: string, step: number, end: SessionEnd, at = new Date().toISOString()): Promise<boolean> {
    return ranked.endSession(this.pool, id, step, end, at);
  }

  liveSessions(q: LiveQuery): Promise<SessionRecord[]> {
    return ranked.liveSessions(this.pool, q);
  }

  sessionIdsBetween(game: string, rulesVersion: string, name: string, from: string, to: string): Promise<string[]> {
    return ranked.sessionIdsBetween(this.pool, game, rulesVersion, name, from, to);
  }

  rankedAttempts(game: string, rulesVersion: string, kind: PlayerKind, recent: number): Promise<RankedAttempts[]> {
    return ranked.rankedAttempts(this.pool, game, rulesVersion, kind, recent);
  }

  expireSessions(before: string): Promise<number> {
    return ranked.expireSessions(this.pool, before);
  }

  pinDailySeed(game: string, day: string, seed: string): Promise<string> {
    return ranked.pinDailySeed(this.pool, game, day, seed);
  }

  dailySeed(game: string, day: string): Promise<string | null> {
    return ranked.dailySeed(this.pool, game, day);
  }

  createEvaluation(e: EvaluationRecord, use: NameUse): Promise<{ claimed: boolean }> {
    return evaluations.createEvaluation(this.pool, e, use);
  }

  evaluationProgress(id: string, replayed: number): Promise<void> {
    return evaluations.evaluationProgress(this.pool, id, replayed);
  }

  endEvaluation(id: string, end: EvaluationEnd): Promise<void> {
    return evaluations.endEvaluation(this.pool, id, end);
  }

  getEvaluation(id: string, withRuns = false): Promise<EvaluationRecord | null> {
    return evaluations.getEvaluation(this.pool, id, withRuns);
  }

  evaluations(game: string): Promise<EvaluationRecord[]> {
    return evaluations.evaluationBoard(this.pool, game);
  }

  close(): Promise<void> {
    // The pool refuses a second end; a store closed twice (shutdown racing a failure) is just closed.
    if (this.pool.ended) return Promise.resolve();
    return this.pool.end();
  }
}

/**
 * True for an error that says the database cannot be reached or has gone away (as opposed to a
 * refused statement): no connection, a dropped one, the server shutting down or not yet accepting,
 * too many connections, or a statement cancelled by the timeout. The server answers these with 503
 * store_unavailable; the pool opens new connections on the next request, so it recovers by itself.
 */
export function isUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = String((err as { code?: unknown }).code ?? '');
  // SQLSTATE class 08: connection exception; 57P01-57P03: shutdown, crash, cannot connect now;
  // 53300: too many connections; 57014: cancelled (statement timeout).
  if (/^08|^57P0[1-3]$|^53300$|^57014$/.test(code)) return true;
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code))
    return true;
  if (err instanceof AggregateError) return err.errors.some(isUnavailable);
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable/i.test(
    err.message,
  );
}

/** A one-line description of a connection failure (an AggregateError from net has no message of its own). */
export function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.message === '' && err.errors.length > 0) return describeError(err.errors[0]);
  if (err instanceof Error) return err.message || String((err as { code?: unknown }).code ?? err.name);
  return String(err);
}
