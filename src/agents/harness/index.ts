/**
 * The evaluation harness: plays an agent over a list of seeds, in-process on worker threads (or in
 * this thread), or against a server over HTTP, `concurrency` runs in flight per thread, and
 * summarises the runs. A run the agent fails is reported with an error outcome and the others go on;
 * the agent's EvaluationAbort or the caller's signal stops the whole evaluation, answering the runs
 * finished by then. `gameboard eval` is a thin shell over `evaluate`.
 */
import { registry } from '../../games/index.js';
import { MODULE_MOVE_TIMEOUT_MS } from './guard.js';
import { isAgentPath, loadAgent, AgentLoadError, type AgentOptions } from './load.js';
import { runLocal, runSeeds, type RunSettings } from './local.js';
import { runOnWorkers } from './pool.js';
import { progressLabel } from './progress.js';
import { runOnServer } from './remote.js';
import { summarize, type RunResult, type Summary } from './stats.js';

export { AgentLoadError, loadAgent } from './load.js';
export type { AgentOptions } from './load.js';
export { progressLabel, progressOf } from './progress.js';
export { formatSummary, isFailed, quantile, runsToCsv, scoreStats, summarize } from './stats.js';
export type { EvalHeader, RunResult } from './stats.js';
/** What to evaluate, and where. */
export interface EvalOptions extends RunSettings {
  game: string;
  /** A built-in agent name or a module path. */
  agent: string;
  seeds: readonly number[];
  /** Worker threads in-process (0: this thread), or concurrent runs with `server`. */
  workers: number;
  /** Play over HTTP against this server instead of in-process. */
  server?: string;
  agentOptions?: AgentOptions;
  /** Called after each run, as it finishes (in the order runs finish). */
  onRun?: (r: RunResult, done: number) => void;
  /** Aborting it (Ctrl-C) stops starting runs; the runs in progress are dropped; what finished is answered. */
  signal?: AbortSignal;
}

/** The runs and their summary. */
export interface Evaluation {
  results: RunResult[];
  summary: Summary;
  /** Rows the agent adds to the summary (`AgentFactory.columns`), e.g. an LLM's mode and retries. */
  agentRows: [string, string][];
  /** With a server: requests it rate-limited (429), sent again after its Retry-After. */
  rateLimited: number;
  /** Why the evaluation stopped before every seed was played, if it did. */
  stopped?: { kind: 'interrupted' } | { kind: 'abort'; message: string };
}

/**
 * The move timeout when none is given: 30 s for a `cmd:` agent, 60 s for a module (a move that never
 * settles fails its run, not the evaluation), none for the built-ins (the LLM agent does its own waiting).
 */
export function defaultMoveTimeout(agent: string): number | undefined {
  if (agent.startsWith('cmd:')) return 30_000;
  return isAgentPath(agent) ? MODULE_MOVE_TIMEOUT_MS : undefined;
}

/** Evaluates `opts.agent` on `opts.game` over `opts.seeds`. Throws AgentLoadError for a bad agent. */
export async function evaluate(opts: EvalOptions): Promise<Evaluation> {
  const game = registry.get(opts.game);
  if (!game) throw new AgentLoadError(`There is no game "${opts.game}". Games: ${registry.slugs().join(', ')}.`);
  const agentOptions = opts.agentOptions ?? {};
  // Load the agent here first even when workers will load their own copies: a bad name or module
  // then fails once, with one clear message, before any thread starts.
  const factory = await loadAgent(opts.agent, opts.game, agentOptions);
  if (opts.server && factory.needsState) {
    throw new AgentLoadError(
      `The agent ${opts.agent} reads the engine's state (needsState), which a server never shows: run it in-process, without --server.`,
    );
  }
  const settings: RunSettings = {
    maxSteps: opts.maxSteps,
    keepActions: opts.keepActions,
    concurrency: opts.concurrency,
    moveTimeoutMs: opts.moveTimeoutMs ?? defaultMoveTimeout(opts.agent),
    startupTimeoutMs: opts.startupTimeoutMs,
    trajectories: opts.trajectories,
    observations: opts.observations,
  };
  let done = 0;
  const onRun = (r: RunResult) => opts.onRun?.(r, ++done);
  const interrupted = () => opts.signal?.aborted ?? false;
  const started = performance.now();
  let running = started;
  let results: RunResult[];
  let rateLimited = 0;
  let abort: string | undefined;
  if (opts.server) {
    ({ results, rateLimited, abort } = await runOnServer(
      opts.server,
      opts.game,
      factory,
      opts.seeds,
      opts.concurrency ?? opts.workers,
      settings,
      onRun,
      interrupted,
    ));
  } else if (opts.workers > 0) {
    ({ results, abort } = await runOnWorkers(
      { game: opts.game, agent: opts.agent, agentOptions, ...settings },
      opts.seeds,
      opts.workers,
      onRun,
      () => (running = performance.now()),
      opts.signal,
    ));
  } else {
    ({ results, abort } = await runSeeds(
      opts.seeds,
      opts.concurrency ?? 1,
      (seed, stopped) => runLocal(game, factory, seed, settings, stopped),
      onRun,
      interrupted,
    ));
  }
  const wallMs = performance.now() - started;
  const startupMs = running - started;
  const agentRows = factory.columns ? Object.entries(factory.columns(results.map((r) => r.agentStats))) : [];
  return {
    results,
    summary: summarize(opts.game, opts.agent, progressLabel(opts.game), results, wallMs, startupMs),
    agentRows,
    rateLimited,
    stopped:
      abort !== undefined
        ? { kind: 'abort', message: abort }
        : interrupted() && results.length < opts.seeds.length
          ? { kind: 'interrupted' }
          : undefined,
  };
}
