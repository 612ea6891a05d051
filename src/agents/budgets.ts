/**
 * The step budgets of the endless games, published in one place: the evaluation harness stops a run
 * here by default (its `--max-steps`), and a run stopped here is `truncated`, as a ranked session's
 * is. Delvewick ends by itself (eight levels, a finite lantern), so it has none.
 *
 * Each budget counts in the game's own unit: Whirlyard counts actions, Cragwake counts turns (a move
 * or a breathe; climbing on from a belay and ending the run are not turns), and Briarwink counts ticks
 * (a tick action with `count` n is n ticks; `start` and `endRun` are not ticks).
 */
import type { GameAction } from '../core/game.js';

/** One game's budget: how much a run may spend, and what one action costs. */
export interface Budget {
  /** The most a run may spend, in `unit`s. */
  limit: number;
  unit: 'actions' | 'turns' | 'ticks';
  /** What `action` costs against the limit. */
  cost(action: GameAction): number;
}

/** Whirlyard: 1,000 actions. */
const whirlyard: Budget = { limit: 1_000, unit: 'actions', cost: () => 1 };

/** Cragwake: 2,000 turns. */
const cragwake: Budget = {
  limit: 2_000,
  unit: 'turns',
  cost: (a) => (a.type === 'move' || a.type === 'breathe' ? 1 : 0),
};

/** Briarwink: 54,000 ticks (30 minutes at the browser's 30 ticks a second). */
const briarwink: Budget = {
  limit: 54_000,
  unit: 'ticks',
  cost: (a) => (a.type === 'tick' ? (typeof a.count === 'number' ? a.count : 1) : 0),
};

/** Every published budget, by game slug; a game missing here has none. */
export const BUDGETS: Readonly<Record<string, Budget>> = { whirlyard, cragwake, briarwink };

/** The budget of `slug`, or undefined when the game ends by itself. */
export function budgetOf(slug: string): Budget | undefined {
  return BUDGETS[slug];
}

/** A budget of `limit` plain actions, for a `--max-steps` the user gives. */
export function actionBudget(limit: number): Budget {
  return { limit, unit: 'actions', cost: () => 1 };
}
