/**
 * Constructors for the records a step puts into a state: the state itself, its dimlings, pods,
 * blooms, cascades, pickups, deferred spawns and batch report.
 *
 * Why constructors and not object literals: V8 tracks every object literal's allocation site and,
 * when most objects from a site outlive a young-generation collection, allocates that site's later
 * objects straight in the old generation ("pretenuring"). Whoever keeps many states alive (a bench
 * that records its cases first, a replay that keeps every state, the server's recent-token memory)
 * makes the per-tick literals look long-lived, after which every tick allocates in the old
 * generation and pays for it in major collections: measured on the night 10 bench case, 5 to 6
 * times slower than the same code with pretenuring off. `new` of a class is not tracked that way,
 * so the records a tick makes stay cheap whatever the caller keeps. The records are plain data with
 * the same fields in the same order as the interfaces in types.ts (their JSON is the same).
 */
import type { Seed } from '../../core/seed.js';
import {
  OWN_NONE,
  type Bloom,
  type Cascade,
  type Deferred,
  type Dimling,
  type LastBatch,
  type Pickup,
  type Pod,
  type BriarwinkState,
} from './types.js';

/** A dimling record (fields as `Dimling`). */
export class DimlingRecord implements Dimling {
  declare id: number;
  declare kind: number;
  declare at: number;
  declare to: number;
  declare prog: number;
  declare steps: number;
  declare dir: number;
  declare mode: number;
  declare wait: number;
  declare moves: number;
  declare shimmer: number;

  constructor(
    id: number,
    kind: number,
    at: number,
    to: number,
    prog: number,
    steps: number,
    dir: number,
    mode: number,
    wait: number,
    moves: number,
    shimmer: number,
  ) {
    this.id = id;
    this.kind = kind;
    this.at = at;
    this.to = to;
    this.prog = prog;
    this.steps = steps;
    this.dir = dir;
    this.mode = mode;
    this.wait = wait;
    this.moves = moves;
    this.shimmer = shimmer;
  }
}

/** A copy of a dimling as a record. */
export function dimlingRecord(d: Dimling): Dimling {
  return new DimlingRecord(d.id, d.kind, d.at, d.to, d.prog, d.steps, d.dir, d.mode, d.wait, d.moves, d.shimmer);
}

/** A pod record (fields as `Pod`). */
export class PodRecord implements Pod {
  declare id: number;
  declare cell: number;
  declare bloomIn: number;
  declare reach: number;
  declare cascade: number;
  declare woken: boolean;
  declare fresh: boolean;
  declare wokeNow: boolean;

  constructor(
    id: number,
    cell: number,
    bloomIn: number,
    reach: number,
    cascade: number,
    woken: boolean,
    fresh: boolean,
    wokeNow: boolean,
  ) {
    this.id = id;
    this.cell = cell;
    this.bloomIn = bloomIn;
    this.reach = reach;
    this.cascade = cascade;
    this.woken = woken;
    this.fresh = fresh;
    this.wokeNow = wokeNow;
  }
}

/** A copy of a pod as a record. */
export function podRecord(p: Pod): Pod {
  return new PodRecord(p.id, p.cell, p.bloomIn, p.reach, p.cascade, p.woken, p.fresh, p.wokeNow);
}

/** A bloom record (fields as `Bloom`; the cells are shared, never written). */
export class BloomRecord implements Bloom {
  declare pod: number;
  declare cascade: number;
  declare left: number;
  declare cells: number[];

  constructor(pod: number, cascade: number, left: number, cells: number[]) {
    this.pod = pod;
    this.cascade = cascade;
    this.left = left;
    this.cells = cells;
  }
}

/** A cascade record (fields as `Cascade`). */
export class CascadeRecord implements Cascade {
  declare id: number;
  declare relights: number;
  declare pods: number;

  constructor(id: number, relights: number, pods: number) {
    this.id = id;
    this.relights = relights;
    this.pods = pods;
  }
}

/** A pickup record (fields as `Pickup`). */
export class PickupRecord implements Pickup {
  declare cell: number;
  declare kind: number;

