/**
 * What the player sees. Delvewick hides nothing, so the observation is the whole board plus the
 * level's counters; `text` lays it out for a language model with coordinates and a legend.
 */
import type { Observation, ObserveOptions } from '../../core/game.js';
import { actionsBlock } from '../../core/text.js';
import { LEGEND, renderRows } from './board.js';
import { LEVELS } from './generate.js';
import { legalActions } from './rules.js';
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
export function observe(s: DelvewickState, options?: ObserveOptions): DelvewickObservation {
  const grid = renderRows(s.grid, s.w, s.h, s.exitOpen);
  const x = s.mole % s.w;
  const y = (s.mole - x) / s.w;
  const endReason = END_REASONS[s.end];
  const name = levelName(s.level);
  return {
    text: options?.text === false ? '' : textOf(s, grid, x, y, name, endReason),
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

/** The text page: the counters, the gems and exits by coordinates, the map with rulers, the legend and the legal actions. */
function textOf(
  s: DelvewickState,
  grid: string[],
  x: number,
  y: number,
  name: string,
  endReason: EndReason | null,
): string {
  const [gems, exits] = gemsAndExits(grid);
  const exit = s.exitOpen
    ? 'exit OPEN (step onto E to clear the level)'
    : `exit closed (${s.quota - s.gems} more to open)`;
  const lines = [
    `Delvewick, level ${s.level} of ${LEVELS.length}: ${name}`,
    `Gems ${s.gems}/${s.quota}, ${exit}. Oil ${s.oil}. Score ${s.score}. Chain ${s.chain}.`,
    s.end === PLAYING ? `You are at x=${x}, y=${y}.` : ENDINGS[endReason as EndReason],
    `Gems on the board (x,y): ${gems || 'none'}. Exits: ${exits || 'none'}.`,
    '',
    ...boardLines(grid),
    '',
    LEGEND_LINE,
    'x counts columns from 0 at the left (read the column number downward through the two ruler lines), ' +
      'y counts rows from 0 at the top.',
    TEXT_GUIDE,
    actionsBlock(legalActions(s)),
  ];
  return lines.join('\n');
}

/**
 * The map with row numbers on the left and a two-line column ruler on top (tens digit over units digit),
 * so that every column of a 20-22 wide board has one unambiguous number.
 */
function boardLines(grid: string[]): string[] {
  const lines = rulerOf(grid[0].length).slice();
  for (let y = 0; y < grid.length; y++) lines.push(String(y).padStart(3) + ' ' + grid[y]);
  return lines;
}

/** The two ruler lines for a board `w` wide, made once per width. */
const rulers = new Map<number, readonly string[]>();

function rulerOf(w: number): readonly string[] {
  let ruler = rulers.get(w);
  if (ruler === undefined) {
    let tens = '    ';
    let units = '    ';
    for (let x = 0; x < w; x++) {
      tens += x < 10 ? ' ' : String(Math.floor(x / 10));
      units += String(x % 10);
    }
    ruler = [tens.trimEnd(), units];
    if (rulers.size < 64) rulers.set(w, ruler);
  }
  return ruler;
}

/** The legend's line of the text (a constant). */
const LEGEND_LINE = 'Legend: ' + LEGEND.map(([ch, what]) => `${ch} ${what}`).join(', ') + '.';

const GEM = '*'.charCodeAt(0);
const GEODE = 'v'.charCodeAt(0);
const EXIT_SHUT = 'X'.charCodeAt(0);
const EXIT_OPEN = 'E'.charCodeAt(0);

/**
 * The cells of the rendered grid holding a gem or geode (`*`, `v`), and those holding an exit (`X`,
 * `E`), each as "(x,y)" in reading order joined by spaces ('' when none): one pass over the grid.
 */
function gemsAndExits(grid: string[]): [string, string] {
  let gems = '';
  let exits = '';
  for (let y = 0; y < grid.length; y++) {
    const row = grid[y];
    for (let x = 0; x < row.length; x++) {
      const ch = row.charCodeAt(x);
      if (ch === GEM || ch === GEODE) gems += (gems ? ' (' : '(') + x + ',' + y + ')';
      else if (ch === EXIT_SHUT || ch === EXIT_OPEN) exits += (exits ? ' (' : '(') + x + ',' + y + ')';
    }
  }
  return [gems, exits];
}

/** The fixed part of the text: what each action does and what scores (a constant, so it costs nothing). */
export const TEXT_GUIDE =
  'Directions: up is y-1, down is y+1, left is x-1, right is x+1. Each action (a move or wait) is one tick and ' +
  'burns one oil. Moving digs soil, collects gems, and pushes a resting boulder or geode sideways into empty ' +
  'space; nothing can be pushed up or down. After your action, gravity: boulders, gems and geodes fall and roll ' +
  'off round things; a falling boulder or geode landing on you ends the run, a falling gem is caught.\n' +
  'Scoring: 25 per gem; a gem within 4 ticks of the previous one continues a chain worth +10, +20, then +30 each; ' +
  'a geode cracking on landing 10; clearing a level 100 plus 5 per oil left; clearing level 8 another 250. ' +
  'Collect the quota of gems to open the exit, then step onto E to clear the level.';
