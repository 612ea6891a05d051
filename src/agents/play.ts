/**
 * Plays one run of an agent on an engine, in this process: the loop the evaluation harness and the
 * agents' own tests share. The agent sees what it would see over HTTP (observation, legal actions,
 * score), plus the engine's state when it declares `needsState`.
 */
import type { AnyGame, GameAction, Observation, Outcome } from '../core/game.js';
import { Session } from '../core/session.js';
import type { Budget } from './budgets.js';
import type { AgentFactory, AgentView } from './types.js';

/** What one run gave. */
export interface RunRecord {
  game: string;
  rulesVersion: string;
  seed: number;
  actions: GameAction[];
  score: number;
  steps: number;
  /** How it ended; `truncated` (reason `max_steps` or `budget`) when a cap stopped it. */
  outcome: Outcome;
  /** The final engine state (in-process only; not serialised into results). */
  state: unknown;
}

export interface PlayOptions {
  /** Stop after this many accepted actions (the run is then `truncated`). Default 100,000. */
  maxSteps?: number;
  /**
   * Stop once the budget is spent, or before an action would take the run past it (the run is then
   * `truncated` with reason `budget`); see `budgets.ts`. A spent budget stops the run before the agent
   * is asked again.
   */
  budget?: Budget;
}

/**
 * The view an agent gets. The observation is built only when the agent reads it: rendering the text
 * costs more than a step, and an agent that only reads `legalActions` (random) should not pay for it.
 */
class View implements AgentView {
  state?: unknown;
  private obs: Observation | undefined;
  constructor(
    readonly game: string,
    private readonly engine: AnyGame,
    private readonly current: unknown,
    readonly legalActions: GameAction[],
    readonly score: number,
    readonly step: number,
  ) {}
  get observation(): Observation {
    return (this.obs ??= this.engine.observe(this.current));
  }
  refusal(action: GameAction): { reason: string; message: string } | null {
    let r;
    try {
      r = this.engine.step(this.current, action);
    } catch (err) {
      return { reason: 'unknown_action', message: (err as Error).message };
    }
    return r.ok ? null : { reason: r.reason, message: r.message };
  }
}

/** True for a promise or any other thenable. */
function isThenable<T>(x: T | PromiseLike<T>): x is PromiseLike<T> {
  return typeof (x as { then?: unknown } | null)?.then === 'function';
}

/**
 * Plays `factory`'s agent on `game` from `seed` until the game is over, `maxSteps`, or the budget. An
 * action the engine refuses throws (an agent must choose among the legal actions).
 */
export async function playRun(
  game: AnyGame,
  factory: AgentFactory,
  seed: number,
  opts: PlayOptions = {},
): Promise<RunRecord> {
  const maxSteps = opts.maxSteps ?? 100_000;
  const budget = opts.budget;
  const slug = game.spec.slug;
  const agent = factory({ game: slug, seed });
  // The run is carried by the core run library, metering the budget; its answers are never built
  // here (the agent's view builds the observation only when read).
  const run = new Session(game, seed, { budget });
  let truncated: Outcome | null = null;
  while (!game.isGameOver(run.state)) {
    const state = run.state;
    if (run.steps >= maxSteps) {
      truncated = { kind: 'truncated', reason: 'max_steps' };
      break;
    }
    // A spent budget stops the run before the agent is asked for a move it could not play.
    if (budget && run.spent >= budget.limit) {
      truncated = { kind: 'truncated', reason: 'budget' };
      break;
    }
    const stop = agent.stopReason?.();
    if (stop) {
      truncated = { kind: 'truncated', reason: stop };
      break;
    }
    const view = new View(slug, game, state, game.legalActions(state), game.score(state), run.steps);
    if (factory.needsState) view.state = state;
    // Awaiting only real promises keeps a synchronous agent's loop free of a microtask per step.
    const chosen = agent.act(view);
    const action = isThenable(chosen) ? await chosen : chosen;
    // An action that would take the run past its budget stops it (the run is truncated there).
    if (!run.fits(action)) {
      truncated = { kind: 'truncated', reason: 'budget' };
      break;
    }
    const r = run.step(action);
    if (!r.ok) throw new Error(`the agent chose a refused action ${JSON.stringify(action)}: ${r.reason}: ${r.message}`);
  }
  const state = run.state;
  const actions = run.actions;
  return {
    game: slug,
    rulesVersion: game.spec.rulesVersion,
    seed,
    actions,
    score: game.score(state),
    steps: actions.length,
    outcome: game.outcome(state) ?? truncated ?? { kind: 'truncated', reason: 'max_steps' },
    state,
  };
}
