/**
 * What one Delvewick tick moved, read from the pictures before and after it: the mole's step (and the
 * soil it dug), the boulder or geode it pushed, each thing that fell or rolled (one cell a tick: down,
 * or sideways when it rolls), a gem collected or caught and a crush. The grids say where things are;
 * the rules (one gravity pass a tick, each movable acting at most once) say that a thing now on a
 * cell came from that cell, the one above it, or one beside it, or was pushed there by the mole (and
 * then, pushed over a hole, fell one cell in the same tick). The plan is only decoration: ticks
 * that are not one accepted action apart (a new level, an undo) have none.
 */
import type { DelvewickObservation } from '../../../games/delvewick/index.js';

interface Cell {
  x: number;
  y: number;
}

export interface DelvewickPlan {
  /** A thing that moved this tick, from one cell to the next; `push` when the mole pushed it. */
  moves: { from: Cell; to: Cell; push: boolean; via?: Cell }[];
  /** Soil dug away this tick. */
  dug: Cell[];
  /** A gem collected or caught (at the mole), a crush (at the mole). */
  marks: { cell: Cell; kind: 'gem' | 'crush' }[];
}

/** Which kind of movable a map character is (falling or not); a geode may land as a gem. */
const FAMILY: Record<string, string> = { O: 'O', o: 'O', '*': '*', v: '*', G: 'G', g: 'G' };

/** The plan of the one tick from `p` to `q`, or null when `q` is not one accepted action after `p`. */
export function planDelvewick(p: DelvewickObservation, q: DelvewickObservation): DelvewickPlan | null {
  if (p.level !== q.level || q.oil !== p.oil - 1 || p.width !== q.width || p.height !== q.height) return null;
  const at = (o: DelvewickObservation, x: number, y: number) => FAMILY[o.grid[y]?.[x] ?? ''] ?? '';
  const moves: DelvewickPlan['moves'] = [];
  const dug: Cell[] = [];
  // A thing is still in place when it is at rest on the cell it was on (a geode may have cracked
  // there); a falling one (lower case) moved in this tick's gravity pass.
  const still = (x: number, y: number) => {
    const c = q.grid[y]?.[x] ?? '';
    const f = FAMILY[c];
    const pf = at(p, x, y);
    return !!f && c === c.toUpperCase() && (pf === f || (pf === 'G' && f === '*'));
  };
  // The things of the picture before that left their cell (each the origin of one move).
  const gone = new Set<string>();
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      if (at(p, x, y) && !still(x, y)) gone.add(`${x},${y}`);
      if (p.grid[y][x] === '%' && q.grid[y][x] !== '%') dug.push({ x, y });
    }
  const dx = q.mole.x - p.mole.x;
  const pushed = dx !== 0 && q.mole.y === p.mole.y;
  // Each thing that moved, with the cells it may have come from, likeliest first; then a matching of
  // things to origins (augmenting paths), so a cascade where one thing rolls into the cell another
  // would have fallen into still pairs every thing with one origin.
  const movers: { to: Cell; from: { c: Cell; via?: Cell; push: boolean }[] }[] = [];
  for (let y = q.height - 1; y >= 0; y--)
    for (let x = 0; x < q.width; x++) {
      const f = at(q, x, y);
      if (!f || still(x, y)) continue;
      const fits = (c: Cell) =>
        gone.has(`${c.x},${c.y}`) && (at(p, c.x, c.y) === f || (at(p, c.x, c.y) === 'G' && f === '*'));
      const from: { c: Cell; via?: Cell; push: boolean }[] = [];
      // pushed: beside it, where the mole now stands; or pushed over a hole and fallen in the same tick
      if (pushed && q.mole.x === x - dx && q.mole.y === y) from.push({ c: { ...q.mole }, push: true });
      if (pushed && x === q.mole.x + dx && y === q.mole.y + 1)
        from.push({ c: { ...q.mole }, via: { x, y: q.mole.y }, push: true });
      for (const c of [
        { x, y: y - 1 },
        { x: x + 1, y },
        { x: x - 1, y },
      ])
        from.push({ c, push: false });
      movers.push({ to: { x, y }, from: from.filter((o) => fits(o.c)) });
    }
  const owner = new Map<string, number>();
  const choice: number[] = movers.map(() => -1);
  const seek = (i: number, seen: Set<string>): boolean => {
    for (const [k, o] of movers[i].from.entries()) {
      const key = `${o.c.x},${o.c.y}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const j = owner.get(key);
      if (j === undefined || seek(j, seen)) {
        owner.set(key, i);
        choice[i] = k;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < movers.length; i++) seek(i, new Set());
  for (const [i, m] of movers.entries()) {
    const o = m.from[choice[i]];
    if (o) moves.push({ from: o.c, to: m.to, push: o.push, ...(o.via ? { via: o.via } : {}) });
  }
  const marks: DelvewickPlan['marks'] = [];
  if (q.gems > p.gems) marks.push({ cell: q.mole, kind: 'gem' });
  if (q.endReason === 'crushed') marks.push({ cell: q.mole, kind: 'crush' });
  return { moves, dug, marks };
}
