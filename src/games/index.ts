/**
 * The project's registry: every game is registered here, once. The server, the browser, the CLI, the
 * agents and the conformance suite all take their games from this list.
 *
 * Adding a game, or working on one while others work beside you: read CONTRIBUTING.md first (commit only
 * your own paths, never `git add -A`).
 */
import { Registry, type SlugOf } from '../core/registry.js';
import { whirlyard } from './whirlyard/index.js';
import { delvewick } from './delvewick/index.js';
import { cragwake } from './cragwake/index.js';
import { briarwink, briarwinkV1 } from './briarwink/index.js';

/** The current games by slug: one line per game, in catalogue order. */
const current = {
  whirlyard,
  delvewick,
  cragwake,
  briarwink,
};

/**
 * A registered game's slug. What the shells know of a game lives in its own folders (CONTRIBUTING.md),
 * read through this registry: no list outside a game's folders names the games.
 */
export type Slug = SlugOf<typeof current>;

/** The current games' types by slug, each a `Game<State, Action, Observation>` (the client SDK's types read them). */
export type CurrentGames = typeof current;

export const registry = new Registry<Slug>(
  current,
  // earlier rules versions, kept only to replay runs stored under them
  [briarwinkV1],
);

export const games = registry.games;
