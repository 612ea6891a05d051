/**
 * The environments of one group (one game, `n` environments) that one thread steps: slots `lo` to
 * `hi - 1`. Every state stays here; what Python reads is written into the group's output block, one
 * row a slot (src/pool/layout.ts), by whichever thread holds the slot. Each slot's run is also kept as
 * the Gymnasium vector env keeps it (the group's params): steps, steps counted towards max_steps,
 * budget spent, and each step's reward, terminated, truncated and refused flags, and pending autoreset.
 */
import type { AnyGame, GameAction, GameEvent } from '../core/game.js';
import { registry } from '../games/index.js';
import { actionCost, type RankedBudget } from '../core/budget.js';
import type { GameTensor } from '../core/tensor.js';
import { DEFAULT_PARAMS, type GroupParams, type Layout, views, type Views } from './layout.js';

/** What a slot answers besides its output row: the run so far and what the last step said. */
export interface SlotInfo {
  run: { game: string; rulesVersion: string; seed: unknown; actions: GameAction[] };
  outcome: { kind: string; reason: string } | null;
  legalActions: GameAction[];
  events: GameEvent[];
  text: string;
}

/** Status bytes of a slot after a step. */
const PLAYED = 0;
const REFUSED = 1;
const UNTOUCHED = 2;

interface Slot {
  state: unknown;
  actions: GameAction[];
  events: GameEvent[];
  /** Steps played (refused ones not counted). */
  steps: number;
  /** Steps asked for, refused ones included: what max_steps counts. */
  elapsed: number;
  /** Budget units spent (counted only where the group has a budget). */
  spent: number;
}

export class Shard {
  readonly game: AnyGame;
  private readonly tensor: GameTensor;
  private readonly v: Views;
  private readonly slots: Slot[];
  private readonly budget: RankedBudget | null;
  private readonly planeRows: Uint8Array[] = [];
  private readonly featureRows: Float32Array[] = [];
  private readonly maskRows: Int8Array[] = [];

  constructor(
    slug: string,
    private readonly layout: Layout,
    buffer: SharedArrayBuffer | ArrayBuffer,
    readonly lo: number,
    readonly hi: number,
    private readonly params: GroupParams = DEFAULT_PARAMS,
    /** False: the slow path (observe, encode, legalActions) even where the game has fast paths (a bench's baseline). */
    private readonly fast = true,
  ) {
    const game = registry.get(slug);
    if (!game?.tensor) throw new Error(`unknown game ${JSON.stringify(slug)}`);
    this.game = game;
    this.tensor = game.tensor as GameTensor;
    this.v = views(layout, buffer);
    this.slots = [];
    this.budget = (game.spec.rankedBudget as RankedBudget | null) ?? null;
    // Each slot's rows of the block, made once: a step writes into them without allocating.
    const { planes: p, features: f, actions: a } = layout;
    for (let i = lo; i < hi; i++) {
      this.planeRows.push(this.v.planes.subarray(i * p, (i + 1) * p));
      this.featureRows.push(this.v.features.subarray(i * f, (i + 1) * f));
      this.maskRows.push(this.v.masks.subarray(i * a, (i + 1) * a));
    }
  }

  private slot(i: number): Slot {
    const s = this.slots[i - this.lo];
    if (s === undefined) throw new Error(`environment ${i} has no run: reset it first`);
    return s;
  }

  /** Writes slot i's row: observation, mask, score, whether the run is over. */
  private write(i: number, state: unknown): void {
    const { game, tensor, v } = this;
    const k = i - this.lo;
    const row = this.planeRows[k];
    const mask = this.maskRows[k];
    // The planes are encoded straight into the slot's row (zeroed first, as both paths ask).
    row.fill(0);
    if (this.fast && tensor.encodeState !== undefined) tensor.encodeState(state, row, this.featureRows[k]);
    else {
      const x = tensor.encode(game.observe(state, { text: false }), row);
      if (x.planes !== row) row.set(x.planes);
      this.featureRows[k].set(x.features);
    }
    mask.fill(0);
    if (this.fast && tensor.maskState !== undefined) tensor.maskState(state, mask);
    else
      for (const a of game.legalActions(state)) {
        const at = tensor.indexOf(state, a);
        if (at >= 0) mask[at] = 1;
      }
    v.scores[i] = game.score(state);
    v.over[i] = game.isGameOver(state) ? 1 : 0;
  }

