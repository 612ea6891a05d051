/**
 * The run store: verified runs and the leaderboards built from them. Only the server writes to it, and
 * only after replaying a run on the engine, so every stored score is a replayed score. The interface is
 * deliberately narrow and asynchronous, so a PostgreSQL store can implement it next to the SQLite one.
 */
import type { GameAction, Outcome } from '../core/game.js';
import type { Run } from '../core/replay.js';
import type { Seed } from '../core/seed.js';
import type { EvaluationEnd, EvaluationRecord } from './evaluations.js';

export type PlayerKind = 'human' | 'agent';
export const PLAYER_KINDS: readonly PlayerKind[] = ['human', 'agent'];

export interface Player {
  name: string;
  kind: PlayerKind;
}

/**
 * A player name, after NFKC normalisation (`normalizePlayerName`; the server stores that form): 1 to
 * PLAYER_NAME_MAX code points of letters and digits of any script (`\p{L}`, `\p{N}`), the combining
 * marks that go with them (`\p{M}`, never first), spaces, `_ . -`; at least one letter or digit, no
 * space at either end. No emoji or other symbols: they have look-alikes the fold cannot judge. Read
 * with the `u` flag. The server's request schemas, the browser's forms and the CLI all check it.
 */
export const PLAYER_NAME_PATTERN =
  '^(?=.*[\\p{L}\\p{N}])[\\p{L}\\p{N}_.-](?:[\\p{L}\\p{M}\\p{N} _.-]*[\\p{L}\\p{M}\\p{N}_.-])?$';
export const PLAYER_NAME_MAX = 32;

/** What a name may hold, in the words every refusal of one uses. */
export const PLAYER_NAME_RULE = `1 to ${PLAYER_NAME_MAX} characters: letters and digits of any script (accents and other combining marks included), spaces, "_", "." and "-", with at least one letter or digit and no space at either end; no emoji or other symbols`;

/** A name as the server stores it: NFKC (full-width letters, ligatures and letter + accent composed). */
export function normalizePlayerName(raw: string): string {
  return raw.normalize('NFKC');
}

const PLAYER_NAME_RE = new RegExp(PLAYER_NAME_PATTERN, 'u');

/** Whether `raw` is a name the server takes, once normalised (length in code points, as the schema counts). */
export function isPlayerName(raw: string): boolean {
  const name = normalizePlayerName(raw);
  return PLAYER_NAME_RE.test(name) && [...name].length <= PLAYER_NAME_MAX;
}

/**
 * Where a run is listed. `open`: replay-verified submissions (any seed, search allowed). `ranked`: live
 * sessions the server witnessed. `daily`: the live sessions of one day's challenge. Never mixed.
 */
export type Board = 'ranked' | 'open' | 'daily';

/**
 * Who stored a row, for operators: the id of the player key used (a short prefix of its stored hash,
 * never the key; `keyIdOf` in server/ranked/players.ts) and the request's id (the `x-request-id` answered,
 * which every log line of the request carries). Null for rows stored before the store recorded them.
 */
export interface Audit {
  keyId: string | null;
  requestId: string | null;
}

/** A run the server has just replayed (or witnessed), scored as the ranking scores it. */
export interface VerifiedRun {
  run: Run;
  player: Player;
  /** The score at the ranked state: the end of the run, or its budget. */
  score: number;
  gameOver: boolean;
  /** Actions up to the ranked state. */
  steps: number;
  /**
   * Budget units spent up to the ranked state (core/budget.ts): Briarwink's ticks, so its time, where
   * one tick action may carry many. 0 for a game without a budget; null for a run stored before schema
   * version 3.
   */
  spent: number | null;
  /** How it ended; null for an unfinished run, which is stored but never listed. */
  outcome: Outcome | null;
  /** How far it got in the game's own word (wave, level, pitch, night); null if the game has none. */
  progress: number | null;
  /** Recorded with the run when given. */
  audit?: Audit;
}

