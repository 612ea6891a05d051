/**
 * A deterministic beam search over Delvewick states: it proves each level can be cleared within its
 * oil and stands as a strong reference agent.
 *
 * Every layer of the search is one tick (one unit of oil), so all nodes in a layer have the same oil
 * left and compare on score plus a distance heuristic alone. Nodes are deduplicated on the full board,
 * the mole and the chain clock (keeping the better score), and at most `perCell` nodes per mole cell
 * and gem count survive a layer, so the beam does not fill up with near-identical digs of one tunnel.
 * The search keeps going after the first clear and returns the best-scoring one.
 */
import { checkMove, DIRECTIONS, MOVE_OK, WAIT } from './moves.js';
import { advance } from './rules.js';
import {
  BEDROCK,
  BOULDER,
  EXIT,
  FALLING_BOULDER,
  GEM,
  GEODE,
  PLAYING,
  type DelvewickAction,
  type DelvewickState,
} from './types.js';

/** Search settings. */
export interface SolverOptions {
  /** Nodes kept per layer. */
  beamWidth?: number;
  /** Nodes kept per (mole cell, gems collected) per layer. */
  perCell?: number;
}

/** The best clear found for one level (or, if none, the best attempt's actions are empty). */
export interface LevelSolution {
  level: number;
  cleared: boolean;
  /** Actions from the level's start up to and including the step onto the exit. */
  actions: DelvewickAction[];
  /** Points the level earned: gems, chains, cracks and the clear bonus (and the finale on level 8). */
  points: number;
  /** Gems collected on the level. */
  gems: number;
  /** Oil left when the mole stepped onto the exit. */
  oilLeft: number;
  /** Nodes expanded by the search. */
  expanded: number;
}

interface Node {
  s: DelvewickState;
  parent: Node | null;
  /** The action that led here: 0..3 or WAIT. */
  dir: number;
  value: number;
}

const UNREACHED = 1 << 20;
/** Heuristic weights, in points: a gem still missing, one step of distance, an unreachable goal. */
const MISSING_GEM = 60;
const STEP = 6;
const CUT_OFF = 400;
/** Extra steps charged for a geode as a gem to be: it still has to be dropped and cracked. */
const GEODE_EXTRA = 6;

/** Scratch for the breadth-first searches; grown as needed and reused (the solver is synchronous). */
let fromMole = new Int32Array(0);
let fromExit = new Int32Array(0);
let queue = new Int32Array(0);
let targets = new Int32Array(0);

/**
 * Distances from `start` through cells the mole can walk or dig into (soil, empty, gems); exits, geodes
 * and `start` itself are reached but not passed through (geodes as gems to be, exits as goals).
 */
function bfs(s: DelvewickState, starts: readonly number[], dist: Int32Array): void {
  const g = s.grid;
  const n = g.length;
  const w = s.w;
  dist.fill(UNREACHED, 0, n);
  let head = 0;
  let tail = 0;
  for (const c of starts) {
    dist[c] = 0;
    queue[tail++] = c;
  }
  while (head < tail) {
    const c = queue[head++];
    const d = dist[c] + 1;
    const x = c % w;
    for (let k = 0; k < 4; k++) {
      const nb = k === 0 ? c - w : k === 1 ? c + w : k === 2 ? (x > 0 ? c - 1 : -1) : x < w - 1 ? c + 1 : -1;
      if (nb < 0 || nb >= n || dist[nb] !== UNREACHED) continue;
      const code = g[nb];
      if (code === BEDROCK || (code & 7) === BOULDER) continue;
      dist[nb] = d;
      if (code !== EXIT && (code & 7) !== GEODE) queue[tail++] = nb;
    }
  }
}

