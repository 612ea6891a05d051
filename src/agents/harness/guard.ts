/**
 * What the harness puts around an agent for one run, so that one bad run fails alone: an error the
 * agent throws, an action outside the game's grammar, or a move that takes longer than the move
 * timeout ends that run as `{kind: "error", reason, message}`, and the evaluation goes on. It also
 * records the run's trajectory when asked (one record per step, with what `Agent.stepInfo` answers),
 * and ends the run at its next move once the evaluation is interrupted.
 */
import { grammarsOf, preview, type ActionGrammar } from '../../core/grammar.js';
import type { GameAction } from '../../core/game.js';
import { registry } from '../../games/index.js';
import type { Agent, AgentView } from '../types.js';
import type { ErrorOutcome, RunOutcome } from './stats.js';

/** A run that cannot go on: it is reported as an error outcome with this reason. */
export class RunFailure extends Error {
  constructor(
    readonly reason: ErrorOutcome['reason'],
    message: string,
  ) {
    super(message);
  }
}

/** The evaluation was interrupted (Ctrl-C): the run in progress is dropped, not reported. */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

/** True for the agent's way of stopping the whole evaluation (it may come from another thread or module copy). */
export function isEvaluationAbort(err: unknown): err is Error {
  return (err as { name?: unknown } | null)?.name === 'EvaluationAbort';
}

/** An agent that wants to hear how its run ended (the `cmd:` agent tells its process). */
export interface EndAware {
  end?(outcome: RunOutcome, score: number): void | Promise<void>;
  /**
   * True while the agent's next answer also covers its own start-up (a `cmd:` process's first answer):
   * that move is timed by `startupTimeoutMs` instead of `moveTimeoutMs`.
   */
  startingUp?(): boolean;
}

/** How a run is guarded and what is recorded. */
export interface GuardSettings {
  /** The longest one move may take, in milliseconds, from the moment the agent is asked; none when absent. */
  moveTimeoutMs?: number;
  /** The longest a `cmd:` process's first answer may take, its start-up included (default 120,000 ms). */
  startupTimeoutMs?: number;
  /** Record one line per step. */
  trajectories?: boolean;
  /** With `trajectories`: include the observation's text (default true). */
  observations?: boolean;
}

/** A `cmd:` process's first answer, its start-up included, may take this long by default (ms). */
const STARTUP_TIMEOUT_MS = 120_000;

/** A module agent's move may take this long by default (ms); a `cmd:` agent's 30,000; the LLM agent's has none. */
export const MODULE_MOVE_TIMEOUT_MS = 60_000;

let grammars: Map<string, ActionGrammar> | undefined;

/** The compiled grammar of `slug` (compiled once per thread). */
function grammarOf(slug: string): ActionGrammar | undefined {
  grammars ??= grammarsOf(registry);
  return grammars.get(slug);
}

/** One run's guarded agent: acts through `inner`, and knows where the run stood at its last move. */
export class GuardedAgent implements Agent {
  /** The score and step the last view showed (where a failed run stopped). */
  score = 0;
  step = 0;
  /** The trajectory so far, when recorded. */
  readonly trajectory: Record<string, unknown>[] | undefined;
  private readonly grammar: ActionGrammar | undefined;

  constructor(
    readonly inner: Agent & EndAware,
    private readonly slug: string,
    private readonly seed: number,
    private readonly settings: GuardSettings,
    private readonly stopped: () => boolean,
  ) {
    this.grammar = grammarOf(slug);
    this.trajectory = settings.trajectories ? [] : undefined;
  }

  /** The agent's own reason to end the run before the next move (its token budget, say). */
  stopReason(): string | undefined {
    return this.inner.stopReason?.();
  }

  /** Synchronous for a synchronous agent: a microtask per step would cost more than a random run's step. */
  act(view: AgentView): GameAction | Promise<GameAction> {
    if (this.stopped()) throw new Interrupted('the evaluation was interrupted');
    this.closeStep(view.score);
    this.score = view.score;
    this.step = view.step;
    let chosen: GameAction | PromiseLike<GameAction>;
    const startingUp = this.inner.startingUp?.() ?? false;
    try {
      chosen = this.inner.act(view);
    } catch (err) {
      throw asFailure(err);
    }
    if (!isThenable(chosen)) return this.accept(view, chosen);
    return this.timed(chosen, startingUp).then(
      (action) => this.accept(view, action),
      (err: unknown) => {
        throw asFailure(err);
      },
    );
  }

  /** Checks the action against the grammar and records the step. */
  private accept(view: AgentView, action: GameAction): GameAction {
    // One of the listed legal actions (the same object) is in the grammar by the game's contract: only
    // an action the agent built itself needs the check.
    if (this.grammar && !view.legalActions.includes(action) && !this.grammar.check(action))
      throw new RunFailure(
        'invalid_action',
        `the agent sent ${preview(action)}, which is not a ${this.slug} action: ${this.grammar.explain(action)}`,
      );
    if (this.trajectory) {
      const line: Record<string, unknown> = {
        seed: this.seed,
        step: view.step,
        action,
        reward: null,
        score: null,
        legalActions: view.legalActions.length,
      };
      if (this.settings.observations !== false) line.observation = view.observation.text;
      const info = this.inner.stepInfo?.();
      if (info) for (const [k, v] of Object.entries(info)) if (!(k in line)) line[k] = v;
      this.trajectory.push(line);
    }
    return action;
  }

  /** The score after the last recorded action is known now: give it its reward. */
  private closeStep(scoreNow: number): void {
    const last = this.trajectory?.[this.trajectory.length - 1];
    if (last && last.score === null) {
      last.score = scoreNow;
      last.reward = scoreNow - this.score;
    }
  }

  /**
   * The run is over after `steps` accepted actions with `score`: closes the trajectory (dropping an
   * action the budget stopped before it was played) and tells the agent how the run ended.
   */
  async finish(outcome: RunOutcome, score: number, steps: number): Promise<void> {
    if (this.trajectory) {
      while (this.trajectory.length > steps) this.trajectory.pop();
      this.closeStep(score);
    }
    try {
      await this.inner.end?.(outcome, score);
    } catch {
      // How the agent takes the news changes nothing in the run.
    }
  }

  private timed<T>(p: PromiseLike<T>, startingUp: boolean): Promise<T> {
    const move = this.settings.moveTimeoutMs;
    if (!move) return Promise.resolve(p);
    const ms = startingUp ? Math.max(move, this.settings.startupTimeoutMs ?? STARTUP_TIMEOUT_MS) : move;
    const flag = startingUp ? '--startup-timeout: the process starting and its first answer' : '--move-timeout';
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new RunFailure('timeout', `the agent gave no action within ${ms} ms (${flag})`)),
        ms,
      );
      p.then(
        (v) => (clearTimeout(timer), resolve(v)),
        (e: unknown) => (clearTimeout(timer), reject(e as Error)),
      );
    });
  }
}

/** What the agent threw, as the failure of its run (an abort or an interruption passes through). */
function asFailure(err: unknown): Error {
  if (err instanceof RunFailure || err instanceof Interrupted || isEvaluationAbort(err)) return err;
  return new RunFailure('agent_error', `the agent threw: ${(err as Error)?.message ?? String(err)}`);
}

/** True for a promise or any other thenable. */
function isThenable<T>(x: T | PromiseLike<T>): x is PromiseLike<T> {
  return typeof (x as { then?: unknown } | null)?.then === 'function';
}
