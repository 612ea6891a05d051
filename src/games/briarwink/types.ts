/**
 * Briarwink's state. Everything is small integers in small arrays so a tick can copy the state
 * cheaply (steps never mutate their input). Cells are `y * 7 + x`.
 */
import { fieldsOf } from '../../core/fields.js';
import type { GameAction } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';

/** A Briarwink action, as the grammar allows it. */
export type BriarwinkAction = GameAction;

/** Terrain codes, one per cell. */
export const FLOOR = 0;
export const SPROUT = 1;
export const BRIAR = 2;
export const REGROWN = 3;
export const MOONSTONE = 4;
export const HEDGE = 5;
export const THICKET = 6;
export const POND = 7;

/** Dimling kinds. */
export const MOPE = 0;
export const PEEKER = 1;
export const ROOTLING = 2;
export const NUDGER = 3;
export const TWINBUD = 4;
export const SPRIG = 5;
export const TANGLER = 6;
export const KIND_NAMES = ['mope', 'peeker', 'rootling', 'nudger', 'twinbud', 'sprig', 'tangler'] as const;

/** Power-up kinds. */
export const WIDE_PETAL = 0;
export const EXTRA_POD = 1;
export const QUICK_STEP = 2;
export const POWER_NAMES = ['Wide Petal', 'Extra Pod', 'Quick Step'] as const;

/** Directions, in the seed's up-right-down-left order; -1 is none. */
export const UP = 0;
export const RIGHT = 1;
export const DOWN = 2;
export const LEFT = 3;
export const DIR_NAMES = ['up', 'right', 'down', 'left'] as const;

/** Status: the opening wait and the breaks between nights are both WAITING. */
export const WAITING = 0;
export const PLAYING = 1;
export const OVER = 2;

/** Peeker modes. */
export const WANDER = 0;
export const STARE = 1;
export const DASH = 2;

/** A walker's step: it stands on `at`, or is stepping from `at` to `to` with `prog` of `steps` ticks done. */
export interface Dimling {
  id: number;
  kind: number;
  at: number;
  /** Destination cell while stepping, -1 when standing at a tile centre. */
  to: number;
  prog: number;
  steps: number;
  /** Direction of the current or last step, -1 before the first. */
  dir: number;
  /** Peeker mode (WANDER, STARE, DASH). */
  mode: number;
  /** Ticks left to stand (stare, or the 8-tick wait with no exit). */
  wait: number;
  /** Times its occupied cell has changed (tanglers sprout on every 2nd change). */
  moves: number;
  /** Shimmer ticks left (sprigs only). */
  shimmer: number;
}

/** A planted moon pod. */
export interface Pod {
  id: number;
  cell: number;
  bloomIn: number;
  reach: number;
  /** Cascade it joined when woken; -1 while not woken by a bloom. */
  cascade: number;
  woken: boolean;
  /** Planted this tick: the timer does not count down this tick. */
  fresh: boolean;
  /** Woken this tick: never bursts this tick. */
  wokeNow: boolean;
}

/** An active bloom: the cells it covers, and the ticks it stays active. */
export interface Bloom {
  pod: number;
  cascade: number;
  left: number;
  cells: number[];
}

/** An open cascade: relights so far, pods burst, keyed by the id of the pod that opened it. */
export interface Cascade {
  id: number;
  relights: number;
  pods: number;
}

/** Something waiting to appear on a cell once no active bloom covers it. */
export interface Deferred {
  cell: number;
  /** -1: a twinbud's two sprigs; 0..2: a dropped power-up of that kind. */
  what: number;
}

/** A power-up lying on the ground. */
export interface Pickup {
  cell: number;
  kind: number;
}

/** How the last action's batch went. */
export interface LastBatch {
  requested: number;
  applied: number;
  /** 'count' (ran them all), 'heart', 'nightCleared', 'runOver', 'arrived', or 'none' for non-tick actions. */
  stoppedBy: string;
  /** Events past the 64 reported that were left out. */
  eventsDropped: number;
}

