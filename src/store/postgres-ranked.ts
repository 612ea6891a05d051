/**
 * The ranked half of the PostgreSQL store: owned player names, live sessions and their recorded steps,
 * and the boards. The statements are the SQLite store's (sqlite-ranked.ts) with numbered parameters;
 * what SQLite gets from one writer at a time (IMMEDIATE transactions), PostgreSQL gets from row locks
 * and constraints, so several servers can write at once:
 *
 * - recording a step updates the session only `WHERE step = $n AND finished = 0`: a second request
 *   racing for the same step waits on the first one's row lock, then finds the step moved and changes
 *   nothing; the primary key on (session_id, step) backs it as in SQLite;
 * - a name is claimed with `INSERT ... ON CONFLICT DO NOTHING`, in the transaction of the run or
 *   session that uses it; the insert waits for a racing claim to commit (or roll back), so exactly one
 *   key owns a name and a refused use claims nothing;
 * - runs of the same fingerprint are stored under a transaction advisory lock on that fingerprint
 *   (postgres.ts), here too when a session's run lands.
 */
import type { Pool, PoolClient } from 'pg';
import type { GameAction } from '../core/game.js';
import { foldName, RESERVED_KEY_HASH } from './names.js';
import {
  boardEntryOf,
  EXPIRED,
  rankedAttemptsOf,
  seedColumns,
  sessionOf,
  type AttemptRow,
  type BoardRow,
  type SessionRow,
} from './rows.js';
import { runHash } from './schema.js';
import { BEST_UPSERT, BOARD_PAGE, RANK_OF, RANKED_ATTEMPTS, RANKED_STARTS } from './board-sql.js';
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

/** A pool or a client inside a transaction: both answer `query`. */
export type Queryable = Pool | PoolClient;

/** A page of one board off the kept best runs (sqlite-ranked.ts BOARD_PAGE: the same statement). */
const BOARD_SQL = BOARD_PAGE((i) => `$${i}`);

/** The numbered form of a statement written with named parameters, and its values in that order. */
function numbered(sql: (p: (name: string) => string) => string, values: Record<string, unknown>) {
  const names: string[] = [];
  const text = sql((name) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { text, values: names.map((n) => values[n]) };
}

/** Updates a player's kept best with a finished run just stored (in the caller's transaction). */
export async function keepBest(
  tx: Queryable,
  r: {
    game: string;
    rules_version: string;
    board: string;
    challenge: string | null;
    player_kind: string;
    player_name: string;
    seq: number | string;
    score: number;
    steps: number;
  },
): Promise<void> {
  await tx.query(numbered(BEST_UPSERT, { ...r, challenge: r.challenge ?? '', player_key: foldName(r.player_name) }));
}

/** The place on its board of a stored finished run (see RANK_OF). */
export async function rankOf(
  db: Queryable,
  r: {
    game: string;
    rules_version: string;
    board: string;
    challenge: string | null;
    player_kind: string;
    player_name: string;
    score: number;
    steps: number;
    seq: number | string;
  },
): Promise<number> {
  const q = await db.query<{ n: string }>(
    numbered(RANK_OF, {
      game: r.game,
      rv: r.rules_version,
      board: r.board,
      challenge: r.challenge ?? '',
      kind: r.player_kind,
      name: r.player_name,
      score: r.score,
      steps: r.steps,
      seq: r.seq,
    }),
  );
  return Number(q.rows[0].n) + 1;
}

const SESSION_COLUMNS =
  'id, game, rules_version, seed, wide_seed, player_name, player_kind, challenge, step, spent, finished, created_at, key_id, request_id, stepped_at';

/** Names are owned by their folded form (names.ts): "Ada  Lovelace" and "ada LoveIace" are one name. */
const nameKey = foldName;

/** Serialises writers of one run fingerprint until the transaction ends. */
export async function lockFingerprint(tx: PoolClient, hash: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [hash]);
}

