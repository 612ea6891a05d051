/**
 * The Python package registers one Gymnasium id per game from its `GAMES` table, which
 * scripts/build-python-games.ts writes from the registry into clients/python/src/gameboard/_games.py (the
 * file is committed). No compiler checks Python against the registry: this test writes the file again in
 * memory and fails when the committed one is stale (a game registered or renamed without the rebuild),
 * reads the committed table as text (no virtual environment needed), and checks that the package's
 * `__init__.py` takes its `GAMES` from there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/games/index.js';
import { PYTHON_GAMES, pythonGames } from '../scripts/build-python-games.js';
import { testRegistry } from './fixtures/registry.js';

const FILE = 'clients/python/src/gameboard/_games.py';
const INIT = 'clients/python/src/gameboard/__init__.py';

/** The `slug: id` pairs of a `GAMES = {...}` literal, in order. */
function tableOf(text: string): [string, string][] {
  const literal = /^GAMES\s*=\s*\{([^}]*)\}/m.exec(text);
  if (!literal) throw new Error(`${FILE} has no GAMES = {...} table`);
  const pairs = [...literal[1]!.matchAll(/"([^"]+)"\s*:\s*"([^"]+)"/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  // nothing in the literal may escape the pattern (a single-quoted entry would be silently skipped)
  const rest = literal[1]!.replace(/"([^"]+)"\s*:\s*"([^"]+)"/g, '').replace(/[\s,]/g, '');
  if (rest !== '') throw new Error(`${FILE} GAMES has entries this test cannot read: ${rest}`);
  return pairs;
}

const committed = () => readFileSync(PYTHON_GAMES, 'utf8');

describe(`${FILE} GAMES`, () => {
  it('equals a build from the registry now (else: npm run build:python-games)', () => {
    expect(committed() === pythonGames(), `${FILE} is stale: run \`npm run build:python-games\` and commit it`).toBe(
      true,
    );
  });

  it('names exactly the registered games, in catalogue order', () => {
    expect(
      tableOf(committed()).map(([slug]) => slug),
      `${FILE} GAMES must list every registered slug`,
    ).toEqual(registry.slugs());
  });

  it.each(registry.slugs())('maps %s to Gameboard/<its spec name>-v0', (slug) => {
    const id = new Map(tableOf(committed())).get(slug);
    expect(id, `${FILE} GAMES has no entry for "${slug}"`).toBe(`Gameboard/${registry.get(slug)!.spec.name}-v0`);
  });

  it('grows with the registry: a sixth game (the Cairn fixture) gets its id with no line written by hand', () => {
    expect(tableOf(pythonGames(testRegistry.games))).toEqual([
      ...tableOf(committed()),
      ['cairn', 'Gameboard/Cairn-v0'],
    ]);
  });

  it(`is what ${INIT} registers`, () => {
    expect(readFileSync(new URL(`../${INIT}`, import.meta.url), 'utf8')).toMatch(/^from \._games import GAMES\b/m);
  });
});
