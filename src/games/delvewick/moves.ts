/**
 * Which moves the mole may make. One function decides it, and the action stage, the legal-action
 * list and the boxed-in check all ask it, so they can never disagree.
 */
import { BEDROCK, BOULDER, EMPTY, EXIT, GEM, GEODE, type DelvewickState, type Direction } from './types.js';

/** The four directions in the grammar's order; a direction's number is its index here. */
export const DIRECTIONS: readonly Direction[] = ['up', 'down', 'left', 'right'];
const UP = 0;
const DOWN = 1;
export const LEFT = 2;
/** The wait action's direction number. */
export const WAIT = -1;

/** A move the mole may make. */
export const MOVE_OK = 0;
/** Refusal codes; `MOVE_REFUSALS[code]` is the machine reason sent to the client. */
const OFF_GRID = 1;
const INTO_BEDROCK = 2;
const EXIT_CLOSED = 3;
const VERTICAL_INTO_MOVABLE = 4;
const CANNOT_PUSH = 5;
export const MOVE_REFUSALS: readonly string[] = [
  '',
  'off_grid',
  'bedrock',
  'exit_closed',
  'movable_in_the_way',
  'cannot_push',
];

/** The cell one step from `cell` in direction `dir`, or -1 off the grid. */
export function neighbour(w: number, h: number, cell: number, dir: number): number {
  const x = cell % w;
  switch (dir) {
    case UP:
      return cell >= w ? cell - w : -1;
    case DOWN:
      return cell + w < w * h ? cell + w : -1;
    case LEFT:
      return x > 0 ? cell - 1 : -1;
    default:
      return x < w - 1 ? cell + 1 : -1;
  }
}

/** MOVE_OK, or the refusal code for moving the mole of `s` in direction `dir` (the run must be on). */
export function checkMove(s: DelvewickState, dir: number): number {
  const { grid, w, h } = s;
  const to = neighbour(w, h, s.mole, dir);
  if (to < 0) return OFF_GRID;
  const c = grid[to];
  if (c === BEDROCK) return INTO_BEDROCK;
  if (c === EXIT) return s.exitOpen ? MOVE_OK : EXIT_CLOSED;
  if (c < BOULDER) return MOVE_OK; // empty or soil
  if ((c & 7) === GEM) return MOVE_OK; // gems are collected, at rest or falling, from any side
  if (dir === UP || dir === DOWN) return VERTICAL_INTO_MOVABLE;
  // Sideways into a boulder or geode: only at rest, and only into an empty cell beyond.
  if (c !== BOULDER && c !== GEODE) return CANNOT_PUSH;
  const beyond = neighbour(w, h, to, dir);
  return beyond >= 0 && grid[beyond] === EMPTY ? MOVE_OK : CANNOT_PUSH;
}

/** A human sentence for a refused move, quoting the action and the mole's position. */
export function refusalMessage(s: DelvewickState, dir: number, code: number): string {
  const x = s.mole % s.w;
  const y = (s.mole - x) / s.w;
  const what = `{"type":"move","dir":"${DIRECTIONS[dir]}"} from (${x}, ${y})`;
  switch (code) {
    case OFF_GRID:
      return `${what} would leave the grid.`;
    case INTO_BEDROCK:
      return `${what} runs into bedrock, which cannot be dug.`;
    case EXIT_CLOSED:
      return `${what} runs into the closed exit; collect ${s.quota - s.gems} more gem(s) to open it.`;
    case VERTICAL_INTO_MOVABLE:
      return `${what} runs into a boulder or geode; only gems can be entered from above or below.`;
    default:
      return `${what} cannot push: only a boulder or geode at rest, into an empty cell, can be pushed sideways.`;
  }
}