/** Runs `work` in a transaction on a client of its own; rolls back if it throws. */
export async function inTransaction<T>(pool: Pool, work: (tx: PoolClient) => Promise<T>): Promise<T> {
  const tx = await pool.connect();
  // A client whose query timed out or whose rollback failed is thrown away, not handed back to the
  // pool: it may still have a statement running on a database that stopped answering.
  let broken: Error | undefined;
  try {
    await tx.query('BEGIN');
    const result = await work(tx);
    await tx.query('COMMIT');
    return result;
  } catch (err) {
    // After a client-side timeout the connection is still busy with the stuck statement: a ROLLBACK
    // would wait as long again. Throwing the connection away rolls the transaction back as well.
    if (err instanceof Error && /Query read timeout/.test(err.message)) broken = err;
    else await tx.query('ROLLBACK').catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
    throw err;
  } finally {
    tx.release(broken);
  }
}

export async function board(db: Queryable, q: BoardQuery): Promise<LeaderboardEntry[]> {
  const table = q.board === 'open' ? 'open' : 'ranked';
  const challenge = q.board === 'daily' ? (q.date ?? '') : '';
  const r = await db.query<BoardRow>(BOARD_SQL, [q.game, q.rulesVersion, table, q.kind, challenge, q.limit]);
  return r.rows.map((row) => boardEntryOf(row, table === 'ranked'));
}

/**
 * Checks `name` against the key the request sent, claiming it when free: true when this use claimed
 * it. Run inside the transaction of the write that uses the name, so its rollback frees the claim.
 */
export async function useName(tx: PoolClient, name: string, use: NameUse): Promise<boolean> {
  const owner = async () =>
    (await tx.query<{ key_hash: string }>('SELECT key_hash FROM players WHERE name_key = $1', [nameKey(name)])).rows[0];
  let known = await owner();
  if (!known) {
    if (use.claimHash === null) throw new NameRefusedError('weak_key');
    const claimed = await tx.query(
      `INSERT INTO players (name_key, name, key_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name_key) DO NOTHING`,
      [nameKey(name), name, use.claimHash, new Date().toISOString()],
    );
    if (claimed.rowCount === 1) return true;
    // Nothing inserted: another claim committed first (the insert waited for it), so it is visible now.
    known = (await owner())!;
  }
  if (known.key_hash === RESERVED_KEY_HASH) throw new NameRefusedError('reserved');
  if (use.keyHash !== null && known.key_hash === use.keyHash) return false;
  throw new NameRefusedError('owned');
}

/** Thrown inside a transaction to roll it back with a verdict. */
class Refused {
  constructor(readonly reason: 'daily_taken' | 'not_qualified') {}
}

export async function createSession(
  pool: Pool,
  s: SessionRecord,
  use: NameUse,
  qualify?: DailyQualification,
): Promise<SessionStart> {
  try {
    return await inTransaction(pool, async (tx): Promise<SessionStart> => {
      const claimed = await useName(tx, s.player.name, use);
      const key = nameKey(s.player.name);
      if (s.challenge !== null && qualify) {
        const q = await tx.query(
          `SELECT s.id FROM sessions s JOIN runs r ON r.id = s.id
           WHERE s.player_key = $1 AND s.game = $2 AND s.challenge IS NULL AND s.finished = 1 AND r.steps >= $3
             AND r.created_at < $4
           LIMIT 1`,
          [key, s.game, qualify.minActions, qualify.before],
        );
        if (q.rowCount === 0) throw new Refused('not_qualified');
      }
      const r = await tx.query(
        `INSERT INTO sessions (id, game, rules_version, seed, player_name, player_kind, player_key, challenge, step, spent, finished, created_at,
                               wide_seed, key_id, request_id, stepped_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, 0, $9, $10, $11, $12, $9)
         ON CONFLICT DO NOTHING`,
        [
          s.id,
          s.game,
          s.rulesVersion,
          seedColumns(s.seed).seed,
          s.player.name,
          s.player.kind,
          key,
          s.challenge,
          s.createdAt,
          seedColumns(s.seed).wide_seed,
          s.audit?.keyId ?? null,
          s.audit?.requestId ?? null,
        ],
      );
      if (r.rowCount !== 1) throw new Refused('daily_taken');
      return { ok: true, claimed };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason };
    throw err;
  }
}

/** Pins a day's seed (the first one stored stays) and answers the pinned one. */
export async function pinDailySeed(db: Queryable, game: string, day: string, seed: string): Promise<string> {
  await db.query(
    'INSERT INTO daily_seeds (game, day, seed, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (game, day) DO NOTHING',
    [game, day, seed, new Date().toISOString()],
  );
  return (await dailySeed(db, game, day))!;
}

export async function dailySeed(db: Queryable, game: string, day: string): Promise<string | null> {
  const r = await db.query<{ seed: string }>('SELECT seed FROM daily_seeds WHERE game = $1 AND day = $2', [game, day]);
  return r.rows[0]?.seed ?? null;
}

export async function getSession(db: Queryable, id: string): Promise<SessionRecord | null> {
  const r = (await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [id])).rows[0];
  return r ? sessionOf(r) : null;
}

