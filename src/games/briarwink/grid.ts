/**
 * Grid helpers shared by the stages: neighbours, occupancy, what each walker may enter, the beam
 * of a burst, bloom cover and the main garden.
 */
import type { Dimling, BriarwinkState } from './types.js';
import {
  BRIAR,
  FLOOR,
  HEDGE,
  MOONSTONE,
  NUDGER,
  POND,
  REGROWN,
  ROOTLING,
  SPROUT,
  THICKET,
  UP,
  RIGHT,
  DOWN,
  LEFT,
} from './types.js';
import { HUSH_TICKS } from './roster.js';
import { ownSproutAge, ownTerrain } from './own.js';

export const W = 7;
export const H = 9;
export const CELLS = 63;

/** NB[c * 4 + d]: the neighbour of c in direction d, or -1 at the edge. */
export const NB: Int8Array = (() => {
  const t = new Int8Array(CELLS * 4);
  for (let c = 0; c < CELLS; c++) {
    const x = c % W;
    const y = (c / W) | 0;
    t[c * 4 + UP] = y > 0 ? c - W : -1;
    t[c * 4 + RIGHT] = x < W - 1 ? c + 1 : -1;
    t[c * 4 + DOWN] = y < H - 1 ? c + W : -1;
    t[c * 4 + LEFT] = x > 0 ? c - 1 : -1;
  }
  return t;
})();

/** The opposite direction. */
export const opposite = (d: number): number => (d + 2) & 3;
export const xOf = (c: number): number => c % W;
export const yOf = (c: number): number => (c / W) | 0;
export const manhattan = (a: number, b: number): number => Math.abs(xOf(a) - xOf(b)) + Math.abs(yOf(a) - yOf(b));
export const dist2 = (a: number, b: number): number => {
  const dx = xOf(a) - xOf(b);
  const dy = yOf(a) - yOf(b);
  return dx * dx + dy * dy;
};

/** Direction from a to an adjacent b, or -1. */
function dirTo(a: number, b: number): number {
  for (let d = 0; d < 4; d++) if (NB[a * 4 + d] === b) return d;
  return -1;
}

/** The cell a walker occupies: its origin until progress reaches half the step rounded up. */
function occupiedOf(at: number, to: number, prog: number, steps: number): number {
  return to < 0 || prog < (steps + 1) >> 1 ? at : to;
}

/** The gardener's occupied cell, or -1 while away. */
export function playerCell(s: BriarwinkState): number {
  if (s.away > 0 || s.pAt < 0) return -1;
  return occupiedOf(s.pAt, s.pTo, s.pProg, s.pSteps);
}

export const dimlingCell = (d: Dimling): number => occupiedOf(d.at, d.to, d.prog, d.steps);

/** Terrain nothing can ever enter and a beam stops before. */
const isWall = (t: number): boolean => t === MOONSTONE || t === HEDGE || t === THICKET;
/** Terrain fixed by the layout (the creep spiral skips it). */
export const isFixed = (t: number): boolean => t === MOONSTONE || t === HEDGE || t === POND;
export const isBriar = (t: number): boolean => t === BRIAR || t === REGROWN;
export const isOpen = (t: number): boolean => t === FLOOR || t === SPROUT;

/**
 * Write a cell's terrain. A step's copy of the state shares the terrain and sprout-age arrays with its
 * input until the first write (copy on write keeps a tick cheap); every terrain write goes through here.
 */
export function setTerrain(s: BriarwinkState, c: number, t: number): void {
  ownTerrain(s)[c] = t;
  setSproutAge(s, c, 0);
}

/** Write a sprout's age (copy on write, as `setTerrain`). */
export function setSproutAge(s: BriarwinkState, c: number, age: number): void {
  if (s.sproutAge[c] === age) return;
  ownSproutAge(s)[c] = age;
}

/** Index of the pod on a cell, or -1. */
export function podAt(s: BriarwinkState, cell: number): number {
  for (let i = 0; i < s.pods.length; i++) if (s.pods[i].cell === cell) return i;
  return -1;
}

/** True when a pickup lies on the cell. */
export function pickupAt(s: BriarwinkState, cell: number): boolean {
  for (const p of s.pickups) if (p.cell === cell) return true;
  return false;
}

/** May the gardener step into this cell? Floor or sprout (the open gate is floor), no pod. */
export function playerMayEnter(s: BriarwinkState, cell: number): boolean {
  return cell >= 0 && isOpen(s.terrain[cell]) && podAt(s, cell) < 0;
}

/** The spawn pocket: the corner and three cells along each edge from it (the two escapes). */
export function pocketCells(corner: number): number[] {
  const cx = corner === 1 || corner === 2 ? W - 1 : 0;
  const cy = corner >= 2 ? H - 1 : 0;
  const sx = cx === 0 ? 1 : -1;
  const sy = cy === 0 ? 1 : -1;
  const out = [cy * W + cx];
  for (let i = 1; i <= 3; i++) out.push(cy * W + cx + sx * i);
  for (let i = 1; i <= 3; i++) out.push((cy + sy * i) * W + cx);
  return out;
}

/** The corner cell of a spawn corner id (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left). */
export function cornerCell(corner: number): number {
  return pocketCells(corner)[0];
}

