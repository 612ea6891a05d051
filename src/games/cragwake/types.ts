/**
 * Cragwake's state and action types, and the packed cell encoding the engine works on.
 *
 * A cell is one small integer: bits 0-1 the hold kind, bits 2-3 a count (breaths left on a jug,
 * cracks left on a cracked plain hold), bits 4-5 the ice (dry, frosting, icy). The band is ten rows of
 * six cells, row-major from the floor upward, so a state copies as one 60-number array.
 */
import { fieldsOf } from '../../core/fields.js';
import type { GameAction } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';

/** Columns on the wall. */
export const WIDTH = 6;
/** Rows carried in the state at any time. */
export const BAND = 10;
/** Every row divisible by this is a belay ledge. */
export const LEDGE_EVERY = 10;

/** Kind bits. */
export const KIND = 3;
export const NONE = 0;
export const JUG = 1;
export const PLAIN = 2;
export const CRIMP = 3;

/** Count bits: breaths on a jug, cracks on a plain hold (0 = not cracked). */
export const COUNT_SHIFT = 2;
export const COUNT = 3 << COUNT_SHIFT;

/** Ice bits. */
export const FROSTING = 1 << 4;
export const ICY = 2 << 4;
export const ICE = 3 << 4;

/** A ledge cell: a jug with no breaths, dry. */
export const LEDGE_CELL = JUG;

/** Enough zeros for any array the game makes (a band is the largest), to slice from. */
const ZERO_ROW: readonly number[] = Array.from({ length: BAND * WIDTH }, () => 0);

/**
 * A packed array of `n` zeros, sliced from a constant: V8 keeps it a packed small-integer array (an
 * array made with `new Array(n)` stays "holey" for life, and every copy of it too), and a slice has no
 * allocation site to be pretenured (see fresh.ts).
 */
export function zeros(n: number): number[] {
  if (n <= ZERO_ROW.length) return ZERO_ROW.slice(0, n);
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

/** The count (breaths or cracks) packed in a cell. */
export function countOf(cell: number): number {
  return (cell & COUNT) >> COUNT_SHIFT;
}

/** A cell with its count replaced. */
export function withCount(cell: number, n: number): number {
  return (cell & ~COUNT) | (n << COUNT_SHIFT);
}

/** True when the row is a belay ledge. */
export function isLedgeRow(row: number): boolean {
  return row % LEDGE_EVERY === 0;
}

/** Where the run stands: climbing a pitch, sitting on a completed belay, or finished. */
export type Phase = 'climbing' | 'ledge' | 'over';

/** Why a run ended: stamina ran out, no move was affordable, or the player ended it at a ledge. */
export type EndReason = 'exhausted' | 'no_move' | 'ended';

/** The engine's whole state. Treated as immutable: `step` builds a new one. */
export interface CragwakeState {
  /** The seed the run was started with; also the key of every generated row and every gust. */
  readonly seed: Seed;
  /** The pitch being climbed (1-based); its belay is row 10 × pitch. */
  readonly pitch: number;
  readonly phase: Phase;
  readonly end: EndReason | null;
  readonly row: number;
  readonly col: number;
  /** The highest row ever reached. */
  readonly high: number;
  /** The lowest row of the band: max(the pitch's starting ledge, high - 3). */
  readonly floor: number;
  readonly stamina: number;
  /** Turn number, from 1; gusts, rockfall and frost are functions of it. */
  readonly turn: number;
  readonly score: number;
  readonly streak: number;
  /** Whether stamina has been at 3 or below during the current pitch. */
  readonly dipped: boolean;
  /** Stamina lost to rockfall on your own column, in total. */
  readonly spindrift: number;
  /** Bit c set when column c gusts this turn. */
  readonly gust: number;
  /** The column swept at the end of this turn, or -1. */
  readonly rockfall: number;
  /** Bit i set when band row floor + i overhangs. */
  readonly overhang: number;
  /** BAND × WIDTH packed cells, row floor first. */
  readonly cells: readonly number[];
  /**
   * The generated (unplayed) content of the band's top row, from which the next rows grow. Derived
   * from the seed, so it is not on the wire: `fromWire` recomputes it.
   */
  readonly pristineTop: readonly number[];
}

/** The state's fields, in the key order `newState` (fresh.ts) writes them; the compiler checks it names every key. */
export const CRAGWAKE_FIELDS = fieldsOf<CragwakeState>()([
  'seed',
  'pitch',
  'phase',
  'end',
  'row',
  'col',
  'high',
  'floor',
  'stamina',
  'turn',
  'score',
  'streak',
  'dipped',
  'spindrift',
  'gust',
  'rockfall',
  'overhang',
  'cells',
  'pristineTop',
]);

/** A state under construction inside one step (a private copy, so mutation is safe). */
export type Draft = { -readonly [K in keyof CragwakeState]: CragwakeState[K] } & { cells: number[] };

/** Move onto an absolute cell. */
export interface MoveAction extends GameAction {
  type: 'move';
  row: number;
  col: number;
}

/** Any action in Cragwake's grammar. */
export type CragwakeAction =
  | MoveAction
  | (GameAction & { type: 'breathe' })
  | (GameAction & { type: 'climbOn' })
  | (GameAction & { type: 'endRun' });

/** A legal action with the stamina it costs (negative: stamina gained). */
export interface PricedAction {
  action: CragwakeAction;
  cost: number;
}
