/**
 * What the player sees. Delvewick hides nothing, so the observation is the whole board plus the
 * level's counters; `text` lays it out for a language model with coordinates and a legend.
 */
import type { Observation } from '../../core/game.js';
import { LEGEND, renderRows } from './board.js';
import { LEVELS } from './generate.js';
import { END_REASONS, PLAYING, type DelvewickState, type EndReason } from './types.js';

/** The structured observation; `text` renders the same facts. */
export interface DelvewickObservation extends Observation {
  level: number;
  levels: number;
  levelName: string;
  /** The board, one string per row (top first), in the legend's characters. */
  grid: string[];
  width: number;
  height: number;
  mole: { x: number; y: number };
  gems: number;
  quota: number;
  oil: number;
  score: number;
  chain: number;
  exitOpen: boolean;
  gameOver: boolean;
  endReason: EndReason | null;
}

const ENDINGS: Record<EndReason, string> = {
  won: 'Run won: all eight levels cleared.',
  crushed: 'Run over: a falling rock landed on the mole.',
  out_of_oil: 'Run over: the lantern ran out of oil.',
  boxed_in: 'Run over: boxed in, with nothing left to fall and no move possible.',
};

/** The level's name, or a plain label for boards that are not one of the eight (tests, puzzles). */
function levelName(level: number): string {
  return LEVELS[level - 1]?.name ?? `Level ${level}`;
}

/** The observation of `s`. */
export function observe(s: DelvewickState): DelvewickObservation {
  const grid = renderRows(s.grid, s.w, s.h, s.exitOpen);
  const x = s.mole % s.w;
  const y = (s.mole - x) / s.w;
  const endReason = END_REASONS[s.end];
  const name = levelName(s.level);
  const exit = s.exitOpen
    ? 'exit OPEN (step onto E to clear the level)'
    : `exit closed (${s.quota - s.gems} more to open)`;
  const lines = [
    `Delvewick, level ${s.level} of ${LEVELS.length}: ${name}`,
    `Gems ${s.gems}/${s.quota}, ${exit}. Oil ${s.oil}. Score ${s.score}. Chain ${s.chain}.`,
    s.end === PLAYING ? `You are at x=${x}, y=${y}.` : ENDINGS[endReason as EndReason],
    '',
    ...boardLines(grid),
    '',
    'Legend: ' + LEGEND.map(([ch, what]) => `${ch} ${what}`).join(', ') + '.',
    'x counts columns from 0 at the left, y counts rows from 0 at the top.',
  ];
  return {
    text: lines.join('\n'),
    level: s.level,
    levels: LEVELS.length,
    levelName: name,
    grid,
    width: s.w,
    height: s.h,
    mole: { x, y },
    gems: s.gems,
    quota: s.quota,
    oil: s.oil,
    score: s.score,
    chain: s.chain,
    exitOpen: s.exitOpen,
    gameOver: s.end !== PLAYING,
    endReason,
  };
}

/** The map with a column ruler on top (units digit) and row numbers on the left. */
function boardLines(grid: string[]): string[] {
  const w = grid[0].length;
  let ruler = '    ';
  for (let x = 0; x < w; x++) ruler += String(x % 10);
  return [ruler, ...grid.map((row, y) => String(y).padStart(3) + ' ' + row)];
}