export async function dailySession(db: Queryable, game: string, day: string, name: string) {
  const r = await db.query<{ id: string }>(
    'SELECT id FROM sessions WHERE game = $1 AND challenge = $2 AND player_key = $3',
    [game, day, nameKey(name)],
  );
  return r.rows[0] ? getSession(db, r.rows[0].id) : null;
}

export async function sessionAction(db: Queryable, id: string, step: number): Promise<GameAction | null> {
  const r = await db.query<{ action: string }>('SELECT action FROM session_steps WHERE session_id = $1 AND step = $2', [
    id,
    step,
  ]);
  return r.rows[0] ? (JSON.parse(r.rows[0].action) as GameAction) : null;
}

/** Every action recorded in a session, in step order. */
export async function sessionActions(db: Queryable, id: string): Promise<GameAction[]> {
  const r = await db.query<{ action: string }>('SELECT action FROM session_steps WHERE session_id = $1 ORDER BY step', [
    id,
  ]);
  return r.rows.map((row) => JSON.parse(row.action) as GameAction);
}

/** The compare-and-set of one step, and with `end` the session's run on the ranked board, at once. */
export function recordStep(
  pool: Pool,
  id: string,
  step: number,
  action: GameAction,
  spent: number,
  end: SessionEnd | undefined,
  at: string,
): Promise<boolean> {
  return inTransaction(pool, async (tx) => {
    // Moves a live session on only from the step it is at: a finished or expired session never moves.
    const moved = await tx.query(
      'UPDATE sessions SET step = $1, spent = $2, finished = $3, stepped_at = $6 WHERE id = $4 AND step = $5 AND finished = 0',
      [step + 1, spent, end ? 1 : 0, id, step, at],
    );
    if (moved.rowCount === 0) return false;
    const inserted = await tx.query(
      `INSERT INTO session_steps (session_id, step, action) VALUES ($1, $2, $3)
       ON CONFLICT (session_id, step) DO NOTHING`,
      [id, step, JSON.stringify(action)],
    );
    if (inserted.rowCount === 0) throw new Error(`session ${id} has step ${step} recorded beyond its position`);
    if (end) await storeRun(tx, id, step + 1, spent, end);
    return true;
  });
}

/** Ends a live session at `step` without a new action, storing its run (endSession in store.ts). */
export function endSession(pool: Pool, id: string, step: number, end: SessionEnd, at: string): Promise<boolean> {
  return inTransaction(pool, async (tx) => {
    const moved = await tx.query<{ spent: number }>(
      'UPDATE sessions SET finished = 1, stepped_at = $1 WHERE id = $2 AND step = $3 AND finished = 0 RETURNING spent',
      [at, id, step],
    );
    if (moved.rowCount === 0) return false;
    await storeRun(tx, id, step, Number(moved.rows[0].spent), end);
    return true;
  });
}