/** A run as stored. */
export interface StoredRun extends VerifiedRun {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** `open` for submissions, `ranked` for finished live sessions. */
  board: 'open' | 'ranked';
  /** The UTC day (YYYY-MM-DD) of a daily-challenge session, else null. */
  challenge: string | null;
  /**
   * Who stored it, as the stores read it back (a finished session's run: the session's key id and the
   * request id of the action that ended it).
   */
  audit?: Audit;
}

/** One line of a leaderboard: a player's best run on that board. */
export interface LeaderboardEntry {
  id: string;
  player: Player;
  score: number;
  steps: number;
  /** Budget units the run spent (see VerifiedRun.spent); null for runs stored before schema version 3. */
  spent: number | null;
  /** Omitted while it is secret (today's daily challenge); a wide seed for a ranked or daily run. */
  seed?: Seed;
  progress: number | null;
  outcome: Outcome;
  createdAt: string;
  /**
   * Ranked and daily boards: how many sessions the player started there, finished or not, so that
   * starting sessions until a lucky seed comes up shows.
   */
  attempts?: number;
}

/** One player's attempts on a game's ranked board (not the daily), for the board's statistic. */
export interface RankedAttempts {
  player: Player;
  /** Scores of the player's newest finished attempts, newest first (at most the `recent` asked for). */
  recent: number[];
  /** Finished attempts in all (an abandoned session ends at its score, and counts). */
  finished: number;
  /** Sessions started, finished or not. */
  attempts: number;
  /** The best finished attempt (higher score, then fewer steps, then the earlier). */
  best: LeaderboardEntry;
}

/** Live sessions to read: those idle since before `before`, or those of a name on a game's ranked board. */
export type LiveQuery = { before: string; limit: number } | { game: string; name: string };

/** Which board to read. */
export interface BoardQuery {
  game: string;
  rulesVersion: string;
  board: Board;
  /** The day, for the daily board. */
  date?: string;
  kind: PlayerKind;
  limit: number;
}

/** Where a saved run landed. */
export interface SaveResult {
  id: string;
  createdAt: string;
  /** 1-based place on its board (one entry per player); null for an unfinished run, never listed. */
  rank: number | null;
  /** False when the same player had already stored this exact run: the earlier record is answered. */
  created: boolean;
  /** True when this save claimed the (free) name for `NameUse.claimHash`. */
  claimed: boolean;
}

/** Thrown by `save` when the same run (game, rules version, seed, actions) is stored under another name. */
export class RunCopyError extends Error {
  override name = 'RunCopyError';
}

/**
 * How a request uses a player name: the key it sent (its hash) and the key a free name would be claimed
 * with. The store checks and claims in the same transaction as the run or session the request stores,
 * so a use that stores nothing claims nothing.
 */
export interface NameUse {
  /** SHA-256 of the key sent (`x-player-key`), or null when none was sent. */
  keyHash: string | null;
  /**
   * The hash a free name is claimed with: the sent key's (a client may choose its key), or that of a
   * key the server drew; null when the sent key is too weak to claim with (a free name is then refused,
   * `NameRefusedError` `weak_key`).
   */
  claimHash: string | null;
}

/**
 * Thrown by a file store (SQLite) when its file is no longer the one it opened: deleted (no name
 * reaches it any more) or replaced by another file (a restore copied over a running server). A write
 * into it could not be found again after a restart, so nothing is acknowledged. The message names no
 * path: it may be shown to clients (`/readyz`).
 */
export class StoreFileError extends Error {
  override name = 'StoreFileError';
  readonly code: 'STORE_FILE_GONE' | 'STORE_FILE_REPLACED';
  constructor(
    readonly what: 'gone' | 'replaced',
    /** The file concerned (for logs, never for answers). */
    readonly file: string,
  ) {
    super(
      what === 'gone'
        ? 'the run store file was deleted while the server ran'
        : 'the run store file was replaced by another file while the server ran',
    );
    this.code = what === 'gone' ? 'STORE_FILE_GONE' : 'STORE_FILE_REPLACED';
  }
}

