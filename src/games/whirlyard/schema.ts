/**
 * Whirlyard's published observation schema (the shape of `observe` in observe.ts) and the ways a run
 * ends. The contract test validates real answers against them.
 */
import type { JsonSchema, OutcomeSpec } from '../../core/game.js';
import { bool, int, list, object, observationSchema, orNull, str } from '../../core/schema.js';

const cell = object({ x: int(0, 5), y: int(0, 5) });

/** The observation, field for field. */
export const OBSERVATION_SCHEMA: JsonSchema = observationSchema('WhirlyardObservation', {
  rover: cell,
  drones: list(object({ x: int(0, 5), y: int(0, 5), charged: bool })),
  scrap: list(cell),
  wave: int(1),
  turn: int(0, undefined, 'Accepted move, wait and pulse actions in the run.'),
  waveTurn: int(0),
  charges: int(0, 2),
  maxCharges: int(2, 2),
  pulseUsedThisWave: bool,
  score: int(0),
  gameOver: bool,
  endReason: orNull(str(['caught', 'ended'])),
  actionsUntilChargedStep: orNull(int(1, 3)),
});

/** How a run ends. */
export const OUTCOMES: OutcomeSpec[] = [
  { kind: 'terminated', reason: 'caught', description: 'A drone reached the rover.' },
  { kind: 'ended', reason: 'end_run', description: 'The player banked the score with end_run.' },
];