  constructor(cell: number, kind: number) {
    this.cell = cell;
    this.kind = kind;
  }
}

/** A deferred spawn record (fields as `Deferred`). */
export class DeferredRecord implements Deferred {
  declare cell: number;
  declare what: number;

  constructor(cell: number, what: number) {
    this.cell = cell;
    this.what = what;
  }
}

/** A batch report record (fields as `LastBatch`). */
export class LastBatchRecord implements LastBatch {
  declare requested: number;
  declare applied: number;
  declare stoppedBy: string;
  declare eventsDropped: number;

  constructor(requested: number, applied: number, stoppedBy: string, eventsDropped: number) {
    this.requested = requested;
    this.applied = applied;
    this.stoppedBy = stoppedBy;
    this.eventsDropped = eventsDropped;
  }
}

/**
 * A state record: a copy of `s` sharing every array and record of it but the dimlings, which are
 * `dimlings`; it owns nothing yet (copy on write, own.ts).
 */
export class StateRecord implements BriarwinkState {
  declare seed: Seed;
  declare status: number;
  declare night: number;
  declare tick: number;
  declare nightTick: number;
  declare score: number;
  declare hearts: number;
  declare nightsCleared: number;
  declare relitTotal: number;
  declare lostHeart: boolean;
  declare levels: number[];
  declare pAt: number;
  declare pTo: number;
  declare pProg: number;
  declare pSteps: number;
  declare pDir: number;
  declare away: number;
  declare grace: number;
  declare band: number;
  declare layout: number;
  declare moonless: boolean;
  declare corner: number;
  declare terrain: number[];
  declare origBriar: number[];
  declare sproutAge: number[];
  declare hidden: number[];
  declare pods: Pod[];
  declare nextPod: number;
  declare blooms: Bloom[];
  declare cascades: Cascade[];
  declare dimlings: Dimling[];
  declare nextDimling: number;
  declare pickups: Pickup[];
  declare deferred: Deferred[];
  declare fireflies: number[];
  declare gate: number;
  declare lastRelight: number;
  declare calmLeft: number;
  declare creepEvents: number;
  declare creepIn: number;
  declare marks: number[];
  declare growPending: number[];
  declare restless: boolean;
  declare settled: boolean;
  declare regrowIn: number;
  declare rng: [number, number, number, number];
  declare lastBatch: LastBatch;
  declare own: number;

  constructor(s: BriarwinkState, dimlings: Dimling[]) {
    this.seed = s.seed;
    this.status = s.status;
    this.night = s.night;
    this.tick = s.tick;
    this.nightTick = s.nightTick;
    this.score = s.score;
    this.hearts = s.hearts;
    this.nightsCleared = s.nightsCleared;
    this.relitTotal = s.relitTotal;
    this.lostHeart = s.lostHeart;
    this.levels = s.levels;
    this.pAt = s.pAt;
    this.pTo = s.pTo;
    this.pProg = s.pProg;
    this.pSteps = s.pSteps;
    this.pDir = s.pDir;
    this.away = s.away;
    this.grace = s.grace;
    this.band = s.band;
    this.layout = s.layout;
    this.moonless = s.moonless;
    this.corner = s.corner;
    this.terrain = s.terrain;
    this.origBriar = s.origBriar;
    this.sproutAge = s.sproutAge;
    this.hidden = s.hidden;
    this.pods = s.pods;
    this.nextPod = s.nextPod;
    this.blooms = s.blooms;
    this.cascades = s.cascades;
    this.dimlings = dimlings;
    this.nextDimling = s.nextDimling;
    this.pickups = s.pickups;
    this.deferred = s.deferred;
    this.fireflies = s.fireflies;
    this.gate = s.gate;
    this.lastRelight = s.lastRelight;
    this.calmLeft = s.calmLeft;
    this.creepEvents = s.creepEvents;
    this.creepIn = s.creepIn;
    this.marks = s.marks;
    this.growPending = s.growPending;
    this.restless = s.restless;
    this.settled = s.settled;
    this.regrowIn = s.regrowIn;
    this.rng = s.rng;
    this.lastBatch = s.lastBatch;
    this.own = OWN_NONE;
  }
}
