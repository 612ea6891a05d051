/**
 * walkTo: each tick a breadth-first search from the gardener's occupied cell over cells they may
 * enter, with cells under an active bloom closed, expanding up, right, down, left.
 *
 * The search works on sets of cells held as two 32-bit words (bit c of `lo` for cells 0..31, bit c - 32
 * of `hi` for 32..62) and floods a whole layer at a time with shifts, so it allocates nothing and
 * touches each layer once instead of each cell four times.
 */
import type { BriarwinkState } from './types.js';
import { BRIAR, FLOOR, SPROUT } from './types.js';
import { CELLS, NB, manhattan, opposite, playerCell } from './grid.js';

// The open-cell scan below relies on the open codes being the two lowest.
if (!(FLOOR < BRIAR && SPROUT < BRIAR && BRIAR === 2))
  throw new Error('walkTo expects floor and sprout to be codes 0 and 1');

/** Cells 32..62 in the high word. */
const HI_CELLS = 0x7fffffff;

/** The cells off column `x`, as [lo, hi]: a step left (x = 0) or right (x = 6) from them stays on its row. */
function offColumn(x: number): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let c = 0; c < CELLS; c++) {
    if (c % 7 === x) continue;
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
  }
  return [lo, hi];
}
const [OFF_LEFT_LO, OFF_LEFT_HI] = offColumn(0);
const [OFF_RIGHT_LO, OFF_RIGHT_HI] = offColumn(6);

/** Each cell's column and row, for the nearest-cell scan (a table read instead of a division). */
const COL = Int8Array.from({ length: CELLS }, (_, c) => c % 7);
const ROW = Int8Array.from({ length: CELLS }, (_, c) => (c / 7) | 0);

const hasCell = (lo: number, hi: number, c: number): boolean => (c < 32 ? (lo >>> c) & 1 : (hi >>> (c - 32)) & 1) === 1;

// The neighbours of a set (up, down, right off column 6, left off column 0), one word at a time.
const spreadLo = (lo: number, hi: number): number =>
  (lo >>> 7) |
  (hi << 25) |
  (lo << 7) |
  ((lo & OFF_RIGHT_LO) << 1) |
  ((lo & OFF_LEFT_LO) >>> 1) |
  ((hi & OFF_LEFT_HI) << 31);
const spreadHi = (lo: number, hi: number): number =>
  ((hi >>> 7) |
    (hi << 7) |
    (lo >>> 25) |
    ((hi & OFF_RIGHT_HI) << 1) |
    ((lo & OFF_RIGHT_LO) >>> 31) |
    ((hi & OFF_LEFT_HI) >>> 1)) &
  HI_CELLS;

/**
 * The first direction of a shortest walk from `from` to `target` over `open` cells (`from` itself
 * need not be open), or -2 when the target cannot be reached. A flood from the target, a layer at a
 * time; the first layer holding open neighbours of `from` gives the answer: the lowest direction (URDL)
 * to one of them. That is what a queue search from `from` expanding URDL answers: its queue holds each
 * layer in order of first steps, so every cell takes the lowest first step among its shortest walks.
 */
function firstStepTo(from: number, target: number, openLo: number, openHi: number): number {
  if (!hasCell(openLo, openHi, target)) return -2;
  let nearLo = 0; // the open neighbours of `from`
  let nearHi = 0;
  for (let d = 0; d < 4; d++) {
    const n = NB[from * 4 + d];
    if (n < 0 || !hasCell(openLo, openHi, n)) continue;
    if (n < 32) nearLo |= 1 << n;
    else nearHi |= 1 << (n - 32);
  }
  let lo = target < 32 ? 1 << target : 0;
  let hi = target < 32 ? 0 : 1 << (target - 32);
  let seenLo = lo;
  let seenHi = hi;
  for (;;) {
    const hitLo = lo & nearLo;
    const hitHi = hi & nearHi;
    if (hitLo !== 0 || hitHi !== 0) {
      for (let d = 0; d < 4; d++) {
        const n = NB[from * 4 + d];
        if (n >= 0 && hasCell(hitLo, hitHi, n)) return d;
      }
    }
    const nLo = spreadLo(lo, hi) & openLo & ~seenLo;
    const nHi = spreadHi(lo, hi) & openHi & ~seenHi;
    if (nLo === 0 && nHi === 0) return -2;
    seenLo |= nLo;
    seenHi |= nHi;
    lo = nLo;
    hi = nHi;
  }
}

/**
 * The reachable cell nearest `target` when the target itself cannot be reached: least Manhattan
 * distance, then fewest steps, then lowest index; `from` when no reachable cell is nearer than it.
 * A flood from `from` a layer at a time; within a layer cells come in index order, so the first cell
 * met at a new least distance wins every tie.
 */