/**
 * What `rotateKey` did: `rotated` (the key is now the new one, also when it already was: a retried
 * rotation), or why not: the name is `free` (nobody owns it), `reserved`, or `owned` under another key.
 */
export type KeyRotation = 'rotated' | 'free' | 'reserved' | 'owned';

/** Why a name cannot be used: owned by another key, reserved for runs from before keys, or a weak key. */
export type NameRefusal = 'owned' | 'reserved' | 'weak_key';

/** Thrown by `save` and `createSession` when the name cannot be used; nothing is stored or claimed. */
export class NameRefusedError extends Error {
  override name = 'NameRefusedError';
  constructor(readonly reason: NameRefusal) {
    super(`the player name cannot be used (${reason})`);
  }
}

/**
 * The daily challenge's condition on a name: a finished ranked session (not a daily) of the same game
 * with at least `minActions` recorded actions, whose run was stored before `before` (the day's start).
 */
export interface DailyQualification {
  /** ISO 8601: the start of the challenge's UTC day. */
  before: string;
  minActions: number;
}

/** What starting a session did: stored (claiming the name or not), or refused with nothing stored. */
export type SessionStart = { ok: true; claimed: boolean } | { ok: false; reason: 'daily_taken' | 'not_qualified' };

/** A live session as stored: the secret seed, who plays, and how far the record goes. */
export interface SessionRecord {
  id: string;
  game: string;
  rulesVersion: string;
  /** A wide seed (32 hex digits), drawn by the server; stores also read back free seeds of older sessions. */
  seed: Seed;
  player: Player;
  /** The UTC day of a daily-challenge session, else null. */
  challenge: string | null;
  /** Recorded actions so far: the next action is step `step`. */
  step: number;
  /** Budget units spent so far. */
  spent: number;
  finished: boolean;
  createdAt: string;
  /**
   * When its last action was recorded (its start until then); read back from the store. A live
   * session with no action for the server's expiry time is expired (`expireSessions`).
   */
  steppedAt?: string;
  /** True once expired: it never moves again and lists nothing; its name stays owned. */
  expired?: boolean;
  /** Who started it (recorded when given; read back from the store). */
  audit?: Audit;
}

/** What is stored with the action that ends a session: its ranked result, listed at once. */
export interface SessionEnd {
  score: number;
  gameOver: boolean;
  outcome: Outcome;
  progress: number | null;
  /** The id of the request whose action ended the session, recorded with its run. */
  requestId?: string;
}

/**
 * Leaderboard order, the same in every implementation: higher score first, then fewer steps, then the
 * earlier submission; one entry per player (their best), finished runs only.
 */
