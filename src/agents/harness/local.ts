/**
 * One evaluated run in this thread: `playRun` under the game's budget (or a `maxSteps` the user
 * gave), reduced to the plain result the harness reports. The worker threads and the inline runner
 * both call this.
 */
import { progressOf } from '../../core/budget.js';
import type { AnyGame } from '../../core/game.js';
import { actionBudget, budgetOf } from '../budgets.js';
import { playRun } from '../play.js';
import type { AgentFactory } from '../types.js';
import type { RunResult } from './stats.js';

/** How each run is capped and what is kept. */
export interface RunSettings {
  /** A cap in plain actions instead of the game's published budget. */
  maxSteps?: number;
  /** Keep every run's actions (to submit or save them). */
  keepActions?: boolean;
}

/** Plays one seed in this thread. */
export async function runLocal(
  game: AnyGame,
  factory: AgentFactory,
  seed: number,
  settings: RunSettings,
): Promise<RunResult> {
  const slug = game.spec.slug;
  const budget = settings.maxSteps !== undefined ? actionBudget(settings.maxSteps) : budgetOf(slug);
  const started = performance.now();
  const run = await playRun(game, factory, seed, { budget, maxSteps: budget ? Infinity : undefined });
  const ms = performance.now() - started;
  const result: RunResult = {
    seed,
    score: run.score,
    steps: run.steps,
    ms,
    outcome: run.outcome,
    progress: progressOf(game, run.state)?.value ?? null,
  };
  if (settings.keepActions) result.actions = run.actions;
  if (factory.runStats) result.agentStats = factory.runStats(seed);
  return result;
}
