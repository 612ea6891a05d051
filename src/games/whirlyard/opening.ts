/**
 * The two searches behind Whirlyard's spawn guarantees (see `generate.ts` for the guarantees and why
 * they are read this way), on tables built once, so that checking a drawn layout costs a few lookups
 * per drone. Wave generation checks one to five layouts per wave, and every new run starts with one,
 * so these searches are most of what `init` costs.
 *
 * Everything the searches look at lies near the rover's start: the opening's first cell is the start
 * or one of its eight neighbours (a "candidate", numbered 0 for the wait and 1 + d for the move in
 * direction d), and its second cell is that first cell or one of its neighbours. So:
 * - a candidate is unsafe when a drone stands within one step of it (or scrap is on it): one 9-bit
 *   mask of candidates per drone cell, `UNSAFE`;
 * - after the first pursuit step toward candidate `f`, only drones that land within two steps of `f`
 *   can block or threaten a second cell, so where they land is kept as one bit of the 5x5 square
 *   centred on `f` (`LANDING`), where collisions are found with two word operations; a landing
 *   further away matters to nothing, collided or not;
 * - the second cells are the 3x3 square around `f`, one bit each in reading order (the centre is the
 *   wait; the other bits are the directions in grammar order), with per-landing masks of the cells it
 *   occupies (`COVERS`) and threatens (`REACHES`).
 * The generation test checks both searches against the real engine.
 */
import { DIRECTIONS, NEIGHBOUR, TOWARD, chebyshev, popcount, xOf, yOf } from './board.js';
import { CELLS, ROVER_START, SCRAP_START } from './types.js';

/** Candidates: the wait, then the moves in grammar order. */
const CANDIDATES = 1 + DIRECTIONS.length;
/** The first cell of each candidate (-1 off the board; never, from (2,2)). */
const FIRST = Array.from({ length: CANDIDATES }, (_, j) =>
  j === 0 ? ROVER_START : NEIGHBOUR[ROVER_START * 8 + j - 1],
);
/** All candidates, as a 9-bit mask. */
const ALL_CANDIDATES = (1 << CANDIDATES) - 1;
/** The centre of a 3x3 square (the second action is a wait). */
const CENTRE = 1 << 4;

/** `UNSAFE[cell]`: candidates a drone on `cell` stands within one step of (caught or blocked there). */
const UNSAFE = new Uint16Array(CELLS);
/** Candidates that are off the board or on the starting scrap. */
let unsafeAlways = 0;
/** `LANDING[j * CELLS + cell]`: where a drone on `cell` lands pursuing candidate j, as a 5x5 bit (0 if further). */
const LANDING = new Int32Array(CANDIDATES * CELLS);
/** `COVERS[j * CELLS + cell]`: that landing as a bit of the 3x3 square around candidate j (0 if outside). */
const COVERS = new Uint16Array(CANDIDATES * CELLS);
/** `REACHES[j * CELLS + cell]`: the cells of the 3x3 square around candidate j within one step of that landing. */
const REACHES = new Uint16Array(CANDIDATES * CELLS);
/** The starting scrap as a 5x5 bit around candidate j, and as a 3x3 bit (0 if outside). */
const SCRAP_LANDING = new Int32Array(CANDIDATES);
const SCRAP_COVERS = new Uint16Array(CANDIDATES);
/** The cells of the 3x3 square around candidate j that are off the board. */
const OFF_BOARD = new Uint16Array(CANDIDATES);

/** Bit of `cell` in the square of side 2r+1 centred on `centre`, or 0 outside it. */
function squareBit(centre: number, cell: number, r: number): number {
  const dx = xOf(cell) - xOf(centre);
  const dy = yOf(cell) - yOf(centre);
  if (Math.abs(dx) > r || Math.abs(dy) > r) return 0;
  return 1 << ((dy + r) * (2 * r + 1) + dx + r);
}

