/**
 * Player names as the stores own them: the folded form that decides which names are one name, the
 * same in JavaScript (every insert and lookup) and in SQL (the migration that re-keys stored names,
 * and the boards' attempt counts), and the marker of a reserved name.
 *
 * Folding, in this order (docs/ranked.md has the table):
 * 1. case: ASCII letters to lower case (names are ASCII: `PLAYER_NAME_PATTERN`);
 * 2. whitespace: every run of spaces to one space;
 * 3. look-alike pairs of letters: `rn` to `m`, `vv` to `w`;
 * 4. look-alike characters: `i`, `l`, `1` (so also `I`, `L`) to `l`; `0` to `o`; `5` to `s`; `2` to `z`;
 *    `8` to `b`.
 *
 * So `Ada  Lovelace`, `ada lovelace`, `Ada LoveIace` and `Ada L0ve1ace` are one name. Folding only
 * decides ownership and the one daily attempt: boards and answers keep the name as it was sent.
 */

/** Look-alike sequences replaced first, in this order (each replaced left to right, all occurrences). */
const FOLD_PAIRS: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
];

/** Look-alike characters, each replaced by its class's representative. */
const FOLD_CHARS: readonly (readonly [string, string])[] = [
  ['i', 'l'],
  ['1', 'l'],
  ['0', 'o'],
  ['5', 's'],
  ['2', 'z'],
  ['8', 'b'],
];

/**
 * Rounds of "two spaces to one" that fold a run of spaces: a run of n spaces needs ceil(log2 n)
 * rounds, so 7 fold any run up to 128 (names have at most 32 characters). SQL has no portable
 * regular-expression replace, so JavaScript folds the same way SQL does.
 */
const SPACE_ROUNDS = 7;

/** A name's folded form: its key in the players table and in live sessions. */
export function foldName(name: string): string {
  let s = name.toLowerCase();
  for (let i = 0; i < SPACE_ROUNDS; i++) s = s.replaceAll('  ', ' ');
  for (const [from, to] of FOLD_PAIRS) s = s.replaceAll(from, to);
  for (const [from, to] of FOLD_CHARS) s = s.replaceAll(from, to);
  return s;
}

/**
 * The same fold as an SQL expression over `expr` (a column), for SQLite and PostgreSQL alike: both
 * have `LOWER` (ASCII in SQLite, which is all a name holds) and `REPLACE`, replacing every occurrence
 * left to right without overlaps, as `replaceAll` does.
 */
export function foldNameSql(expr: string): string {
  let s = `LOWER(${expr})`;
  for (let i = 0; i < SPACE_ROUNDS; i++) s = `REPLACE(${s}, '  ', ' ')`;
  for (const [from, to] of [...FOLD_PAIRS, ...FOLD_CHARS]) s = `REPLACE(${s}, '${from}', '${to}')`;
  return s;
}

/**
 * The key hash of a reserved name: runs stored under it before names had keys (schema version 1).
 * No key hashes to it (a hash is 43 base64url characters), so nobody can use the name; its runs stay
 * listed under it. An operator can release one by deleting its row from `players`.
 */
export const RESERVED_KEY_HASH = 'reserved:legacy';

/**
 * Schema migration 6 (numbered 6 once 4, ranked seeds, and 5, the store's audit and expiry, are in),
 * in SQL both stores run unchanged:
 *
 * - `players` is rebuilt keyed by the folded name. A name claimed but never used (no run, no session
 *   under it: a claim whose copy or daily start was refused, or whose write failed, so its key was
 *   never answered) is freed. Where used names fold together, the earliest claim keeps the folded
 *   name; the others' keys no longer own it (their runs stay listed under their exact names).
 * - Names of runs with no players row (stored before schema version 2) are reserved for those runs.
 * - `sessions.player_key` becomes the folded name; where two daily sessions of one game and day fold
 *   together, the earliest keeps the key and the others get `key#id` (no name folds to it).
 * - An index on sessions by player and game, for the daily's qualifying-session lookup.
 */
export const NAMES_MIGRATION = `
  CREATE TABLE players_folded (
    name_key   TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    key_hash   TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  WITH used AS (
    SELECT ${foldNameSql('player_name')} AS k FROM runs UNION SELECT ${foldNameSql('player_name')} AS k FROM sessions
  ),
  ranked AS (
    SELECT ${foldNameSql('p.name')} AS folded, p.name, p.key_hash, p.created_at,
      ROW_NUMBER() OVER (PARTITION BY ${foldNameSql('p.name')} ORDER BY p.created_at, p.name_key) AS rn
    FROM players p JOIN used u ON u.k = ${foldNameSql('p.name')}
  )
  INSERT INTO players_folded (name_key, name, key_hash, created_at)
  SELECT folded, name, key_hash, created_at FROM ranked WHERE rn = 1;
  WITH legacy AS (
    SELECT ${foldNameSql('player_name')} AS folded, player_name AS name, created_at,
      ROW_NUMBER() OVER (PARTITION BY ${foldNameSql('player_name')} ORDER BY created_at, seq) AS rn
    FROM runs
  )
  INSERT INTO players_folded (name_key, name, key_hash, created_at)
  SELECT folded, name, '${RESERVED_KEY_HASH}', created_at FROM legacy WHERE rn = 1
  ON CONFLICT (name_key) DO NOTHING;
  DROP TABLE players;
  ALTER TABLE players_folded RENAME TO players;
  DROP INDEX sessions_daily;
  UPDATE sessions SET player_key = ${foldNameSql('player_name')};
  UPDATE sessions SET player_key = player_key || '#' || id
  WHERE challenge IS NOT NULL AND EXISTS (
    SELECT 1 FROM sessions o
    WHERE o.game = sessions.game AND o.challenge = sessions.challenge AND o.player_key = sessions.player_key
      AND (o.created_at < sessions.created_at OR (o.created_at = sessions.created_at AND o.id < sessions.id)));
  CREATE UNIQUE INDEX sessions_daily ON sessions (game, challenge, player_key) WHERE challenge IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sessions_player ON sessions (player_key, game);`;

/** Recorded actions a ranked session needs to qualify its name for the daily (so `endRun` at once does not). */
export const DAILY_QUALIFYING_ACTIONS = 20;
