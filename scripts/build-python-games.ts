/**
 * `npm run build:python-games`: the Python package's table of games, clients/python/src/gameboard/_games.py,
 * written from the registry (src/games/index.ts): one Gymnasium id a registered game, `Gameboard/<Name>-v0`
 * with `<Name>` its spec's name, in catalogue order. `import gameboard` registers those ids (its
 * `__init__.py` imports `GAMES` from there), so a new game needs no Python line written by hand.
 *
 * The file is committed, so that `pip install ./clients/python` from a checkout has it; test/python-ids.test.ts
 * writes it again in memory and fails when the committed file differs (run this script after registering a
 * game or renaming one).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyGame } from '../src/core/game.js';
import { games } from '../src/games/index.js';

export const PYTHON_GAMES = fileURLToPath(new URL('../clients/python/src/gameboard/_games.py', import.meta.url));

/** A game's Gymnasium id. */
export const gymId = (game: AnyGame): string => `Gameboard/${game.spec.name}-v0`;

/** The text of _games.py for `list` (the registry's games by default). */
export function pythonGames(list: readonly AnyGame[] = games): string {
  const entries = list.map((g) => `    ${JSON.stringify(g.spec.slug)}: ${JSON.stringify(gymId(g))},\n`).join('');
  return [
    '# Written from the registry (src/games/index.ts) by `npm run build:python-games`; do not edit.',
    '# test/python-ids.test.ts fails when this file is stale.',
    '"""The games the package registers, by slug and Gymnasium id."""',
    '',
    `GAMES = {\n${entries}}`,
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(PYTHON_GAMES, pythonGames());
  console.log(`${PYTHON_GAMES}: ${games.length} games`);
}