/** The full state of a run. */
export interface BriarwinkState {
  seed: Seed;
  status: number;
  night: number;
  /** Ticks played in the whole run (the observation's `turn`). */
  tick: number;
  /** Ticks played this night. */
  nightTick: number;
  score: number;
  hearts: number;
  nightsCleared: number;
  relitTotal: number;
  /** A heart was lost this night (no bright night bonus). */
  lostHeart: boolean;
  /** Upgrade levels 0..2: Wide Petal, Extra Pod, Quick Step. */
  levels: number[];

  // the gardener
  pAt: number;
  pTo: number;
  pProg: number;
  pSteps: number;
  pDir: number;
  /** Ticks until return while away after a lost heart; 0 when present. */
  away: number;
  grace: number;

  // the night
  band: number;
  layout: number;
  moonless: boolean;
  corner: number;
  terrain: number[];
  /** 1 where the cell was briar when the night began (regrowth only sprouts there). */
  origBriar: number[];
  /** Ticks each sprout has stood undisturbed. */
  sproutAge: number[];
  /** [cell, kind, cell, kind, ...] power-ups hidden under original briar. */
  hidden: number[];
  pods: Pod[];
  nextPod: number;
  blooms: Bloom[];
  cascades: Cascade[];
  dimlings: Dimling[];
  nextDimling: number;
  pickups: Pickup[];
  deferred: Deferred[];
  fireflies: number[];
  /** Open moon gate cell, -1 while closed. */
  gate: number;
  /** Cell of the latest relight (where the gate will open). */
  lastRelight: number;
  calmLeft: number;
  /** Creep events so far (the calm's end is event 0); -1 before the creep began. */
  creepEvents: number;
  creepIn: number;
  marks: number[];
  /** Cells whose growth waits for a pod's burst. */
  growPending: number[];
  restless: boolean;
  /** The night's last dimling is relit: creep, regrowth and restlessness have stopped. */
  settled: boolean;
  regrowIn: number;
  rng: [number, number, number, number];
  lastBatch: LastBatch;
  /** Copy-on-write bits (`OWN_*` below): the shared arrays this state owns; not part of the wire form. */
  own: number;
}

/**
 * The state's fields, in the key order of the states `init`, `step`, `fromWire` and `unpack` make
 * (fields.test.ts); the compiler checks it names every key.
 */
export const BRIARWINK_FIELDS = fieldsOf<BriarwinkState>()([
  'seed',
  'status',
  'night',
  'tick',
  'nightTick',
  'score',
  'hearts',
  'nightsCleared',
  'relitTotal',
  'lostHeart',
  'levels',
  'pAt',
  'pTo',
  'pProg',
  'pSteps',
  'pDir',
  'away',
  'grace',
  'band',
  'layout',
  'moonless',
  'corner',
  'terrain',
  'origBriar',
  'sproutAge',
  'hidden',
  'pods',
  'nextPod',
  'blooms',
  'cascades',
  'dimlings',
  'nextDimling',
  'pickups',
  'deferred',
  'fireflies',
  'gate',
  'lastRelight',
  'calmLeft',
  'creepEvents',
  'creepIn',
  'marks',
  'growPending',
  'restless',
  'settled',
  'regrowIn',
  'rng',
  'lastBatch',
  'own',
]);

/**
 * Copy-on-write bits in `State.own`: which shared arrays (and their records) the state being built by
 * the current step owns. A state handed out by `step` or `init` owns nothing (OWN_NONE): it may be
 * shared (the server's recent-token memory hands one state to several requests), so only a fresh
 * `cloneState` may be written to, and only through the helpers below.
 */
export const OWN_NONE = 0;
export const OWN_TERRAIN = 1;
export const OWN_SPROUT_AGE = 2;
export const OWN_PODS = 4;
export const OWN_CASCADES = 8;
export const OWN_PICKUPS = 16;
export const OWN_DEFERRED = 32;
/** A night just laid out by generation: its terrain and sprout ages are new arrays no one else holds. */
export const OWN_NEW_NIGHT = OWN_TERRAIN | OWN_SPROUT_AGE;
