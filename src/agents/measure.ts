/**
 * Measuring an agent over a list of seeds: the mean, median and best score of its runs. Shared by the
 * heuristic agents' tests (each asserts its margin over `random`) and by the figures in the README.
 */
import type { AnyGame } from '../core/game.js';
import { playRun, type RunRecord } from './play.js';
import type { AgentFactory } from './types.js';

/** Summary statistics of a set of runs. */
export interface ScoreSummary {
  runs: RunRecord[];
  mean: number;
  median: number;
  max: number;
  min: number;
}

/** Summarises scores: mean, median (the mean of the middle two for an even count), max and min. */
export function summarise(runs: RunRecord[]): ScoreSummary {
  const scores = runs.map((r) => r.score).sort((a, b) => a - b);
  const n = scores.length;
  const mean = n === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / n;
  const median = n === 0 ? 0 : n % 2 ? scores[(n - 1) / 2] : (scores[n / 2 - 1] + scores[n / 2]) / 2;
  return { runs, mean, median, max: scores[n - 1] ?? 0, min: scores[0] ?? 0 };
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
