/**
 * The Python package registers one Gymnasium id per game from its `GAMES` table
 * (clients/python/src/gameboard/__init__.py). That table is Python, so no compiler checks it against the
 * registry: this test does, reading the file as text (no virtual environment needed), so a new game
 * fails here, naming the file, instead of going missing from `gymnasium.make`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/games/index.js';

const FILE = 'clients/python/src/gameboard/__init__.py';

/** The `slug: id` pairs of the `GAMES = {...}` literal, in order. */
function pythonGames(): [string, string][] {
  const text = readFileSync(new URL(`../${FILE}`, import.meta.url), 'utf8');
  const literal = /^GAMES\s*=\s*\{([^}]*)\}/m.exec(text);
  if (!literal) throw new Error(`${FILE} has no GAMES = {...} table`);
  const pairs = [...literal[1]!.matchAll(/"([^"]+)"\s*:\s*"([^"]+)"/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  // nothing in the literal may escape the pattern (a single-quoted entry would be silently skipped)
  const rest = literal[1]!.replace(/"([^"]+)"\s*:\s*"([^"]+)"/g, '').replace(/[\s,]/g, '');
  if (rest !== '') throw new Error(`${FILE} GAMES has entries this test cannot read: ${rest}`);
  return pairs;
}

describe(`${FILE} GAMES`, () => {
  it('names exactly the registered games, in catalogue order', () => {
    expect(
      pythonGames().map(([slug]) => slug),
      `${FILE} GAMES must list every registered slug`,
    ).toEqual(registry.slugs());
  });

  it.each(registry.slugs())('maps %s to Gameboard/<its spec name>-v0', (slug) => {
    const id = new Map(pythonGames()).get(slug);
    expect(id, `${FILE} GAMES has no entry for "${slug}"`).toBe(`Gameboard/${registry.get(slug)!.spec.name}-v0`);
  });
});
