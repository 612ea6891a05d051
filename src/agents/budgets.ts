/**
 * The budgets the evaluation harness stops runs at: each game's published ranked budget
 * (`spec.rankedBudget`, see core/budget.ts), so an evaluated run and a ranked session of the same
 * actions are cut at the same place and both called `truncated`. Delvewick ends by itself (eight
 * levels, a finite lantern), so it has none.
 *
 * Each budget counts in the game's own unit: Whirlyard counts actions, Cragwake counts turns (a move
 * or a breathe; climbing on from a belay and ending the run are not turns), and Briarwink counts ticks
 * (a tick action with `count` n is n ticks; `start` and `endRun` are not ticks).
 */
import { actionMeter, budgetOf as rankedBudgetOf, meterOf, type Meter } from '../core/budget.js';
import { registry } from '../games/index.js';

/** One game's budget: how much a run may spend, and what one action costs (core/budget.ts's `Meter`). */
export type Budget = Meter;

/** Every published budget, by game slug; a game missing here has none. */
export const BUDGETS: Readonly<Record<string, Budget>> = Object.fromEntries(
  registry.games.flatMap((game) => {
    const ranked = rankedBudgetOf(game);
    if (!ranked) return [];
    return [[game.spec.slug, meterOf(ranked)]];
  }),
);

/**
 * The meter of `slug`'s published budget (core/budget.ts `budgetOf(game)` is the one reading of it), or
 * undefined when the game ends by itself.
 */
export function meterFor(slug: string): Budget | undefined {
  return BUDGETS[slug];
}

/** A budget of `limit` plain actions, for a `--max-steps` the user gives. */
export function actionBudget(limit: number): Budget {
  return actionMeter(limit);
}
