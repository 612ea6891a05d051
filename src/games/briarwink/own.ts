/**
 * Copy on write for Briarwink states: a step copies its input once (`cloneState`), sharing every array
 * it can, and a stage that changes a shared array first claims it (`ownPods`, `ownTerrain`, ...), which
 * copies it. This module is the only place that copies; `State.own` records what the step's state
 * already owns, and a state handed out owns nothing.
 */
import {
  OWN_NONE,
  OWN_TERRAIN,
  OWN_SPROUT_AGE,
  OWN_PODS,
  OWN_CASCADES,
  OWN_PICKUPS,
  OWN_DEFERRED,
  OWN_NEW_NIGHT,
  type Cascade,
  type Deferred,
  type Dimling,
  type Pickup,
  type Pod,
  type BriarwinkState,
} from './types.js';
import { CascadeRecord, DeferredRecord, PickupRecord, StateRecord, dimlingRecord, podRecord } from './records.js';

// One loop per record type (a shared generic copier with a callback would not inline). Each starts
// from `slice()`: an exact-size array of the input's packed kind, where `new Array(n)` would be holey
// and give the stages a second array shape to handle (filters and generation make packed arrays).
function copyDimlings(xs: Dimling[]): Dimling[] {
  const out = xs.slice();
  for (let i = 0; i < xs.length; i++) out[i] = dimlingRecord(xs[i]);
  return out;
}

function copyPods(xs: Pod[]): Pod[] {
  const out = xs.slice();
  for (let i = 0; i < xs.length; i++) out[i] = podRecord(xs[i]);
  return out;
}

function copyCascades(xs: Cascade[]): Cascade[] {
  const out = xs.slice();
  for (let i = 0; i < xs.length; i++) out[i] = new CascadeRecord(xs[i].id, xs[i].relights, xs[i].pods);
  return out;
}

function copyPickups(xs: Pickup[]): Pickup[] {
  const out = xs.slice();
  for (let i = 0; i < xs.length; i++) out[i] = new PickupRecord(xs[i].cell, xs[i].kind);
  return out;
}

function copyDeferred(xs: Deferred[]): Deferred[] {
  const out = xs.slice();
  for (let i = 0; i < xs.length; i++) out[i] = new DeferredRecord(xs[i].cell, xs[i].what);
  return out;
}

// The OWN_* bits live in types.ts beside the state's `own` field (records.ts needs OWN_NONE too, and
// importing it from here made the two modules import each other).
export { OWN_NONE, OWN_NEW_NIGHT };

/**
 * The one place that copies a shared part of a step's state: on the first claim of `part` in a step
 * the array (and its records) are copied, so the input state keeps the originals. The `own*` helpers
 * test the bit themselves and call this only when the part is not owned yet, so the common case (owned
 * already) stays a bit test.
 */
function claim(s: BriarwinkState, part: number): void {
  switch (part) {
    case OWN_TERRAIN:
      s.terrain = s.terrain.slice();
      break;
    case OWN_SPROUT_AGE:
      s.sproutAge = s.sproutAge.slice();
      break;
    case OWN_PODS:
      s.pods = copyPods(s.pods);
      break;
    case OWN_CASCADES:
      s.cascades = copyCascades(s.cascades);
      break;
    case OWN_PICKUPS:
      s.pickups = copyPickups(s.pickups);
      break;
    case OWN_DEFERRED:
      s.deferred = copyDeferred(s.deferred);
      break;
    default:
      throw new Error(`no such part of a state to own: ${part}`);
  }
  s.own |= part;
}

/** The terrain, owned by this step's state (write cells through `setTerrain` in grid.ts). */
export function ownTerrain(s: BriarwinkState): number[] {
  if ((s.own & OWN_TERRAIN) === 0) claim(s, OWN_TERRAIN);
  return s.terrain;
}

/** The sprout ages, owned by this step's state (write them through `setSproutAge` in grid.ts). */
export function ownSproutAge(s: BriarwinkState): number[] {
  if ((s.own & OWN_SPROUT_AGE) === 0) claim(s, OWN_SPROUT_AGE);
  return s.sproutAge;
}

/** The pods, owned by this step's state. Call before changing any pod in place or adding one. */
export function ownPods(s: BriarwinkState): Pod[] {
  if ((s.own & OWN_PODS) === 0) claim(s, OWN_PODS);
  return s.pods;
}

/** The open cascades, owned by this step's state (as `ownPods`). */
export function ownCascades(s: BriarwinkState): Cascade[] {
  if ((s.own & OWN_CASCADES) === 0) claim(s, OWN_CASCADES);
  return s.cascades;
}

/** The pickups on the ground, owned by this step's state (as `ownPods`). */
export function ownPickups(s: BriarwinkState): Pickup[] {
  if ((s.own & OWN_PICKUPS) === 0) claim(s, OWN_PICKUPS);
  return s.pickups;
}

/** The deferred spawns, owned by this step's state (as `ownPods`). */
export function ownDeferred(s: BriarwinkState): Deferred[] {
  if ((s.own & OWN_DEFERRED) === 0) claim(s, OWN_DEFERRED);
  return s.deferred;
}

/**
 * Hand a step's state out: it owns nothing from now on, so a later write must start from `cloneState`
 * and any shared part is copied again before it changes.
 */
export function releaseState(s: BriarwinkState): BriarwinkState {
  s.own = OWN_NONE;
  return s;
}

/**
 * A copy for one step. Only the dimlings are copied up front: the dimlings stage changes every one of
 * them on every tick. Everything else is shared with the input: arrays that stages only ever replace
 * (levels, hidden, blooms, fireflies, marks, growPending, rng, lastBatch) stay shared for good, and
 * the rest (terrain, sprout ages, pods, cascades, pickups, deferred spawns) are copied on the first
 * write of the step (`setTerrain`, `setSproutAge`, `ownPods`, `ownCascades`, `ownPickups`,
 * `ownDeferred`), so a tick that does not touch them allocates nothing for them.
 */
export function cloneState(s: BriarwinkState): BriarwinkState {
  // a class, not a literal: one hidden class for every state, and no pretenuring (records.ts)
  return new StateRecord(s, copyDimlings(s.dimlings));
}
