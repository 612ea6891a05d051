/**
 * The Briarwink heuristic, from the observation alone. It walks one tile per action (a batch of
 * exactly one step's ticks) and waits in short batches, so it re-reads the garden at every tile.
 *
 * In order of priority, each decision:
 * 1. gets out of the way: when its cell is about to be under moonlight, or a dimling is next to it,
 *    it heads for the nearest cell that stays dark until every known bloom is over;
 * 2. walks to the open moon gate;
 * 3. picks up a power-up in sight;
 * 4. plants a pod: every reachable cell is scored by the dimlings near the cross its bloom will cover
 *    and the briar it will clear, and kept only when the walk there, the plant and a way out to a
 *    dark cell before the burst are all safe by its timeline of coming moonlight (chains included);
 * 5. otherwise waits somewhere safe.
 * Paths are breadth-first searches that stay off cells next to dimlings and off cells lit while the
 * gardener would be on them. Between nights it always starts the next one: ending scores nothing.
 */
import type { BriarwinkObservation } from '../../games/briarwink/index.js';
import type { GameAction } from '../../core/game.js';
import type { AgentFactory } from '../types.js';
import {
  FLOOR,
  CELLS,
  DIRS,
  FUSE,
  BLOOM_TICKS,
  boardOf,
  crossOf,
  dimlingDistance,
  exits,
  nearDimling,
  isLit,
  lastLight,
  manhattan,
  neighbour,
  walkable,
  type Board,
} from './board.js';

/** Ticks the agent waits per action when nothing is to be done. */
const WAIT_TICKS = 6;
/** How many tiles away a power-up is still worth the walk. */
const PICKUP_RANGE = 8;
/** Margin, in ticks, between leaving a cross and its burst. */
const ESCAPE_MARGIN = 10;

interface Search {
  dist: Int16Array;
  /** First direction of the path to each cell, -1 for the start. */
  first: Int8Array;
  order: number[];
}

/**
 * Breadth-first search from `from` (reached at tick `t0`), over cells the gardener can enter, not next
 * to a dimling, and dark while it would be on them. `blocked` cells are never entered.
 */
function search(b: Board, from: number, t0: number, blocked = -1, strict = true): Search {
  const dist = new Int16Array(CELLS).fill(-1);
  const first = new Int8Array(CELLS).fill(-1);
  const order = [from];
  dist[from] = 0;
  const T = b.stepTicks;
  for (let head = 0; head < order.length; head++) {
    const c = order[head];
    for (let d = 0; d < 4; d++) {
      const n = neighbour(c, d);
      if (n < 0 || n === blocked || dist[n] >= 0 || !walkable(b, n)) continue;
      if (strict ? nearDimling(b, n) || (exits(b, n) <= 1 && dimlingDistance(b, n) <= 4) : onDimling(b, n)) continue;
      const arrive = t0 + (dist[c] + 1) * T;
      if (isLit(b, n, arrive - T, arrive + T)) continue;
      dist[n] = dist[c] + 1;
      first[n] = c === from ? d : first[c];
      order.push(n);
    }
  }
  return { dist, first, order };
}

/** Whether a dimling stands on `c` or is heading into it. */
function onDimling(b: Board, c: number): boolean {
  return b.dimlings.includes(c) || b.ahead.includes(c);
}

/** Whether standing on `c` from tick `from` until every known bloom is over stays safe (and not a dead end). */
function safeFrom(b: Board, c: number, from: number, horizon: number): boolean {
  return !nearDimling(b, c) && !isLit(b, c, from, horizon) && exits(b, c) >= 2 && dimlingDistance(b, c) >= 2;
}

/**
 * A cell that stays safe until `horizon`, as [cell, first direction], or null: among the safe cells
 * at most two steps farther than the nearest one, the one with the most room around it.
 */
function nearestSafe(b: Board, s: Search, horizon: number): [number, number] | null {
  let best: [number, number] | null = null;
  let bestScore = -Infinity;
  let limit = Infinity;
  for (const c of s.order) {
    if (s.dist[c] > limit) break;
    if (!safeFrom(b, c, s.dist[c] * b.stepTicks, horizon)) continue;
    if (limit === Infinity) limit = s.dist[c] + 2;
    const score = 2 * Math.min(4, dimlingDistance(b, c)) + exits(b, c) - 0.5 * s.dist[c];
    if (score > bestScore) {
      bestScore = score;
      best = [c, s.first[c]];
    }
  }
  return best;
}

const tick = (move: number, count: number, plant = false): GameAction => ({
  type: 'tick',
  move: move < 0 ? null : DIRS[move],
  plant,
  count: Math.max(1, Math.min(30, count)),
});

