/**
 * walkTo: each tick a breadth-first search from the gardener's occupied cell over cells they may
 * enter, with cells under an active bloom closed, expanding up, right, down, left.
 */
import type { State } from './types.js';
import { CELLS, NB, isOpen, manhattan, opposite, playerCell } from './grid.js';

/**
 * The buffer of the walkTo search, owned by one step's tick context (never shared between steps): the
 * queue of reached cells, each entry `cell | firstStep << 6`. One 63-byte array (a typed array of at
 * most 64 bytes lives on V8's heap and is cheap to make); the seen cells are two 32-bit masks and the
 * distances follow from the queue's layers, so the search needs nothing else.
 */
export class WalkSearch {
  readonly queue = new Uint8Array(CELLS);
}

/**
 * The first direction of a shortest path from `from` to `target`, or to the reachable cell nearest
 * the target (Manhattan, then path length, then lowest index) when it cannot be reached; -1 when the
 * best cell is `from` itself. Closed: cells under an active bloom, cells the gardener may not enter
 * (anything but floor and sprout) and pods; `from` itself is always the start.
 */
export function bfsFirstStep(s: State, from: number, target: number, cover: ArrayLike<number>, w: WalkSearch): number {
  if (from === target) return -1;
  const queue = w.queue;
  const terrain = s.terrain;
  const pods = s.pods;
  // seen (reached or found closed): bit c of `low` for cells 0..31, bit c - 32 of `high` for the rest
  let low = 0;
  let high = 0;
  for (let i = 0; i < pods.length; i++) {
    const c = pods[i].cell;
    if (c < 32) low |= 1 << c;
    else high |= 1 << (c - 32);
  }
  if (from < 32) low |= 1 << from;
  else high |= 1 << (from - 32);
  // the best cell so far when the target is out of reach: nearest it, then fewest steps, then lowest
  let best = from;
  let bestFirst = -1;
  let mb = manhattan(from, target);
  let db = 0;
  let head = 0;
  let tail = 0;
  let dist = 0;
  let layerEnd = 1;
  queue[tail++] = from;
  while (head < tail) {
    if (head === layerEnd) {
      dist++;
      layerEnd = tail;
    }
    const e = queue[head++];
    const c = e & 63;
    const first = e >> 6;
    if (c !== from) {
      if (c === target) return first;
      const mc = manhattan(c, target);
      if (mc < mb || (mc === mb && (dist < db || (dist === db && c < best)))) {
        best = c;
        bestFirst = first;
        mb = mc;
        db = dist;
      }
    }
    for (let d = 0; d < 4; d++) {
      const n = NB[c * 4 + d];
      if (n < 0) continue;
      if (n < 32) {
        if ((low >> n) & 1) continue;
        low |= 1 << n;
      } else {
        if ((high >> (n - 32)) & 1) continue;
        high |= 1 << (n - 32);
      }
      if (cover[n] >= 0 || !isOpen(terrain[n])) continue;
      queue[tail++] = n | ((c === from ? d : first) << 6);
    }
  }
  return best === from ? -1 : bestFirst;
}

/**
 * The direction walkTo holds this tick (rules `briarwink-2`, the seed's text). Standing: the search's
 * first step, or none on the target. Mid-step: turning back when the current step ends under an active
 * bloom that its origin is free of; otherwise the search's first step from the occupied cell, fed to the
 * move like a held direction (the opposite one reverses, any other, or none, carries on to arrival).
 */
export function walkDirection(s: State, target: number, cover: ArrayLike<number>, w: WalkSearch): number {
  const occ = playerCell(s);
  if (occ < 0) return -1;
  if (s.pTo < 0) return occ === target ? -1 : bfsFirstStep(s, occ, target, cover, w);
  if (cover[s.pTo] >= 0 && cover[s.pAt] < 0) return opposite(s.pDir);
  return bfsFirstStep(s, occ, target, cover, w);
}

/**
 * The direction walkTo held under rules `briarwink-1`, kept so runs stored under that version replay
 * as they were played: mid-step on the origin, a first step other than onward turned the gardener back.
 */
export function walkDirectionV1(s: State, target: number, cover: ArrayLike<number>, w: WalkSearch): number {
  const occ = playerCell(s);
  if (occ < 0) return -1;
  if (s.pTo < 0) return occ === target ? -1 : bfsFirstStep(s, occ, target, cover, w);
  if (cover[s.pTo] >= 0 && cover[s.pAt] < 0) return opposite(s.pDir);
  const d = bfsFirstStep(s, occ, target, cover, w);
  if (occ === s.pTo) return d;
  return d === s.pDir ? d : opposite(s.pDir);
}
