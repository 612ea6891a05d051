/**
 * Ranked budgets. The rules never cap an endless game (score and wave grow without end), so engines do
 * not stop; the ranking does. Each game's spec publishes `rankedBudget`: how much play a ranked run is
 * scored on, in the game's own unit, so that scores compare (the Arcade Learning Environment caps
 * episodes at 108,000 frames for the same reason). A run stopped by its budget is *truncated*, in
 * Gymnasium's words. The cost of an action is a pure function of the action, so a live session and a
 * replay of the same run count the same.
 */
import type { AnyGame, GameAction, Observation, Outcome } from './game.js';

/** A game's ranked budget, as published in its spec (`spec.rankedBudget`; null for finite games). */
export interface RankedBudget {
  /** What is counted: every action, the game's turns, or its ticks. */
  unit: 'actions' | 'turns' | 'ticks';
  /** How many units a ranked run may spend. */
  limit: number;
  /** The action types that cost; absent means every action costs. */
  counted?: string[];
  /** An integer field of a counted action giving its cost (default 1 when the field is absent). */
  countField?: string;
  /** Why this limit, in one sentence. */
  why: string;
}

/**
 * A budget as a run meters it: the limit, its unit, and what one action costs. A game's published
 * budget becomes one with `meterOf`; a `--max-steps` cap is `actionMeter(n)`.
 */
export interface Meter {
  limit: number;
  unit: RankedBudget['unit'];
  cost(action: GameAction): number;
}

/** The meter of a published budget. */
export function meterOf(budget: RankedBudget): Meter {
  return { limit: budget.limit, unit: budget.unit, cost: (a) => actionCost(budget, a) };
}

/** A meter of `limit` plain actions (a step cap the user gives). */
export function actionMeter(limit: number): Meter {
  return { limit, unit: 'actions', cost: () => 1 };
}

/** What `action` costs under a published budget or a meter. */
function costUnder(budget: RankedBudget | Meter, action: GameAction): number {
  return 'cost' in budget ? budget.cost(action) : actionCost(budget, action);
}

/**
 * The one live budget meter: what a run has spent, and whether the next action fits. The in-process
 * `Session` (core/session.ts), the harness's runs over HTTP and the ranked sessions' refusals all count
 * with it, so a run is cut at the same action wherever it is played.
 */
export class Spending {
  constructor(
    readonly budget: RankedBudget | Meter,
    public spent = 0,
  ) {}

  /** True once nothing is left (a spent budget stops the run before another action is asked for). */
  get exhausted(): boolean {
    return this.spent >= this.budget.limit;
  }

  /** What is left of the limit. */
  get left(): number {
    return this.budget.limit - this.spent;
  }

  /**
   * Why `action` does not fit in what is left (reason `over_budget`, in a ranked session's words), or
   * null when it does.
   */
  refusal(action: GameAction): { reason: 'over_budget'; message: string } | null {
    const cost = costUnder(this.budget, action);
    if (this.spent + cost <= this.budget.limit) return null;
    return {
      reason: 'over_budget',
      message: `Only ${this.left} ${this.budget.unit} of the ranked budget are left and this action costs ${cost}; send a smaller one.`,
    };
  }

  /** Counts `action` when it fits and answers its cost; null (nothing counted) when it would cross. */
  charge(action: GameAction): number | null {
    const cost = costUnder(this.budget, action);
    if (this.spent + cost > this.budget.limit) return null;
    this.spent += cost;
    return cost;
  }
}

/** The outcome of a run stopped by its budget. */
export const BUDGET_OUTCOME: Outcome = { kind: 'truncated', reason: 'budget' };

/** The budget a game publishes, or null when it needs none. */
export function budgetOf(game: AnyGame): RankedBudget | null {
  return (game.spec.rankedBudget as RankedBudget | null | undefined) ?? null;
}

/** How many units `action` spends under `budget`. */
export function actionCost(budget: RankedBudget, action: GameAction): number {
  if (budget.counted && !budget.counted.includes(action.type)) return 0;
  if (budget.countField === undefined) return 1;
  const n = action[budget.countField];
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 1;
}

/** What a run ranks on: the state at its budget (or at its end), with how it ended. */
export interface RankedResult {
  state: unknown;
  score: number;
  /** Actions up to the ranked state. */
  steps: number;
  /** Budget units spent up to the ranked state. */
  spent: number;
  /** Null while the run could go on: an unfinished run is never listed. */
  outcome: Outcome | null;
}

/**
 * Scores a run as the ranking does, fed each action and the state after it (as `replay`'s `onStep`
 * gives them): the ranked state is the one after the last action within the budget. An action that
 * would cross the budget is not counted (a live session refuses it); reaching the budget exactly
 * truncates the run; a run that ends within it keeps the game's own outcome.
 */
export class BudgetMeter {
  private readonly budget: RankedBudget | null;
  /** The one live meter (`Spending`), fed the accepted actions. */
  private readonly meter: Spending | null;
  private state: unknown;
  private steps = 0;
  private stopped = false;
  private overrun = false;

  constructor(
    private readonly game: AnyGame,
    first: unknown,
  ) {
    this.budget = budgetOf(game);
    this.meter = this.budget ? new Spending(this.budget) : null;
    this.state = first;
  }

  /** Counts one accepted action and the state after it. */
  feed(action: GameAction, after: unknown): void {
    if (this.stopped) {
      this.overrun = true;
      return;
    }
    if (this.meter) {
      if (this.meter.charge(action) === null) {
        this.stopped = this.overrun = true;
        return;
      }
      if (this.meter.exhausted) this.stopped = true;
    }
    this.state = after;
    this.steps++;
  }

  /** The ranked state and how the run ended (null outcome: unfinished). */
  result(): RankedResult {
    const g = this.game;
    const spent = this.meter?.spent ?? 0;
    const atLimit = this.meter !== null && (this.overrun || this.meter.exhausted);
    const outcome = g.outcome(this.state) ?? (atLimit ? BUDGET_OUTCOME : null);
    return { state: this.state, score: g.score(this.state), steps: this.steps, spent, outcome };
  }
}

/** What a game counts as progress (`spec.progressLabel`: wave, level, pitch, night), or null. */
export function progressLabelOf(game: AnyGame): string | null {
  const label = game.spec.progressLabel;
  return typeof label === 'string' && label !== '' ? label : null;
}

/**
 * How far a run got, read from an observation only (a run played over HTTP has nothing else): the
 * field named by the game's `progressLabel`, at the top or in its `player`. Null when there is none.
 */
export function progressIn(game: AnyGame, observation: Observation): number | null {
  const label = progressLabelOf(game);
  if (!label) return null;
  const o = observation as Record<string, unknown>;
  const read = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return read(o[label]) ?? read((o.player as Record<string, unknown> | undefined)?.[label]);
}

/**
 * How far a run got, in the game's own word (wave, level, pitch, night): from the game's `progress`
 * when it has one, else read from its observation (`progressIn`). The one progress function: the
 * ranked boards, the verifier and the harness (in process and over HTTP) all read progress here.
 */
export function progressOf(game: AnyGame, state: unknown): { label: string; value: number } | null {
  const label = progressLabelOf(game);
  if (!label) return null;
  if (game.progress) return { label, value: game.progress(state) };
  const value = progressIn(game, game.observe(state));
  return value === null ? null : { label, value };
}
