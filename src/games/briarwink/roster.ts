/**
 * The band table and the fixed numbers of Briarwink, straight from the seed file
 * (shared/seeds/000_f24a9fe9a6231248.txt, ROSTER, SCORING, MOVEMENT, HEARTS).
 */
import { PEEKER, ROOTLING, NUDGER, TWINBUD, TANGLER } from './types.js';

/** Layout ids, in the order bands unlock them. */
export const LAYOUT_NAMES = ['grove', 'meadow', 'lilyPond', 'hedgeRows', 'steppingStones'] as const;

/** One band of nights. Per-night arrays are indexed by night - firstNight (last entry repeats). */
export interface Band {
  band: number;
  name: string;
  firstNight: number;
  dimlings: number[];
  advanced: number[];
  /** How many layouts of LAYOUT_NAMES are in the pool (a prefix). */
  layouts: number;
  briar: number;
  hidden: number;
  calm: number;
  creepEvery: number;
  /** Ticks between regrowth sprouts; -1 for none. */
  sproutEvery: number;
  /** Chance a night is moonless (0 never), and the most moonless nights allowed in a row. */
  moonless: number;
  moonlessRun: number;
}

/** The band table, nights 1 to 26 and onward. */
// prettier-ignore
export const BANDS: readonly Band[] = [
  { band: 1, name: 'First Light', firstNight: 1, dimlings: [2, 4, 4], advanced: [0, 0, 0], layouts: 1, briar: 40, hidden: 2, calm: 1950, creepEvery: 84, sproutEvery: -1, moonless: 0, moonlessRun: 0 },
  { band: 2, name: 'Peeking Hour', firstNight: 4, dimlings: [4, 5, 5], advanced: [1, 1, 2], layouts: 2, briar: 45, hidden: 2, calm: 1800, creepEvery: 78, sproutEvery: 360, moonless: 0, moonlessRun: 0 },
  { band: 3, name: 'Root Hour', firstNight: 7, dimlings: [5, 5, 6], advanced: [2, 2, 3], layouts: 3, briar: 45, hidden: 2, calm: 1650, creepEvery: 72, sproutEvery: 300, moonless: 0, moonlessRun: 0 },
  { band: 4, name: 'Nudge Hour', firstNight: 10, dimlings: [6], advanced: [3], layouts: 4, briar: 50, hidden: 2, calm: 1500, creepEvery: 66, sproutEvery: 270, moonless: 0, moonlessRun: 0 },
  { band: 5, name: 'Twin Hour', firstNight: 13, dimlings: [6], advanced: [3, 3, 4, 4], layouts: 5, briar: 50, hidden: 2, calm: 1350, creepEvery: 60, sproutEvery: 240, moonless: 1 / 3, moonlessRun: 1 },
  { band: 6, name: 'Tangle Hour', firstNight: 17, dimlings: [7], advanced: [4], layouts: 5, briar: 50, hidden: 3, calm: 1200, creepEvery: 54, sproutEvery: 210, moonless: 1 / 2, moonlessRun: 2 },
  { band: 7, name: 'Deep Night', firstNight: 21, dimlings: [7], advanced: [5], layouts: 5, briar: 55, hidden: 3, calm: 1050, creepEvery: 48, sproutEvery: 180, moonless: 1 / 2, moonlessRun: 2 },
  { band: 8, name: 'Endless Night', firstNight: 26, dimlings: [7], advanced: [5], layouts: 5, briar: 55, hidden: 3, calm: 1050, creepEvery: 48, sproutEvery: 150, moonless: 1 / 2, moonlessRun: 2 },
];

/** The band a night belongs to. */
export function bandOf(night: number): Band {
  for (let i = BANDS.length - 1; i >= 0; i--) if (night >= BANDS[i].firstNight) return BANDS[i];
  return BANDS[0];
}

/** A per-night number from a band array (the last entry holds for the rest of the band). */
export function perNight(band: Band, values: number[], night: number): number {
  return values[Math.min(night - band.firstNight, values.length - 1)];
}

/** The night each advanced kind first appears. */
export const DEBUT: Readonly<Record<number, number>> = {
  [PEEKER]: 4,
  [ROOTLING]: 7,
  [NUDGER]: 10,
  [TWINBUD]: 13,
  [TANGLER]: 17,
};
/** The most of each advanced kind on one night. */
export const CAP: Readonly<Record<number, number>> = {
  [PEEKER]: 3,
  [ROOTLING]: 2,
  [NUDGER]: 2,
  [TWINBUD]: 2,
  [TANGLER]: 1,
};
/** Advanced kinds in debut order. */
export const ADVANCED_KINDS = [PEEKER, ROOTLING, NUDGER, TWINBUD, TANGLER] as const;

/** Relight base value by kind. */
export const BASE = [50, 80, 100, 100, 120, 30, 150];
/** Ticks per step by kind (a rootling's step into briar is ROOTLING_BRIAR_STEP). */
export const KIND_STEP = [15, 12, 16, 13, 14, 10, 20];
export const ROOTLING_BRIAR_STEP = 24;
export const DASH_STEP = 7;
export const STARE_TICKS = 12;
export const PEEK_RANGE = 5;
export const NO_EXIT_WAIT = 8;
export const STRAIGHT_CHANCE = 0.7;
export const RESTLESS_FASTER = 2;
export const RESTLESS_MIN = 6;
export const HUSH_TICKS = 150;
export const SHIMMER_TICKS = 15;
export const TANGLE_EVERY = 2;
export const MAX_SPROUTS = 12;
export const SPROUT_MATURES = 150;
export const MARK_AHEAD = 3;

export const BLOOM_IN = 66;
export const WOKEN_BLOOM_IN = 3;
export const BLOOM_TICKS = 18;
export const PLAYER_STEPS = [8, 7, 6];
export const REACHES = [2, 3, 4];
export const POD_CAPS = [1, 2, 3];
export const MAX_LEVEL = 2;

export const START_HEARTS = 3;
export const MAX_HEARTS = 5;
export const AWAY_TICKS = 24;
export const GRACE_TICKS = 75;

export const BRIAR_POINTS = 10;
export const PICKUP_POINTS = 25;
export const PICKUP_MAXED_POINTS = 100;
export const LINK_POINTS = 50;
export const RELIGHT_CAP = 8;
export const CLEAR_POINTS = 100;
export const BRIGHT_POINTS = 50;
export const NIGHT_POINTS_CAP = 30;
export const HEART_NIGHT_EVERY = 4;
export const HEART_MAXED_POINTS = 300;
export const MEADOW_BRIAR_BONUS = 10;

/** Lit distances (squared) on moonless nights. */
export const LIGHT_PLAYER = 6;
export const LIGHT_FIREFLY = 2;
export const LIGHT_GATE = 2;
export const LIGHT_POD = 1;
