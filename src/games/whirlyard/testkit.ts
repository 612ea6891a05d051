/**
 * Test support for Whirlyard, not part of the engine: positions as text maps (six lines of six
 * characters in the observation's legend: R rover, d drone, C charged drone, # scrap, . empty),
 * a strict `play`, and the spawn guarantees checked with the real engine.
 */
import { seedRng } from '../../core/rng.js';
import { seedStream } from '../../core/seed.js';
import type { GameEvent } from '../../core/game.js';
import { BIT_HI, BIT_LO } from './board.js';
import { renderRows } from './observe.js';
import { init, legalActions, step } from './rules.js';
import {
  CELLS,
  MAX_CHARGES,
  ROVER_START,
  SCRAP_START,
  SIZE,
  type Direction,
  type WhirlyardAction,
  type WhirlyardState,
} from './types.js';

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
    rng: options.rng ?? seedStream(seed),
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

/** Plays `actions` from `state`, failing loudly on a refusal; returns the final state and every event. */
export function play(
  state: WhirlyardState,
  ...actions: WhirlyardAction[]
): { state: WhirlyardState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let s = state;
  for (const a of actions) {
    const r = step(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} was refused: ${r.reason}: ${r.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** Shorthands for actions. */
export const WAIT_A: WhirlyardAction = { type: 'wait' };
export const PULSE_A: WhirlyardAction = { type: 'pulse' };
export const END_A: WhirlyardAction = { type: 'end_run' };
export const move = (direction: Direction): WhirlyardAction => ({ type: 'move', direction });

/**
 * Checked with the real engine, independently of the generator's own search: how many legal first
 * actions other than end_run leave the run going.
 */
export function nonterminalFirstActions(s: WhirlyardState): number {
  let n = 0;
  for (const a of legalActions(s)) {
    if (a.type === 'end_run') continue;
    const r = step(s, a);
    if (r.ok && !r.state.over) n++;
  }
  return n;
}

/** Checked with the real engine: a two-action opening of moves and waits that leaves the run going, or null. */
export function twoActionOpening(s: WhirlyardState): [WhirlyardAction, WhirlyardAction] | null {
  const movesAndWait = (t: WhirlyardState) => legalActions(t).filter((a) => a.type === 'move' || a.type === 'wait');
  for (const a1 of movesAndWait(s)) {
    const r1 = step(s, a1);
    if (!r1.ok || r1.state.over) continue;
    for (const a2 of movesAndWait(r1.state)) {
      const r2 = step(r1.state, a2);
      if (r2.ok && !r2.state.over) return [a1, a2];
    }
  }
  return null;
}

/** The opening position of `wave` with these drones: rover at (2,2), scrap at (3,3), clocks at zero. */
export function waveStartState(
  wave: number,
  drones: number[],
  charged: boolean[],
  charges: number = MAX_CHARGES,
): WhirlyardState {
  return {
    ...fromMap('......\n......\n..R...\n......\n......\n......', { wave, charges }),
    rover: ROVER_START,
    drones,
    charged,
    scrapLo: BIT_LO[SCRAP_START],
    scrapHi: BIT_HI[SCRAP_START],
  };
}

/** The legal move directions of a state, in grammar order. */
export const moveNames = (s: WhirlyardState): Direction[] =>
  legalActions(s).flatMap((a) => (a.type === 'move' ? [a.direction] : []));

/** The refusal of `a` in `s` (its reason and message), or null when the engine accepts it. */
export function refusal(s: WhirlyardState, a: unknown): { reason: string; message: string } | null {
  const r = step(s, a as WhirlyardAction);
  return r.ok ? null : { reason: r.reason, message: r.message };
}

/**
 * The opening board of `wave` as the engine lays it out: wave 1 from `init(seed)`, later waves by
 * pulsing the last drone of a one-drone board at wave - 1.
 */
export function clearInto(wave: number, seed: number): WhirlyardState {
  if (wave === 1) return init(seed);
  const before = fromMap(
    `
    ......
    ......
    ..Rd..
    ......
    ......
    ......`,
    { wave: wave - 1, seed, rng: seedRng(seed, 99), turn: 5, waveTurn: 5 },
  );
  const after = play(before, { type: 'pulse' }).state;
  if (after.wave !== wave) throw new Error(`clearing wave ${wave - 1} did not lead to wave ${wave}`);
  return after;
}
