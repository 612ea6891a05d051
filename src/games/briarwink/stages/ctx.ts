/**
 * The per-tick context every stage shares: the input of this tick, the events so far, flags that end
 * the tick or the batch, and caches (bloom cover, the seeded stream) that stages refresh as they change
 * things.
 */
import type { GameEvent, Json } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import type { State } from '../types.js';
import { bloomCover } from '../grid.js';

/**
 * One buffer for every context's `prevDim`: ticks run one at a time, the dimlings stage writes the
 * entry of every dimling present before hazards read it, and nothing keeps it past a tick.
 */
const PREV_DIM: number[] = [];

/** The most events one action reports. */
export const MAX_EVENTS = 64;

export interface TickCtx {
  /** Held direction 0..3, or -1 for null. Ignored when walkTo >= 0. */
  move: number;
  /** walkTo target cell, or -1. */
  walkTo: number;
  plant: boolean;
  events: GameEvent[];
  /** Events beyond MAX_EVENTS that were dropped. */
  dropped: number;
  /** Set by a stage to skip the rest of the tick. */
  end: boolean;
  heartLost: boolean;
  cleared: boolean;
  over: boolean;
  /** The gardener's occupied cell at the start of the tick (-1 when away). */
  prevPlayer: number;
  /** Each dimling's occupied cell at the start of the tick, by id. */
  prevDim: number[];
  rng: Rng | null;
  cover: Int32Array | null;
}

/** A fresh context for one tick. */
export function newCtx(move: number, walkTo: number, plant: boolean, events: GameEvent[]): TickCtx {
  return {
    move,
    walkTo,
    plant,
    events,
    dropped: 0,
    end: false,
    heartLost: false,
    cleared: false,
    over: false,
    prevPlayer: -1,
    prevDim: PREV_DIM,
    rng: null,
    cover: null,
  };
}

/**
 * Ready a context for a new batch (one action's ticks), as `newCtx` would build it. Steps never
 * overlap, so `runBatch` reuses one context for every batch instead of allocating one per step.
 */
export function startBatch(t: TickCtx, move: number, walkTo: number, events: GameEvent[]): void {
  t.move = move;
  t.walkTo = walkTo;
  t.events = events;
  t.dropped = 0;
}

/**
 * Ready a batch's context for its next tick: the per-tick flags and caches start afresh, while the
 * events, the dropped count and the `prevDim` buffer carry over (one context serves a whole batch, so
 * a tick allocates no context of its own).
 */
export function nextTick(t: TickCtx, plant: boolean): void {
  t.plant = plant;
  t.end = false;
  t.heartLost = false;
  t.cleared = false;
  t.over = false;
  t.prevPlayer = -1;
  t.rng = null;
  t.cover = null;
}

/** Record an event, keeping at most MAX_EVENTS per action. */
export function emit(t: TickCtx, type: string, fields: { [key: string]: Json } = {}): void {
  if (t.events.length >= MAX_EVENTS) {
    t.dropped++;
    return;
  }
  t.events.push({ type, ...fields });
}

/** One buffer for the tick's bloom cover: ticks run one at a time and nothing keeps it past a tick. */
const COVER = new Int32Array(63);

/** The cover of a garden with no active bloom: every cell -1. Shared and only ever read. */
const NO_COVER = new Int32Array(63).fill(-1);

/**
 * Lowest covering cascade per cell, recomputed after blooms change (call `dirtyCover`). Callers only
 * read it; with no active bloom it is the shared all -1 array, which costs nothing to build.
 */
export function coverOf(s: State, t: TickCtx): Int32Array {
  if (t.cover === null) t.cover = s.blooms.length === 0 ? NO_COVER : bloomCover(s, COVER);
  return t.cover;
}

export function dirtyCover(t: TickCtx): void {
  t.cover = null;
}

/** The night's seeded stream; its state is written back into the state when the tick ends. */
export function rngOf(s: State, t: TickCtx): Rng {
  if (t.rng === null) t.rng = new Rng(s.rng);
  return t.rng;
}

/** Add points (the score only ever rises). */
export function addScore(s: State, points: number): void {
  if (points > 0) s.score += points;
}
