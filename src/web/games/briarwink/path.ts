/**
 * The walk preview: the path walkTo would take from where the gardener stands, read from the
 * observation the way the engine searches (breadth-first from the occupied cell over floor and sprout,
 * pods and cells under an active bloom closed, expanding up, right, down, left; an unreachable target
 * walks to the reachable cell nearest it), and the cells of that path a visible dimling may reach first.
 *
 * The dimlings' part is an estimate drawn by the page only: each dimling's shortest way over the cells
 * its kind may enter, times its ticks a step, against the gardener's steps times stepTicks. Dimlings
 * wander, so the mark says "may", never "will". A creep mark hides the terrain under it in the
 * observation: the preview takes a marked cell as open for the gardener.
 */
import type { BriarwinkObservation } from '../../../games/briarwink/index.js';

const W = 7;
const H = 9;
const CELLS = W * H;
/** Up, right, down, left, as the engine expands. */
const STEPS: [number, number][] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];

/** The dimling kinds' ticks a step (the seed's kinds), into an open cell. */
const KIND_TICKS: Record<string, number> = {
  mope: 15,
  peeker: 12,
  rootling: 16,
  nudger: 13,
  twinbud: 14,
  sprig: 10,
  tangler: 20,
};
/** A rootling's ticks a step into briar. */
const ROOTLING_BRIAR = 24;
/** A spotted peeker's dash. */
const DASH = 7;

function neighbours(c: number): number[] {
  const x = c % W;
  const y = (c / W) | 0;
  const out: number[] = [];
  for (const [dx, dy] of STEPS) {
    const nx = x + dx;
    const ny = y + dy;
    out.push(nx < 0 || nx >= W || ny < 0 || ny >= H ? -1 : ny * W + nx);
  }
  return out;
}
const NB = Array.from({ length: CELLS }, (_, c) => neighbours(c));

const charAt = (o: BriarwinkObservation, c: number) => o.map[(c / W) | 0]?.[c % W] ?? '.';
const manhattan = (a: number, b: number) => Math.abs((a % W) - (b % W)) + Math.abs(((a / W) | 0) - ((b / W) | 0));

/**
 * The cells the gardener may walk through: floor and sprout (an open gate and a pickup stand on them,
 * a dimling on them unless it is a rootling in briar), no pod, no active bloom.
 */
function gardenerOpen(o: BriarwinkObservation): boolean[] {
  const open: boolean[] = [];
  for (let c = 0; c < CELLS; c++) open.push('.,^+xGmpPrntsT@'.includes(charAt(o, c)));
  for (const p of o.pods) open[p.cell] = false;
  for (const b of o.blooms) for (const c of b.cells) open[c] = false;
  return open;
}

/** Breadth-first distances and parents from `from` over `open` cells, expanding up, right, down, left. */
function search(from: number, open: boolean[]): { dist: number[]; parent: number[] } {
  const dist = new Array<number>(CELLS).fill(-1);
  const parent = new Array<number>(CELLS).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i];
    for (const n of NB[c]) {
      if (n < 0 || !open[n] || dist[n] >= 0) continue;
      dist[n] = dist[c] + 1;
      parent[n] = c;
      queue.push(n);
    }
  }
  return { dist, parent };
}

/**
 * The cells walkTo `target` would pass through from the gardener's occupied cell, in order, the
 * occupied cell first; just that cell when the gardener would not move, and empty while away.
 */
export function walkPath(o: BriarwinkObservation, target: number): number[] {
  const p = o.player;
  if (p.x < 0) return [];
  const from = p.y * W + p.x;
  const { dist, parent } = search(from, gardenerOpen(o));
  let goal = target;
  if (dist[target] < 0) {
    // the reachable cell nearest the target: Manhattan, then search distance, then lowest index
    goal = from;
    for (let c = 0; c < CELLS; c++) {
      if (dist[c] < 0) continue;
      const k = manhattan(c, target) - manhattan(goal, target) || dist[c] - dist[goal] || c - goal;
      if (k < 0) goal = c;
    }
  }
  const path: number[] = [];
  for (let c = goal; c >= 0; c = parent[c]) path.push(c);
  return path.reverse();
}

/** The ticks a dimling of `kind` takes to step into a cell whose map letter is `ch` (-1: it may not). */
function dimlingStep(kind: string, ch: string, fast: boolean): number {
  const base = KIND_TICKS[kind] ?? 15;
  const briar = ch === '%' || ch === 'R';
  if (briar && kind !== 'rootling') return -1;
  // floor, sprout, pickups, walkers' and the gardener's cells; a bloom's cells are floor or pond (taken
  // as floor: dimlings never avoid blooms). Never the gate, pods, creep marks, stone, hedge, pond, thicket.
  if (!briar && !'.,+*GmpPrntsT@'.includes(ch)) return -1;
  const t = briar ? ROOTLING_BRIAR : base;
  return fast ? Math.max(6, t - 2) : t;
}

/**
 * The path cells (beyond the gardener's own) that some visible dimling may reach no later than the
 * gardener: its least ticks over cells its kind may enter (a Dijkstra over the 63 cells) against the
 * gardener's steps to that cell times stepTicks.
 */
export function dimlingFirst(o: BriarwinkObservation, path: number[]): Set<number> {
  const marked = new Set<number>();
  if (path.length < 2 || o.dimlings.length === 0) return marked;
  const fast = o.player.calmLeft < 0;
  const pods = new Set(o.pods.map((p) => p.cell));
  const arrive = path.map((_, i) => i * o.player.stepTicks);
  for (const d of o.dimlings) {
    const cost = new Array<number>(CELLS).fill(Infinity);
    const done = new Array<boolean>(CELLS).fill(false);
    cost[d.cell] = 0;
    for (;;) {
      let c = -1;
      for (let i = 0; i < CELLS; i++) if (!done[i] && cost[i] < Infinity && (c < 0 || cost[i] < cost[c])) c = i;
      if (c < 0) break;
      done[c] = true;
      for (const n of NB[c]) {
        if (n < 0 || done[n] || pods.has(n)) continue;
        const t = d.spotted
          ? dimlingStep(d.kind, charAt(o, n), false) < 0
            ? -1
            : DASH
          : dimlingStep(d.kind, charAt(o, n), fast);
        if (t >= 0 && cost[c] + t < cost[n]) cost[n] = cost[c] + t;
      }
    }
    for (let i = 1; i < path.length; i++) if (cost[path[i]] <= arrive[i]) marked.add(path[i]);
  }
  return marked;
}
