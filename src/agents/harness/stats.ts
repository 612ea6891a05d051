/**
 * The one summary-statistics module: the score distribution of a set of runs (mean, standard deviation,
 * standard error, a 95 % interval for the mean, min, p10, median, p90, max), how far the runs got, how
 * they ended, and the speed; plus the table the CLI prints and the CSV it writes. The harness, the
 * agents' own tests (`measure.ts`) and `gameboard compare` all summarise here.
 */
import type { GameAction, Outcome } from '../../core/game.js';

/** How a failed run ended: the agent threw, sent an action outside the grammar or a refused one, timed out. */
export interface ErrorOutcome {
  kind: 'error';
  /** `agent_error`, `invalid_action`, `refused_action`, `timeout`, `agent_crashed`, `bad_reply`, `server_error`. */
  reason: string;
  message: string;
}

/** How a run ended: the game's own outcome, or a failure of the agent. */
export type RunOutcome = Outcome | ErrorOutcome;

/** True when the run failed (its outcome is an error). */
export function isFailed(r: { outcome: RunOutcome }): boolean {
  return r.outcome.kind === 'error';
}

/** One evaluated run, as the harness reports it (plain data: it crosses worker threads). */
export interface RunResult {
  /** A number today; a string for 128-bit ranked seeds (compare with ===). */
  seed: number;
  score: number;
  /** Accepted actions. */
  steps: number;
  /** How long the run took, in milliseconds (from the game's start to its end, in its thread). */
  ms: number;
  /** How it ended; `{kind: "error", reason, message}` for a failed run (score and steps: where it failed). */
  outcome: RunOutcome;
  /** Wave / level / pitch / night reached (see progress.ts); null when the game has no measure. */
  progress: number | null;
  /** The actions, kept only when asked for (to submit or save the runs). */
  actions?: GameAction[];
  /** The agent's own figures for this run (`AgentFactory.runStats`), e.g. an LLM's retries and tokens. */
  agentStats?: unknown;
  /** With `--trajectories`: one record per step (taken off before the run is written). */
  trajectory?: Record<string, unknown>[];
  /** True when the agent forfeited more of its moves than `--max-forfeit-rate` allows (counted apart). */
  degraded?: boolean;
}

/** The spread of a list of scores. */
export interface ScoreStats {
  n: number;
  mean: number;
  /** The sample standard deviation (n − 1); 0 for one score. */
  std: number;
  /** The standard error of the mean, std / √n. */
  standardError: number;
  /** A 95 % interval for the mean (Student's t with n − 1 degrees of freedom). */
  ci95: [number, number];
  min: number;
  p10: number;
  median: number;
  p90: number;
  max: number;
}

