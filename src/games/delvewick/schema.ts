/**
 * Delvewick's published observation schema (the shape of `observe` in observe.ts) and the ways a run
 * ends. The contract test validates real answers against them.
 */
import type { JsonSchema, OutcomeSpec } from '../../core/game.js';
import { bool, int, list, object, observationSchema, orNull, str } from '../../core/schema.js';
import { LEGEND } from './board.js';

/** A board row: the legend's characters only. */
const ROW = `^[${LEGEND.map(([c]) => c.replace(/[\]\\^-]/g, '\\$&')).join('')}]*$`;

/** The observation, field for field. */
export const OBSERVATION_SCHEMA: JsonSchema = observationSchema('DelvewickObservation', {
  level: int(1),
  levels: int(1),
  levelName: str(),
  grid: list({ type: 'string', pattern: ROW }),
  width: int(1),
  height: int(1),
  mole: object({ x: int(0), y: int(0) }),
  gems: int(0),
  quota: int(0),
  oil: int(0),
  score: int(0),
  chain: int(0),
  exitOpen: bool,
  gameOver: bool,
  endReason: orNull(str(['won', 'crushed', 'out_of_oil', 'boxed_in'])),
});

/** How a run ends: every ending is the game's own. */
export const OUTCOMES: OutcomeSpec[] = [
  { kind: 'terminated', reason: 'won', description: 'The mole cleared level 8.' },
  { kind: 'terminated', reason: 'crushed', description: 'A falling boulder or geode reached the mole.' },
  { kind: 'terminated', reason: 'out_of_oil', description: 'The lantern ran out of oil.' },
  {
    kind: 'terminated',
    reason: 'boxed_in',
    description: 'Nothing was falling and the mole had no possible move.',
  },
];
