/**
 * The Cragwake heuristic: a stamina planner over the visible band, re-run every turn from the
 * observation alone.
 *
 * The plan is a dynamic programme over the band's cells, row by row upward from where the climber
 * hangs: for each cell, the most stamina it can be reached with, resting on jugs along the way (a
 * jug's remaining breaths, once, capped at the tank). The first move is priced exactly as the
 * observation prices it (gust included) plus the spindrift of ending it in the rockfall column; later
 * moves are priced by the rules without gusts (known a turn ahead only), with frosting holds charged
 * part of the ice they are about to get, and the swept column seen as the rockfall will leave it.
 *
 * - When the belay is in sight, the agent heads for it with the most stamina left (15 points each).
 * - Otherwise it heads for the cell that best trades height against stamina in hand.
 * - Both first try to keep stamina above 3 on every move, which keeps the pitch clean (the streak
 *   pays up to 900 a pitch), and give that up only when no clean line makes progress.
 * - On a completed belay it always climbs on: climbing on never risks anything already scored.
 */
import type { CragwakeObservation } from '../../games/cragwake/index.js';
import type { GameAction } from '../../core/game.js';
import type { AgentFactory } from '../types.js';
import { BAND, WIDTH, isLedge, plannedCost, restGain, standable, wallOf, type Wall } from './wall.js';

/** First-action codes besides a target cell index. */
const STAY = -1;
const BREATHE = -2;
/** Stamina at or below which a pitch dips (loses its clean streak). */
const DIP_AT = 3;
/** How much stamina one row of height is worth when the belay is not in sight. */
const ROW_WORTH = 2.5;
/** Spindrift: what ending the turn in the swept column costs. */
const SPINDRIFT = 4;

/** Reach offsets that never go down: sideways steps and lunges, steps up, the lunges up. */
const SIDEWAYS: readonly [number, number][] = [
  [-1, 1],
  [1, 1],
  [-2, 2],
  [2, 2],
];
const UPWARD: readonly [number, number, number][] = [
  // [dr, dc, 1 = step / 2 = lunge]
  [1, -1, 1],
  [1, 0, 1],
  [1, 1, 1],
  [1, -2, 2],
  [1, 2, 2],
  [2, -1, 2],
  [2, 0, 2],
  [2, 1, 2],
];

interface Labels {
  /** Most stamina each band cell can be reached with (-1: unreached), after any rest there. */
  best: Float64Array;
  /** The first action of the line behind `best`: a band index to move to, STAY or BREATHE. */
  first: Int32Array;
}

/** What a line from the current cell costs on its first move, exactly (or -1 when not legal now). */
function firstMoveCosts(o: CragwakeObservation, w: Wall): Map<number, number> {
  const costs = new Map<number, number>();
  for (const m of o.moves) {
    if (m.action.type !== 'move') continue;
    const row = m.action.row as number;
    const col = m.action.col as number;
    const spin = o.rockfall === col && !isLedge(row) ? SPINDRIFT : 0;
    costs.set((row - w.floor) * WIDTH + col, m.cost + spin);
  }
  return costs;
}

/**
 * The planner: the best stamina per cell over lines whose every move leaves at least `keep` stamina
 * (the belay itself may be reached with `belayKeep`).
 */
