/**
 * Stage 13, calm and creep. The calm opens each night; when it ends the dimlings grow restless and
 * the creep marks the next 3 cells of a fixed spiral; from the 3rd creep interval on, each interval
 * grows the oldest mark into thicket and marks one more, so 3 cells stay marked ahead.
 */
import type { BriarwinkState } from '../types.js';
import { THICKET, WANDER } from '../types.js';
import { MARK_AHEAD, bandOf } from '../roster.js';
import { LAYOUT_TERRAIN } from '../layouts.js';
import {
  H,
  NB,
  W,
  bfsOrder,
  dimlingCell,
  isFixed,
  isOpen,
  mainGarden,
  playerCell,
  podAt,
  setTerrain,
} from '../grid.js';
import type { TickCtx } from './ctx.js';
import { coverOf, emit } from './ctx.js';
import { collect } from './pickups.js';
import { wake } from './pods.js';
import { ownDeferred, ownPickups, ownPods } from '../own.js';

/** One ring, clockwise on screen from its top-left corner. */
function ring(r: number): number[] {
  const out: number[] = [];
  const x0 = r;
  const x1 = W - 1 - r;
  const y0 = r;
  const y1 = H - 1 - r;
  for (let x = x0; x <= x1; x++) out.push(y0 * W + x);
  for (let y = y0 + 1; y <= y1; y++) out.push(y * W + x1);
  for (let x = x1 - 1; x >= x0; x--) out.push(y1 * W + x);
  for (let y = y1 - 1; y > y0; y--) out.push(y * W + x0);
  return out;
}

/** Spirals already worked out: fixed data (a pure function of corner and layout), frozen so no caller can change them. */
const spirals = new Map<number, readonly number[]>();

/**
 * The creep spiral for a spawn corner and layout: from the corner diagonally opposite the spawn,
 * clockwise round the outer ring, then round the next ring from its matching corner, skipping
 * moonstones, hedges and pond, never the inner core.
 */
export function spiralOf(corner: number, layout: number): readonly number[] {
  const key = corner * 8 + layout;
  const hit = spirals.get(key);
  if (hit) return hit;
  const start = (corner + 2) % 4;
  const out: number[] = [];
  for (let r = 0; r < 2; r++) {
    const cells = ring(r);
    const cx = start === 1 || start === 2 ? W - 1 - r : r;
    const cy = start >= 2 ? H - 1 - r : r;
    const from = cells.indexOf(cy * W + cx);
    for (let i = 0; i < cells.length; i++) {
      const c = cells[(from + i) % cells.length];
      if (!isFixed(LAYOUT_TERRAIN[layout][c])) out.push(c);
    }
  }
  Object.freeze(out);
  spirals.set(key, out);
  return out;
}

/** The first cell in BFS order from `from` passing each tier in turn (-1 if none passes any). */
function nearest(from: number, ok: (c: number) => boolean, tiers: ((c: number) => boolean)[]): number {
  const order = bfsOrder(from);
  for (const tier of tiers) for (const c of order) if (ok(c) && tier(c)) return c;
  return -1;
}

/** Move everything off a growing cell, then turn it to thicket (or wake its pod and wait). */
export function grow(s: BriarwinkState, t: TickCtx, cell: number): void {
  const pi = podAt(s, cell);
  if (pi >= 0) {
    const pod = ownPods(s)[pi];
    if (!pod.wokeNow) wake(t, pod, pod.woken ? pod.cascade : -1);
    if (!s.growPending.includes(cell)) s.growPending = [...s.growPending, cell];
    return;
  }
  const pc = playerCell(s);
  const land = (c: number) => c !== cell && isOpen(s.terrain[c]) && podAt(s, c) < 0 && !s.marks.includes(c);
  const offYou = (c: number) => c !== pc;
  const any = () => true;
  if (pc === cell) {
    const main = mainGarden(s, cell);
    const cover = coverOf(s, t);
    const dims = s.dimlings.map(dimlingCell);
    const calm = (c: number) =>
      main[c] === 1 && cover[c] < 0 && !dims.some((d) => d === c || [0, 1, 2, 3].some((k) => NB[d * 4 + k] === c));
    const to = nearest(cell, land, [calm, (c) => main[c] === 1, any]);
    if (to >= 0) {
      s.pAt = to;
      s.pTo = -1;
      s.pProg = 0;
      emit(t, 'moved', { who: 'gardener', from: cell, to });
    }
  }
  const pNow = playerCell(s);
  for (const d of s.dimlings) {
    if (dimlingCell(d) !== cell) continue;
    const to = nearest(cell, (c) => land(c) && c !== s.gate, [(c) => c !== pNow, any]);
    if (to < 0) continue;
    d.at = to;
    d.to = -1;
    d.prog = 0;
    d.wait = 0;
    if (d.mode !== WANDER) d.mode = WANDER;
    if (!s.moonless) emit(t, 'moved', { who: 'dimling', dimling: d.id, from: cell, to });
  }
  let kept = 0;
  for (const p of ownPickups(s)) {
    if (p.cell === cell) {
      const to = nearest(cell, land, [(c) => c !== pNow, any]);
      if (to >= 0 && to === pNow) {
        collect(s, t, p.kind, to);
        continue;
      }
      if (to >= 0) p.cell = to;
    }
    s.pickups[kept++] = p;
  }
  s.pickups.length = kept;
  for (const q of ownDeferred(s)) {
    if (q.cell !== cell) continue;
    const to = nearest(cell, land, [offYou, any]);
    if (to >= 0) q.cell = to;
  }
  s.hidden = s.hidden.filter((_, i) => s.hidden[i - (i % 2)] !== cell);
  setTerrain(s, cell, THICKET);
  s.marks = s.marks.filter((m) => m !== cell);
  emit(t, 'thicket', { cell });
}

/** The calm and creep stage. */
export function calmAndCreep(s: BriarwinkState, t: TickCtx): void {
  if (s.settled) return;
  if (s.calmLeft > 0) {
    s.calmLeft--;
    return;
  }
  const spiral = spiralOf(s.corner, s.layout);
  const every = bandOf(s.night).creepEvery;
  if (s.creepEvents < 0) {
    s.creepEvents = 0;
    s.creepIn = every;
    s.restless = true;
    s.marks = spiral.slice(0, MARK_AHEAD);
    emit(t, 'creepBegins', { marks: s.marks.slice() });
    return;
  }
  if (s.growPending.length > 0) {
    for (const c of s.growPending.slice()) {
      if (podAt(s, c) >= 0) continue;
      s.growPending = s.growPending.filter((g) => g !== c);
      grow(s, t, c);
    }
  }
  if (--s.creepIn > 0) return;
  s.creepIn = every;
  const k = ++s.creepEvents;
  if (k < MARK_AHEAD) return;
  const g = spiral[k - MARK_AHEAD];
  if (g !== undefined) grow(s, t, g);
  const m = spiral[k];
  if (m !== undefined && s.terrain[m] !== THICKET) {
    s.marks = [...s.marks, m];
    emit(t, 'mark', { cell: m });
  }
}
