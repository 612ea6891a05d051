/**
 * The wall generator and the weather schedule, all pure functions of the seed.
 *
 * A row's generated content depends only on (seed, row): ledge rows are fixed, every other row is drawn
 * from its own generator keyed by hash32(seed, row), then repaired against the generated row below it.
 * Since every ledge row is fixed, that repair chain never reaches past the ledge under the row, so a
 * row costs at most nine row draws and no cursor is stored anywhere. The same repair re-runs over the
 * band whenever a hold goes during play, which keeps a line of steps from every hold to the band's top.
 */
import { hash32 } from '../../core/rng.js';
import { seedHash, type Seed } from '../../core/seed.js';
import { difficulty, pitchOfRow, type Difficulty } from './difficulty.js';
import {
  BAND,
  CRIMP,
  ICY,
  JUG,
  KIND,
  LEDGE_CELL,
  LEDGE_EVERY,
  NONE,
  PLAIN,
  WIDTH,
  isLedgeRow,
  withCount,
  zeros,
  type Draft,
} from './types.js';

const SALT_ROW = 0x726f77;
const SALT_OVERHANG = 0x6f7668;
const SALT_GUST = 0x677573;
const SALT_ROCK = 0x726f63;

/** Cracks on a freshly generated cracked hold: 1 to this many. */
const MAX_GENERATED_CRACKS = 3;

/**
 * An integer in [0, n) from 16 bits of a hash word (`shift` 0 takes the low half, 16 the high half).
 * Scaling instead of rejecting biases a result by under n / 65536, invisible at the sizes used here
 * (n ≤ 100), and keeps row generation to a handful of hash calls.
 */
function pick16(word: number, shift: number, n: number): number {
  return (((word >>> shift) & 0xffff) * n) >>> 16;
}

/** Every six-bit column mask, grouped by how many columns it sets: PLACEMENTS[n] lists the ways to place n holds. */
const PLACEMENTS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [[], [], [], [], [], [], []];
  for (let m = 0; m < 1 << WIDTH; m++) {
    let n = 0;
    for (let c = 0; c < WIDTH; c++) if (m & (1 << c)) n++;
    out[n].push(m);
  }
  return out;
})();

const ALL_COLUMNS = (1 << WIDTH) - 1;

/** The columns of the row below that a row with holds in `upper` gives a step up from (each hold serves c-1..c+1). */
function stepCover(upper: number): number {
  return (upper | (upper << 1) | (upper >>> 1)) & ALL_COLUMNS;
}

/**
 * `FITTING[below * (WIDTH + 1) + n]`: the placements of n holds (in PLACEMENTS order) that leave every
 * hold of a row below with holds in `below` a step up, for every `below` (0-63) and n (0-6). Built once,
 * so drawing a row's columns is one lookup instead of two scans of up to twenty placements.
 */
const FITTING: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  for (let below = 0; below <= ALL_COLUMNS; below++) {
    for (let n = 0; n <= WIDTH; n++) out.push(PLACEMENTS[n].filter((m) => (below & ~stepCover(m)) === 0));
  }
  return out;
})();
const NONE_FITS: readonly number[] = [];

/** The columns holding a hold in a six-cell row at `out[at..at+5]`, as a bit mask. */
export function holdMask(cells: readonly number[], at: number): number {
  let m = 0;
  for (let c = 0; c < WIDTH; c++) if ((cells[at + c] & KIND) !== NONE) m |= 1 << c;
  return m;
}

/**
 * Draws one non-ledge row's holds into `out[at..at+5]`, given `below`, the columns holding a hold in the
 * generated row under it. The number of holds is drawn uniformly from the pitch's range; the columns are
 * drawn uniformly among the placements of that many holds that leave every hold below a hold within a
 * step above it, so the row needs no repair and keeps its count; each hold's type and ice are then
 * drawn against the pitch's shares. Every draw is a hash of (seed, row) and a draw index, so a row needs
 * no stored generator, only the generated row below (itself a function of the seed and its row).
 */
