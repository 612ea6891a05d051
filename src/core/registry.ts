/**
 * A registry of games by slug. The project's one registry instance lives in `src/games/index.ts`;
 * everything else (server, browser, CLI, agents, the conformance suite) iterates over it, so a new
 * game is one import and one entry there.
 */
import type { AnyGame } from './game.js';

export class Registry {
  private readonly bySlug: Map<string, AnyGame>;

  constructor(readonly games: readonly AnyGame[]) {
    this.bySlug = new Map();
    for (const g of games) {
      if (this.bySlug.has(g.spec.slug)) throw new Error(`game "${g.spec.slug}" registered twice`);
      this.bySlug.set(g.spec.slug, g);
    }
  }

  /** The game with this slug, or undefined. */
  get(slug: string): AnyGame | undefined {
    return this.bySlug.get(slug);
  }

  /** Every registered slug, in catalogue order. */
  slugs(): string[] {
    return this.games.map((g) => g.spec.slug);
  }
}
