/**
 * The run store: verified runs and the leaderboards built from them. Only the server writes to it, and
 * only after replaying a run on the engine, so every stored score is a replayed score. The interface is
 * deliberately narrow and asynchronous, so a PostgreSQL store can implement it next to the SQLite one.
 */
import type { Run } from '../core/replay.js';

export type PlayerKind = 'human' | 'agent';
export const PLAYER_KINDS: readonly PlayerKind[] = ['human', 'agent'];

export interface Player {
  name: string;
  kind: PlayerKind;
}

/**
 * A player name: 1 to PLAYER_NAME_MAX letters, digits, spaces, `_ . -`, no space at either end. The
 * server's request schema and the browser's form both check it.
 */
export const PLAYER_NAME_PATTERN = '^[A-Za-z0-9_.-]([A-Za-z0-9 _.-]*[A-Za-z0-9_.-])?$';
export const PLAYER_NAME_MAX = 32;

/** A run the server has just replayed: the run itself, who played it, and what the replay gave. */
export interface VerifiedRun {
  run: Run;
  player: Player;
  score: number;
  gameOver: boolean;
  steps: number;
}

/** A run as stored. */
export interface StoredRun extends VerifiedRun {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** One line of a leaderboard. */
export interface LeaderboardEntry {
  id: string;
  player: Player;
  score: number;
  steps: number;
  seed: number;
  createdAt: string;
}

/** Where a saved run landed. */
export interface SaveResult {
  id: string;
  createdAt: string;
  /** 1-based place among runs of the same game, rules version and player kind. */
  rank: number;
  /** False when the same player had already stored this exact run: the earlier record is answered. */
  created: boolean;
}

/**
 * Leaderboard order, the same in every implementation: higher score first, then fewer steps, then the
 * earlier submission.
 */
export interface RunStore {
  /** Stores a verified run (idempotent per player and run). */
  save(verified: VerifiedRun): Promise<SaveResult>;
  /** A stored run, or null. */
  get(id: string): Promise<StoredRun | null>;
  /** The best runs of one game under one rules version, for one kind of player. */
  top(game: string, rulesVersion: string, kind: PlayerKind, limit: number): Promise<LeaderboardEntry[]>;
  /** How many runs are stored (of one game, if given). */
  count(game?: string): Promise<number>;
  close(): Promise<void>;
}