export function rawRow(seed: Seed, row: number, p: Difficulty, below: number, out: number[], at: number): void {
  const key = seedHash(seed, row, SALT_ROW);
  let n = p.holdsMin + pick16(key, 0, p.holdsMax - p.holdsMin + 1);
  let cols = -1;
  // Two holds (columns 1 and 4) already give every column below a step, and no pitch has fewer than two,
  // so the first pass always finds a placement; the loop only guards a table that someday allows one.
  for (; cols < 0 && n <= WIDTH; n++) {
    // a `below` with bits beyond the six columns has no hold above every hold: nothing fits
    const fitting = (below & ~ALL_COLUMNS) === 0 ? FITTING[below * (WIDTH + 1) + n] : NONE_FITS;
    if (fitting.length > 0) cols = fitting[pick16(key, 16, fitting.length)];
  }
  for (let c = 0, i = 0; c < WIDTH; c++) {
    if (!(cols & (1 << c))) {
      out[at + c] = NONE;
      continue;
    }
    const w = hash32(key, 2 * i);
    const x = pick16(w, 16, 100);
    const v = p.icyPct > 0 || p.crackedPct > 0 ? hash32(key, 2 * i + 1) : 0;
    let cell: number;
    if (x < p.jugPct) cell = withCount(JUG, p.jugBreaths);
    else if (x < p.jugPct + p.crimpPct) cell = CRIMP;
    else if (x < p.jugPct + p.crimpPct + p.crackedPct) cell = withCount(PLAIN, 1 + pick16(v, 16, MAX_GENERATED_CRACKS));
    else cell = PLAIN;
    if (pick16(v, 0, 100) < p.icyPct) cell |= ICY;
    out[at + c] = cell;
    i++;
  }
}

/** Whether a row overhangs (never a ledge). */
export function overhangs(seed: Seed, row: number): boolean {
  if (isLedgeRow(row)) return false;
  return seedHash(seed, row, SALT_OVERHANG) % 100 < difficulty(pitchOfRow(row)).overhangPct;
}

/**
 * The repair, for one pair of rows: every hold in the lower row with no hold among the three cells
 * above it gets a plain, dry hold written straight above it. Returns a bit mask of the columns written.
 */
export function repairPair(cells: number[], lower: number, upper: number): number {
  let written = 0;
  for (let c = 0; c < WIDTH; c++) {
    if ((cells[lower + c] & KIND) === NONE) continue;
    if (c > 0 && (cells[upper + c - 1] & KIND) !== NONE) continue;
    if ((cells[upper + c] & KIND) !== NONE) continue;
    if (c < WIDTH - 1 && (cells[upper + c + 1] & KIND) !== NONE) continue;
    cells[upper + c] = PLAIN;
    written |= 1 << c;
  }
  return written;
}

/**
 * Generates rows `from..to` on top of `below`, the generated content of row `from - 1`, writing rows
 * `write..to` into `out` (row `write` at index `at`). Returns the generated content of row `to`.
 */
function extendRows(
  seed: Seed,
  below: readonly number[],
  from: number,
  to: number,
  out: number[],
  write: number,
  at: number,
): number[] {
  const scratch = zeros(2 * WIDTH);
  for (let c = 0; c < WIDTH; c++) scratch[c] = below[c];
  let prev = 0;
  for (let r = from; r <= to; r++) {
    const cur = prev === 0 ? WIDTH : 0;
    if (isLedgeRow(r)) {
      for (let c = 0; c < WIDTH; c++) scratch[cur + c] = LEDGE_CELL;
    } else {
      rawRow(seed, r, difficulty(pitchOfRow(r)), holdMask(scratch, prev), scratch, cur);
      // the draw already covers the row below, so this writes nothing; it stays as the one guarantee
      repairPair(scratch, prev, cur);
    }
    if (r >= write) for (let c = 0; c < WIDTH; c++) out[at + (r - write) * WIDTH + c] = scratch[cur + c];
    prev = cur;
  }
  return scratch.slice(prev, prev + WIDTH);
}

const LEDGE_ROW: readonly number[] = [LEDGE_CELL, LEDGE_CELL, LEDGE_CELL, LEDGE_CELL, LEDGE_CELL, LEDGE_CELL];

/**
 * The generated content of rows `from..to` written into `out` (row `from` at index `at`), each repair
 * chain starting at the ledge under `from`. Returns the generated content of row `to`.
 */