/** Where to plant: the best-scoring cell with a safe way out, as [cell, escape direction], or null. */
function plantTarget(o: BriarwinkObservation, b: Board, s: Search): [number, number] | null {
  let best: [number, number] | null = null;
  let bestValue = 0.5;
  const T = b.stepTicks;
  for (const c of s.order) {
    if (c === o.gate) continue;
    const cross = crossOf(b, c, b.reach);
    if (cross.pods > 0) continue;
    let value = 2 * cross.briar;
    for (const d of b.dimlings) {
      let md = 99;
      for (const x of cross.cells) md = Math.min(md, manhattan(d, x));
      value += md === 0 ? 6 : md === 1 ? 3 : md === 2 ? 1.5 : md === 3 ? 0.5 : 0;
    }
    value -= 0.3 * s.dist[c];
    if (value <= bestValue) continue;
    const planted = s.dist[c] * T;
    const burst = planted + FUSE;
    const horizon = Math.max(lastLight(b), burst + BLOOM_TICKS + 2);
    // The way out: a dark cell outside the cross, reached well before the burst.
    const out = search(b, c, planted, c);
    let escape = -1;
    for (const e of out.order) {
      if (e === c || cross.cells.includes(e)) continue;
      const at = planted + out.dist[e] * T;
      if (at > burst - ESCAPE_MARGIN) break;
      if (safeFrom(b, e, at, horizon)) {
        escape = out.first[e];
        break;
      }
    }
    if (escape < 0) continue;
    bestValue = value;
    best = [c, escape];
  }
  return best;
}

/**
 * Getting out of trouble: the nearest fully safe cell; else the nearest cell that stays dark, passing
 * beside dimlings if it must; else the best of standing still and the four steps, where certain
 * moonlight is worse than a dimling alongside.
 */
function flee(b: Board, s: Search, horizon: number): GameAction {
  const T = b.stepTicks;
  const to = nearestSafe(b, s, horizon);
  if (to && to[1] >= 0) return tick(to[1], T);
  const loose = search(b, b.me, 0, -1, false);
  for (const c of loose.order) {
    if (c !== b.me && !isLit(b, c, loose.dist[c] * T - T, horizon)) return tick(loose.first[c], T);
  }
  let bestDir = -1;
  let bestScore = -Infinity;
  for (let d = -1; d < 4; d++) {
    const n = d < 0 ? b.me : neighbour(b.me, d);
    if (n < 0 || (d >= 0 && !walkable(b, n))) continue;
    let score = isLit(b, n, 0, 2 * T) ? -10 : 0;
    if (b.dimlings.includes(n)) score -= 8;
    if (b.ahead.includes(n)) score -= 6;
    for (const m of b.dimlings) score += Math.min(2, manhattan(n, m)) * 0.5;
    if (score > bestScore) {
      bestScore = score;
      bestDir = d;
    }
  }
  return tick(bestDir, bestDir < 0 ? 2 : T);
}

/** The action for an observation; `memory` is the terrain seen so far this night. */
export function chooseBriarwink(o: BriarwinkObservation, memory: Uint8Array): GameAction {
  if (o.status !== 'playing') return { type: 'start' };
  if (o.player.x < 0) return tick(-1, o.player.respawnIn > 0 ? o.player.respawnIn : 1);
  const stepping = /stepping \w+ (\d+)\/(\d+)/.exec(o.text);
  if (stepping) return tick(-1, Number(stepping[2]) - Number(stepping[1]));
  const b = boardOf(o, memory);
  const T = b.stepTicks;
  const s = search(b, b.me, 0);
  const horizon = Math.max(lastLight(b), 2 * T);

  // 1. Out of the way of moonlight and dimlings.
  // A dead end is a threat only with a dimling about (fleeing an empty one would undo every plan there).
  const cornered = exits(b, b.me) < 2 && dimlingDistance(b, b.me) <= 4;
  if (cornered || nearDimling(b, b.me) || isLit(b, b.me, 0, Math.min(horizon, 2 * T + 2))) return flee(b, s, horizon);
  // 2. The open gate.
  if (o.gate >= 0 && s.dist[o.gate] > 0) return tick(s.first[o.gate], T);
  // 3. A power-up in sight.
  let pickup = -1;
  for (const p of o.pickups) {
    if (s.dist[p.cell] > 0 && s.dist[p.cell] <= PICKUP_RANGE && (pickup < 0 || s.dist[p.cell] < s.dist[pickup])) {
      pickup = p.cell;
    }
  }
  if (pickup >= 0) return tick(s.first[pickup], T);
  // 4. Plant.
  if (o.player.podsOut < o.player.podCap && o.gate < 0) {
    const target = plantTarget(o, b, s);
    if (target) {
      const [cell, escape] = target;
      if (cell === b.me) return tick(escape, T, true);
      return tick(s.first[cell], T);
    }
  }
  // 5. Wait somewhere safe until the blooms are over.
  if (safeFrom(b, b.me, 0, horizon)) return tick(-1, WAIT_TICKS);
  const to = nearestSafe(b, s, horizon);
  return to && to[1] >= 0 ? tick(to[1], T) : tick(-1, WAIT_TICKS);
}

/** Plants safe chains, dodges blooms and dimlings, takes power-ups and reaches the gate; observation only. */
export const briarwinkHeuristic: AgentFactory = () => {
  const memory = new Uint8Array(CELLS).fill(FLOOR);
  let night = -1;
  return {
    act(view) {
      const o = view.observation as BriarwinkObservation;
      if (o.player.night !== night) {
        night = o.player.night;
        memory.fill(FLOOR);
      }
      return chooseBriarwink(o, memory);
    },
  };
};
briarwinkHeuristic.games = ['briarwink'];