/** What `summarize` gives. */
export interface Summary {
  game: string;
  agent: string;
  runs: number;
  /** Runs that ended as the game ends them (or at the budget); the score figures are over these. */
  completed: number;
  /** Runs that failed (`outcome.kind` "error"), by seed. */
  failed: number;
  failedSeeds: number[];
  mean: number;
  std: number;
  standardError: number;
  ci95: [number, number];
  min: number;
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

/**
 * The two-sided 95 % critical value of Student's t with `df` degrees of freedom: exact table values up
 * to 30, then the Cornish-Fisher expansion around the normal's 1.96 (within 0.001 from there on).
 */
export function t95(df: number): number {
  const table = [
    NaN,
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.16,
    2.145,
    2.131,
    2.12,
    2.11,
    2.101,
    2.093,
    2.086,
    2.08,
    2.074,
    2.069,
    2.064,
    2.06,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
  ];
  if (df < 1) return NaN;
  if (df <= 30) return table[Math.floor(df)];
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

/** The spread of `scores` (any order); NaN figures for none. Unrounded. */
export function scoreStats(scores: readonly number[]): ScoreStats {
  const sorted = [...scores].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = n === 0 ? NaN : sorted.reduce((a, b) => a + b, 0) / n;
  const std = n < 2 ? (n === 1 ? 0 : NaN) : Math.sqrt(sorted.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const standardError = n === 0 ? NaN : std / Math.sqrt(n);
  const half = n < 2 ? 0 : t95(n - 1) * standardError;
  return {
    n,
    mean,
    std,
    standardError,
    ci95: [mean - half, mean + half],
    min: n ? sorted[0] : NaN,
    p10: quantile(sorted, 0.1),
    median: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    max: n ? sorted[n - 1] : NaN,
  };
}

/** The summary of `results` that took `wallMs` in all, the first `startupMs` of it starting threads. */
export function summarize(
  game: string,
  agent: string,
  progressLabel: string,
  results: readonly RunResult[],
  wallMs: number,
  startupMs = 0,
): Summary {
  const done = results.filter((r) => !isFailed(r));
  const failedSeeds = results.filter(isFailed).map((r) => r.seed);
  const st = scoreStats(done.map((r) => r.score));
  const reached = done.map((r) => r.progress).filter((p): p is number => p !== null);
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
    completed: done.length,
    failed: failedSeeds.length,
    failedSeeds,
    mean: round2(st.mean),
    std: round2(st.std),
    standardError: round2(st.standardError),
    ci95: [round2(st.ci95[0]), round2(st.ci95[1])],
    min: st.min,
    median: round2(st.median),
    p10: round2(st.p10),
    p90: round2(st.p90),
    max: st.max,
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

/**
 * The figures a result file's summary line holds exactly (the printed table rounds them; the file never
 * does): the score spread over the completed runs, the mean with every failed run counted as 0 beside it,
 * the runs degraded (`RunResult.degraded`) and failed, and the agent's own figures summed over every run,
 * failed ones included (`totals`: an LLM's requests, waits, retries, repairs, forfeits and tokens).
 */
export function exactFigures(results: readonly RunResult[]): {
  mean: number;
  std: number;
  standardError: number;
  ci95: [number, number];
  median: number;
  p10: number;
  p90: number;
  meanFailedAsZero: number;
  degraded: number;
  degradedSeeds: number[];
  errors: number;
  totals: Record<string, number>;
} {
  const st = scoreStats(results.filter((r) => !isFailed(r)).map((r) => r.score));
  const all = results.map((r) => (isFailed(r) ? 0 : r.score));
  const totals: Record<string, number> = {};
  for (const r of results) {
    const stats = r.agentStats;
    if (!stats || typeof stats !== 'object') continue;
    for (const [k, v] of Object.entries(stats))
      if (typeof v === 'number' && !/^mean/.test(k)) totals[k] = (totals[k] ?? 0) + v;
  }
  const degraded = results.filter((r) => r.degraded === true && !isFailed(r)).map((r) => r.seed);
  return {
    mean: st.mean,
    std: st.std,
    standardError: st.standardError,
    ci95: st.ci95,
    median: st.median,
    p10: st.p10,
    p90: st.p90,
    meanFailedAsZero: all.length ? all.reduce((a, b) => a + b, 0) / all.length : NaN,
    degraded: degraded.length,
    degradedSeeds: degraded,
    errors: results.filter(isFailed).length,
    totals,
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
    ...(s.failed > 0
      ? ([
          ['completed', String(s.completed)],
          ['failed', `${s.failed} (seeds ${listSeeds(s.failedSeeds)}); the score figures leave them out`],
        ] as [string, string][])
      : []),
    ['score mean', String(s.mean)],
    ['score std', String(s.std)],
    ['score 95% interval', `${s.ci95[0]} to ${s.ci95[1]} (standard error ${s.standardError})`],
    ['score median', String(s.median)],
    ['score p10 / p90', `${s.p10} / ${s.p90}`],
    ['score min / max', `${s.min} / ${s.max}`],
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

/** Seeds for a table cell: the first twenty, then how many more. */
function listSeeds(seeds: readonly number[]): string {
  const shown = seeds.slice(0, 20).join(', ');
  return seeds.length > 20 ? `${shown} and ${seeds.length - 20} more` : shown;
}

/** One CSV field, quoted when it must be. */
function csvField(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The runs as CSV: one line per run (the actions are not included), each with the facts of the
 * evaluation (`header`: the same facts a .jsonl file's header line holds, flattened into columns).
 */
export function runsToCsv(header: EvalHeader, results: readonly RunResult[]): string {
  const head = [
    'game',
    'rulesVersion',
    'agent',
    'seed',
    'score',
    'steps',
    'progress',
    'outcome',
    'reason',
    'message',
    'suite',
    'budget',
    'budgetUnit',
    'maxSteps',
    'agentOptions',
    'gameboardVersion',
    'commit',
    'startedAt',
  ];
  const lines = results.map((r) =>
    [
      header.game,
      header.rulesVersion,
      header.agent,
      r.seed,
      r.score,
      r.steps,
      r.progress,
      r.outcome.kind,
      r.outcome.reason,
      r.outcome.kind === 'error' ? r.outcome.message : '',
      header.suite,
      header.budget?.limit,
      header.budget?.unit,
      header.maxSteps,
      JSON.stringify(header.agentOptions),
      header.gameboardVersion,
      header.commit,
      header.startedAt,
    ]
      .map(csvField)
      .join(','),
  );
  return [head.join(','), ...lines].join('\n') + '\n';
}

/** What a result file says about how its runs were made (the `{"kind":"header"}` line of a .jsonl). */
export interface EvalHeader {
  kind: 'header';
  game: string;
  rulesVersion: string;
  /** What `--agent` named. */
  agent: string;
  /** Every option handed to the agent (an LLM's model, mode, retries, temperature, max-batch...). */
  agentOptions: Record<string, unknown>;
  /** `dev` or `test`, or null for seeds given with `--seeds`. */
  suite: string | null;
  seeds: number[];
  /** The budget each run was stopped at, or null for a game that ends by itself. */
  budget: { limit: number; unit: string } | null;
  /** `--max-steps`, or null when the game's published budget applies. */
  maxSteps: number | null;
  /** The move timeout the runs were played under, in ms (null: none). */
  moveTimeoutMs?: number | null;
  /** `--label`: the name the agent goes by in every artifact (e.g. "org/model (menu, t=0)"). */
  label?: string | null;
  /** The version of the harness that played the runs (the gameboard package's). */
  harnessVersion?: string;
  /** For the LLM agent: the request parameters actually sent with every request (no messages, no key). */
  request?: Record<string, unknown>;
  /** For the LLM agent: the SHA-256 of its system prompt for this game, as sent. */
  systemPromptSha256?: string;
  /** `--max-forfeit-rate`: a run forfeiting more of its moves than this is marked degraded. */
  maxForfeitRate?: number | null;
  gameboardVersion: string;
  /** The git commit of the checkout, when known. */
  commit: string | null;
  startedAt: string;
  node: string;
  cpus: number;
}
