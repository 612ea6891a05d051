/**
 * The one run library: a run carried in process. A `Session` holds a game, its seed, the accepted
 * actions and the state they lead to; `act` answers what the HTTP API answers for the same state
 * (observation, legal actions, score, game over, outcome, and the step's events), built once per state.
 * `undo` and `fork` replay the actions from the seed (engines are deterministic and fast: no stack of
 * states is kept). With a budget (core/budget.ts) the session meters it as a ranked session does: an
 * action that would cross it is refused, and reaching it truncates the run.
 *
 * The web's free play, the MCP server's local games, the CLI's play and the agents' in-process runs all
 * carry their runs here; replays of a whole run go through `replay.ts`.
 */
import { BUDGET_OUTCOME, Spending, type Meter, type RankedBudget } from './budget.js';
import type { AnyGame, GameAction, GameEvent, Observation, ObserveOptions, Outcome } from './game.js';
import type { Run } from './replay.js';
import type { Seed } from './seed.js';

/** What every play answer shows of a state: the standard answer of the HTTP API, in its key order. */
export interface Answer {
  observation: Observation;
  legalActions: GameAction[];
  score: number;
  gameOver: boolean;
  outcome: Outcome | null;
}

/** An accepted action's answer: the state's answer and what happened during the step. */
interface ActAnswer extends Answer {
  events: GameEvent[];
}

/** What `act` gives: the new answer, or why the action was refused (nothing changed then). */
export type ActResult = ({ ok: true } & ActAnswer) | { ok: false; reason: string; message: string };

/**
 * How a run stands: the game's own outcome, else `truncated` (reason `budget`) once `spent` has
 * reached the budget's limit. Null while the run goes on.
 */
export function standing(
  game: AnyGame,
  state: unknown,
  budget: { limit: number } | null,
  spent: number,
): Outcome | null {
  return game.outcome(state) ?? (budget && spent >= budget.limit ? BUDGET_OUTCOME : null);
}

/**
 * Writes the standard answer for `state` into `head` (after whatever `head` already holds, in the order
 * the API answers) and returns it. With a budget, a run stopped by it is over: no legal actions, and
 * `gameOver` true with the truncated outcome. This runs on every action: one object, written once.
 * `observeOptions` go to `observe` (`{ text: false }` for an answer whose observation will be dropped).
 */
export function answerInto<H extends Record<string, unknown>>(
  game: AnyGame,
  state: unknown,
  head: H,
  budget: { limit: number } | null = null,
  spent = 0,
  observeOptions?: ObserveOptions,
): H & Answer {
  const h = head as Record<string, unknown>;
  h.observation = game.observe(state, observeOptions);
  if (budget === null) {
    h.legalActions = game.legalActions(state);
    h.score = game.score(state);
    h.gameOver = game.isGameOver(state);
    h.outcome = game.outcome(state);
  } else {
    const outcome = standing(game, state, budget, spent);
    h.legalActions = outcome === null ? game.legalActions(state) : [];
    h.score = game.score(state);
    h.gameOver = outcome !== null;
    h.outcome = outcome;
  }
  return head as H & Answer;
}

/** The standard answer for `state`. */
export function answerOf(game: AnyGame, state: unknown): Answer {
  return answerInto(game, state, {});
}

export interface SessionOptions {
  /**
   * Meter this budget (a game's published one, `budgetOf(game)`, or a `Meter`), as a ranked session
   * does. Default: none.
   */
  budget?: RankedBudget | Meter | null;
}

/** One run in progress, in this process. Mutable: `act`, `undo` change it; `fork` makes another. */
export class Session<S = unknown> {
  private current: S;
  private readonly done: GameAction[] = [];
  private readonly costs: number[] = [];
  private readonly meter: Spending | null;
  private cached: Answer | null = null;
  private lastEvents: GameEvent[] = [];
  readonly budget: RankedBudget | Meter | null;

  constructor(
    readonly game: AnyGame,
    readonly seed: Seed,
    options: SessionOptions = {},
  ) {
    this.budget = options.budget ?? null;
    this.meter = this.budget ? new Spending(this.budget) : null;
    this.current = game.init(seed) as S;
  }

  /**
   * A session rebuilt from a run's actions, replayed from its seed (exact: engines are deterministic).
   * Replay stops at the first action refused (the session keeps what came before; `refusedAt` says
   * where), so a damaged saved run resumes as far as it is valid.
   */
  static resume(game: AnyGame, run: Pick<Run, 'seed' | 'actions'>, options: SessionOptions = {}): Session {
    const s = new Session(game, run.seed, options);
    for (const a of run.actions) if (!s.step(a).ok) break;
    return s;
  }