export interface RunStore {
  /**
   * Stores a verified run (idempotent per player and run) after checking, and if free claiming, its
   * player's name in the same transaction; a run stored under another name: `RunCopyError`; a name
   * this use may not take: `NameRefusedError`. Either refusal stores and claims nothing.
   */
  save(verified: VerifiedRun, use: NameUse): Promise<SaveResult>;
  /** A stored run, or null. */
  get(id: string): Promise<StoredRun | null>;
  /** The best finished run of each player on one board, best first. */
  board(q: BoardQuery): Promise<LeaderboardEntry[]>;
  /** Resolves when the store answers a trivial query (readiness probes: `SELECT 1`); rejects otherwise. */
  ping(): Promise<void>;
  /** How many runs are stored (of one game, if given). */
  count(game?: string): Promise<number>;
  /**
   * Stores a new live session at step 0, checking (and if free claiming) its player's name in the same
   * transaction (`NameRefusedError` when refused). Refused, with nothing stored or claimed: a daily
   * challenge the same player (folded name) has already started that day (`daily_taken`: one attempt
   * per player, game and day), or, with `qualify`, a daily whose name has no qualifying ranked session
   * (`not_qualified`).
   */
  createSession(s: SessionRecord, use: NameUse, qualify?: DailyQualification): Promise<SessionStart>;
  getSession(id: string): Promise<SessionRecord | null>;
  /** The daily-challenge session a player (any name that folds to this one) started on a game and day, or null. */
  dailySession(game: string, day: string, name: string): Promise<SessionRecord | null>;
  /** The action recorded at `step` of a session, or null. */
  sessionAction(id: string, step: number): Promise<GameAction | null>;
  /** Every action recorded in a session, in step order (to rebuild its position when it is resumed). */
  sessionActions(id: string): Promise<GameAction[]>;
  /**
   * Records `action` as step `step` (the compare-and-set: false, and nothing changes, unless the
   * session is live and at exactly that step; the primary key on (session, step) backs it). With `end`, the session finishes in the same transaction and its run is
   * stored on the ranked board under the session's id.
   */
  recordStep(
    id: string,
    step: number,
    action: GameAction,
    spent: number,
    end?: SessionEnd,
    /** The time of the step (ISO 8601), kept as the session's `steppedAt`; default now. */
    at?: string,
  ): Promise<boolean>;
  /**
   * Expires every live session whose last action (or start) is before `before` (ISO 8601): it stays
   * stored, no longer moves and is no longer live. Answers how many it expired.
   */
  expireSessions(before: string): Promise<number>;
  /**
   * Pins the daily seed of a game and day: stores `seed` unless that day already has one, and answers
   * the stored one either way, so every server and every later secret agrees on the day's first draw.
   */
  pinDailySeed(game: string, day: string, seed: string): Promise<string>;
  /** The pinned daily seed of a game and day, or null if none was drawn. */
  dailySeed(game: string, day: string): Promise<string | null>;
  /**
   * Replaces the key of the owned name `name` (compared folded) with `newHash` when its key is `oldHash`,
   * in one statement, so of two rotations racing with the same old key one wins.
   */
  rotateKey(name: string, oldHash: string, newHash: string): Promise<KeyRotation>;
  /** Each player's attempts on a game's ranked board (see RankedAttempts), `recent` newest scores each. */
  rankedAttempts(game: string, rulesVersion: string, kind: PlayerKind, recent: number): Promise<RankedAttempts[]>;
  /**
   * Ends a live session where it stands (at `step`, no new action): it finishes with `end` and its run
   * is stored on its board, as a finished session's is. False, and nothing changes, unless the session
   * is live and at exactly that step.
   */
  endSession(id: string, step: number, end: SessionEnd, at?: string): Promise<boolean>;
  /**
   * Live sessions, oldest first: every one idle since before `before` (at most `limit`), or the ranked
   * (not daily) sessions of a name (folded) on a game.
   */
  liveSessions(q: LiveQuery): Promise<SessionRecord[]>;
  /**
   * The ids of the ranked (not daily) sessions a name (folded) started on a game and rules version from
   * `from` to `to` (ISO 8601, both included), finished or not.
   */
  sessionIdsBetween(game: string, rulesVersion: string, name: string, from: string, to: string): Promise<string[]>;
  /**
   * Stores a submitted evaluation (status `replaying`, with its runs), checking and if free claiming
   * its player's name in the same transaction (`NameRefusedError` when refused: nothing stored).
   */
  createEvaluation(e: EvaluationRecord, use: NameUse): Promise<{ claimed: boolean }>;
  /** Records how many of a replaying evaluation's runs are replayed. */
  evaluationProgress(id: string, replayed: number): Promise<void>;
  /** Ends a replaying evaluation: published with its figures, or refused with the reason. */
  endEvaluation(id: string, end: EvaluationEnd): Promise<void>;
  /** An evaluation (with its runs when `withRuns`), or null. */
  getEvaluation(id: string, withRuns?: boolean): Promise<EvaluationRecord | null>;
  /** The published evaluations of a game (without their runs), highest mean first, then the earlier one. */
  evaluations(game: string): Promise<EvaluationRecord[]>;
  close(): Promise<void>;
}
