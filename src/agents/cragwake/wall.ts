/**
 * The Cragwake agent's picture of the wall, read from the observation: the visible band as holds with
 * their kind, breaths, cracks and ice, and the price of a move as the rules give it. Fogged rows are
 * unknown and never planned through (no fogged row is ever a legal target anyway).
 */
import type { CragwakeObservation } from '../../games/cragwake/index.js';

/** Columns on the wall, rows in the band, and a ledge every this many rows. */
export const WIDTH = 6;
export const BAND = 10;
const LEDGE_EVERY = 10;

/** Hold kinds. */
const NONE = 0;
const JUG = 1;
const PLAIN = 2;
const CRIMP = 3;

/** One visible cell. */
interface Hold {
  kind: number;
  /** Breaths left on a jug; cracks left on a cracked hold (0: not cracked). */
  count: number;
  icy: boolean;
  frosting: boolean;
}

/** The band as the agent plans on it: rows `floor` .. `top` (the highest visible row). */
export interface Wall {
  floor: number;
  /** Highest row the player can see. */
  top: number;
  /** `holds[(row - floor) * WIDTH + col]`. */
  holds: Hold[];
  overhang: boolean[];
}

const BARE: Hold = { kind: NONE, count: 0, icy: false, frosting: false };

/** A cell token (`J2`, `P`, `K1~`, `C*`, `.`) as a hold. */
function parseHold(token: string): Hold {
  const icy = token.endsWith('*');
  const frosting = token.endsWith('~');
  const t = icy || frosting ? token.slice(0, -1) : token;
  const count = t.length > 1 ? Number(t.slice(1)) : 0;
  if (t[0] === 'J') return { kind: JUG, count, icy, frosting };
  if (t[0] === 'P' || t[0] === 'K') return { kind: PLAIN, count, icy, frosting };
  if (t[0] === 'C') return { kind: CRIMP, count: 0, icy, frosting };
  return BARE;
}

/** True when `row` is a belay ledge. */
export function isLedge(row: number): boolean {
  return row % LEDGE_EVERY === 0;
}

/**
 * The wall of an observation. When rockfall sweeps a column after this move, the planner sees that
 * column as it will be after the sweep (jugs worn to plain holds, crimps and cracked holds gone unless
 * last in their row), except the cell the climber stands on, which the rules never change.
 */
export function wallOf(o: CragwakeObservation): Wall {
  const holds: Hold[] = new Array<Hold>(BAND * WIDTH).fill(BARE);
  const overhang: boolean[] = new Array<boolean>(BAND).fill(false);
  let top = o.floor;
  for (const r of o.band) {
    const i = r.row - o.floor;
    if (i < 0 || i >= BAND || r.fogged) continue;
    top = Math.max(top, r.row);
    overhang[i] = r.overhang === true;
    for (let c = 0; c < WIDTH; c++) holds[i * WIDTH + c] = isLedge(r.row) ? BARE : parseHold(r.cells[c]);
  }
  if (o.rockfall !== null) {
    const c = o.rockfall;
    for (let i = 0; i < BAND; i++) {
      const row = o.floor + i;
      const h = holds[i * WIDTH + c];
      if (isLedge(row) || h.kind === NONE || (row === o.row && c === o.col)) continue;
      let inRow = 0;
      for (let k = 0; k < WIDTH; k++) if (holds[i * WIDTH + k].kind !== NONE) inRow++;
      if (h.kind === JUG) holds[i * WIDTH + c] = { ...h, kind: PLAIN, count: 0 };
      else if (h.kind === PLAIN && h.count === 0) holds[i * WIDTH + c] = { ...h, count: 1 };
      else if (inRow > 1) holds[i * WIDTH + c] = BARE;
    }
  }
  return { floor: o.floor, top, holds, overhang };
}

/** Whether (row, col) holds something to stand on (ledges always do). */
export function standable(w: Wall, row: number, col: number): boolean {
  if (row < w.floor || row > w.top || col < 0 || col >= WIDTH) return false;
  return isLedge(row) || w.holds[(row - w.floor) * WIDTH + col].kind !== NONE;
}

/**
 * The planned price of moving onto (row, col): the rules' cost without a gust (gusts are known one turn
 * ahead only). A frosting hold is charged 1 of the 2 the ice will add, since it may turn before we get
 * there.
 */
export function plannedCost(w: Wall, row: number, col: number, lunge: boolean): number {
  if (isLedge(row)) return 1;
  const i = row - w.floor;
  const h = w.holds[i * WIDTH + col];
  let cost = h.kind === CRIMP ? 2 : 1;
  if (lunge) cost += 2;
  if (h.icy) cost += 2;
  else if (h.frosting) cost += 1;
  if (w.overhang[i]) cost += 1;
  return cost;
}

/** Stamina breathing on (row, col) would give over all its breaths, before the tank's cap. */
export function restGain(w: Wall, row: number, col: number): number {
  if (isLedge(row)) return 0;
  const i = row - w.floor;
  const h = w.holds[i * WIDTH + col];
  if (h.kind !== JUG || h.count === 0) return 0;
  return h.count * (w.overhang[i] ? 2 : 4);
}
