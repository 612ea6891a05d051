/** Creating and copying states. Steps copy once, then stages mutate the copy. */
import type { Bloom, Cascade, Deferred, Dimling, Pickup, Pod, State } from './types.js';
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
  };
  generateNight(s, 1);
  return s;
}

function copyDimling(d: Dimling): Dimling {
  return {
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

function copyPod(p: Pod): Pod {
  return {
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

function copyList<T>(xs: T[], f: (x: T) => T): T[] {
  const n = xs.length;
  const out = new Array<T>(n);
  for (let i = 0; i < n; i++) out[i] = f(xs[i]);
  return out;
}

const copyBloom = (b: Bloom): Bloom => ({ pod: b.pod, cascade: b.cascade, left: b.left, cells: b.cells });
const copyCascade = (c: Cascade): Cascade => ({ id: c.id, relights: c.relights, pods: c.pods });
const copyPickup = (p: Pickup): Pickup => ({ cell: p.cell, kind: p.kind });
const copyDeferred = (q: Deferred): Deferred => ({ cell: q.cell, what: q.what });

/** A deep copy (every array and record is fresh, except bloom cell lists and origBriar, never mutated). */
export function cloneState(s: State): State {
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
    levels: s.levels.slice(),
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
    terrain: s.terrain.slice(),
    origBriar: s.origBriar,
    sproutAge: s.sproutAge.slice(),
    hidden: s.hidden.slice(),
    pods: copyList(s.pods, copyPod),
    nextPod: s.nextPod,
    blooms: copyList(s.blooms, copyBloom),
    cascades: copyList(s.cascades, copyCascade),
    dimlings: copyList(s.dimlings, copyDimling),
    nextDimling: s.nextDimling,
    pickups: copyList(s.pickups, copyPickup),
    deferred: copyList(s.deferred, copyDeferred),
    fireflies: s.fireflies.slice(),
    gate: s.gate,
    lastRelight: s.lastRelight,
    calmLeft: s.calmLeft,
    creepEvents: s.creepEvents,
    creepIn: s.creepIn,
    marks: s.marks.slice(),
    growPending: s.growPending.slice(),
    restless: s.restless,
    settled: s.settled,
    regrowIn: s.regrowIn,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    lastBatch: {
      requested: s.lastBatch.requested,
      applied: s.lastBatch.applied,
      stoppedBy: s.lastBatch.stoppedBy,
      eventsDropped: s.lastBatch.eventsDropped,
    },
  };
}
