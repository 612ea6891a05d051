/** The games the browser offers: exactly the project registry (engines bundled by Vite). */
import type { AnyGame } from '../core/game.js';
import { registry } from '../games/index.js';

export function allGames(): readonly AnyGame[] {
  return registry.games;
}

export function gameBySlug(slug: string): AnyGame | undefined {
  return registry.get(slug);
}
