/**
 * walkTo: each tick a breadth-first search from the gardener's occupied cell over cells they may
 * enter, with cells under an active bloom closed, expanding up, right, down, left.
 */
import type { State } from './types.js';
import { CELLS, NB, isOpen, manhattan, opposite, playerCell } from './grid.js';

/**
 * The buffers of the walkTo search, owned by one step's tick context (never shared between steps).
 * A cell is settled for search number `gen` when seen[cell] === gen: reached (dist, first hold its
 * distance and first step) or found closed. Bumping `gen` forgets the previous search without
 * clearing anything, so a search only touches the cells it reaches and their neighbours. A step runs
 * at most 30 searches, so byte-sized buffers suffice; at 63 bytes each they stay on V8's heap, which
 * makes allocating them once per step cheap.
 */
export class WalkSearch {
  readonly seen = new Uint8Array(CELLS);
  readonly podMark = new Uint8Array(CELLS);
  readonly dist = new Int8Array(CELLS);
  readonly first = new Int8Array(CELLS);
  readonly queue = new Int8Array(CELLS);
  gen = 0;
}

/**
 * The first direction of a shortest path from `from` to `target`, or to the reachable cell nearest
 * the target (Manhattan, then path length, then lowest index) when it cannot be reached; -1 when the
 * best cell is `from` itself. Closed: cells under an active bloom, cells the gardener may not enter
 * (anything but floor and sprout) and pods; `from` itself is always the start.
 */
export function bfsFirstStep(s: State, from: number, target: number, cover: ArrayLike<number>, w: WalkSearch): number {
  const { seen, podMark, dist, first, queue } = w;
  const gen = ++w.gen;
  if (gen > 255) throw new Error('a WalkSearch serves one step (at most 30 searches)');
  const terrain = s.terrain;
  const pods = s.pods;
  for (let i = 0; i < pods.length; i++) podMark[pods[i].cell] = gen;
  seen[from] = gen;
  dist[from] = 0;
  first[from] = -1;
  let head = 0;
  let tail = 0;
  queue[tail++] = from;
  while (head < tail) {
    const c = queue[head++];
    if (c === target) return first[c];
    for (let d = 0; d < 4; d++) {
      const n = NB[c * 4 + d];
      if (n < 0 || seen[n] === gen) continue;
      seen[n] = gen;
      if (cover[n] >= 0 || !isOpen(terrain[n]) || podMark[n] === gen) continue;
      dist[n] = dist[c] + 1;
      first[n] = c === from ? d : first[c];
      queue[tail++] = n;
    }
  }
  let best = from;
  for (let i = 1; i < tail; i++) {
    const c = queue[i];
    const mc = manhattan(c, target);
    const mb = manhattan(best, target);
    if (mc < mb || (mc === mb && (dist[c] < dist[best] || (dist[c] === dist[best] && c < best)))) best = c;
  }
  return best === from ? -1 : first[best];
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
