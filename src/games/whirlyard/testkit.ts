/**
 * Whirlyard positions as text maps, for tests and docs: six lines of six characters using the
 * observation's legend (R rover, d drone, C charged drone, # scrap, . empty). Not part of the engine.
 */
import { seedRng } from '../../core/rng.js';
import { BIT_HI, BIT_LO } from './board.js';
import { renderRows } from './observe.js';
import { CELLS, MAX_CHARGES, SIZE, type WhirlyardState } from './types.js';

/** Counters a map cannot show; anything left out takes the value of a fresh wave-1 run. */
export type MapOptions = Partial<Omit<WhirlyardState, 'rover' | 'drones' | 'charged' | 'scrapLo' | 'scrapHi'>>;

/** Builds a state from a 6x6 text map (blank lines and surrounding spaces ignored). */
export function fromMap(map: string, options: MapOptions = {}): WhirlyardState {
  const rows = map
    .split('\n')
    .map((r) => r.trim())
    .filter((r) => r.length > 0);
  if (rows.length !== SIZE || rows.some((r) => r.length !== SIZE)) {
    throw new Error(`a Whirlyard map is ${SIZE} rows of ${SIZE} characters, got:\n${map}`);
  }
  let rover = -1;
  const drones: number[] = [];
  const charged: boolean[] = [];
  let scrapLo = 0;
  let scrapHi = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    const ch = rows[Math.floor(cell / SIZE)][cell % SIZE];
    if (ch === 'R') {
      if (rover >= 0) throw new Error('a map has exactly one rover (R)');
      rover = cell;
    } else if (ch === 'd' || ch === 'C') {
      drones.push(cell);
      charged.push(ch === 'C');
    } else if (ch === '#') {
      scrapLo |= BIT_LO[cell];
      scrapHi |= BIT_HI[cell];
    } else if (ch !== '.') {
      throw new Error(`unknown map character "${ch}" (use R d C # .)`);
    }
  }
  if (rover < 0) throw new Error('a map needs a rover (R)');
  const seed = options.seed ?? 0;
  return {
    seed,
    rng: options.rng ?? seedRng(seed),
    wave: 1,
    turn: 0,
    waveTurn: 0,
    charges: MAX_CHARGES,
    pulseUsed: false,
    score: 0,
    over: false,
    endReason: null,
    ...options,
    rover,
    drones,
    charged,
    scrapLo,
    scrapHi,
  };
}

/** The map of a state, as six lines joined by newlines (X marks a caught rover). */
export function toMap(s: WhirlyardState): string {
  return renderRows(s).join('\n');
}

/** Normalises a map literal (indentation, blank lines) so it compares equal to `toMap` output. */
export function map(text: string): string {
  return text
    .split('\n')
    .map((r) => r.trim())
    .filter((r) => r.length > 0)
    .join('\n');
}
