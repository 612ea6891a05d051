/** The games the browser offers: exactly the project registry (engines bundled by Vite). */
import type { AnyGame } from '../core/game.js';
import { registry } from '../games/index.js';

export function allGames(): readonly AnyGame[] {
  return registry.games;
}

export function gameBySlug(slug: string): AnyGame | undefined {
  return registry.get(slug);
}

/** The engine for a run's game and rules version: the current one, or an earlier version kept for replays. */
export function gameForRun(slug: string, rulesVersion: string): AnyGame | undefined {
  return registry.forVersion(slug, rulesVersion);
}