function plan(o: CragwakeObservation, w: Wall, keep: number, belayKeep: number): Labels {
  const n = BAND * WIDTH;
  const best = new Float64Array(n).fill(-1);
  const first = new Int32Array(n).fill(STAY);
  const start = (o.row - w.floor) * WIDTH + o.col;
  const top = Math.min(w.top, o.belay);
  const firstCosts = firstMoveCosts(o, w);
  const onIce = (i: number): boolean => {
    const row = w.floor + Math.floor(i / WIDTH);
    return !isLedge(row) && w.holds[i].icy;
  };

  // One move from cell `from` (label `have`, first action `via`) to (row, col).
  const relax = (from: number, have: number, via: number, row: number, col: number, lunge: boolean): boolean => {
    if (col < 0 || col >= WIDTH || row > top || !standable(w, row, col)) return false;
    const to = (row - w.floor) * WIDTH + col;
    let cost: number;
    if (from === start && via === STAY) {
      const exact = firstCosts.get(to);
      if (exact === undefined) return false;
      cost = exact;
    } else {
      if (lunge && onIce(from)) return false;
      cost = plannedCost(w, row, col, lunge);
    }
    const left = have - cost;
    if (left < (row === o.belay ? belayKeep : keep)) return false;
    if (left <= best[to]) return false;
    best[to] = left;
    first[to] = from === start && via === STAY ? to : via;
    return true;
  };

  // Within a row: sideways moves until nothing improves (every move costs, so this settles).
  const sideways = (row: number): void => {
    for (let changed = true; changed;) {
      changed = false;
      for (let c = 0; c < WIDTH; c++) {
        const i = (row - w.floor) * WIDTH + c;
        if (best[i] < 0) continue;
        for (const [dc, kind] of SIDEWAYS) {
          if (relax(i, best[i], first[i], row, c + dc, kind === 2)) changed = true;
        }
      }
    }
  };

  best[start] = o.stamina;
  for (let row = o.row; row <= top; row++) {
    const base = (row - w.floor) * WIDTH;
    sideways(row);
    // Rest once on each jug reached in this row, then walk on sideways from the rested labels.
    let rested = false;
    for (let c = 0; c < WIDTH; c++) {
      const i = base + c;
      if (best[i] < 0) continue;
      if (i === start) {
        const spin = o.rockfall === o.col && !isLedge(o.row) ? SPINDRIFT : 0;
        const gain = (o.breathe ?? -1) > 0 ? restGain(w, row, c) - spin : 0;
        const after = Math.min(o.tank, o.stamina + gain);
        if (gain > 0 && after > best[i]) {
          best[i] = after;
          first[i] = BREATHE;
          rested = true;
        }
      } else {
        const after = Math.min(o.tank, best[i] + restGain(w, row, c));
        if (after > best[i]) {
          best[i] = after;
          rested = true;
        }
      }
    }
    if (rested) sideways(row);
    if (row === o.belay) continue;
    for (let c = 0; c < WIDTH; c++) {
      const i = base + c;
      if (best[i] < 0) continue;
      for (const [dr, dc, kind] of UPWARD) relax(i, best[i], first[i], row + dr, c + dc, kind === 2);
    }
  }
  return { best, first };
}

/** The chosen first action of a plan: [first action, value], or null when nothing beats staying. */
function choose(o: CragwakeObservation, w: Wall, labels: Labels): [number, number] | null {
  let bestValue = -Infinity;
  let firstAction = STAY;
  const belayInSight = o.belay <= w.top;
  for (let i = 0; i < BAND * WIDTH; i++) {
    if (labels.best[i] < 0) continue;
    const row = w.floor + Math.floor(i / WIDTH);
    if (belayInSight && row !== o.belay) continue;
    const v = belayInSight ? labels.best[i] : ROW_WORTH * row + labels.best[i];
    if (v > bestValue) {
      bestValue = v;
      firstAction = labels.first[i];
    }
  }
  return firstAction === STAY ? null : [firstAction, bestValue];
}

/** When no plan makes progress: breathe if it pays, else the move that best trades height for cost. */
function fallback(o: CragwakeObservation): GameAction {
  if ((o.breathe ?? -1) > 0) return { type: 'breathe' };
  let pick: GameAction | null = null;
  let bestValue = -Infinity;
  for (const m of o.moves) {
    if (m.action.type !== 'move') continue;
    const row = m.action.row as number;
    const left = o.stamina - m.cost;
    const v = (left > 0 ? 0 : -100) + ROW_WORTH * (row - o.row) + left;
    if (v > bestValue) {
      bestValue = v;
      pick = m.action;
    }
  }
  return pick ?? o.moves[0]?.action ?? { type: 'breathe' };
}

/** The action for an observation. */
export function chooseCragwake(o: CragwakeObservation): GameAction {
  if (o.phase === 'ledge') return { type: 'climbOn' };
  const w = wallOf(o);
  const clean = o.dipped ? null : choose(o, w, plan(o, w, DIP_AT + 1, DIP_AT + 1));
  const anyLine = clean ?? choose(o, w, plan(o, w, 1, 0));
  if (!anyLine) return fallback(o);
  const [firstAction] = anyLine;
  if (firstAction === BREATHE) return { type: 'breathe' };
  return { type: 'move', row: w.floor + Math.floor(firstAction / WIDTH), col: firstAction % WIDTH };
}

/** Plans stamina to the next jug and ledge from the observation alone (gusts, rockfall, ice included). */
export const cragwakeHeuristic: AgentFactory = () => ({
  act(view) {
    const want = chooseCragwake(view.observation as CragwakeObservation);
    const found = view.legalActions.find(
      (a) => a.type === want.type && (a.type !== 'move' || (a.row === want.row && a.col === want.col)),
    );
    return found ?? view.legalActions[0];
  },
});
cragwakeHeuristic.games = ['cragwake'];