  /** The current engine state (read-only by contract: engines never mutate a state). */
  get state(): S {
    return this.current;
  }

  /** The accepted actions, in order (a copy). */
  get actions(): GameAction[] {
    return [...this.done];
  }

  /** How many actions were accepted. */
  get steps(): number {
    return this.done.length;
  }

  /** Budget units spent (0 without a budget). */
  get spent(): number {
    return this.meter?.spent ?? 0;
  }

  /** The events of the last accepted action (empty before the first, and after `undo`). */
  get events(): GameEvent[] {
    return this.lastEvents;
  }

  /** The answer for the current state, built once per state. */
  answer(): Answer {
    return (this.cached ??= answerInto(this.game, this.current, {}, this.budget, this.spent));
  }

  /** How the run stands (null while it goes on); with a budget, `truncated` once it is spent. */
  outcome(): Outcome | null {
    return this.cached ? this.cached.outcome : standing(this.game, this.current, this.budget, this.spent);
  }

  /** True once the run is over (the game ended it, or the budget did). */
  isOver(): boolean {
    return this.outcome() !== null;
  }

  /**
   * Plays one action: the engine's `step`, after the budget's check. A refusal changes nothing. The
   * answer is built only when read (`act` builds it; `step` does not), as building the observation can
   * cost more than the step.
   */
  step(action: GameAction): { ok: true; events: GameEvent[] } | { ok: false; reason: string; message: string } {
    const meter = this.meter;
    if (meter) {
      if (meter.exhausted)
        return { ok: false, reason: 'over_budget', message: 'The ranked budget is spent: the run is over.' };
      const over = meter.refusal(action);
      if (over) return { ok: false, ...over };
    }
    const r = this.game.step(this.current, action);
    if (!r.ok) return { ok: false, reason: r.reason, message: r.message };
    this.current = r.state as S;
    this.done.push(action);
    this.costs.push(meter?.charge(action) ?? 0);
    this.lastEvents = r.events;
    this.cached = null;
    return { ok: true, events: r.events };
  }

  /** True when `action` fits in what is left of the budget (always, without one). */
  fits(action: GameAction): boolean {
    return this.meter === null || (!this.meter.exhausted && this.meter.refusal(action) === null);
  }

  /** Plays one action and answers as the API does: the new state's answer with the step's events. */
  act(action: GameAction): ActResult {
    const r = this.step(action);
    if (!r.ok) return r;
    return { ok: true, ...this.answer(), events: r.events };
  }

  /** The state after the first `steps` actions, replayed from the seed. */
  stateAt(steps: number): S {
    let state = this.game.init(this.seed);
    for (const a of this.done.slice(0, Math.max(0, steps))) {
      const r = this.game.step(state, a);
      if (!r.ok) throw new Error(`replay failed at action ${JSON.stringify(a)}: ${r.reason}`);
      state = r.state;
    }
    return state as S;
  }

  /** Takes back the last `steps` actions (default one; never past the start), by replay from the seed. */
  undo(steps = 1): void {
    const keep = Math.max(0, this.done.length - Math.max(0, steps));
    if (keep === this.done.length) return;
    this.current = this.stateAt(keep);
    this.done.length = keep;
    this.costs.length = keep;
    if (this.meter) this.meter.spent = this.costs.reduce((a, b) => a + b, 0);
    this.lastEvents = [];
    this.cached = null;
  }

  /**
   * A new session continuing this one from after its first `step` actions (default all). A step past
   * the end throws: forking there silently would hand back a position the caller did not ask for.
   */
  fork(step = this.done.length): Session<S> {
    if (!Number.isInteger(step) || step < 0 || step > this.done.length) {
      const n = this.done.length;
      throw new RangeError(`the run has ${n} action${n === 1 ? '' : 's'}; it cannot be forked after action ${step}`);
    }
    const copy = new Session<S>(this.game, this.seed, { budget: this.budget });
    for (const a of this.done.slice(0, step)) copy.step(a);
    return copy;
  }

  /** The run so far, as a replayable record. */
  run(): Run {
    return {
      game: this.game.spec.slug,
      rulesVersion: this.game.spec.rulesVersion,
      seed: this.seed,
      actions: [...this.done],
    };
  }
}
