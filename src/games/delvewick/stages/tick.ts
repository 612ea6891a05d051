/**
 * The scratch record one tick works on. Each stage reads and writes it; `runTick` in `index.ts` runs
 * the stages in the seed's order.
 */
import type { GameEvent } from '../../../core/game.js';
import type { DelvewickState } from '../types.js';

/** One tick in progress. `s` is a fresh copy (own grid) that becomes the returned state. */
export interface Tick {
  s: DelvewickState;
  /** The action: a direction number (0..3), or -1 for wait. Already checked legal. */
  dir: number;
  /** The cell the mole left this tick, or -1 if it did not move. */
  from: number;
  /** Where events go; null when nobody listens (the solver), so no event objects are built. */
  events: GameEvent[] | null;
  /** Whether a gem was collected (walked into or caught) during this tick. */
  gotGem: boolean;
  /** Whether the action stepped onto the open exit. */
  onExit: boolean;
}
