/**
 * Board geometry for Whirlyard: cell indices, the eight directions, Chebyshev distance and the
 * pursuit step, all as lookup tables built once so the turn does no arithmetic it can avoid.
 */
import { CELLS, SIZE, type Direction } from './types.js';

/** The directions in grammar order; a direction's index is its position here. */
export const DIRECTIONS: readonly Direction[] = ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'];
/** Column and row offsets per direction (y grows downward, so north is dy = -1). */
const DX: readonly number[] = [-1, 0, 1, -1, 1, -1, 0, 1];
const DY: readonly number[] = [-1, -1, -1, 0, 0, 1, 1, 1];

/** Cell index of (x, y). */
const cellOf = (x: number, y: number): number => y * SIZE + x;
/** Column of a cell. */
export const xOf = (cell: number): number => cell % SIZE;
/** Row of a cell. */
export const yOf = (cell: number): number => (cell - (cell % SIZE)) / SIZE;
/** True when (x, y) is on the board. */
const onBoard = (x: number, y: number): boolean => x >= 0 && x < SIZE && y >= 0 && y < SIZE;

/** `NEIGHBOUR[cell * 8 + dir]`: the cell one move away, or -1 off the board. */
export const NEIGHBOUR = new Int8Array(CELLS * 8);
/** `DISTANCE[a * 36 + b]`: Chebyshev distance between two cells. */
const DISTANCE = new Int8Array(CELLS * CELLS);
/** `TOWARD[from * 36 + to]`: where a drone at `from` steps when pursuing a rover at `to` (sign of dx, sign of dy). */
export const TOWARD = new Int8Array(CELLS * CELLS);

for (let c = 0; c < CELLS; c++) {
  const x = xOf(c);
  const y = yOf(c);
  for (let d = 0; d < 8; d++) {
    const nx = x + DX[d];
    const ny = y + DY[d];
    NEIGHBOUR[c * 8 + d] = onBoard(nx, ny) ? cellOf(nx, ny) : -1;
  }
  for (let t = 0; t < CELLS; t++) {
    const tx = xOf(t);
    const ty = yOf(t);
    DISTANCE[c * CELLS + t] = Math.max(Math.abs(tx - x), Math.abs(ty - y));
    TOWARD[c * CELLS + t] = cellOf(x + Math.sign(tx - x), y + Math.sign(ty - y));
  }
}

/*
 * Sets of cells are 36-bit masks kept as two 32-bit words: cells 0-31 in `lo`, cells 32-35 in `hi`
 * (JavaScript's bit operators work on 32 bits). Scrap is stored this way, and the spawn searches use it.
 */
/** `BIT_LO[c]`, `BIT_HI[c]`: the one-cell set {c}. */
export const BIT_LO = new Int32Array(CELLS);
export const BIT_HI = new Int32Array(CELLS);
/** `NEAR_LO[c]`, `NEAR_HI[c]`: the cells within one step of c, c included. */
const NEAR_LO = new Int32Array(CELLS);
const NEAR_HI = new Int32Array(CELLS);
for (let c = 0; c < CELLS; c++) {
  if (c < 32) BIT_LO[c] = 1 << c;
  else BIT_HI[c] = 1 << (c - 32);
}
for (let c = 0; c < CELLS; c++) {
  for (let t = 0; t < CELLS; t++) {
    if (DISTANCE[c * CELLS + t] > 1) continue;
    NEAR_LO[c] |= BIT_LO[t];
    NEAR_HI[c] |= BIT_HI[t];
  }
}

/** True when cell `c` is in the set (lo, hi). */
export const has = (lo: number, hi: number, c: number): boolean => ((lo & BIT_LO[c]) | (hi & BIT_HI[c])) !== 0;

/** The words' bits that are cells: all 32 of `lo`, the low four of `hi`. */
export const HI_CELLS = (1 << (CELLS - 32)) - 1;

/** The cells of the set (lo, hi), ascending (lowest set bit first). */
export function cellsOf(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let m = lo; m !== 0; m &= m - 1) out.push(31 - Math.clz32(m & -m));
  for (let m = hi & HI_CELLS; m !== 0; m &= m - 1) out.push(63 - Math.clz32(m & -m));
  return out;
}

/** Number of set bits in a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** How many cells the set (lo, hi) holds. */
export const cellCount = (lo: number, hi: number): number => popcount(lo) + popcount(hi & HI_CELLS);

/** Chebyshev distance between two cells. */
export const chebyshev = (a: number, b: number): number => DISTANCE[a * CELLS + b];

/** "(x,y)" for messages and events. */
export const cellName = (cell: number): string => `(${xOf(cell)},${yOf(cell)})`;
