/**
 * Stage 4, dimlings in ascending id: sight (peekers), decisions, steps, pushes (nudgers) and sprouts
 * (tanglers). Seed file: DIMLINGS and MOVEMENT.
 */
import type { Dimling, BriarwinkState } from '../types.js';
import { DASH, FLOOR, PEEKER, POND, ROOTLING, SPROUT, STARE, TANGLER, WANDER } from '../types.js';
import {
  DASH_STEP,
  KIND_STEP,
  MAX_SPROUTS,
  NO_EXIT_WAIT,
  PEEK_RANGE,
  RESTLESS_FASTER,
  RESTLESS_MIN,
  ROOTLING_BRIAR_STEP,
  STARE_TICKS,
  STRAIGHT_CHANCE,
  TANGLE_EVERY,
} from '../roster.js';
import {
  NB,
  dimlingCell,
  dimlingMayEnter,
  hushOn,
  inPocket,
  isBriar,
  opposite,
  pickupAt,
  playerCell,
  podAt,
  pushTarget,
  setTerrain,
  xOf,
  yOf,
} from '../grid.js';
import type { TickCtx } from './ctx.js';
import { emit, rngOf } from './ctx.js';
import { ownPods } from '../own.js';

/** Sprigs start in this mode: their first step follows their heading when it is open. */
export const HEADING = 3;

/** Ticks for a step into `cell`: the kind's pace (rootlings slower into briar), 2 faster when restless. */
function stepTicksFor(s: BriarwinkState, d: Dimling, cell: number): number {
  const base = d.kind === ROOTLING && isBriar(s.terrain[cell]) ? ROOTLING_BRIAR_STEP : KIND_STEP[d.kind];
  return s.restless ? Math.max(RESTLESS_MIN, base - RESTLESS_FASTER) : base;
}

/**
 * The direction in which a peeker at its tile centre sees the gardener, or -1: present, on its row or
 * column within 5 cells, every cell between floor, sprout or pond with no pod. Grace does not hide.
 */
export function sightDir(s: BriarwinkState, d: Dimling): number {
  const pc = playerCell(s);
  if (pc < 0 || pc === d.at) return -1;
  let dir = -1;
  if (yOf(pc) === yOf(d.at)) dir = xOf(pc) > xOf(d.at) ? 1 : 3;
  else if (xOf(pc) === xOf(d.at)) dir = yOf(pc) > yOf(d.at) ? 2 : 0;
  else return -1;
  const span = Math.abs(xOf(pc) - xOf(d.at)) + Math.abs(yOf(pc) - yOf(d.at));
  if (span > PEEK_RANGE) return -1;
  let c = NB[d.at * 4 + dir];
  while (c !== pc) {
    const t = s.terrain[c];
    if (!(t === FLOOR || t === SPROUT || t === POND) || podAt(s, c) >= 0) return -1;
    c = NB[c * 4 + dir];
  }
  return dir;
}

function startStep(s: BriarwinkState, t: TickCtx, d: Dimling, dir: number, steps: number): void {
  const n = NB[d.at * 4 + dir];
  const pi = podAt(s, n);
  if (pi >= 0) {
    const beyond = pushTarget(s, d, n);
    const pod = ownPods(s)[pi];
    emit(t, 'push', { dimling: d.id, pod: pod.id, from: n, to: beyond });
    pod.cell = beyond;
  }
  d.to = n;
  d.dir = dir;
  d.prog = 1;
  d.steps = steps;
}

/** The `k`-th direction (0-based, in URDL order) set in a 4-bit exit mask. */
function nthExit(mask: number, k: number): number {
  for (let dir = 0; dir < 4; dir++) if ((mask >> dir) & 1 && k-- === 0) return dir;
  return -1;
}

/**
 * Choose a wandering exit (URDL list, no U-turn unless forced, 70 % straight) and start it. The exit
 * list is a 4-bit mask in URDL order (bit `dir`), so that a dimling's every decision allocates nothing;
 * picking the `k`-th set bit draws exactly as picking from the list would (`rng.pick` is `int(length)`).
 */
