/**
 * The schema version both run stores share. SQLite (`sqlite.ts`) and PostgreSQL (`postgres-schema.ts`)
 * each keep their own SQL, but migration N means the same change in both, so a version number says the
 * same thing whichever database holds it. Each store refuses a database newer than it knows: an older
 * server must not write into tables a later one changed.
 */
import { createHash } from 'node:crypto';
import type { GameAction } from '../core/game.js';
import type { Seed } from '../core/seed.js';

/** The version a current store migrates to. */
export const SCHEMA_VERSION = 8;

/** What each migration does, by target version (MIGRATION_TITLES[v - 1] takes v - 1 to v). */
export const MIGRATION_TITLES: readonly string[] = [
  'runs: the table of stored runs',
  'ranked play: boards, outcomes, owned names, live sessions and their steps',
  'runs: the budget units each run spent (its time, for a game that counts ticks); NULL for older runs',
  "wide seeds: runs.wide_seed and sessions.wide_seed (32 hex digits, seed -1; NULL for a free seed) and daily_seeds, each day's seed pinned when first drawn",
  "the store: each player's kept best run per board (board reads cost a page), the index of sessions by player, audit columns (key id, request id) on runs and sessions, and the last step's time of a session",
  'names: owned by their folded form (case, spaces, look-alikes); unused claims freed; names of runs from before keys reserved',
  'evaluations: whole result files of a suite, replayed and kept for the benchmark boards',
  'Unicode names: players, sessions and the kept bests keyed again by the new fold (NFKC, separators, confusables); where stored names now fold together the earliest claim keeps it',
];

/** Thrown when a database has a schema version this server does not know. */
export class NewerSchemaError extends Error {
  override name = 'NewerSchemaError';
  constructor(found: number) {
    super(`the run store has schema version ${found}; this server knows up to ${SCHEMA_VERSION}`);
  }
}

/**
 * Schema version 4, the same SQL in both stores: wide seeds in TEXT columns of their own (SQLite's
 * INTEGER affinity would turn an all-digit hex string into a number), `seed` -1 beside them; and the
 * daily seeds, pinned on first draw so that a secret rotated during the day cannot change the day's seed.
 */
export const WIDE_SEED_MIGRATION = `
  ALTER TABLE runs ADD COLUMN wide_seed TEXT;
  ALTER TABLE sessions ADD COLUMN wide_seed TEXT;
  CREATE TABLE daily_seeds (
    game       TEXT NOT NULL,
    day        TEXT NOT NULL,
    seed       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game, day)
  );`;

/**
 * A stable fingerprint of a run: each run is stored once, under the first player to store it. A wide
 * seed is a JSON string, so it never collides with a free seed's number and free runs keep their hash.
 */
export function runHash(game: string, rulesVersion: string, seed: Seed, actions: GameAction[]): string {
  return createHash('sha256')
    .update(JSON.stringify([game, rulesVersion, seed, actions]))
    .digest('base64url');
}
