/**
 * Player names as the stores own them: the folded form that decides which names are one name, and the
 * marker of a reserved name. `foldName` is the only definition of the fold: every insert and lookup
 * calls it, the stores keep its result in `players.name_key`, `sessions.player_key` and
 * `board_best.player_key`, and SQL compares those columns, never folds. Migration 8 re-keyed stored
 * names with it in JavaScript (`rekeyPlayers`, `rekeySessions`).
 *
 * Folding, in this order (docs/ranked.md has the table):
 * 1. NFKC: compatibility forms to their plain letters (`Ｚｏｅ` full-width, `ﬁ`, a letter and a combining
 *    accent to the composed letter);
 * 2. the fold names had before (schema 6, `legacyFold`): lower case, runs of spaces, `rn`/`m`, `vv`/`w`,
 *    `i l 1`, `0 o`, `5 s`, `2 z`, `8 b`, so names that were one name stay one name;
 * 3. invisible characters (Unicode's default-ignorable code points: joiners, variation selectors) dropped;
 * 4. confusables: the UTS #39 skeleton (NFD, each character to its prototype in Unicode's
 *    confusables.txt, as the `unhomoglyph` package carries it, NFD again), then full case (upper then
 *    lower case, so `ß` and `ss` are one), then the skeleton once more and case once more, so a look-alike
 *    in either case lands on one form (Cyrillic `а` and `А`, Greek `ο`, `ǀ`);
 * 5. separators: every run of spaces, `_`, `.` and `-` to one space, and none at either end;
 * 6. look-alike sequences again, on the skeleton: `cl` to `d`, `rn` to `m`, `vv` to `w`, and the
 *    characters of step 2.
 *
 * So `Ada Lovelace`, `ada_lovelace`, `-Ada.Lovelace-`, `Аda Lovelace` (Cyrillic А), `Ａｄａ Ｌｏｖｅｌａｃｅ`
 * and `ada LoveIace` are one name; `clave` and `dave` too. Folding only decides ownership, the daily's
 * one attempt and the boards' attempt counts: boards and answers keep the name as it was stored.
 */
import unhomoglyph from 'unhomoglyph';

/** Look-alike sequences, replaced first, in this order (each left to right, all occurrences). */
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
 * rounds, so 7 fold any run up to 128 (names had at most 32 characters).
 */
const SPACE_ROUNDS = 7;

/**
 * The fold of schema 6 (before names were Unicode), kept as it was: the first step of `foldName`, so
 * every two names it made one stay one. `LOWER` in SQLite folds ASCII only, which was all a name held.
 */
export function legacyFold(name: string): string {
  let s = name.toLowerCase();
  for (let i = 0; i < SPACE_ROUNDS; i++) s = s.replaceAll('  ', ' ');
  for (const [from, to] of FOLD_PAIRS) s = s.replaceAll(from, to);
  for (const [from, to] of FOLD_CHARS) s = s.replaceAll(from, to);
  return s;
}

/**
 * `legacyFold` as an SQL expression over `expr`, for migration 6 only (it ran in SQL in both stores,
 * and a store still at version 5 runs it so). Nothing after migration 6 folds in SQL.
 */
function legacyFoldSql(expr: string): string {
  let s = `LOWER(${expr})`;
  for (let i = 0; i < SPACE_ROUNDS; i++) s = `REPLACE(${s}, '  ', ' ')`;
  for (const [from, to] of [...FOLD_PAIRS, ...FOLD_CHARS]) s = `REPLACE(${s}, '${from}', '${to}')`;
  return s;
}

/** Unicode's default-ignorable code points: drawn as nothing. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Separators: runs of spaces, `_`, `.`, `-` (and other white space) are one. */
const SEPARATORS = /[\s_.-]+/gu;

/** UTS #39's skeleton: NFD, each character to its confusable prototype, NFD. */
function skeleton(s: string): string {
  return unhomoglyph(s.normalize('NFD')).normalize('NFD');
}

/** Full case: upper then lower case (`ß` to `SS` to `ss`, `ς` and `σ` alike). */
function fullCase(s: string): string {
  return s.toUpperCase().toLowerCase();
}

/** A name's folded form: its key in the players table, in sessions and in the kept bests. */
export function foldName(name: string): string {
  let s = legacyFold(name.normalize('NFKC')).replace(INVISIBLE, '');
  s = fullCase(skeleton(fullCase(skeleton(s))));
  s = s.replace(SEPARATORS, ' ').trim();
  s = s.replaceAll('cl', 'd');
  return legacyFold(s);
}

/**
 * The key hash of a reserved name: runs stored under it before names had keys (schema version 1).
 * No key hashes to it (a hash is 43 base64url characters), so nobody can use the name; its runs stay
 * listed under it. An operator can release one by deleting its row from `players`.
 */
export const RESERVED_KEY_HASH = 'reserved:legacy';

