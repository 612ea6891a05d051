/**
 * Stage 1: the action applies. Digging, collecting, entering and pushing all happen here; the move
 * has already been checked legal (see `checkMove`), so this stage only carries it out.
 */
import { DIRECTIONS, LEFT, neighbour } from '../moves.js';
import { BOULDER, EMPTY, EXIT, GEM, GEODE, MOLE, SOIL } from '../types.js';
import { collectGem } from './gems.js';
import type { Tick } from './tick.js';

/** Moves the mole (digging soil, collecting a gem, entering the exit or pushing), or waits. */
export function applyAction(t: Tick): void {
  const { s, dir, events } = t;
  if (dir < 0) {
    if (events) events.push({ type: 'wait' });
    return;
  }
  const g = s.grid;
  const from = s.mole;
  const to = neighbour(s.w, s.h, from, dir);
  const c = g[to];
  if (events) events.push({ type: 'move', dir: DIRECTIONS[dir], x: to % s.w, y: Math.floor(to / s.w) });
  if (c === SOIL) {
    if (events) events.push({ type: 'dig', x: to % s.w, y: Math.floor(to / s.w) });
  } else if ((c & 7) === GEM) {
    collectGem(t, to, 'collected');
  } else if (c === EXIT) {
    t.onExit = true;
  } else if (c === BOULDER || c === GEODE) {
    const beyond = dir === LEFT ? to - 1 : to + 1; // pushes are only ever sideways
    g[beyond] = c; // pushed one cell, still at rest
    if (events) {
      events.push({ type: 'push', what: c === BOULDER ? 'boulder' : 'geode', dir: DIRECTIONS[dir] });
    }
  }
  g[from] = EMPTY;
  g[to] = MOLE;
  s.mole = to;
  t.from = from;
}
