/**
 * One evaluated run in this thread: `playRun` under the game's budget (or a `maxSteps` the user
 * gave), with the agent guarded (guard.ts), reduced to the plain result the harness reports. A run the
 * agent fails is a result too, with an error outcome. The worker threads and the inline runner both
 * call this.
 */
import { progressOf } from '../../core/budget.js';
import type { AnyGame } from '../../core/game.js';
import { actionBudget, meterFor } from '../budgets.js';
import { playRun } from '../play.js';
import type { AgentFactory } from '../types.js';
import { GuardedAgent, Interrupted, isEvaluationAbort, RunFailure, type GuardSettings } from './guard.js';
import type { RunResult } from './stats.js';

/** How each run is capped, guarded and what is kept. */
export interface RunSettings extends GuardSettings {
  /** A cap in plain actions instead of the game's published budget. */
  maxSteps?: number;
  /** Keep every run's actions (to submit or save them). */
  keepActions?: boolean;
  /** Runs in flight at once in one thread (for agents that wait on I/O); default 1. */
  concurrency?: number;
}

/**
 * Plays one seed in this thread. Throws only when the whole evaluation must stop: the agent's
 * EvaluationAbort, or Interrupted once `stopped()` answers true.
 */
export async function runLocal(
  game: AnyGame,
  factory: AgentFactory,
  seed: number,
  settings: RunSettings,
  stopped: () => boolean = () => false,
): Promise<RunResult> {
  const slug = game.spec.slug;
  const budget = settings.maxSteps !== undefined ? actionBudget(settings.maxSteps) : meterFor(slug);
  const started = performance.now();
  let guarded: GuardedAgent | undefined;
  const perRun: AgentFactory = Object.assign(
    (ctx: Parameters<AgentFactory>[0]) => (guarded = new GuardedAgent(factory(ctx), slug, seed, settings, stopped)),
    { needsState: factory.needsState },
  );
  let result: RunResult;
  let abort: (Error & { result?: unknown }) | undefined;
  try {
    const run = await playRun(game, perRun, seed, { budget, maxSteps: budget ? Infinity : undefined });
    result = {
      seed,
      score: run.score,
      steps: run.steps,
      ms: performance.now() - started,
      outcome: run.outcome,
      progress: progressOf(game, run.state)?.value ?? null,
    };
    if (settings.keepActions) result.actions = run.actions;
  } catch (err) {
    if (err instanceof Interrupted || (isEvaluationAbort(err) && !runReason(err))) throw err;
    // Ctrl-C reaches a cmd: agent's process too: its crash then is the interruption, not a failed run.
    if (stopped()) throw new Interrupted('the evaluation was interrupted');
    const message = (err as Error)?.message ?? String(err);
    abort = isEvaluationAbort(err) ? err : undefined;
    const reason = abort
      ? runReason(abort)!
      : err instanceof RunFailure
        ? err.reason
        : message.startsWith('the agent chose a refused action')
          ? 'refused_action'
          : guarded
            ? 'error'
            : 'agent_error';
    result = {
      seed,
      score: guarded?.score ?? 0,
      steps: guarded?.step ?? 0,
      ms: performance.now() - started,
      outcome: { kind: 'error', reason, message },
      progress: null,
    };
  }
  await guarded?.finish(result.outcome, result.score, result.steps);
  if (guarded?.trajectory) result.trajectory = guarded.trajectory;
  if (factory.runStats) result.agentStats = factory.runStats(seed);
  if (abort) {
    abort.result = result;
    throw abort;
  }
  return result;
}

/** The reason an EvaluationAbort gives the run it stopped (`model_unavailable`), if it reports that run. */
export function runReason(err: Error): string | undefined {
  const reason = (err as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * Plays `seeds` `lanes` at a time in this thread (runLanes over a seed list): the finished runs in seed
 * order, and the message of an EvaluationAbort that stopped them early. `play` gets a run's seed and
 * the `stopped` its run polls: the caller's interruption, or an abort of another run.
 */
export async function runSeeds(
  seeds: readonly number[],
  lanes: number,
  play: (seed: number, stopped: () => boolean) => Promise<RunResult>,
  onRun: (r: RunResult) => void,
  interrupted: () => boolean,
): Promise<{ results: RunResult[]; abort?: string }> {
  const found: (RunResult | undefined)[] = new Array(seeds.length);
  let next = 0;
  let halted = false;
  let abort: string | undefined;
  const stopped = () => halted || interrupted();
  try {
    await runLanes(
      Math.min(lanes, seeds.length),
      () => (next < seeds.length ? next++ : undefined),
      (i) => play(seeds[i], stopped),
      (i, r) => {
        found[i] = r;
        onRun(r);
      },
      stopped,
    );
  } catch (err) {
    halted = true;
    if (!isEvaluationAbort(err)) throw err;
    abort = err.message;
  }
  return { results: found.filter((r): r is RunResult => r !== undefined), abort };
}

/**
 * Plays the seeds `next()` hands out, `lanes` at a time, until it hands out none or `stopped()`;
 * `onRun` sees each result. An abort from any run rejects at once (the runs still in flight end at
 * their next move once `stopped()` says so: the caller's business) and no lane starts another run.
 */
export function runLanes(
  lanes: number,
  next: () => number | undefined,
  play: (index: number) => Promise<RunResult>,
  onRun: (index: number, r: RunResult) => void,
  stopped: () => boolean,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    const lane = async () => {
      for (let i = next(); i !== undefined && !failed && !stopped(); i = next()) {
        try {
          const r = await play(i);
          if (!failed) onRun(i, r);
        } catch (err) {
          if (err instanceof Interrupted) return;
          // an abort that reports the run it stopped: that run is a result, in the file before the stop
          const stoppedRun = (err as { result?: RunResult } | null)?.result;
          if (!failed && stoppedRun) onRun(i, stoppedRun);
          if (!failed) reject(err as Error);
          failed = true;
          return;
        }
      }
    };
    void Promise.all(Array.from({ length: Math.max(1, lanes) }, lane)).then(() => resolve());
  });
}
