/**
 * The schema version both run stores share. SQLite (`sqlite.ts`) and PostgreSQL (`postgres-schema.ts`)
 * each keep their own SQL, but migration N means the same change in both, so a version number says the
 * same thing whichever database holds it. Each store refuses a database newer than it knows: an older
 * server must not write into tables a later one changed.
 */
import { createHash } from 'node:crypto';
import type { GameAction } from '../core/game.js';

/** The version a current store migrates to. */
export const SCHEMA_VERSION = 4;

/** What each migration does, by target version (MIGRATION_TITLES[v - 1] takes v - 1 to v). */
export const MIGRATION_TITLES: readonly string[] = [
  'runs: the table of stored runs',
  'ranked play: boards, outcomes, owned names, live sessions and their steps',
  'runs: the budget units each run spent (its time, for a game that counts ticks); NULL for older runs',
  // Version 6 once ranked seeds (4) and the store's audit and expiry (5) are merged: names.ts.
  'names: owned by their folded form (case, spaces, look-alikes); unused claims freed; names of runs from before keys reserved',
];

/** Thrown when a database has a schema version this server does not know. */
export class NewerSchemaError extends Error {
  override name = 'NewerSchemaError';
  constructor(found: number) {
    super(`the run store has schema version ${found}; this server knows up to ${SCHEMA_VERSION}`);
  }
}

/** A stable fingerprint of a run: each run is stored once, under the first player to store it. */
export function runHash(game: string, rulesVersion: string, seed: number, actions: GameAction[]): string {
  return createHash('sha256')
    .update(JSON.stringify([game, rulesVersion, seed, actions]))
    .digest('base64url');
}
