/**
 * The per-tick context every stage shares: the input of this tick, the events so far, flags that end
 * the tick or the batch, and caches (bloom cover, the seeded stream) that stages refresh as they change
 * things. A context belongs to one call of `step`: every scratch buffer a stage uses hangs off it, so
 * nothing written during a step outlives it or is shared with another step.
 */
import type { GameEvent, Json } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import type { BriarwinkState } from '../types.js';
import { CELLS } from '../grid.js';

/** Rules `briarwink-1`: walkTo's mid-step turn-back of that version (kept to replay its stored runs). */
export const RULES_V1 = 1;
/** Rules `briarwink-2`, the current ones: walkTo feeds its direction to the move like a held input. */
export const RULES_V2 = 2;

/** The most events one action reports. */
const MAX_EVENTS = 64;

/**
 * The context of one step. A class, not a literal: one hidden class for every context, made once per
 * step (records.ts explains why the engine builds with `new`). Its scratch buffers are made on first use.
 */
export class TickCtx {
  /** Held direction 0..3, or -1 for null. Ignored when walkTo >= 0. */
  declare move: number;
  /** walkTo target cell, or -1. */
  declare walkTo: number;
  /** Plant on this tick (the first tick of a batch that asked to plant). */
  declare plant: boolean;
  declare events: GameEvent[];
  /** Events beyond MAX_EVENTS that were dropped. */
  declare dropped: number;
  /** Set by a stage to skip the rest of the tick. */
  declare end: boolean;
  declare heartLost: boolean;
  declare cleared: boolean;
  declare over: boolean;
  /** The gardener's occupied cell at the start of the tick (-1 when away). */
  declare prevPlayer: number;
  /**
   * Each dimling's occupied cell at the start of the dimlings stage, by id: written by that stage only
   * on ticks the gardener changed cell, the only ticks the hazards stage reads it (a swap). Made then.
   */
  declare prevDim: number[] | null;
  /**
   * The night's seeded stream once a stage draws from it; it lives through the batch's ticks and is
   * written back into the state when the batch ends (`saveRng`), or dropped when a new night is laid out.
   */
  declare rng: Rng | null;
  /** The tick's bloom cover once worked out (`coverOf`), null while stale. */
  declare cover: Int8Array | null;
  /** Which rules the tick follows: RULES_V2, or RULES_V1 when replaying a run stored under it. */
  declare rules: number;
  /** This context's bloom cover (made on first use): per cell the rank of the lowest covering cascade in `coverIds`, or -1. */
  declare coverBuf: Int8Array | null;
  /** The cascade ids of the active blooms, ascending: `coverIds[rank]` (made on first use). */
  declare coverIds: number[] | null;
  /** A cell set as two 32-bit words (cells 0..31, 32..62), the answer of a stage's helper (regrowth). */
  declare maskLo: number;
  declare maskHi: number;

  constructor(move: number, walkTo: number, plant: boolean, events: GameEvent[], rules: number) {
    this.move = move;
    this.walkTo = walkTo;
    this.plant = plant;
    this.events = events;
    this.dropped = 0;
    this.end = false;
    this.heartLost = false;
    this.cleared = false;
    this.over = false;
    this.prevPlayer = -1;
    this.prevDim = null;
    this.rng = null;
    this.cover = null;
    this.rules = rules;
    this.coverBuf = null;
    this.coverIds = null;
    this.maskLo = 0;
    this.maskHi = 0;
  }
}

/** A fresh context for one step (one action's ticks), with scratch buffers of its own. */
export function newCtx(
  move: number,
  walkTo: number,
  plant: boolean,
  events: GameEvent[],
  rules: number = RULES_V2,
): TickCtx {
  return new TickCtx(move, walkTo, plant, events, rules);
}

/**
 * Ready the context for the batch's next tick: the per-tick flags and caches start afresh, while the
 * events, the dropped count, the seeded stream and the scratch buffers carry over (one context serves
 * a whole batch, so a tick allocates no context of its own).
 */
export function nextTick(t: TickCtx, plant: boolean): void {
  t.plant = plant;
  t.end = false;
  t.heartLost = false;
  t.cleared = false;
  t.over = false;
  t.prevPlayer = -1;
  t.cover = null;
}

/** Write the seeded stream's state back into the state (once, when the batch ends). */
export function saveRng(s: BriarwinkState, t: TickCtx): void {
  if (t.rng === null) return;
  s.rng = t.rng.state();
  t.rng = null;
}

/** Record an event, keeping at most MAX_EVENTS per action. */
export function emit(t: TickCtx, type: string, fields: { [key: string]: Json } = {}): void {
  if (t.events.length >= MAX_EVENTS) {
    t.dropped++;
    return;
  }
  t.events.push({ type, ...fields });
}

/** The cover while no bloom is active: -1 everywhere. A constant table like `NB`: nothing writes it. */
const NO_COVER: Int8Array = new Int8Array(CELLS).fill(-1);

/**
 * The bloom cover of this tick, recomputed after blooms change (call `dirtyCover`): for each cell the
 * rank of its lowest covering cascade (an index into `t.coverIds`, ascending, so ranks order like the
 * cascade ids; `cascadeAt` turns one into the id), or -1 when no active bloom covers it. Ranks fit a
 * byte, which keeps the buffer on V8's heap (cheap to make once per step). Callers only read it (with
 * no active bloom it is a shared constant).
 */
export function coverOf(s: BriarwinkState, t: TickCtx): Int8Array {
  if (t.cover !== null) return t.cover;
  const blooms = s.blooms;
  // most ticks have no bloom: they share the blank table, and the context makes no buffer
  if (blooms.length === 0) return (t.cover = NO_COVER);
  const ids = (t.coverIds ??= []);
  if (ids.length !== 0) ids.length = 0;
  const cover = (t.coverBuf ??= new Int8Array(CELLS));
  cover.fill(-1);
  t.cover = cover;
  for (let i = 0; i < blooms.length; i++) if (!ids.includes(blooms[i].cascade)) ids.push(blooms[i].cascade);
  if (ids.length > 127) throw new Error('more than 127 cascades with active blooms at once');
  if (ids.length > 1) ids.sort((a, b) => a - b);
  for (let i = 0; i < blooms.length; i++) {
    const b = blooms[i];
    const rank = ids.indexOf(b.cascade);
    const cells = b.cells;
    for (let k = 0; k < cells.length; k++) {
      const c = cells[k];
      if (cover[c] < 0 || rank < cover[c]) cover[c] = rank;
    }
  }
  return cover;
}

/** The cascade id of a cover rank from `coverOf` (the lowest covering cascade of a covered cell). */
export function cascadeAt(t: TickCtx, rank: number): number {
  return t.coverIds![rank];
}

export function dirtyCover(t: TickCtx): void {
  t.cover = null;
}

/** The night's seeded stream; its state is written back into the state when the tick ends. */
export function rngOf(s: BriarwinkState, t: TickCtx): Rng {
  if (t.rng === null) t.rng = new Rng(s.rng);
  return t.rng;
}

/** Add points (the score only ever rises). */
export function addScore(s: BriarwinkState, points: number): void {
  if (points > 0) s.score += points;
}
