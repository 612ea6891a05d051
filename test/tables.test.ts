/**
 * The per-game tables a shell keeps outside src/games are typed `Record<Slug, …>`, so a registered game
 * without an entry is a compile error naming it. This file holds the tables whose own type cannot say
 * so (an interface keyed by slug), and checks at run time that each complete table has exactly the
 * registry's games, no stale keys.
 */
import { describe, expect, it } from 'vitest';
import { KEYS } from '../src/cli/keys.js';
import type { GameTypes } from '../src/client/types.js';
import { registry, type Slug } from '../src/games/index.js';
import { GUIDES } from '../src/llms/games.js';

/** The client's per-game types name every registered game ("Property '<slug>' is missing in type 'GameTypes'"). */
export const clientTypesCoverEveryGame: Record<Slug, unknown> = {} as GameTypes;
/** ...and no game that is not registered ("'<slug>' does not exist in type 'Record<Slug, unknown>'"). */
export const clientTypesNameOnlyGames: Record<keyof GameTypes, unknown> = {} as Record<Slug, unknown>;

describe('every complete per-game table has exactly the registered games', () => {
  it.each([
    ['src/llms/games.ts GUIDES', GUIDES],
    ['src/cli/keys.ts KEYS', KEYS],
  ] as const)('%s', (_name, table) => {
    expect(Object.keys(table).sort()).toEqual(registry.slugs().sort());
  });
});