/** Score plus an estimate of what the rest of the level costs and brings. Higher is better. */
function evaluate(s: DelvewickState): number {
  const g = s.grid;
  const n = g.length;
  if (fromMole.length < n) {
    fromMole = new Int32Array(n);
    fromExit = new Int32Array(n);
    queue = new Int32Array(n);
    targets = new Int32Array(n);
  }
  bfs(s, [s.mole], fromMole);
  const exits: number[] = [];
  for (let i = 0; i < n; i++) if (g[i] === EXIT) exits.push(i);
  let toExit = UNREACHED;
  for (const e of exits) if (fromMole[e] < toExit) toExit = fromMole[e];
  let v = s.score;
  const missing = s.quota - s.gems;
  if (missing <= 0) return v - STEP * (toExit === UNREACHED ? 40 : toExit);
  // Gems (and geodes, dearer) the mole can reach: to meet the quota it must travel at least as far as
  // the missing-th nearest of them, and then on to the exit.
  bfs(s, exits, fromExit);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = g[i];
    if (c >= GEM && c !== FALLING_BOULDER && fromMole[i] < UNREACHED) {
      targets[count++] = fromMole[i] + ((c & 7) === GEODE ? GEODE_EXTRA : 0);
    }
  }
  v -= MISSING_GEM * missing;
  if (count < missing) {
    v -= CUT_OFF * (missing - count);
  } else {
    const sorted = targets.subarray(0, count).sort();
    v -= STEP * sorted[missing - 1];
  }
  if (toExit === UNREACHED) v -= CUT_OFF;
  return v;
}

/** A 52-bit key over the board, the mole, the gems and the chain clock (not the score: that is compared). */
function keyOf(s: DelvewickState): number {
  let h1 = 0x811c9dc5 ^ s.mole;
  let h2 = 0x9e3779b9 ^ (s.gems * 64 + s.chain * 8 + s.chainAge);
  const g = s.grid;
  for (let i = 0; i < g.length; i++) {
    h1 = Math.imul(h1 ^ g[i], 0x01000193);
    h2 = Math.imul(h2 ^ (g[i] + i), 0x85ebca6b) ^ (h2 >>> 13);
  }
  return (h1 >>> 0) * 0x100000 + ((h2 >>> 0) & 0xfffff);
}

function pathOf(node: Node): DelvewickAction[] {
  const out: DelvewickAction[] = [];
  for (let n: Node | null = node; n && n.parent; n = n.parent) {
    out.push(n.dir === WAIT ? { type: 'wait' } : { type: 'move', dir: DIRECTIONS[n.dir] });
  }
  return out.reverse();
}

const ORDER = [0, 1, 2, 3, WAIT];

/** Searches from `start` (normally a level's fresh start) for the best-scoring clear of that level. */
export function solveLevel(start: DelvewickState, options: SolverOptions = {}): LevelSolution {
  const beamWidth = options.beamWidth ?? 3000;
  const perCell = options.perCell ?? 6;
  const level = start.level;
  const best = { node: null as Node | null, state: null as DelvewickState | null };
  const seen = new Map<number, number>();
  let beam: Node[] = [{ s: start, parent: null, dir: WAIT, value: 0 }];
  let expanded = 0;
  while (beam.length > 0) {
    const next: Node[] = [];
    for (const node of beam) {
      expanded++;
      for (const dir of ORDER) {
        if (dir !== WAIT && checkMove(node.s, dir) !== MOVE_OK) continue;
        const s = advance(node.s, dir, null);
        if (s.level !== level || s.end === 1) {
          if (!best.state || s.score > best.state.score) {
            best.node = { s, parent: node, dir, value: 0 };
            best.state = s;
          }
          continue;
        }
        if (s.end !== PLAYING) continue;
        const key = keyOf(s);
        const prev = seen.get(key);
        if (prev !== undefined && prev >= s.score) continue;
        seen.set(key, s.score);
        next.push({ s, parent: node, dir, value: evaluate(s) });
      }
    }
    next.sort((a, b) => b.value - a.value);
    const perKey = new Map<number, number>();
    beam = [];
    for (const node of next) {
      if (beam.length >= beamWidth) break;
      const bucket = node.s.mole * 64 + node.s.gems;
      const count = perKey.get(bucket) ?? 0;
      if (count >= perCell) continue;
      perKey.set(bucket, count + 1);
      beam.push(node);
    }
  }
  if (!best.node || !best.state) {
    return { level, cleared: false, actions: [], points: 0, gems: 0, oilLeft: 0, expanded };
  }
  const actions = pathOf(best.node);
  const before = best.node.parent?.s ?? start;
  return {
    level,
    cleared: true,
    actions,
    points: best.state.score - start.score,
    gems: before.gems,
    oilLeft: before.oil,
    expanded,
  };
}
