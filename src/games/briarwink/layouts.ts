/**
 * The five layouts (the seed names them; their shapes are ours). Each is drawn in the seed's legend:
 * `#` moonstone, `H` hedge, `~` pond, `.` open (floor or briar, decided at generation). Fixed features
 * keep to x 1..5 and y 1..7, so the outer ring, and with it every spawn pocket, is always open.
 */
import { FLOOR, HEDGE, MOONSTONE, POND } from './types.js';

/** The layouts as text pictures, in LAYOUT_NAMES order. */
const LAYOUT_PICTURES: readonly string[] = [
  // grove: the classic pillared garden
  ['.......', '.#.#.#.', '.......', '.#.#.#.', '.......', '.#.#.#.', '.......', '.#.#.#.', '.......'].join('\n'),
  // meadow: wide open, a few stones (and 10 more points of briar)
  ['.......', '.......', '..#.#..', '.......', '...#...', '.......', '..#.#..', '.......', '.......'].join('\n'),
  // lilyPond: a cross-shaped pond in the middle, four stones near the corners
  ['.......', '.#...#.', '.......', '...~...', '..~~~..', '...~...', '.......', '.#...#.', '.......'].join('\n'),
  // hedgeRows: two hedge rows with a gap in the middle, stones between
  ['.......', '.......', '.HH.HH.', '.......', '.#...#.', '.......', '.HH.HH.', '.......', '.......'].join('\n'),
  // steppingStones: ponds down both sides, stones down the middle
  ['.......', '..#.#..', '.~...~.', '...#...', '.~...~.', '...#...', '.~...~.', '..#.#..', '.......'].join('\n'),
];

/** Terrain codes of a layout (FLOOR where the picture is open). */
export const LAYOUT_TERRAIN: readonly (readonly number[])[] = LAYOUT_PICTURES.map((pic) =>
  [...pic.replace(/\n/g, '')].map((ch) => (ch === '#' ? MOONSTONE : ch === 'H' ? HEDGE : ch === '~' ? POND : FLOOR)),
);