export async function liveSessions(db: Queryable, q: LiveQuery): Promise<SessionRecord[]> {
  const r =
    'before' in q
      ? await db.query<SessionRow>(
          `SELECT ${SESSION_COLUMNS} FROM sessions WHERE finished = 0 AND stepped_at < $1 ORDER BY stepped_at, id LIMIT $2`,
          [q.before, q.limit],
        )
      : await db.query<SessionRow>(
          `SELECT ${SESSION_COLUMNS} FROM sessions WHERE finished = 0 AND challenge IS NULL AND game = $1 AND player_key = $2
           ORDER BY created_at, id`,
          [q.game, nameKey(q.name)],
        );
  return r.rows.map(sessionOf);
}

export async function sessionIdsBetween(
  db: Queryable,
  game: string,
  rulesVersion: string,
  name: string,
  from: string,
  to: string,
): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM sessions WHERE game = $1 AND rules_version = $2 AND player_key = $3 AND challenge IS NULL
       AND created_at >= $4 AND created_at <= $5`,
    [game, rulesVersion, nameKey(name), from, to],
  );
  return r.rows.map((x) => x.id);
}

const ATTEMPTS_SQL = RANKED_ATTEMPTS((i) => `$${i}`);
const STARTS_SQL = RANKED_STARTS((i) => `$${i}`);

export async function rankedAttempts(
  db: Queryable,
  game: string,
  rulesVersion: string,
  kind: PlayerKind,
  recent: number,
): Promise<RankedAttempts[]> {
  const starts = await db.query<{ player_key: string; n: string }>(STARTS_SQL, [game, rulesVersion]);
  const rows = await db.query<AttemptRow>(ATTEMPTS_SQL, [game, rulesVersion, kind, recent]);
  return rankedAttemptsOf(rows.rows, new Map(starts.rows.map((r) => [r.player_key, Number(r.n)])), recent, nameKey);
}

/** Expires the live sessions whose last action is before `before`; answers how many. */
export async function expireSessions(db: Queryable, before: string): Promise<number> {
  const r = await db.query(`UPDATE sessions SET finished = ${EXPIRED} WHERE finished = 0 AND stepped_at < $1`, [
    before,
  ]);
  return r.rowCount ?? 0;
}

/** The finished session's run, on the ranked board under the session's id. */
async function storeRun(tx: PoolClient, id: string, steps: number, spent: number, end: SessionEnd): Promise<void> {
  const s = (await getSession(tx, id))!;
  const recorded = await tx.query<{ action: string }>(
    'SELECT action FROM session_steps WHERE session_id = $1 ORDER BY step',
    [id],
  );
  const actions = '[' + recorded.rows.map((r) => r.action).join(',') + ']';
  const hash = runHash(s.game, s.rulesVersion, s.seed, JSON.parse(actions) as GameAction[]);
  await lockFingerprint(tx, hash);
  const inserted = await tx.query<{ seq: string }>(
    `INSERT INTO runs (id, game, rules_version, seed, actions, run_hash, player_name, player_kind, score, game_over, steps, created_at,
                       board, challenge, outcome_kind, outcome_reason, progress, spent, wide_seed, key_id, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'ranked', $13, $14, $15, $16, $17, $18, $19, $20)
     RETURNING seq`,
    [
      id,
      s.game,
      s.rulesVersion,
      seedColumns(s.seed).seed,
      actions,
      hash,
      s.player.name,
      s.player.kind,
      end.score,
      end.gameOver ? 1 : 0,
      steps,
      new Date().toISOString(),
      s.challenge,
      end.outcome.kind,
      end.outcome.reason,
      end.progress,
      spent,
      seedColumns(s.seed).wide_seed,
      s.audit?.keyId ?? null,
      end.requestId ?? null,
    ],
  );
  await keepBest(tx, {
    game: s.game,
    rules_version: s.rulesVersion,
    board: 'ranked',
    challenge: s.challenge,
    player_kind: s.player.kind,
    player_name: s.player.name,
    seq: inserted.rows[0].seq,
    score: end.score,
    steps,
  });
}