  /** The last step's answer for slot i: reward and flags (pending: the run ended on it). */
  private answer(i: number, reward: number, terminated: boolean, truncated: boolean, refused: boolean): void {
    const { v } = this;
    v.rewards[i] = reward;
    v.terminated[i] = terminated ? 1 : 0;
    v.truncated[i] = truncated ? 1 : 0;
    v.refused[i] = refused ? 1 : 0;
    v.pending[i] = terminated || truncated ? 1 : 0;
  }

  /** A new run in slot i from its seed (`seeds`): counters at 0, reward 0, no flag. */
  private fresh(i: number): void {
    const { v } = this;
    const seed = v.seeds[i];
    const state = this.game.init(seed);
    this.slots[i - this.lo] = { state, actions: [], events: [], steps: 0, elapsed: 0, spent: 0 };
    v.status[i] = PLAYED;
    v.cost[i] = 0;
    v.gameSeed[2 * i] = seed;
    v.gameSeed[2 * i + 1] = 0;
    v.steps[2 * i] = 0;
    v.steps[2 * i + 1] = 0;
    this.answer(i, 0, false, false, false);
    this.write(i, state);
  }

  /** New runs for the slots `reset` marks, from `seeds`. */
  reset(): void {
    for (let i = this.lo; i < this.hi; i++) if (this.v.resetMask[i]) this.fresh(i);
  }

  /**
   * Plays each slot's action index (-1: the slot sits this step out; -2: a new run from its seed; with
   * the group's autoreset, a slot whose run ended on the last step starts a new run whatever its index).
   * An index the mask marks illegal, or the engine refuses, changes nothing: a refused step, with the
   * refused reward, counted towards max_steps. A played step's reward is the score's change; it
   * terminates when the run is over, else truncates once the budget or max_steps is reached.
   */
  step(): void {
    const { v, game, tensor, params } = this;
    const { autoreset, maxSteps, refusedReward } = params;
    const limit = params.budget;
    const a = this.layout.actions;
    for (let i = this.lo; i < this.hi; i++) {
      const index = v.actions[i];
      if (index === -2 || (autoreset && v.pending[i] === 1)) {
        this.fresh(i);
        continue;
      }
      v.cost[i] = 0;
      if (index < 0) {
        v.status[i] = UNTOUCHED;
        this.answer(i, 0, false, false, false);
        continue;
      }
      const slot = this.slot(i);
      const action = index < a && v.masks[i * a + index] === 1 ? tensor.actionAt(slot.state, index) : null;
      const result = action === null || game.isGameOver(slot.state) ? null : game.step(slot.state, action as never);
      slot.elapsed += 1;
      if (result === null || !result.ok) {
        v.status[i] = REFUSED;
        this.answer(i, refusedReward, false, maxSteps !== null && slot.elapsed >= maxSteps, true);
        continue;
      }
      const before = v.scores[i];
      slot.state = result.state;
      slot.actions.push(action!);
      slot.events = result.events;
      slot.steps += 1;
      v.steps[2 * i] = slot.steps;
      v.status[i] = PLAYED;
      const cost = this.budget ? actionCost(this.budget, action!) : 1;
      v.cost[i] = cost;
      if (limit !== null) slot.spent += cost;
      this.write(i, result.state);
      const over = v.over[i] === 1;
      const truncated =
        !over && ((limit !== null && slot.spent >= limit) || (maxSteps !== null && slot.elapsed >= maxSteps));
      this.answer(i, v.scores[i] - before, over, truncated, false);
    }
  }

  /** Slot i's state as the engine's wire form, with its run so far (for a copy elsewhere). */
  exportSlot(i: number): unknown {
    const s = this.slot(i);
    return { wire: this.game.toWire(s.state), actions: s.actions };
  }

  /** Slot i from an exportSlot answer; its row written. */
  importSlot(i: number, data: { wire: unknown; actions: GameAction[] }): void {
    const state = this.game.fromWire(data.wire as never);
    this.slots[i - this.lo] = { state, actions: [...data.actions], events: [], steps: 0, elapsed: 0, spent: 0 };
    this.write(i, state);
  }

  /** Slot j takes a copy of slot i's run (both of this shard). */
  copySlot(i: number, j: number): void {
    const s = this.slot(i);
    this.slots[j - this.lo] = { ...s, actions: [...s.actions] };
    this.write(j, s.state);
  }

  info(i: number): SlotInfo {
    const { game } = this;
    const s = this.slot(i);
    return {
      run: {
        game: game.spec.slug,
        rulesVersion: game.spec.rulesVersion,
        seed: game.seedOf(s.state),
        actions: s.actions,
      },
      outcome: game.outcome(s.state),
      legalActions: game.legalActions(s.state) as GameAction[],
      events: s.events,
      text: game.observe(s.state).text,
    };
  }
}
