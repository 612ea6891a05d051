/**
 * The Briarwink agent's reading of the observation: what each cell is (remembering the terrain under
 * walkers, pods and blooms from earlier looks), when each cell is under moonlight in the coming ticks,
 * and the cross a pod planted somewhere would cover. Only what the observation shows is used.
 */
import type { BriarwinkObservation } from '../../games/briarwink/index.js';

/** The garden: 7 columns, 9 rows, cell = y * 7 + x. */
const W = 7;
const H = 9;
export const CELLS = W * H;
/** Directions in the grammar's order, with their cell offsets. */
export const DIRS = ['up', 'right', 'down', 'left'] as const;
const DX = [0, 1, 0, -1];
const DY = [-1, 0, 1, 0];
/** A bloom lasts this many ticks; a woken pod bursts within this many. */
export const BLOOM_TICKS = 18;
const WAKE_TICKS = 3;
/** Ticks from planting to the burst. */
export const FUSE = 66;

/** Terrain as the agent knows it. */
export const FLOOR = 0;
const BRIAR = 1;
const WALL = 2;
const POND = 3;
const MARK = 4;

const TERRAIN: Record<string, number> = {
  '.': FLOOR,
  ',': FLOOR,
  '+': FLOOR,
  '^': FLOOR,
  '%': BRIAR,
  R: BRIAR,
  '#': WALL,
  H: WALL,
  X: WALL,
  '~': POND,
  x: MARK,
};

/** The neighbour of `c` in direction `d`, or -1 off the garden. */
export function neighbour(c: number, d: number): number {
  const x = (c % W) + DX[d];
  const y = ((c / W) | 0) + DY[d];
  return x < 0 || y < 0 || x >= W || y >= H ? -1 : y * W + x;
}

/** Manhattan distance between two cells. */
export function manhattan(a: number, b: number): number {
  return Math.abs((a % W) - (b % W)) + Math.abs(((a / W) | 0) - ((b / W) | 0));
}

/** One decision's picture of the garden. */
export interface Board {
  terrain: Uint8Array;
  pod: Uint8Array;
  /** Ticks from now during which each cell is under moonlight: [from, to] windows, flattened per cell. */
  danger: number[][];
  dimlings: number[];
  /** The cell each dimling is heading into (its own cell when standing). */
  ahead: number[];
  me: number;
  reach: number;
  stepTicks: number;
}

/**
 * Reads the map into `memory` (terrain seen so far this night) and builds the board. A walker, pod or
 * bloom hides the terrain under it; the agent then uses what it saw there before, or floor.
 */
export function boardOf(o: BriarwinkObservation, memory: Uint8Array): Board {
  const terrain = new Uint8Array(CELLS);
  const pod = new Uint8Array(CELLS);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = y * W + x;
      const ch = o.map[y][x];
      const t = TERRAIN[ch];
      if (t !== undefined) memory[c] = t;
      terrain[c] = memory[c];
    }
  }
  for (const p of o.pods) pod[p.cell] = 1;
  const danger: number[][] = Array.from({ length: CELLS }, () => []);
  for (const b of o.blooms) for (const c of b.cells) danger[c].push(0, b.ticksLeft + 1);
  // Burst times, with chains: a pod in another's cross wakes and bursts soon after that one.
  const burst = o.pods.map((p) => p.bloomIn);
  for (let round = 0; round < o.pods.length; round++) {
    for (let i = 0; i < o.pods.length; i++) {
      for (let j = 0; j < o.pods.length; j++) {
        if (i !== j && o.pods[j].covers.includes(o.pods[i].cell)) {
          burst[i] = Math.min(burst[i], burst[j] + WAKE_TICKS + 1);
        }
      }
    }
  }
  // Blooms already standing wake the pods under them too.
  for (let i = 0; i < o.pods.length; i++) {
    if (danger[o.pods[i].cell].length > 0) burst[i] = Math.min(burst[i], WAKE_TICKS + 1);
  }
  o.pods.forEach((p, i) => {
    // Briar in the way may be cleared by another bloom first, letting the beam run on: the agent
    // keeps out of the whole reach (up to walls), not just today's cover.
    const reachable = new Set(p.covers);
    for (let d = 0; d < 4; d++) {
      let c = p.cell;
      for (let k = 0; k < p.reach; k++) {
        c = neighbour(c, d);
        if (c < 0 || terrain[c] === WALL) break;
        reachable.add(c);
      }
    }
    for (const c of reachable) danger[c].push(Math.max(0, burst[i] - 2), burst[i] + BLOOM_TICKS + 1);
  });
  return {
    terrain,
    pod,
    danger,
    dimlings: o.dimlings.map((d) => d.cell),
    ahead: o.dimlings.map((d) => {
      const n = d.heading ? neighbour(d.cell, DIRS.indexOf(d.heading as (typeof DIRS)[number])) : -1;
      return n < 0 ? d.cell : n;
    }),
    me: o.player.x < 0 ? -1 : o.player.y * W + o.player.x,
    reach: o.player.reach,
    stepTicks: o.player.stepTicks,
  };
}

/** True when `c` is under moonlight at some tick of [from, to]. */
export function isLit(b: Board, c: number, from: number, to: number): boolean {
  const w = b.danger[c];
  for (let i = 0; i < w.length; i += 2) if (w[i] <= to && from <= w[i + 1]) return true;
  return false;
}

/** The last tick at which any known moonlight ends (0 when none is coming). */
export function lastLight(b: Board): number {
  let last = 0;
  for (const w of b.danger) for (let i = 1; i < w.length; i += 2) last = Math.max(last, w[i]);
  return last;
}

/**
 * Whether a dimling threatens `c`: it is on or next to it, heading into it, or heading to a cell next
 * to it (so it is coming closer).
 */
export function nearDimling(b: Board, c: number): boolean {
  for (let i = 0; i < b.dimlings.length; i++) {
    const now = manhattan(c, b.dimlings[i]);
    if (now <= 1 || c === b.ahead[i]) return true;
    if (now === 2 && manhattan(c, b.ahead[i]) === 1) return true;
  }
  return false;
}

/** Manhattan distance from `c` to the nearest visible dimling (99 when none is seen). */
export function dimlingDistance(b: Board, c: number): number {
  let best = 99;
  for (const d of b.dimlings) best = Math.min(best, manhattan(c, d));
  return best;
}

/** How many neighbours of `c` the gardener could walk into: a cell with one is a dead end. */
export function exits(b: Board, c: number): number {
  let n = 0;
  for (let d = 0; d < 4; d++) {
    const m = neighbour(c, d);
    if (m >= 0 && walkable(b, m)) n++;
  }
  return n;
}

/** Whether the gardener may walk into `c` (floor-like, no pod). */
export function walkable(b: Board, c: number): boolean {
  return b.terrain[c] === FLOOR && b.pod[c] === 0;
}

/** The cells a pod at `cell` with `reach` would cover, by the beam rules; briar covered counts in `briar`. */
export function crossOf(b: Board, cell: number, reach: number): { cells: number[]; briar: number; pods: number } {
  const cells = [cell];
  let briar = 0;
  let pods = 0;
  for (let d = 0; d < 4; d++) {
    let c = cell;
    for (let i = 0; i < reach; i++) {
      c = neighbour(c, d);
      // A creep mark hides floor or briar: the beam is taken to go on, which errs on the safe side.
      if (c < 0 || b.terrain[c] === WALL) break;
      cells.push(c);
      if (b.pod[c]) {
        pods++;
        break;
      }
      if (b.terrain[c] === BRIAR) {
        briar++;
        break;
      }
    }
  }
  return { cells, briar, pods };
}
