/**
 * Runs seeds against a Gameboard server over HTTP, through the TypeScript client: the same agents, the
 * same budgets, `concurrency` runs in flight at once. An agent that reads the engine's state cannot
 * play here (the server never shows it); the caller refuses it before starting.
 */
import { GameboardClient } from '../../client/index.js';
import type { GameAction, Observation, Outcome } from '../../core/game.js';
import { actionBudget, budgetOf } from '../budgets.js';
import { refusalOnServer } from '../refusal.js';
import type { AgentFactory } from '../types.js';
import type { RunSettings } from './local.js';
import { progressOf } from './progress.js';
import type { RunResult } from './stats.js';

/** Plays one seed on the server. */
export async function runRemote(
  client: GameboardClient,
  slug: string,
  factory: AgentFactory,
  seed: number,
  settings: RunSettings,
): Promise<RunResult> {
  const budget = settings.maxSteps !== undefined ? actionBudget(settings.maxSteps) : budgetOf(slug);
  const started = performance.now();
  const session = await client.start(slug, { seed });
  const agent = factory({ game: slug, seed });
  let spent = 0;
  let truncated: Outcome | null = null;
  while (!session.gameOver) {
    // a spent budget stops the run before the agent is asked for a move it could not play
    if (budget && spent >= budget.limit) {
      truncated = { kind: 'truncated', reason: 'budget' };
      break;
    }
    const action: GameAction = await agent.act({
      game: slug,
      observation: session.observation as Observation,
      legalActions: session.legalActions,
      score: session.score,
      step: session.history.length,
      refusal: (a) => refusalOnServer(session, a),
    });
    if (budget) {
      const cost = budget.cost(action);
      if (spent + cost > budget.limit) {
        truncated = { kind: 'truncated', reason: 'budget' };
        break;
      }
      spent += cost;
    } else if (session.history.length >= 100_000) {
      truncated = { kind: 'truncated', reason: 'max_steps' };
      break;
    }
    await session.act(action);
  }
  const result: RunResult = {
    seed,
    score: session.score,
    steps: session.history.length,
    ms: performance.now() - started,
    outcome: session.outcome ?? truncated ?? { kind: 'truncated', reason: 'max_steps' },
    progress: progressOf(slug, session.observation as Observation),
  };
  if (settings.keepActions) result.actions = session.history.slice();
  if (factory.runStats) result.agentStats = factory.runStats(seed);
  return result;
}

/** Plays `seeds` on the server at `baseUrl`, `concurrency` at a time; results in seed order. */
export async function runOnServer(
  baseUrl: string,
  slug: string,
  factory: AgentFactory,
  seeds: readonly number[],
  concurrency: number,
  settings: RunSettings,
  onRun: (r: RunResult) => void,
): Promise<{ results: RunResult[]; rateLimited: number }> {
  const client = new GameboardClient(baseUrl);
  const results: RunResult[] = new Array(seeds.length);
  let next = 0;
  const lane = async () => {
    while (next < seeds.length) {
      const i = next++;
      results[i] = await runRemote(client, slug, factory, seeds[i], settings);
      onRun(results[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, seeds.length)) }, lane));
  return { results, rateLimited: client.rateLimited };
}
