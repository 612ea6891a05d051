/**
 * The naive player: always heads for the nearest gem by the shortest tunnel (digging as it goes), and
 * once the quota is met, for the exit. It never thinks about what falls. Tests use it to show that
 * the later levels demand more than that.
 */
import { checkMove, DIRECTIONS, MOVE_OK, neighbour, WAIT } from './moves.js';
import { advance } from './rules.js';
import { EMPTY, EXIT, FALLING_GEM, GEM, PLAYING, SOIL, type DelvewickAction, type DelvewickState } from './types.js';

/** The first step of a shortest path through soil, empty cells and gems to the nearest goal, or WAIT. */
function naiveDirection(s: DelvewickState): number {
  const g = s.grid;
  const wantExit = s.exitOpen;
  const from = new Int32Array(g.length).fill(-1);
  const firstDir = new Int8Array(g.length);
  const queue = [s.mole];
  from[s.mole] = s.mole;
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head];
    for (let dir = 0; dir < 4; dir++) {
      const nb = neighbour(s.w, s.h, c, dir);
      if (nb < 0 || from[nb] >= 0) continue;
      const code = g[nb];
      const goal = wantExit ? code === EXIT : code === GEM || code === FALLING_GEM;
      const passable = code === EMPTY || code === SOIL || code === GEM || code === FALLING_GEM;
      if (!goal && !passable) continue;
      from[nb] = c;
      firstDir[nb] = c === s.mole ? dir : firstDir[c];
      if (goal) return checkMove(s, firstDir[nb]) === MOVE_OK ? firstDir[nb] : WAIT;
      queue.push(nb);
    }
  }
  return WAIT;
}

/** The naive player's action for `s`. */
export function naiveAction(s: DelvewickState): DelvewickAction {
  const dir = naiveDirection(s);
  return dir === WAIT ? { type: 'wait' } : { type: 'move', dir: DIRECTIONS[dir] };
}

/** Plays the naive player from `start` until the level changes or the run ends; true if it cleared. */
export function naiveClears(start: DelvewickState): boolean {
  let s = start;
  while (s.end === PLAYING && s.level === start.level) s = advance(s, naiveDirection(s), null);
  return s.level !== start.level || s.end === 1;
}