/**
 * Schema migration 6 (numbered 6 once 4, ranked seeds, and 5, the store's audit and expiry, are in),
 * in SQL both stores run unchanged, with the fold of its day (`legacyFold`; migration 8 re-keys with
 * `foldName`):
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
    SELECT ${legacyFoldSql('player_name')} AS k FROM runs UNION SELECT ${legacyFoldSql('player_name')} AS k FROM sessions
  ),
  ranked AS (
    SELECT ${legacyFoldSql('p.name')} AS folded, p.name, p.key_hash, p.created_at,
      ROW_NUMBER() OVER (PARTITION BY ${legacyFoldSql('p.name')} ORDER BY p.created_at, p.name_key) AS rn
    FROM players p JOIN used u ON u.k = ${legacyFoldSql('p.name')}
  )
  INSERT INTO players_folded (name_key, name, key_hash, created_at)
  SELECT folded, name, key_hash, created_at FROM ranked WHERE rn = 1;
  WITH legacy AS (
    SELECT ${legacyFoldSql('player_name')} AS folded, player_name AS name, created_at,
      ROW_NUMBER() OVER (PARTITION BY ${legacyFoldSql('player_name')} ORDER BY created_at, seq) AS rn
    FROM runs
  )
  INSERT INTO players_folded (name_key, name, key_hash, created_at)
  SELECT folded, name, '${RESERVED_KEY_HASH}', created_at FROM legacy WHERE rn = 1
  ON CONFLICT (name_key) DO NOTHING;
  DROP TABLE players;
  ALTER TABLE players_folded RENAME TO players;
  DROP INDEX sessions_daily;
  UPDATE sessions SET player_key = ${legacyFoldSql('player_name')};
  UPDATE sessions SET player_key = player_key || '#' || id
  WHERE challenge IS NOT NULL AND EXISTS (
    SELECT 1 FROM sessions o
    WHERE o.game = sessions.game AND o.challenge = sessions.challenge AND o.player_key = sessions.player_key
      AND (o.created_at < sessions.created_at OR (o.created_at = sessions.created_at AND o.id < sessions.id)));
  CREATE UNIQUE INDEX sessions_daily ON sessions (game, challenge, player_key) WHERE challenge IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sessions_player ON sessions (player_key, game);`;

/** A `players` row as migration 8 reads and writes it. */
export interface PlayerRow {
  name_key: string;
  name: string;
  key_hash: string;
  created_at: string;
}

/**
 * Migration 8's players: every row keyed again by `foldName` of its name. Where stored names now fold
 * together (`ada_lovelace` and `ada.lovelace`), the earliest claim keeps the name (then the smaller
 * old key), as migration 6 decided; the others' keys own nothing from then on, and their runs stay
 * listed under their exact names. Reserved names stay reserved.
 */
export function rekeyPlayers(rows: readonly PlayerRow[]): PlayerRow[] {
  const kept = new Map<string, PlayerRow>();
  const order = [...rows].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.name_key < b.name_key ? -1 : 1,
  );
  for (const r of order) {
    const key = foldName(r.name);
    if (!kept.has(key)) kept.set(key, { ...r, name_key: key });
  }
  return [...kept.values()];
}

/** A `sessions` row as migration 8 reads it. */
export interface SessionKeyRow {
  id: string;
  game: string;
  challenge: string | null;
  player_name: string;
  player_key: string;
  created_at: string;
}

/**
 * Migration 8's session keys: `foldName` of each session's name; where two daily sessions of one game
 * and day now fold together, the earliest (then the smaller id) keeps the key and the others get
 * `key#id`, as migration 6 did, so the one-attempt index holds. Returns only the keys that change.
 */
export function rekeySessions(rows: readonly SessionKeyRow[]): { id: string; player_key: string }[] {
  const order = [...rows].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
  );
  const daily = new Set<string>();
  const changed: { id: string; player_key: string }[] = [];
  for (const r of order) {
    let key = foldName(r.player_name);
    if (r.challenge !== null) {
      const slot = JSON.stringify([r.game, r.challenge, key]);
      if (daily.has(slot)) key = `${key}#${r.id}`;
      else daily.add(slot);
    }
    if (key !== r.player_key) changed.push({ id: r.id, player_key: key });
  }
  return changed;
}

/**
 * Migration 8's SQL around the re-keying (the same in both stores): the kept bests get the folded
 * name their attempt counts compare (`board_best.player_key`, filled by the store in JavaScript), and
 * the one-daily-attempt index is dropped while session keys change and built again after
 * (`NAMES_REKEY_AFTER`).
 */
export const NAMES_REKEY_BEFORE = `
  ALTER TABLE board_best ADD COLUMN player_key TEXT NOT NULL DEFAULT '';
  DROP INDEX sessions_daily;`;
export const NAMES_REKEY_AFTER = `
  CREATE UNIQUE INDEX sessions_daily ON sessions (game, challenge, player_key) WHERE challenge IS NOT NULL;`;

/** Recorded actions a ranked session needs to qualify its name for the daily (so `endRun` at once does not). */
export const DAILY_QUALIFYING_ACTIONS = 20;
