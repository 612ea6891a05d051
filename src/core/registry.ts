/**
 * A registry of games by slug. The project's one registry instance lives in `src/games/index.ts`;
 * everything else (server, browser, CLI, agents, the conformance suite) iterates over it, so a new
 * game is one import and one entry there.
 */
import type { AnyGame } from './game.js';

/**
 * The current games keyed by slug, one entry a game (`{ whirlyard, delvewick }`). Its keys are the
 * registry's `Slug` type, so a per-game table typed `Record<Slug, …>` misses no game.
 */
export type GameRecord<S extends string = string> = { readonly [K in S]: AnyGame };

/** The slug type of a game record: `SlugOf<typeof current>`. */
export type SlugOf<R> = Extract<keyof R, string>;

/**
 * The entry of a per-game table for `slug`, or undefined for a slug the table has no key for (a game
 * of a test registry, a slug typed by a user). Tables are typed `Record<Slug, …>` so that a registered
 * game without an entry is a compile error; this reads them with a plain string.
 */
export function entryFor<S extends string, T>(table: Readonly<Partial<Record<S, T>>>, slug: string): T | undefined {
  return Object.hasOwn(table, slug) ? table[slug as S] : undefined;
}

export class Registry<S extends string = string> {
  private readonly bySlug: Map<string, AnyGame>;
  private readonly byVersion: Map<string, AnyGame>;

  /**
   * `games` are the current engines: what new games play and leaderboards rank. `previous` are earlier
   * rules versions of those games, kept only so that runs stored under them still replay as played.
   */
  /** The current engines, in catalogue order. */
  readonly games: readonly AnyGame[];

  constructor(current: readonly AnyGame[] | GameRecord<S>, previous: readonly AnyGame[] = []) {
    if (Array.isArray(current)) this.games = current;
    else {
      const record = current as GameRecord<S>;
      for (const [key, g] of Object.entries<AnyGame>(record))
        if (g.spec.slug !== key) throw new Error(`game "${g.spec.slug}" is registered under "${key}"`);
      this.games = Object.values<AnyGame>(record);
    }
    const games = this.games;
    this.bySlug = new Map();
    this.byVersion = new Map();
    for (const g of games) {
      if (this.bySlug.has(g.spec.slug)) throw new Error(`game "${g.spec.slug}" registered twice`);
      this.bySlug.set(g.spec.slug, g);
    }
    for (const g of [...games, ...previous]) {
      const key = `${g.spec.slug}@${g.spec.rulesVersion}`;
      if (!this.bySlug.has(g.spec.slug)) throw new Error(`"${key}" is kept, but "${g.spec.slug}" is not a game`);
      if (this.byVersion.has(key)) throw new Error(`rules version "${key}" registered twice`);
      this.byVersion.set(key, g);
    }
  }

  /** The current game with this slug, or undefined. */
  get(slug: string): AnyGame | undefined {
    return this.bySlug.get(slug);
  }

  /**
   * The engine that plays `slug` under `rulesVersion` (the current one or a kept earlier one), for
   * replaying a stored run exactly as it was played; undefined when that version is not kept.
   */
  forVersion(slug: string, rulesVersion: string): AnyGame | undefined {
    return this.byVersion.get(`${slug}@${rulesVersion}`);
  }

  /** Whether `slug` names a current game. */
  has(slug: string): slug is S {
    return this.bySlug.has(slug);
  }

  /** Every registered slug, in catalogue order. */
  slugs(): S[] {
    return this.games.map((g) => g.spec.slug as S);
  }
}