function nearestReachable(from: number, target: number, openLo: number, openHi: number): number {
  let best = from;
  let mb = manhattan(from, target);
  const tx = COL[target];
  const ty = ROW[target];
  let lo = from < 32 ? 1 << from : 0;
  let hi = from < 32 ? 0 : 1 << (from - 32);
  let seenLo = lo;
  let seenHi = hi;
  for (;;) {
    const nLo = spreadLo(lo, hi) & openLo & ~seenLo;
    const nHi = spreadHi(lo, hi) & openHi & ~seenHi;
    if (nLo === 0 && nHi === 0) return best;
    for (let x = nLo; x !== 0; x &= x - 1) {
      const c = 31 - Math.clz32(x & -x);
      const mc = Math.abs(COL[c] - tx) + Math.abs(ROW[c] - ty);
      if (mc < mb) {
        best = c;
        mb = mc;
      }
    }
    for (let x = nHi; x !== 0; x &= x - 1) {
      const c = 63 - Math.clz32(x & -x);
      const mc = Math.abs(COL[c] - tx) + Math.abs(ROW[c] - ty);
      if (mc < mb) {
        best = c;
        mb = mc;
      }
    }
    seenLo |= nLo;
    seenHi |= nHi;
    lo = nLo;
    hi = nHi;
  }
}

/**
 * The first direction of a shortest path from `from` to `target`, or to the reachable cell nearest
 * the target (Manhattan, then path length, then lowest index) when it cannot be reached; -1 when the
 * best cell is `from` itself. Closed: cells under an active bloom, cells the gardener may not enter
 * (anything but floor and sprout) and pods; `from` itself is always the start. Among shortest paths
 * the first step is the lowest in up, right, down, left order (a queue search expanding URDL).
 */
export function bfsFirstStep(s: BriarwinkState, from: number, target: number, cover: ArrayLike<number>): number {
  if (from === target) return -1;
  const terrain = s.terrain;
  let openLo = 0;
  let openHi = 0;
  // floor and sprout (codes 0 and 1) are open: (code - 2) >>> 31 is their bit, with no branch to
  // mispredict on a garden of mixed briar and floor
  for (let c = 0; c < 32; c++) openLo |= ((terrain[c] - BRIAR) >>> 31) << c;
  for (let c = 32; c < CELLS; c++) openHi |= ((terrain[c] - BRIAR) >>> 31) << (c - 32);
  if (s.blooms.length > 0) {
    // the cover is all -1 with no active bloom: read it only when there is one
    for (let c = 0; c < 32; c++) if (cover[c] >= 0) openLo &= ~(1 << c);
    for (let c = 32; c < CELLS; c++) if (cover[c] >= 0) openHi &= ~(1 << (c - 32));
  }
  const pods = s.pods;
  for (let i = 0; i < pods.length; i++) {
    const c = pods[i].cell;
    if (c < 32) openLo &= ~(1 << c);
    else openHi &= ~(1 << (c - 32));
  }
  const first = firstStepTo(from, target, openLo, openHi);
  if (first !== -2) return first;
  const near = nearestReachable(from, target, openLo, openHi);
  return near === from ? -1 : firstStepTo(from, near, openLo, openHi);
}

/**
 * The direction walkTo holds this tick (rules `briarwink-2`, the seed's text). Standing: the search's
 * first step, or none on the target. Mid-step: turning back when the current step ends under an active
 * bloom that its origin is free of; otherwise the search's first step from the occupied cell, fed to the
 * move like a held direction (the opposite one reverses, any other, or none, carries on to arrival).
 */
export function walkDirection(s: BriarwinkState, target: number, cover: ArrayLike<number>): number {
  const occ = playerCell(s);
  if (occ < 0) return -1;
  if (s.pTo < 0) return occ === target ? -1 : bfsFirstStep(s, occ, target, cover);
  if (cover[s.pTo] >= 0 && cover[s.pAt] < 0) return opposite(s.pDir);
  return bfsFirstStep(s, occ, target, cover);
}

/**
 * The direction walkTo held under rules `briarwink-1`, kept so runs stored under that version replay
 * as they were played: mid-step on the origin, a first step other than onward turned the gardener back.
 */
export function walkDirectionV1(s: BriarwinkState, target: number, cover: ArrayLike<number>): number {
  const occ = playerCell(s);
  if (occ < 0) return -1;
  if (s.pTo < 0) return occ === target ? -1 : bfsFirstStep(s, occ, target, cover);
  if (cover[s.pTo] >= 0 && cover[s.pAt] < 0) return opposite(s.pDir);
  const d = bfsFirstStep(s, occ, target, cover);
  if (occ === s.pTo) return d;
  return d === s.pDir ? d : opposite(s.pDir);
}
