/// <reference types="vite/client" />
/**
 * Per-game renderers, found by themselves: every folder `src/web/games/<slug>/` with an index.ts
 * exporting `web` (its board, words and drawings) is a game's browser half, and no list names them. A
 * game without one (a test registry's) is played with the generic text view and words.
 */
import { genericView } from './generic.js';
import type { GameAction } from '../../core/game.js';
import type { GameView, GameWeb } from './types.js';

/**
 * The games' browser halves by slug, from the `web` exports of their folders' index.ts (keyed by path,
 * as `import.meta.glob` gives them): each must sit in the folder named by its slug.
 */
export function webShelf(modules: Readonly<Record<string, GameWeb>>): ReadonlyMap<string, GameWeb> {
  const shelf = new Map<string, GameWeb>();
  for (const [path, web] of Object.entries(modules)) {
    const folder = /([^/]+)\/index\.tsx?$/.exec(path)?.[1];
    if (web.slug !== folder) throw new Error(`${path} draws "${web.slug}": a game's web folder is named by its slug`);
    shelf.set(web.slug, web);
  }
  return shelf;
}

/** Every game folder of src/web/games. */
export const webs = webShelf(import.meta.glob<GameWeb>('./*/index.ts', { eager: true, import: 'web' }));

/** The browser half of a game, or undefined (`shelf`: another set of web folders, a test's). */
export function webOf(slug: string, shelf: ReadonlyMap<string, GameWeb> = webs): GameWeb | undefined {
  return shelf.get(slug);
}

/** The renderer for a game, or the generic text view. */
export function viewFor(slug: string, shelf: ReadonlyMap<string, GameWeb> = webs): GameView {
  return webOf(slug, shelf)?.view ?? genericView;
}

/** True when the game has its own board renderer. */
export function hasOwnView(slug: string, shelf: ReadonlyMap<string, GameWeb> = webs): boolean {
  return webOf(slug, shelf) !== undefined;
}

/** True for the action that ends a run and banks its score (each game spells it its own way). */
export function endsRun(action: GameAction): boolean {
  return action.type === 'endRun' || action.type === 'end_run';
}

/**
 * The question before a run is ended by the player: "End this run? 1,460 points will be banked.", and
 * in ranked play that it cannot be undone.
 */
export function endRunQuestion(score: number, ranked: boolean): { question: string; detail: string } {
  const points = `${score.toLocaleString('en-US')} ${score === 1 ? 'point' : 'points'}`;
  return {
    question: 'End this run?',
    detail: ranked
      ? `${points} will be banked. This cannot be undone: the run is recorded as it stands and cannot be played on.`
      : `${points} will be banked.`,
  };
}