export function wander(s: BriarwinkState, t: TickCtx, d: Dimling): void {
  let exits = 0;
  for (let dir = 0; dir < 4; dir++) if (dimlingMayEnter(s, d, NB[d.at * 4 + dir], true)) exits |= 1 << dir;
  if (d.mode === HEADING) {
    d.mode = WANDER;
    if (d.dir >= 0 && (exits >> d.dir) & 1) {
      startStep(s, t, d, d.dir, stepTicksFor(s, d, NB[d.at * 4 + d.dir]));
      return;
    }
    d.dir = -1;
  }
  let count = (exits & 1) + ((exits >> 1) & 1) + ((exits >> 2) & 1) + ((exits >> 3) & 1);
  if (count > 1 && d.dir >= 0) {
    const back = 1 << opposite(d.dir);
    if (exits & back) {
      exits &= ~back;
      count--;
    }
  }
  if (count === 0) {
    d.wait = NO_EXIT_WAIT - 1;
    return;
  }
  let dir = nthExit(exits, 0);
  if (count > 1) {
    const rng = rngOf(s, t);
    const straight = d.dir >= 0 && (exits >> d.dir) & 1;
    dir = straight && rng.chance(STRAIGHT_CHANCE) ? d.dir : nthExit(exits, rng.int(count));
  }
  startStep(s, t, d, dir, stepTicksFor(s, d, NB[d.at * 4 + dir]));
}

/** A peeker at a tile centre: spot (stare), dash on, or fall back to wandering. */
function peek(s: BriarwinkState, t: TickCtx, d: Dimling): void {
  const dir = sightDir(s, d);
  if (dir >= 0 && d.mode === WANDER) {
    d.mode = STARE;
    d.wait = STARE_TICKS - 1;
    emit(t, 'spotted', { dimling: d.id, cell: d.at });
    return;
  }
  if (dir >= 0) {
    const n = NB[d.at * 4 + dir];
    if (dimlingMayEnter(s, d, n, false)) {
      d.mode = DASH;
      startStep(s, t, d, dir, DASH_STEP);
      return;
    }
  }
  d.mode = WANDER;
  wander(s, t, d);
}

/** One dimling's tick. */
export function actDimling(s: BriarwinkState, t: TickCtx, d: Dimling): void {
  actFrom(s, t, d, dimlingCell(d));
}

/** One dimling's tick, from its occupied cell `occ` (the stage has worked it out already). */
function actFrom(s: BriarwinkState, t: TickCtx, d: Dimling, occ: number): void {
  if (d.to >= 0) {
    if (occ === d.at && !dimlingMayEnter(s, d, d.to, false)) {
      if (dimlingMayEnter(s, d, d.at, false)) {
        const a = d.at;
        d.at = d.to;
        d.to = a;
        d.prog = d.steps - d.prog + 1;
        d.dir = opposite(d.dir);
      } else {
        d.to = -1;
        d.prog = 0;
        return;
      }
    } else d.prog++;
    if (d.prog >= d.steps) {
      d.at = d.to;
      d.to = -1;
      d.prog = 0;
    }
    return;
  }
  if (d.wait > 0) {
    d.wait--;
    return;
  }
  if (d.kind === PEEKER) peek(s, t, d);
  else wander(s, t, d);
}

/** A tangler leaving `cell` on its every 2nd move sprouts it, with the seed's exceptions. */
function tangle(s: BriarwinkState, t: TickCtx, cell: number): void {
  if (s.terrain[cell] !== FLOOR) return;
  if (hushOn(s) && inPocket(s.corner, cell)) return;
  if (pickupAt(s, cell) || podAt(s, cell) >= 0 || cell === s.gate || cell === playerCell(s)) return;
  let sprouts = 0;
  for (let c = 0; c < s.terrain.length; c++) if (s.terrain[c] === SPROUT) sprouts++;
  if (sprouts >= MAX_SPROUTS) return;
  setTerrain(s, cell, SPROUT);
  // on moonless nights the sprout shows, but not who sowed it
  emit(t, 'sprout', s.moonless ? { cell } : { cell, by: 'tangler' });
}

/** The dimlings stage. */
export function dimlings(s: BriarwinkState, t: TickCtx): void {
  // Only a gardener who changed cell this tick (the move stage ran already) can swap cells with a
  // dimling, and only then does the hazards stage read these (no one moves the gardener in between).
  const pc = playerCell(s);
  if (t.prevPlayer >= 0 && t.prevPlayer !== pc) {
    const prev = (t.prevDim ??= []);
    for (const d of s.dimlings) prev[d.id] = dimlingCell(d);
  }
  for (const d of s.dimlings) {
    const before = dimlingCell(d);
    actFrom(s, t, d, before);
    const after = dimlingCell(d);
    if (after !== before) {
      d.moves++;
      if (d.kind === TANGLER && d.moves % TANGLE_EVERY === 0) tangle(s, t, before);
    }
  }
}
