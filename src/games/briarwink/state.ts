/** Creating and copying states. Steps copy once, then stages mutate the copy. */
import type { Dimling, Pod, State } from './types.js';
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

const copyDimling = (d: Dimling): Dimling => ({ ...d });
const copyPod = (p: Pod): Pod => ({ ...p });

/** A deep copy (every array and record is fresh). */
export function cloneState(s: State): State {
  return {
    ...s,
    levels: s.levels.slice(),
    terrain: s.terrain.slice(),
    origBriar: s.origBriar,
    sproutAge: s.sproutAge.slice(),
    hidden: s.hidden.slice(),
    pods: s.pods.map(copyPod),
    blooms: s.blooms.map((b) => ({ ...b })),
    cascades: s.cascades.map((c) => ({ ...c })),
    dimlings: s.dimlings.map(copyDimling),
    pickups: s.pickups.map((p) => ({ ...p })),
    deferred: s.deferred.map((q) => ({ ...q })),
    fireflies: s.fireflies.slice(),
    marks: s.marks.slice(),
    growPending: s.growPending.slice(),
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    lastBatch: { ...s.lastBatch },
  };
}
