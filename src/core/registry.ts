/**
 * A registry of games by slug. The project's one registry instance lives in `src/games/index.ts`;
 * everything else (server, browser, CLI, agents, the conformance suite) iterates over it, so a new
 * game is one import and one entry there.
 */
import type { AnyGame } from './game.js';

export class Registry {
  private readonly bySlug: Map<string, AnyGame>;
  private readonly byVersion: Map<string, AnyGame>;

  /**
   * `games` are the current engines: what new games play and leaderboards rank. `previous` are earlier
   * rules versions of those games, kept only so that runs stored under them still replay as played.
   */
  constructor(
    readonly games: readonly AnyGame[],
    previous: readonly AnyGame[] = [],
  ) {
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

  /** Every registered slug, in catalogue order. */
  slugs(): string[] {
    return this.games.map((g) => g.spec.slug);
  }
}
