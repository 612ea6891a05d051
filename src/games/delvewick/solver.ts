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
import { BEDROCK, BOULDER, EXIT, GEM, GEODE, PLAYING, type DelvewickAction, type DelvewickState } from './types.js';

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

/** Scratch for the breadth-first search; grown as needed and reused (the solver is synchronous). */
let dist = new Int32Array(0);
let queue = new Int32Array(0);
/** The `missing` smallest target distances seen so far, ascending. */
const nearest = new Int32Array(64);

/**
 * Score plus an estimate of what the rest of the level costs. One breadth-first search from the mole
 * through the cells it can walk or dig into (soil, empty, gems) measures the way to the exit and to
 * every gem and geode (geodes dearer: they still have to be dropped and cracked). Exits and geodes are
 * reached but not passed through; boulders and bedrock are walls. To meet the quota the mole must
 * travel at least as far as the missing-th nearest target. Higher is better.
 */
function evaluate(s: DelvewickState): number {
  const g = s.grid;
  const n = g.length;
  const w = s.w;
  if (dist.length < n) {
    dist = new Int32Array(n);
    queue = new Int32Array(n);
  }
  dist.fill(UNREACHED, 0, n);
  const missing = Math.min(s.quota - s.gems, nearest.length);
  let found = 0;
  let toExit = UNREACHED;
  let head = 0;
  let tail = 0;
  dist[s.mole] = 0;
  queue[tail++] = s.mole;
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
      if (code === EXIT) {
        if (d < toExit) toExit = d;
        continue;
      }
      const kind = code & 7;
      if ((kind === GEM || kind === GEODE) && missing > 0) {
        // keep the `missing` nearest targets, sorted, by insertion
        const v = kind === GEODE ? d + GEODE_EXTRA : d;
        if (found < missing || v < nearest[missing - 1]) {
          let j = found < missing ? found++ : missing - 1;
          for (; j > 0 && nearest[j - 1] > v; j--) nearest[j] = nearest[j - 1];
          nearest[j] = v;
        }
      }
      if (kind !== GEODE) queue[tail++] = nb;
    }
  }
  let v = s.score;
  if (missing <= 0) return v - STEP * (toExit === UNREACHED ? 40 : toExit);
  v -= MISSING_GEM * missing;
  v -= found < missing ? CUT_OFF * (missing - found) : STEP * nearest[missing - 1];
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