export function generateRows(seed: Seed, from: number, to: number, out: number[], at: number): number[] {
  const ledge = from - (from % LEDGE_EVERY);
  if (ledge === from) {
    for (let c = 0; c < WIDTH; c++) out[at + c] = LEDGE_CELL;
    if (to === from) return LEDGE_ROW.slice();
    return extendRows(seed, LEDGE_ROW, from + 1, to, out, from + 1, at + WIDTH);
  }
  return extendRows(seed, LEDGE_ROW, ledge + 1, to, out, from, at);
}

/**
 * Re-runs the repair over the band, bottom to top (from band row `fromIndex`), so a hold written in one
 * row is itself given a hold above. Calls `onWrite` for every cell written.
 */
export function repairBand(d: Draft, onWrite?: (row: number, col: number) => void, fromIndex = 0): void {
  for (let i = fromIndex; i < BAND - 1; i++) {
    const mask = repairPair(d.cells, i * WIDTH, (i + 1) * WIDTH);
    if (mask !== 0 && onWrite) for (let c = 0; c < WIDTH; c++) if (mask & (1 << c)) onWrite(d.floor + i + 1, c);
  }
}

/**
 * Raises the band's floor to `floor`, dropping the rows beneath it and generating the new rows on top
 * (continuing from the generated content of the old top row, kept in the state so no chain is
 * recomputed), then repairs: the new rows were generated against the pristine row below, not the
 * played one.
 */
export function raiseFloor(d: Draft, floor: number, onWrite?: (row: number, col: number) => void): void {
  const k = floor - d.floor;
  if (k <= 0) return;
  const keep = Math.max(0, BAND - k);
  const cells = d.cells;
  for (let i = 0; i < keep * WIDTH; i++) cells[i] = cells[i + k * WIDTH];
  const oldTop = d.floor + BAND - 1;
  d.pristineTop = extendRows(d.seed, d.pristineTop, oldTop + 1, floor + BAND - 1, cells, floor + keep, keep * WIDTH);
  let over = k >= BAND ? 0 : d.overhang >>> k;
  for (let i = keep; i < BAND; i++) if (overhangs(d.seed, floor + i)) over |= 1 << i;
  d.overhang = over;
  d.floor = floor;
  // the kept rows already had their line; only the old top row and the new rows need checking
  repairBand(d, onWrite, Math.max(0, keep - 1));
}

/** The band of a climber standing on the ledge at row `floor`: rows floor to floor + 9 as generated. */
export function initialBand(seed: Seed, floor = 0): { cells: number[]; overhang: number; pristineTop: number[] } {
  const cells = zeros(BAND * WIDTH);
  const pristineTop = generateRows(seed, floor, floor + BAND - 1, cells, 0);
  let overhang = 0;
  for (let i = 0; i < BAND; i++) if (overhangs(seed, floor + i)) overhang |= 1 << i;
  return { cells, overhang, pristineTop };
}

/** The columns gusting on a turn, as a bit mask, under a pitch's parameters. */
export function gustOn(seed: Seed, turn: number, p: Difficulty): number {
  if (p.gustEvery === 0 || p.gustCols === 0 || turn % p.gustEvery !== 0) return 0;
  const key = seedHash(seed, turn, SALT_GUST);
  let mask = 0;
  const n = Math.min(p.gustCols, WIDTH);
  for (let i = 0; i < n; i++) {
    let k = pick16(hash32(key, i), 0, WIDTH - i);
    let c = 0;
    for (; ; c++) if (!(mask & (1 << c)) && k-- === 0) break;
    mask |= 1 << c;
  }
  return mask;
}

/** The column swept at the end of a turn under a pitch's parameters, or -1. */
export function rockfallOn(seed: Seed, turn: number, p: Difficulty): number {
  if (p.sweepEvery === 0 || turn % p.sweepEvery !== 0) return -1;
  return seedHash(seed, turn, SALT_ROCK) % WIDTH;
}

/** Whether frost creeps on a turn under a pitch's parameters. */
export function frostOn(turn: number, p: Difficulty): boolean {
  return p.frostEvery > 0 && turn % p.frostEvery === 0;
}
