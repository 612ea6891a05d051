/**
 * Runs seeds against a Gameboard server over HTTP, through the TypeScript client: the same agents, the
 * same budgets and guards, `concurrency` runs in flight at once. An agent that reads the engine's state cannot
 * play here (the server never shows it); the caller refuses it before starting.
 */
import { GameboardClient, GameboardError } from '../../client/index.js';
import type { GameAction, Observation, Outcome } from '../../core/game.js';
import { Spending } from '../../core/budget.js';
import { actionBudget, meterFor } from '../budgets.js';
import { refusalOnServer } from '../refusal.js';
import type { AgentFactory } from '../types.js';
import { EvaluationAbort } from './errors.js';
import { GuardedAgent, Interrupted, isEvaluationAbort, RunFailure } from './guard.js';
import { runReason, runSeeds, type RunSettings } from './local.js';
import { progressOf } from './progress.js';
import type { RunOutcome, RunResult } from './stats.js';

/** Plays one seed on the server; a run the agent (or the server) fails is a result with an error outcome. */
export async function runRemote(
  client: GameboardClient,
  slug: string,
  factory: AgentFactory,
  seed: number,
  settings: RunSettings,
  stopped: () => boolean = () => false,
): Promise<RunResult> {
  const budget = settings.maxSteps !== undefined ? actionBudget(settings.maxSteps) : meterFor(slug);
  const started = performance.now();
  let session;
  try {
    session = await client.start(slug, { seed });
  } catch (err) {
    // No run can be played on a server that cannot be reached.
    if (err instanceof GameboardError && err.code === 'network') throw new EvaluationAbort(`${err.message} (network)`);
    throw err;
  }
  let agent: GuardedAgent | undefined;
  let truncated: Outcome | null = null;
  let outcome: RunOutcome;
  let abort: (Error & { result?: unknown }) | undefined;
  try {
    agent = new GuardedAgent(factory({ game: slug, seed }), slug, seed, settings, stopped);
    const meter = budget ? new Spending(budget) : null;
    const live = session;
    while (!session.gameOver) {
      // a spent budget stops the run before the agent is asked for a move it could not play
      if (meter?.exhausted) {
        truncated = { kind: 'truncated', reason: 'budget' };
        break;
      }
      const stop = agent.stopReason();
      if (stop) {
        truncated = { kind: 'truncated', reason: stop };
        break;
      }
      const action: GameAction = await agent.act({
        game: slug,
        observation: session.observation as Observation,
        legalActions: session.legalActions,
        score: session.score,
        step: session.history.length,
        refusal: (a) => refusalOnServer(live, a),
      });
      if (meter) {
        if (meter.charge(action) === null) {
          truncated = { kind: 'truncated', reason: 'budget' };
          break;
        }
      } else if (session.history.length >= 100_000) {
        truncated = { kind: 'truncated', reason: 'max_steps' };
        break;
      }
      await session.act(action);
    }
    outcome = session.outcome ?? truncated ?? { kind: 'truncated', reason: 'max_steps' };
  } catch (err) {
    if (err instanceof Interrupted || (isEvaluationAbort(err) && !runReason(err))) throw err;
    // Ctrl-C reaches a cmd: agent's process too: its crash then is the interruption, not a failed run.
    if (stopped()) throw new Interrupted('the evaluation was interrupted');
    if (err instanceof GameboardError && err.code === 'network') throw new EvaluationAbort(`${err.message} (network)`);
    const message = (err as Error)?.message ?? String(err);
    abort = isEvaluationAbort(err) ? err : undefined;
    const reason = abort
      ? runReason(abort)!
      : err instanceof RunFailure
        ? err.reason
        : err instanceof GameboardError
          ? err.code === 'refused'
            ? 'refused_action'
            : 'server_error'
          : agent
            ? 'error'
            : 'agent_error';
    outcome = { kind: 'error', reason, message };
  }
  const failed = outcome.kind === 'error';
  const result: RunResult = {
    seed,
    score: session.score,
    steps: session.history.length,
    ms: performance.now() - started,
    outcome,
    progress: failed ? null : progressOf(slug, session.observation as Observation),
  };
  if (settings.keepActions) result.actions = session.history.slice();
  await agent?.finish(result.outcome, result.score, result.steps);
  if (agent?.trajectory) result.trajectory = agent.trajectory;
  if (factory.runStats) result.agentStats = factory.runStats(seed);
  if (abort) {
    abort.result = result;
    throw abort;
  }
  return result;
}

/**
 * Plays `seeds` on the server at `baseUrl`, `concurrency` at a time; the finished runs in seed order,
 * and the message of an EvaluationAbort that stopped them early.
 */
export async function runOnServer(
  baseUrl: string,
  slug: string,
  factory: AgentFactory,
  seeds: readonly number[],
  concurrency: number,
  settings: RunSettings,
  onRun: (r: RunResult) => void,
  interrupted: () => boolean = () => false,
): Promise<{ results: RunResult[]; rateLimited: number; abort?: string }> {
  const client = new GameboardClient(baseUrl);
  const { results, abort } = await runSeeds(
    seeds,
    concurrency,
    (seed, stopped) => runRemote(client, slug, factory, seed, settings, stopped),
    onRun,
    interrupted,
  );
  return { results, rateLimited: client.rateLimited, abort };
}
