/**
 * The evaluation summary: the score distribution (mean, median, p10, p90, max), how far the runs got,
 * how they ended, and the speed; plus the table the CLI prints and the CSV it writes.
 */
import type { GameAction, Outcome } from '../../core/game.js';

/** One evaluated run, as the harness reports it (plain data: it crosses worker threads). */
export interface RunResult {
  seed: number;
  score: number;
  /** Accepted actions. */
  steps: number;
  /** How long the run took, in milliseconds (from the game's start to its end, in its thread). */
  ms: number;
  outcome: Outcome;
  /** Wave / level / pitch / night reached (see progress.ts); null when the game has no measure. */
  progress: number | null;
  /** The actions, kept only when asked for (to submit or save the runs). */
  actions?: GameAction[];
  /** The agent's own figures for this run (`AgentFactory.runStats`), e.g. an LLM's retries and tokens. */
  agentStats?: unknown;
}

/** What `summarize` gives. */
export interface Summary {
  game: string;
  agent: string;
  runs: number;
  mean: number;
  median: number;
  p10: number;
  p90: number;
  max: number;
  progress: { label: string; mean: number | null; max: number | null };
  /** Runs by `kind:reason`, e.g. `terminated:caught`. */
  outcomes: Record<string, number>;
  steps: number;
  wallSeconds: number;
  /** Of the wall time, how long the worker threads took to start (loading the code), before any run. */
  startupSeconds: number;
  /** Steps over the wall time once the first thread was ready (messages between threads included). */
  stepsPerSecond: number;
  /**
   * Steps over the time spent inside runs, summed over threads: what one thread does, comparable to
   * the engine bench's one-thread `step + legalActions` figure.
   */
  threadStepsPerSecond: number;
}

/**
 * The q-quantile (0..1) of sorted values, interpolating linearly between ranks (numpy's default), so
 * the median of an even count is the mean of the middle two.
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** Rounds to two decimals, so tables and files show the same figures. */
export const round2 = (x: number) => Math.round(x * 100) / 100;

/** The summary of `results` that took `wallMs` in all, the first `startupMs` of it starting threads. */
export function summarize(
  game: string,
  agent: string,
  progressLabel: string,
  results: readonly RunResult[],
  wallMs: number,
  startupMs = 0,
): Summary {
  const scores = results.map((r) => r.score).sort((a, b) => a - b);
  const reached = results.map((r) => r.progress).filter((p): p is number => p !== null);
  const outcomes: Record<string, number> = {};
  for (const r of results) {
    const key = `${r.outcome.kind}:${r.outcome.reason}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  const steps = results.reduce((n, r) => n + r.steps, 0);
  const busyMs = results.reduce((n, r) => n + r.ms, 0);
  const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
  return {
    game,
    agent,
    runs: results.length,
    mean: round2(mean(scores)),
    median: round2(quantile(scores, 0.5)),
    p10: round2(quantile(scores, 0.1)),
    p90: round2(quantile(scores, 0.9)),
    max: scores.length ? scores[scores.length - 1] : NaN,
    progress: {
      label: progressLabel,
      mean: reached.length ? round2(mean(reached)) : null,
      max: reached.length ? Math.max(...reached) : null,
    },
    outcomes,
    steps,
    wallSeconds: round2(wallMs / 1000),
    startupSeconds: round2(startupMs / 1000),
    stepsPerSecond: wallMs > startupMs ? Math.round(steps / ((wallMs - startupMs) / 1000)) : 0,
    threadStepsPerSecond: busyMs > 0 ? Math.round(steps / (busyMs / 1000)) : 0,
  };
}

/** The summary as an aligned two-column table, for the terminal; `extra` rows go at the end. */
export function formatSummary(s: Summary, extra: [string, string][] = []): string {
  const ended = Object.entries(s.outcomes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const rows: [string, string][] = [
    ['game', s.game],
    ['agent', s.agent],
    ['runs', String(s.runs)],
    ['score mean', String(s.mean)],
    ['score median', String(s.median)],
    ['score p10 / p90', `${s.p10} / ${s.p90}`],
    ['score max', String(s.max)],
    [`${s.progress.label} mean / max`, `${s.progress.mean ?? '-'} / ${s.progress.max ?? '-'}`],
    ['ended', ended || '-'],
    ['steps', String(s.steps)],
    ['wall time', `${s.wallSeconds} s (threads starting: ${s.startupSeconds} s)`],
    ['steps per second', `${s.stepsPerSecond.toLocaleString('en-US')} once started`],
    ['  per thread', `${s.threadStepsPerSecond.toLocaleString('en-US')} (time inside runs)`],
    ...extra,
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

/** One CSV field, quoted when it must be. */
function csvField(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The runs as CSV: one line per run (the actions are not included). */
export function runsToCsv(game: string, agent: string, results: readonly RunResult[]): string {
  const head = ['game', 'agent', 'seed', 'score', 'steps', 'progress', 'outcome', 'reason'];
  const lines = results.map((r) =>
    [game, agent, r.seed, r.score, r.steps, r.progress, r.outcome.kind, r.outcome.reason].map(csvField).join(','),
  );
  return [head.join(','), ...lines].join('\n') + '\n';
}
