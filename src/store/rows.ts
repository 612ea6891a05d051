/**
 * The rows both stores read (the same tables in SQLite and PostgreSQL) and how each becomes the
 * store interface's value. PostgreSQL answers its BIGINT columns (seq, seed, counts) as strings and
 * SQLite as numbers, so those columns are typed as either and read through `Number`. A wide seed lives
 * in `wide_seed` (TEXT) with `seed` -1; a free seed in `seed` with `wide_seed` NULL.
 */
import type { GameAction } from '../core/game.js';
import type { Seed } from '../core/seed.js';
import type { Audit, LeaderboardEntry, PlayerKind, RankedAttempts, SessionRecord, StoredRun } from './store.js';

type Big = number | string;

/** The two seed columns of a seed. */
export function seedColumns(seed: Seed): { seed: number; wide_seed: string | null } {
  return typeof seed === 'number' ? { seed, wide_seed: null } : { seed: -1, wide_seed: seed };
}

/** The seed of a row's two seed columns. */
export function seedOfRow(r: { seed: Big; wide_seed?: string | null }): Seed {
  return r.wide_seed ?? Number(r.seed);
}

/** A row of `runs`. */
export interface RunRow {
  seq: Big;
  id: string;
  game: string;
  rules_version: string;
  seed: Big;
  wide_seed: string | null;
  actions: string;
  player_name: string;
  player_kind: PlayerKind;
  score: number;
  game_over: number;
  steps: number;
  spent: number | null;
  created_at: string;
  board: 'open' | 'ranked';
  challenge: string | null;
  outcome_kind: 'terminated' | 'truncated' | 'ended' | null;
  outcome_reason: string | null;
  progress: number | null;
  key_id: string | null;
  request_id: string | null;
}

/** A row of `sessions` (the columns the stores select). */
export interface SessionRow {
  id: string;
  game: string;
  rules_version: string;
  seed: Big;
  wide_seed: string | null;
  player_name: string;
  player_kind: PlayerKind;
  challenge: string | null;
  step: number;
  spent: number;
  /** 0 live, 1 finished (its run stored), 2 expired. */
  finished: number;
  created_at: string;
  key_id: string | null;
  request_id: string | null;
  stepped_at: string | null;
}

/** A line of a board query: a finished run's shown columns and the player's attempts. */
export interface BoardRow {
  id: string;
  player_name: string;
  player_kind: PlayerKind;
  score: number;
  steps: number;
  spent: number | null;
  seed: Big;
  wide_seed: string | null;
  progress: number | null;
  outcome_kind: 'terminated' | 'truncated' | 'ended';
  outcome_reason: string;
  created_at: string;
  attempts: Big;
}

/** A stored run from its row. */
export function storedRunOf(r: RunRow): StoredRun {
  return {
    id: r.id,
    createdAt: r.created_at,
    run: {
      game: r.game,
      rulesVersion: r.rules_version,
      seed: seedOfRow(r),
      actions: JSON.parse(r.actions) as GameAction[],
    },
    player: { name: r.player_name, kind: r.player_kind },
    score: r.score,
    gameOver: r.game_over === 1,
    steps: r.steps,
    spent: r.spent,
    outcome: r.outcome_kind === null ? null : { kind: r.outcome_kind, reason: r.outcome_reason ?? '' },
    progress: r.progress,
    board: r.board,
    challenge: r.challenge,
    audit: auditOf(r),
  };
}

/** The audit columns of a row. */
const auditOf = (r: { key_id: string | null; request_id: string | null }): Audit => ({
  keyId: r.key_id ?? null,
  requestId: r.request_id ?? null,
});

/** `sessions.finished` of an expired session (0 live, 1 finished). */
export const EXPIRED = 2;

/** A live session from its row. */
export function sessionOf(r: SessionRow): SessionRecord {
  return {
    id: r.id,
    game: r.game,
    rulesVersion: r.rules_version,
    seed: seedOfRow(r),
    player: { name: r.player_name, kind: r.player_kind },
    challenge: r.challenge,
    step: r.step,
    spent: r.spent,
    finished: r.finished === 1,
    createdAt: r.created_at,
    steppedAt: r.stepped_at ?? r.created_at,
    expired: r.finished === EXPIRED,
    audit: auditOf(r),
  };
}

/** A board line from its row; ranked and daily boards show the player's attempts. */
export function boardEntryOf(r: BoardRow, ranked: boolean): LeaderboardEntry {
  return {
    id: r.id,
    player: { name: r.player_name, kind: r.player_kind },
    score: r.score,
    steps: r.steps,
    spent: r.spent,
    seed: seedOfRow(r),
    progress: r.progress,
    outcome: { kind: r.outcome_kind, reason: r.outcome_reason },
    createdAt: r.created_at,
    ...(ranked ? { attempts: Number(r.attempts) } : {}),
  };
}

/** A row of RANKED_ATTEMPTS (board-sql.ts). */
export interface AttemptRow extends BoardRow {
  seq: number | string;
  recent: number | string;
  place: number | string;
  finished: number | string;
}

/** The players' attempts from RANKED_ATTEMPTS rows and RANKED_STARTS counts (by folded name). */
export function rankedAttemptsOf(
  rows: AttemptRow[],
  starts: Map<string, number>,
  recent: number,
  fold: (name: string) => string,
): RankedAttempts[] {
  const out = new Map<string, RankedAttempts>();
  for (const r of rows) {
    let p = out.get(r.player_name);
    if (!p) {
      p = {
        player: { name: r.player_name, kind: r.player_kind },
        recent: [],
        finished: Number(r.finished),
        attempts: starts.get(fold(r.player_name)) ?? Number(r.finished),
        best: undefined as unknown as LeaderboardEntry,
      };
      out.set(r.player_name, p);
    }
    if (Number(r.recent) <= recent) p.recent.push(r.score);
    if (Number(r.place) === 1) p.best = boardEntryOf({ ...r, attempts: p.attempts }, true);
  }
  return [...out.values()];
}
