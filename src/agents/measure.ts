/**
 * Measuring an agent over a list of seeds: the mean, median and best score of its runs. Shared by the
 * heuristic agents' tests (each asserts its margin over `random`) and by the figures in the README.
 * The figures come from the harness's one summary-statistics module (harness/stats.ts).
 */
import type { AnyGame } from '../core/game.js';
import { scoreStats, type ScoreStats } from './harness/stats.js';
import { playRun, type RunRecord } from './play.js';
import type { AgentFactory } from './types.js';

/** Summary statistics of a set of runs. */
export interface ScoreSummary extends ScoreStats {
  runs: RunRecord[];
}

/** Summarises the runs' scores with `scoreStats` (unrounded; the median of an even count is the mean of the middle two). */
function summarise(runs: RunRecord[]): ScoreSummary {
  return { runs, ...scoreStats(runs.map((r) => r.score)) };
}

/** Plays `factory` on every seed (in order, one run each) with the step cap, and summarises. */
export async function measure(
  game: AnyGame,
  factory: AgentFactory,
  seeds: readonly number[],
  maxSteps: number,
): Promise<ScoreSummary> {
  const runs: RunRecord[] = [];
  for (const seed of seeds) runs.push(await playRun(game, factory, seed, { maxSteps }));
  return summarise(runs);
}
