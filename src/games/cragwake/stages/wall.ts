/**
 * The wall's half of a turn: rockfall at the end of the turn, the frost creep, the turn counter with
 * the next turn's published weather, and the end-of-run test.
 */
import { difficulty } from '../difficulty.js';
import { frostOn, gustOn, repairBand, rockfallOn } from '../generate.js';
import { DIP_AT, SPINDRIFT, hasAffordableMove } from '../reach.js';
import {
  BAND,
  COUNT,
  COUNT_SHIFT,
  CRIMP,
  FROSTING,
  ICE,
  ICY,
  JUG,
  KIND,
  NONE,
  PLAIN,
  WIDTH,
  isLedgeRow,
} from '../types.js';
import type { Turn } from './index.js';

/**
 * The named column is swept down the whole band: jug to plain, plain to cracked (one crack), crimp or
 * cracked hold removed unless it is the only hold left in its row. Ledges are immune; the climber's own
 * cell is untouched and costs 4 stamina (spindrift) instead.
 */
export function sweepRockfall(t: Turn): boolean {
  const d = t.d;
  const c = d.rockfall;
  if (c < 0) return false;
  t.events.push({ type: 'rockfall', col: c });
  let removed = false;
  for (let i = 0; i < BAND; i++) {
    const row = d.floor + i;
    if (isLedgeRow(row)) continue;
    if (row === d.row && c === d.col) {
      const lost = Math.min(SPINDRIFT, d.stamina);
      d.stamina -= lost;
      d.spindrift += lost;
      t.events.push({ type: 'spindrift', stamina: lost });
      if (d.stamina <= DIP_AT && !d.dipped) {
        d.dipped = true;
        t.events.push({ type: 'dipped', stamina: d.stamina });
      }
      continue;
    }
    const at = i * WIDTH + c;
    const cell = d.cells[at];
    const kind = cell & KIND;
    if (kind === NONE) continue;
    if (kind === JUG) {
      d.cells[at] = PLAIN | (cell & ICE);
      t.events.push({ type: 'holdWorn', row, col: c, now: 'plain' });
    } else if (kind === PLAIN && (cell & COUNT) === 0) {
      d.cells[at] = cell | (1 << COUNT_SHIFT);
      t.events.push({ type: 'holdWorn', row, col: c, now: 'cracked' });
    } else if (kind === CRIMP || kind === PLAIN) {
      let others = 0;
      for (let k = 0; k < WIDTH; k++) if (k !== c && (d.cells[i * WIDTH + k] & KIND) !== NONE) others++;
      if (others === 0) continue;
      d.cells[at] = NONE;
      removed = true;
      t.events.push({ type: 'holdLost', row, col: c, cause: 'rockfall' });
    }
  }
  if (removed) repairBand(d, (row, col) => t.events.push({ type: 'holdAdded', row, col }));
  return false;
}

/**
 * On creep turns every frosting hold turns icy, and every dry hold orthogonally next to a hold that was
 * icy before this creep starts frosting. Ledge rows never frost.
 */
export function spreadFrost(t: Turn): boolean {
  const d = t.d;
  if (!frostOn(d.turn, difficulty(d.pitch))) return false;
  const cells = d.cells;
  const n = BAND * WIDTH;
  // icy-before-this-creep, one bit per cell (60 cells fit in two 30-bit words)
  let icyLo = 0;
  let icyHi = 0;
  for (let i = 0; i < n; i++) {
    if ((cells[i] & ICE) !== ICY || (cells[i] & KIND) === NONE) continue;
    if (i < 30) icyLo |= 1 << i;
    else icyHi |= 1 << (i - 30);
  }
  const wasIcy = (i: number) => (i < 30 ? (icyLo >>> i) & 1 : (icyHi >>> (i - 30)) & 1) === 1;
  for (let i = 0; i < n; i++) {
    const cell = cells[i];
    if ((cell & KIND) === NONE || isLedgeRow(d.floor + ((i / WIDTH) | 0))) continue;
    const ice = cell & ICE;
    if (ice === FROSTING) {
      cells[i] = (cell & ~ICE) | ICY;
    } else if (ice === 0) {
      const c = i % WIDTH;
      if (
        (c > 0 && wasIcy(i - 1)) ||
        (c < WIDTH - 1 && wasIcy(i + 1)) ||
        (i >= WIDTH && wasIcy(i - WIDTH)) ||
        (i + WIDTH < n && wasIcy(i + WIDTH))
      ) {
        cells[i] = cell | FROSTING;
      }
    }
  }
  t.events.push({ type: 'frost' });
  return false;
}

/** The turn counter moves on, and the new turn's gust and rockfall are published. */
export function advanceTurn(t: Turn): boolean {
  const d = t.d;
  d.turn += 1;
  const p = difficulty(d.pitch);
  d.gust = gustOn(d.seed, d.turn, p);
  d.rockfall = rockfallOn(d.seed, d.turn, p);
  return false;
}

/** The run ends at 0 stamina, or when no move is affordable. */
export function endRun(t: Turn): boolean {
  const d = t.d;
  if (d.stamina === 0) d.end = 'exhausted';
  else if (!hasAffordableMove(d)) d.end = 'no_move';
  else return false;
  d.phase = 'over';
  t.events.push({ type: 'runEnded', reason: d.end });
  return true;
}
