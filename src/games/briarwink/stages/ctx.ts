/**
 * The per-tick context every stage shares: the input of this tick, the events so far, flags that end
 * the tick or the batch, and caches (bloom cover, the seeded stream) that stages refresh as they change
 * things. A context belongs to one call of `step`: every scratch buffer a stage uses hangs off it, so
 * nothing written during a step outlives it or is shared with another step.
 */
import type { GameEvent, Json } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import type { State } from '../types.js';
import { CELLS } from '../grid.js';
import { WalkSearch } from '../walkto.js';

/** Rules `briarwink-1`: walkTo's mid-step turn-back of that version (kept to replay its stored runs). */
export const RULES_V1 = 1;
/** Rules `briarwink-2`, the current ones: walkTo feeds its direction to the move like a held input. */
export const RULES_V2 = 2;

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
  /**
   * Each dimling's occupied cell at the start of the dimlings stage, by id: written by that stage only
   * on ticks the gardener changed cell, the only ticks the hazards stage reads it (a swap).
   */
  prevDim: number[];
  rng: Rng | null;
  /** The tick's bloom cover once worked out (`coverOf`), null while stale. */
  cover: Int8Array | null;
  /** Which rules the tick follows: RULES_V2, or RULES_V1 when replaying a run stored under it. */
  rules: number;
  /** This context's bloom cover (made on first use): per cell the rank of the lowest covering cascade in `coverIds`, or -1. */
  coverBuf: Int8Array | null;
  /** The cascade ids of the active blooms, ascending: `coverIds[rank]`. */
  coverIds: number[];
  /** This context's walkTo search buffers, made on the first walkTo tick. */
  walk: WalkSearch | null;
}

/** A fresh context for one step (one action's ticks), with scratch buffers of its own. */
export function newCtx(
  move: number,
  walkTo: number,
  plant: boolean,
  events: GameEvent[],
  rules: number = RULES_V2,
): TickCtx {
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
    prevDim: [],
    rng: null,
    cover: null,
    rules,
    coverBuf: null,
    coverIds: [],
    walk: null,
  };
}

/**
 * Ready the context for the batch's next tick: the per-tick flags and caches start afresh, while the
 * events, the dropped count and the scratch buffers carry over (one context serves a whole batch, so a
 * tick allocates no context of its own).
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

/** The cover while no bloom is active: -1 everywhere. A constant table like `NB`: nothing writes it. */
const NO_COVER: Int8Array = new Int8Array(CELLS).fill(-1);

/**
 * The bloom cover of this tick, recomputed after blooms change (call `dirtyCover`): for each cell the
 * rank of its lowest covering cascade (an index into `t.coverIds`, ascending, so ranks order like the
 * cascade ids; `cascadeAt` turns one into the id), or -1 when no active bloom covers it. Ranks fit a
 * byte, which keeps the buffer on V8's heap (cheap to make once per step). Callers only read it (with
 * no active bloom it is a shared constant).
 */
export function coverOf(s: State, t: TickCtx): Int8Array {
  if (t.cover !== null) return t.cover;
  const blooms = s.blooms;
  const ids = t.coverIds;
  if (ids.length !== 0) ids.length = 0;
  // most ticks have no bloom: they share the blank table, and the context makes no buffer
  if (blooms.length === 0) return (t.cover = NO_COVER);
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
  return t.coverIds[rank];
}

/** The walkTo search buffers of this context. */
export function walkSearchOf(t: TickCtx): WalkSearch {
  if (t.walk === null) t.walk = new WalkSearch();
  return t.walk;
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
