/** Creating a state: a new run, night 1 laid out. Copying a state for a step is `own.ts`. */
import type { Seed } from '../../core/seed.js';
import type { State } from './types.js';
import { WAITING } from './types.js';
import { START_HEARTS } from './roster.js';
import { generateNight } from './generate.js';
import { OWN_NONE, releaseState } from './own.js';
import { StateRecord } from './records.js';

/** A new run: night 1 laid out, waiting for start. */
export function newState(seed: Seed): State {
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
    own: OWN_NONE,
  };
  generateNight(s, 1);
  // as a record, so that every state a step sees shares one hidden class (records.ts)
  return releaseState(new StateRecord(s, s.dimlings));
}