const POCKETS = [0, 1, 2, 3].map((c) => {
  const m = new Uint8Array(CELLS);
  for (const p of pocketCells(c)) m[p] = 1;
  return m;
});

/** Is the cell in the pocket of this corner? */
export const inPocket = (corner: number, cell: number): boolean => POCKETS[corner][cell] === 1;

/** Is the opening hush (dimlings kept out of the pocket) on? */
export const hushOn = (s: BriarwinkState): boolean => s.nightTick < HUSH_TICKS;

/**
 * May this dimling step into the cell? `push` allows a nudger's pushable pod. Marks, the open gate,
 * the pocket during the hush, walls, pond and briar (except for rootlings) are closed.
 */
export function dimlingMayEnter(s: BriarwinkState, d: Dimling, cell: number, allowPush: boolean): boolean {
  if (cell < 0) return false;
  const t = s.terrain[cell];
  if (!(isOpen(t) || (d.kind === ROOTLING && isBriar(t)))) return false;
  if (cell === s.gate) return false;
  const marks = s.marks; // at most 3: a loop beats a call to includes
  for (let i = 0; i < marks.length; i++) if (marks[i] === cell) return false;
  if (hushOn(s) && inPocket(s.corner, cell)) return false;
  if (podAt(s, cell) >= 0) return allowPush && d.kind === NUDGER && pushTarget(s, d, cell) >= 0;
  return true;
}

/**
 * Where a nudger stepping from its cell into the pod on `cell` would push it, or -1: the cell beyond
 * must be floor or sprout with no pod or pickup, not the gardener's cell and no walker's occupied or
 * destination cell.
 */
export function pushTarget(s: BriarwinkState, d: Dimling, cell: number): number {
  const dir = dirTo(d.at, cell);
  if (dir < 0) return -1;
  const beyond = NB[cell * 4 + dir];
  if (beyond < 0 || !isOpen(s.terrain[beyond]) || beyond === s.gate) return -1;
  if (podAt(s, beyond) >= 0 || pickupAt(s, beyond)) return -1;
  if (beyond === playerCell(s) || (s.away === 0 && s.pTo === beyond)) return -1;
  for (const o of s.dimlings) if (dimlingCell(o) === beyond || o.to === beyond) return -1;
  return beyond;
}

/**
 * The cells a burst from `cell` with `reach` covers, and what its beams meet: briar (covered, cleared,
 * stop), pods (covered, woken, stop), walls (stop uncovered), pond and floor (covered, continue),
 * sprouts (covered, cleared, continue). Pure: the caller applies the clearing and waking.
 */
export function beamCells(s: BriarwinkState, cell: number, reach: number, out: number[]): number[] {
  out.push(cell);
  for (let d = 0; d < 4; d++) {
    let c = cell;
    for (let i = 0; i < reach; i++) {
      c = NB[c * 4 + d];
      if (c < 0) break;
      const t = s.terrain[c];
      if (isWall(t)) break;
      out.push(c);
      if (isBriar(t) || podAt(s, c) >= 0) break;
    }
  }
  return out;
}

/** For each cell, the lowest cascade id of an active bloom covering it, or -1 (into `into` when given). */
export function bloomCover(s: BriarwinkState, into?: Int32Array): Int32Array {
  const cover = into ?? new Int32Array(CELLS);
  cover.fill(-1);
  for (const b of s.blooms) {
    for (const c of b.cells) if (cover[c] < 0 || b.cascade < cover[c]) cover[c] = b.cascade;
  }
  return cover;
}

/**
 * The main garden: the largest 4-connected region of floor and sprout cells without pods (ties go to
 * the region holding the lowest cell). `skip` is treated as closed (a cell about to grow thicket).
 */
export function mainGarden(s: BriarwinkState, skip = -1): Uint8Array {
  const region = new Int8Array(CELLS).fill(-1);
  const walk = (c: number) => c !== skip && isOpen(s.terrain[c]) && podAt(s, c) < 0;
  let best = -1;
  let bestSize = 0;
  let id = 0;
  const queue: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (region[c] >= 0 || !walk(c)) continue;
    region[c] = id;
    queue.length = 0;
    queue.push(c);
    for (let q = 0; q < queue.length; q++) {
      for (let d = 0; d < 4; d++) {
        const n = NB[queue[q] * 4 + d];
        if (n >= 0 && region[n] < 0 && walk(n)) {
          region[n] = id;
          queue.push(n);
        }
      }
    }
    if (queue.length > bestSize) {
      bestSize = queue.length;
      best = id;
    }
    id++;
  }
  const out = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) if (region[c] === best && best >= 0) out[c] = 1;
  return out;
}

/** Cells in breadth-first order from `start` over the whole grid (terrain ignored), expanding URDL. */
export function bfsOrder(start: number): number[] {
  const seen = new Uint8Array(CELLS);
  const order = [start];
  seen[start] = 1;
  for (let q = 0; q < order.length; q++) {
    for (let d = 0; d < 4; d++) {
      const n = NB[order[q] * 4 + d];
      if (n >= 0 && !seen[n]) {
        seen[n] = 1;
        order.push(n);
      }
    }
  }
  return order;
}