for (let j = 0; j < CANDIDATES; j++) {
  const f = FIRST[j];
  if (f < 0 || f === SCRAP_START) unsafeAlways |= 1 << j;
  if (f < 0) continue;
  SCRAP_LANDING[j] = squareBit(f, SCRAP_START, 2);
  SCRAP_COVERS[j] = squareBit(f, SCRAP_START, 1);
  for (let q = 0; q < 9; q++) {
    if (q === 4) continue;
    if (NEIGHBOUR[f * 8 + (q < 4 ? q : q - 1)] < 0) OFF_BOARD[j] |= 1 << q;
  }
  for (let c = 0; c < CELLS; c++) {
    if (chebyshev(c, f) <= 1) UNSAFE[c] |= 1 << j;
    const to = TOWARD[c * CELLS + f];
    LANDING[j * CELLS + c] = squareBit(f, to, 2);
    COVERS[j * CELLS + c] = squareBit(f, to, 1);
    for (let t = 0; t < CELLS; t++) {
      if (chebyshev(t, to) <= 1) REACHES[j * CELLS + c] |= squareBit(f, t, 1);
    }
  }
}

/** The candidates the first `count` drones make unsafe (caught by the first pursuit step, or blocked). */
export function unsafeCandidates(drones: ArrayLike<number>, count: number): number {
  let unsafe = unsafeAlways;
  for (let i = 0; i < count; i++) unsafe |= UNSAFE[drones[i]];
  return unsafe;
}

/**
 * How many legal first actions (moves, wait, pulse; not end_run) leave the run going, for a wave's
 * opening position with `charges` charges. A pulse always does: it removes every adjacent drone, and
 * the rest are two or more cells away, so they cannot reach the rover in one step.
 */
export function safeFirstActions(drones: ArrayLike<number>, charges: number, count = drones.length): number {
  return safeFirstFrom(unsafeCandidates(drones, count), charges);
}

/** `safeFirstActions` from the unsafe candidates. */
export function safeFirstFrom(unsafe: number, charges: number): number {
  return (charges > 0 ? 1 : 0) + popcount(~unsafe & ALL_CANDIDATES);
}

/**
 * The opening `findOpening` finds, as `first * CELLS + second`, or -1; `unsafe` is
 * `unsafeCandidates(drones, count)`. Allocates nothing.
 */
export function openingCode(drones: ArrayLike<number>, count: number, unsafe: number): number {
  for (let j = 0; j < CANDIDATES; j++) {
    if ((unsafe >> j) & 1) continue;
    const base = j * CELLS;
    // where the drones land, which landings are shared (a collision), and the second cells they cover
    let seen = 0;
    let shared = 0;
    let covered = SCRAP_COVERS[j];
    for (let i = 0; i < count; i++) {
      const b = LANDING[base + drones[i]];
      shared |= seen & b;
      seen |= b;
      covered |= COVERS[base + drones[i]];
    }
    const live = seen & ~shared & ~SCRAP_LANDING[j];
    let reached = 0;
    if (live !== 0) {
      for (let i = 0; i < count; i++)
        if ((live & LANDING[base + drones[i]]) !== 0) reached |= REACHES[base + drones[i]];
    }
    const first = FIRST[j];
    if ((reached & CENTRE) === 0) return first * CELLS + first;
    const free = ~(reached | covered | OFF_BOARD[j] | CENTRE) & 0x1ff;
    if (free !== 0) {
      const q = 31 - Math.clz32(free & -free);
      return first * CELLS + NEIGHBOUR[first * 8 + (q < 4 ? q : q - 1)];
    }
  }
  return -1;
}

/**
 * A two-action opening of moves and waits that leaves the run going, as the rover's two cells (equal
 * cells mean a wait), or null if there is none. Tries the wait first, then the moves in grammar order.
 * The first action's pursuit step is played out: drones arriving on scrap, and drones sharing a
 * destination, are removed, and the latter leave scrap that blocks the second move.
 */
export function findOpening(drones: ArrayLike<number>, count = drones.length): [number, number] | null {
  const code = openingCode(drones, count, unsafeCandidates(drones, count));
  return code < 0 ? null : [Math.floor(code / CELLS), code % CELLS];
}
