/** Creating and copying states. Steps copy once, then stages mutate the copy. */
import type { Cascade, Deferred, Dimling, Pickup, Pod, State } from './types.js';
import { WAITING } from './types.js';
import { START_HEARTS } from './roster.js';
import { generateNight } from './generate.js';

/** A new run: night 1 laid out, waiting for start. */
export function newState(seed: number): State {
  const s: State = {
    seed,
    status: WAITING,
    night: 0,
    tick: 0,
    nightTick: 0,
    score: 0,
    hearts: START_HEARTS,
    nightsCleared: 0,
    relitTotal: 0,
    lostHeart: false,
    levels: [0, 0, 0],
    pAt: 0,
    pTo: -1,
    pProg: 0,
    pSteps: 8,
    pDir: -1,
    away: 0,
    grace: 0,
    band: 1,
    layout: 0,
    moonless: false,
    corner: 0,
    terrain: [],
    origBriar: [],
    sproutAge: [],
    hidden: [],
    pods: [],
    nextPod: 0,
    blooms: [],
    cascades: [],
    dimlings: [],
    nextDimling: 0,
    pickups: [],
    deferred: [],
    fireflies: [],
    gate: -1,
    lastRelight: -1,
    calmLeft: 0,
    creepEvents: -1,
    creepIn: -1,
    marks: [],
    growPending: [],
    restless: false,
    settled: false,
    regrowIn: -1,
    rng: [0, 0, 0, 0],
    lastBatch: { requested: 0, applied: 0, stoppedBy: 'none', eventsDropped: 0 },
    own: 0,
  };
  generateNight(s, 1);
  return s;
}

// One loop per record type (a shared generic copier with a callback would not inline). Each starts
// from `slice()`: an exact-size array of the input's packed kind, where `new Array(n)` would be holey
// and give the stages a second array shape to handle (filters and generation make packed arrays).
function copyDimlings(xs: Dimling[]): Dimling[] {
  const out = xs.slice();
  for (let i = 0; i < xs.length; i++) {
    const d = xs[i];
    out[i] = {
      id: d.id,
      kind: d.kind,
      at: d.at,
      to: d.to,
      prog: d.prog,
      steps: d.steps,
      dir: d.dir,
      mode: d.mode,
      wait: d.wait,
      moves: d.moves,
      shimmer: d.shimmer,
    };
  }
  return out;
}

function copyPods(xs: Pod[]): Pod[] {
  const out = xs.slice();
  for (let i = 0; i < xs.length; i++) {
    const p = xs[i];
    out[i] = {
      id: p.id,
      cell: p.cell,
      bloomIn: p.bloomIn,
      reach: p.reach,
      cascade: p.cascade,
      woken: p.woken,
      fresh: p.fresh,
      wokeNow: p.wokeNow,
    };
  }
  return out;
}

function copyCascades(xs: Cascade[]): Cascade[] {
  const out: Cascade[] = [];
  for (let i = 0; i < xs.length; i++) out.push({ id: xs[i].id, relights: xs[i].relights, pods: xs[i].pods });
  return out;
}

function copyPickups(xs: Pickup[]): Pickup[] {
  const out: Pickup[] = [];
  for (let i = 0; i < xs.length; i++) out.push({ cell: xs[i].cell, kind: xs[i].kind });
  return out;
}

function copyDeferred(xs: Deferred[]): Deferred[] {
  const out: Deferred[] = [];
  for (let i = 0; i < xs.length; i++) out.push({ cell: xs[i].cell, what: xs[i].what });
  return out;
}

/** Copy-on-write bits in `State.own`: which shared arrays (and their records) this state owns. */
export const OWN_TERRAIN = 1;
export const OWN_SPROUT_AGE = 2;
export const OWN_PODS = 4;
export const OWN_CASCADES = 8;
export const OWN_PICKUPS = 16;
export const OWN_DEFERRED = 32;

/**
 * The pods, owned by this state: on the first call in a step the array and its records are copied
 * (the input state keeps the originals). Call before changing any pod in place or adding one.
 */
export function ownPods(s: State): Pod[] {
  if ((s.own & OWN_PODS) === 0) {
    s.pods = copyPods(s.pods);
    s.own |= OWN_PODS;
  }
  return s.pods;
}

/** The open cascades, owned by this state (as `ownPods`). */
export function ownCascades(s: State): Cascade[] {
  if ((s.own & OWN_CASCADES) === 0) {
    s.cascades = copyCascades(s.cascades);
    s.own |= OWN_CASCADES;
  }
  return s.cascades;
}

/** The pickups on the ground, owned by this state (as `ownPods`). */
export function ownPickups(s: State): Pickup[] {
  if ((s.own & OWN_PICKUPS) === 0) {
    s.pickups = copyPickups(s.pickups);
    s.own |= OWN_PICKUPS;
  }
  return s.pickups;
}

/** The deferred spawns, owned by this state (as `ownPods`). */
export function ownDeferred(s: State): Deferred[] {
  if ((s.own & OWN_DEFERRED) === 0) {
    s.deferred = copyDeferred(s.deferred);
    s.own |= OWN_DEFERRED;
  }
  return s.deferred;
}

/**
 * A copy for one step. Only the dimlings are copied up front: the dimlings stage changes every one of
 * them on every tick. Everything else is shared with the input: arrays that stages only ever replace
 * (levels, hidden, blooms, fireflies, marks, growPending, rng, lastBatch) stay shared for good, and
 * the rest (terrain, sprout ages, pods, cascades, pickups, deferred spawns) are copied on the first
 * write of the step (`setTerrain`, `setSproutAge`, `ownPods`, `ownCascades`, `ownPickups`,
 * `ownDeferred`), so a tick that does not touch them allocates nothing for them.
 */
export function cloneState(s: State): State {
  // an explicit literal keeps every state on one fast hidden class (a spread of this many fields does not)
  return {
    seed: s.seed,
    status: s.status,
    night: s.night,
    tick: s.tick,
    nightTick: s.nightTick,
    score: s.score,
    hearts: s.hearts,
    nightsCleared: s.nightsCleared,
    relitTotal: s.relitTotal,
    lostHeart: s.lostHeart,
    levels: s.levels,
    pAt: s.pAt,
    pTo: s.pTo,
    pProg: s.pProg,
    pSteps: s.pSteps,
    pDir: s.pDir,
    away: s.away,
    grace: s.grace,
    band: s.band,
    layout: s.layout,
    moonless: s.moonless,
    corner: s.corner,
    terrain: s.terrain,
    origBriar: s.origBriar,
    sproutAge: s.sproutAge,
    hidden: s.hidden,
    pods: s.pods,
    nextPod: s.nextPod,
    blooms: s.blooms,
    cascades: s.cascades,
    dimlings: copyDimlings(s.dimlings),
    nextDimling: s.nextDimling,
    pickups: s.pickups,
    deferred: s.deferred,
    fireflies: s.fireflies,
    gate: s.gate,
    lastRelight: s.lastRelight,
    calmLeft: s.calmLeft,
    creepEvents: s.creepEvents,
    creepIn: s.creepIn,
    marks: s.marks,
    growPending: s.growPending,
    restless: s.restless,
    settled: s.settled,
    regrowIn: s.regrowIn,
    rng: s.rng,
    lastBatch: s.lastBatch,
    own: 0,
  };
}
