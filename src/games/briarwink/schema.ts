/**
 * Briarwink's published observation schema (the shape of `observe` in observe.ts, `BriarwinkObservation`)
 * and the ways a run ends. The contract test validates real answers against them. Fields the seed
 * gives as "-1 for none or away" are integers from -1.
 */
import type { JsonSchema, OutcomeSpec } from '../../core/game.js';
import { bool, int, list, object, observationSchema, orNull, str } from '../../core/schema.js';
import { CELLS, W } from './grid.js';
import { MAX_HEARTS } from './roster.js';
import { DIR_NAMES, KIND_NAMES, POWER_NAMES } from './types.js';

const cell = int(0, CELLS - 1);
const cells = list(cell);
const orNone = int(-1, undefined, '-1 for none or away.');

/** `observation.player`, exactly the seed's fields. */
const player = object({
  night: int(1),
  band: int(1),
  hearts: int(0, MAX_HEARTS),
  podsOut: int(0),
  podCap: int(1),
  reach: int(1),
  stepTicks: int(1),
  grace: orNone,
  respawnIn: orNone,
  score: int(0),
  nightsCleared: int(0),
  relitTotal: int(0),
  dimlingsLeft: int(0),
  calmLeft: orNone,
  creepNextIn: orNone,
  regrowNextIn: orNone,
  moonless: bool,
  x: int(-1, W - 1),
  y: int(-1, CELLS / W - 1),
});

/** The observation, field for field. */
export const OBSERVATION_SCHEMA: JsonSchema = observationSchema('BriarwinkObservation', {
  turn: int(0, undefined, 'The tick count.'),
  status: str(['waiting', 'playing', 'over']),
  player,
  map: list({ type: 'string', minLength: W, maxLength: W }, CELLS / W),
  pods: list(object({ id: int(0), cell, bloomIn: int(0), reach: int(1), woken: bool, covers: cells })),
  blooms: list(object({ pod: int(0), cascade: int(0), ticksLeft: int(0), cells })),
  dimlings: list(
    object({
      id: int(0),
      kind: str(KIND_NAMES),
      cell,
      heading: orNull(str(DIR_NAMES)),
      spotted: bool,
      shimmer: int(0),
    }),
  ),
  pickups: list(object({ cell, power: str(POWER_NAMES) })),
  gate: int(-1, CELLS - 1),
  sprouts: list(object({ cell, maturesIn: int(-1, undefined, '-1 while the sprout is unlit.') })),
  fireflies: cells,
  marks: cells,
  unlit: cells,
  lastBatch: object({
    requested: int(0, 30),
    applied: int(0, 30),
    stoppedBy: str(['none', 'count', 'heart', 'nightCleared', 'runOver', 'arrived']),
    eventsDropped: int(0),
  }),
});

/** How a run ends. */
export const OUTCOMES: OutcomeSpec[] = [
  { kind: 'terminated', reason: 'out_of_hearts', description: 'The gardener lost the last heart.' },
  {
    kind: 'ended',
    reason: 'end_run',
    description: 'The player ended the run with endRun, between nights or during one.',
  },
];
