/**
 * Text maps: the one place that knows which character is which cell. Levels, tests and the wire form
 * all write boards as rows of these characters, so a board can be read (and checked) at a glance.
 */
import {
  BEDROCK,
  BOULDER,
  EMPTY,
  EXIT,
  FALLING_BOULDER,
  FALLING_GEM,
  FALLING_GEODE,
  GEM,
  GEODE,
  MOLE,
  SOIL,
} from './types.js';

/** Character per cell code (exits are drawn by `renderRows`, which knows whether they are open). */
const CHAR_OF: Record<number, string> = {
  [EMPTY]: '.',
  [SOIL]: '%',
  [BEDROCK]: '#',
  [EXIT]: 'X',
  [MOLE]: 'M',
  [BOULDER]: 'O',
  [GEM]: '*',
  [GEODE]: 'G',
  [FALLING_BOULDER]: 'o',
  [FALLING_GEM]: 'v',
  [FALLING_GEODE]: 'g',
};

/** Cell code per map character; 'X' and 'E' are both exits (closed and open). */
const CODE_OF: Record<string, number> = {
  '.': EMPTY,
  '%': SOIL,
  '#': BEDROCK,
  X: EXIT,
  E: EXIT,
  M: MOLE,
  O: BOULDER,
  '*': GEM,
  G: GEODE,
  o: FALLING_BOULDER,
  v: FALLING_GEM,
  g: FALLING_GEODE,
};

/** The map legend, in the order the observation prints it. */
export const LEGEND: readonly [string, string][] = [
  ['M', 'you (the mole)'],
  ['#', 'bedrock'],
  ['%', 'soil (dig through it)'],
  ['.', 'empty'],
  ['O', 'boulder at rest'],
  ['*', 'gem at rest'],
  ['G', 'geode at rest (cracks into a gem when it lands after a fall)'],
  ['o', 'falling boulder'],
  ['v', 'falling gem'],
  ['g', 'falling geode'],
  ['X', 'closed exit'],
  ['E', 'open exit'],
];

/** A board read from a text map. */
export interface ParsedBoard {
  w: number;
  h: number;
  grid: number[];
  /** The mole's cell, or -1 when the map has no 'M'. */
  mole: number;
  /** true if the map shows open exits (E), false for closed ones (X), null when it has none. */
  exitOpen: boolean | null;
}

/** Reads rows of map characters; throws on ragged rows, unknown characters, mixed X/E or several moles. */
export function parseRows(rows: readonly string[]): ParsedBoard {
  const h = rows.length;
  if (h === 0) throw new Error('a map needs at least one row');
  const w = rows[0].length;
  if (w === 0) throw new Error('a map row is empty');
  const grid: number[] = []; // filled by push, so V8 keeps it a packed array of small integers
  let mole = -1;
  let open = false;
  let closed = false;
  for (let y = 0; y < h; y++) {
    const row = rows[y];
    if (typeof row !== 'string' || row.length !== w) throw new Error(`map row ${y} is not ${w} characters wide`);
    for (let x = 0; x < w; x++) {
      const ch = row[x];
      const code = CODE_OF[ch];
      if (code === undefined) throw new Error(`map row ${y} has an unknown character "${ch}" at column ${x}`);
      if (code === MOLE) {
        if (mole >= 0) throw new Error('a map has more than one mole (M)');
        mole = y * w + x;
      }
      if (ch === 'E') open = true;
      if (ch === 'X') closed = true;
      grid.push(code);
    }
  }
  if (open && closed) throw new Error('a map mixes closed (X) and open (E) exits');
  return { w, h, grid, mole, exitOpen: open ? true : closed ? false : null };
}

/** Splits a multi-line map (as written in tests and level files) into rows, dropping blank edges and indent. */
export function mapRows(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The board as rows of map characters. */
export function renderRows(grid: readonly number[], w: number, h: number, exitOpen: boolean): string[] {
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let row = '';
    for (let x = 0; x < w; x++) {
      const code = grid[y * w + x];
      row += code === EXIT ? (exitOpen ? 'E' : 'X') : CHAR_OF[code];
    }
    rows.push(row);
  }
  return rows;
}
