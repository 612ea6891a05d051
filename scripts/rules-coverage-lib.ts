/**
 * Rules coverage: which tests name which rule ids. Each game may keep `src/games/<slug>/rules-index.ts`
 * exporting `RULES: {id, rule}[]`, one entry per rule sentence of its seed file; a test names a rule by
 * putting its id (`CW-014`) in its title or in an enclosing `describe` title. A rule no title names is
 * uncovered. Reading titles from source text (rather than running the tests) keeps this instant and
 * lets it run where the tests cannot.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A rule id: two or three capitals, a dash, three digits (`CW-014`, `WY-102`). */
export const RULE_ID = /\b[A-Z]{2,3}-\d{3}\b/g;

/** One test title that names rule ids. */
export interface NamedBy {
  file: string;
  title: string;
}

/** One game's rules and who names them; `rules` is null when the game has no index yet. */
export interface GameCoverage {
  slug: string;
  rules: { id: string; rule: string; tests: NamedBy[] }[] | null;
}

/**
 * The titles of `it`, `test` and `describe` calls in a test file's source (`.each(...)` tables and
 * `.only` / `.concurrent` included; `.skip` and `.todo` excluded, since a skipped test checks nothing).
 * A title may start on the line after the call, as Prettier wraps long ones.
 */
export function testTitles(source: string): string[] {
  const call =
    /\b(?:it|test|describe)(?:\.(?:only|concurrent|sequential))?(?:\.each\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const out: string[] = [];
  for (const m of source.matchAll(call)) out.push(m[2]);
  return out;
}

/** The rule ids named in a title, in order, without repeats. */
export function idsIn(title: string): string[] {
  return [...new Set(title.match(RULE_ID) ?? [])];
}

/** Every `*.test.ts` file under the given folders (paths relative to `root`), skipping node_modules. */
export function testFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name === 'node_modules') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.test.ts')) out.push(relative(root, path));
    }
  };
  for (const d of dirs) walk(join(root, d));
  return out;
}

/** Every rule id named by a test title, with the titles that name it. */
export function namedIds(root: string, files: readonly string[]): Map<string, NamedBy[]> {
  const named = new Map<string, NamedBy[]>();
  for (const file of files) {
    for (const title of testTitles(readFileSync(join(root, file), 'utf8'))) {
      for (const id of idsIn(title)) {
        const list = named.get(id) ?? [];
        list.push({ file, title });
        named.set(id, list);
      }
    }
  }
  return named;
}

/** Joins each game's index (null: no index) with the titles that name its ids. */
export function coverage(
  games: readonly { slug: string; rules: readonly { id: string; rule: string }[] | null }[],
  named: ReadonlyMap<string, NamedBy[]>,
): GameCoverage[] {
  return games.map((g) => ({
    slug: g.slug,
    rules: g.rules === null ? null : g.rules.map((r) => ({ ...r, tests: named.get(r.id) ?? [] })),
  }));
}

/**
 * Ids named by tests that no index holds although their prefix is an index's (a typo, or a rule
 * renumbered away). Other id-shaped words (`AES-256`) are not rule ids and are left alone.
 */
export function strayIds(games: readonly GameCoverage[], named: ReadonlyMap<string, NamedBy[]>): string[] {
  const known = new Set(games.flatMap((g) => (g.rules ?? []).map((r) => r.id)));
  const prefixes = new Set([...known].map((id) => id.split('-')[0]));
  return [...named.keys()].filter((id) => prefixes.has(id.split('-')[0]) && !known.has(id)).sort();
}

/** Index ids that appear twice (each id must name one rule). */
export function duplicateIds(rules: readonly { id: string }[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const r of rules) (seen.has(r.id) ? twice : seen).add(r.id);
  return [...twice];
}
