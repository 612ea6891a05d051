/**
 * Whirlyard's types and fixed numbers. The state is plain JSON and deliberately small: cells are
 * numbers (index y * 6 + x), drones are two parallel arrays, scrap is a 36-bit set in two words, and
 * the generator state is four words.
 */
import { fieldsOf } from '../../core/fields.js';
import type { RngState } from '../../core/rng.js';
import type { Seed } from '../../core/seed.js';

/** The eight move directions, in the seed grammar's order (reading order around the rover). */
export type Direction = 'nw' | 'n' | 'ne' | 'w' | 'e' | 'sw' | 's' | 'se';

/** An action in the seed file's grammar. */
export type WhirlyardAction =
  { type: 'move'; direction: Direction } | { type: 'wait' } | { type: 'pulse' } | { type: 'end_run' };

/** Why a run is over: a drone reached the rover, or the player banked with end_run. */
export type EndReason = 'caught' | 'ended' | null;

/** The complete state of a run. A seed and an action list determine it exactly. */
export interface WhirlyardState {
  /** The seed the run started from: free (a u32) or wide (32 hex digits). */
  seed: Seed;
  /** sfc32 generator state; drawn from only when a wave spawns. Hidden from the player. */
  rng: RngState;
  /** Current wave, from 1, uncapped. */
  wave: number;
  /** Accepted move / wait / pulse actions over the whole run. */
  turn: number;
  /** Accepted move / wait / pulse actions in the current wave; 0 at the start of each wave. */
  waveTurn: number;
  /** Pulse charges held, 0..MAX_CHARGES. */
  charges: number;
  /** Whether a pulse has been fired in the current wave (costs the no-pulse clear bonus). */
  pulseUsed: boolean;
  score: number;
  over: boolean;
  endReason: EndReason;
  /** Rover cell. */
  rover: number;
  /**
   * Drone cells. The order is the drones' identity: ascending by cell at spawn, then kept (dismantled
   * drones are removed). Cells are unique, except in the final state of a caught run, where the
   * interrupted pursuit step left drones where it moved them (possibly together, on scrap, or on the rover).
   */
  drones: number[];
  /** `charged[i]` tells whether drone i is charged (takes the second step every third action). */
  charged: boolean[];
  /** Scrap cells as a set: bit c of `scrapLo` for cells 0-31, bit c - 32 of `scrapHi` for cells 32-35. */
  scrapLo: number;
  scrapHi: number;
}

/** The state's fields, in the key order `newState` (fresh.ts) writes them; the compiler checks it names every key. */
export const WHIRLYARD_FIELDS = fieldsOf<WhirlyardState>()([
  'seed',
  'rng',
  'wave',
  'turn',
  'waveTurn',
  'charges',
  'pulseUsed',
  'score',
  'over',
  'endReason',
  'rover',
  'drones',
  'charged',
  'scrapLo',
  'scrapHi',
]);

/** Board side. */
export const SIZE = 6;
/** Number of cells. */
export const CELLS = SIZE * SIZE;
/** Where the rover starts every wave: (2,2). */
export const ROVER_START = 2 * SIZE + 2;
/** The one scrap cell every wave starts with: (3,3). */
export const SCRAP_START = 3 * SIZE + 3;
/** Charges at the start of a run, and the most that can be held. */
export const START_CHARGES = 2;
export const MAX_CHARGES = 2;
/** Points per dismantled drone, whatever dismantled it. */
export const POINTS_PER_DRONE = 20;
/** Per pursuit step: this many points times (casualties - 1), when positive. */
export const GROUP_BONUS = 10;
/** Clearing a wave, and the extra for clearing it without a pulse. */
export const WAVE_CLEAR_POINTS = 100;
export const NO_PULSE_BONUS = 50;
/** Charged drones step a second time when the wave turn is a multiple of this. */
export const CHARGED_CADENCE = 3;
