/**
 * The environments of one group (one game, `n` environments) that one thread steps: slots `lo` to
 * `hi - 1`. Every state stays here; what Python reads is written into the group's output block, one
 * row a slot (src/pool/layout.ts), by whichever thread holds the slot.
 */
import type { AnyGame, GameAction, GameEvent } from '../core/game.js';
import { registry } from '../games/index.js';
import { actionCost, type RankedBudget } from '../core/budget.js';
import type { GameTensor } from '../core/tensor.js';
import { type Layout, views, type Views } from './layout.js';

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
    if (tensor.encodeState !== undefined) tensor.encodeState(state, row, this.featureRows[k]);
    else {
      const x = tensor.encode(game.observe(state, { text: false }), row);
      if (x.planes !== row) row.set(x.planes);
      this.featureRows[k].set(x.features);
    }
    mask.fill(0);
    if (tensor.maskState !== undefined) tensor.maskState(state, mask);
    else
      for (const a of game.legalActions(state)) {
        const at = tensor.indexOf(state, a);
        if (at >= 0) mask[at] = 1;
      }
    v.scores[i] = game.score(state);
    v.over[i] = game.isGameOver(state) ? 1 : 0;
  }

  /** New runs for the slots `reset` marks, from `seeds`. */
  reset(): void {
    const { v } = this;
    for (let i = this.lo; i < this.hi; i++) {
      if (!v.resetMask[i]) continue;
      const state = this.game.init(v.seeds[i]);
      this.slots[i - this.lo] = { state, actions: [], events: [] };
      v.status[i] = PLAYED;
      v.cost[i] = 0;
      this.write(i, state);
    }
  }

  /** Plays each slot's action index (-1: the slot sits this step out; -2: a new run from its seed). */
  step(): void {
    const { v, game, tensor } = this;
    for (let i = this.lo; i < this.hi; i++) {
      const index = v.actions[i];
      v.cost[i] = 0;
      if (index === -2) {
        const state = this.game.init(v.seeds[i]);
        this.slots[i - this.lo] = { state, actions: [], events: [] };
        v.status[i] = PLAYED;
        this.write(i, state);
        continue;
      }
      if (index < 0) {
        v.status[i] = UNTOUCHED;
        continue;
      }
      const slot = this.slot(i);
      const action = index < this.layout.actions ? tensor.actionAt(slot.state, index) : null;
      const result = action === null || game.isGameOver(slot.state) ? null : game.step(slot.state, action as never);
      if (result === null || !result.ok) {
        v.status[i] = REFUSED;
        continue;
      }
      slot.state = result.state;
      slot.actions.push(action!);
      slot.events = result.events;
      v.status[i] = PLAYED;
      v.cost[i] = this.budget ? actionCost(this.budget, action!) : 1;
      this.write(i, result.state);
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
    this.slots[i - this.lo] = { state, actions: [...data.actions], events: [] };
    this.write(i, state);
  }

  /** Slot j takes a copy of slot i's run (both of this shard). */
  copySlot(i: number, j: number): void {
    const s = this.slot(i);
    this.slots[j - this.lo] = { state: s.state, actions: [...s.actions], events: s.events };
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
