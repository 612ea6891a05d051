/**
 * Cragwake's published schemas: the action grammar, the observation (the shape of `CragwakeObservation`
 * in observe.ts) and the ways a run ends. The contract test validates real answers against them.
 */
import type { JsonSchema, OutcomeSpec } from '../../core/game.js';
import { bool, int, list, object, observationSchema, orNull, str } from '../../core/schema.js';
import { BAND, WIDTH } from './types.js';

/**
 * The action grammar as the seed file gives it, plus `additionalProperties: false` on each branch: the
 * engine refuses any extra field as unknown_action, so the published grammar is exactly as strict.
 */
export const ACTION_SCHEMA: JsonSchema = {
  type: 'object',
  oneOf: [
    {
      properties: {
        type: { const: 'move' },
        row: { type: 'integer', description: 'Absolute row of the target cell, counting upward from 0.' },
        col: { type: 'integer', description: 'Absolute column of the target cell, 0 to 5 from the left.' },
      },
      required: ['type', 'row', 'col'],
      additionalProperties: false,
    },
    { properties: { type: { const: 'breathe' } }, required: ['type'], additionalProperties: false },
    { properties: { type: { const: 'climbOn' } }, required: ['type'], additionalProperties: false },
    { properties: { type: { const: 'endRun' } }, required: ['type'], additionalProperties: false },
  ],
};

const column = int(0, WIDTH - 1);

/** One row of the band: six cell tokens, blank while fogged. */
const bandRow = object({
  row: int(0),
  fogged: bool,
  overhang: orNull(bool),
  cells: list(str(undefined, 'A cell token (J2, P, C, K1~, C*, .), blank while fogged.'), WIDTH),
});

/** The observation, field for field. */
export const OBSERVATION_SCHEMA: JsonSchema = observationSchema('CragwakeObservation', {
  pitch: int(1),
  belay: int(10),
  phase: str(['climbing', 'ledge', 'over']),
  end: orNull(str(['exhausted', 'no_move', 'ended'])),
  row: int(0),
  col: column,
  high: int(0),
  floor: int(0),
  stamina: int(0),
  tank: int(1),
  streak: int(0, 6),
  dipped: bool,
  score: int(0),
  turn: int(1),
  spindrift: int(0),
  foresight: int(1),
  gust: list(column),
  rockfall: orNull(column),
  nextFrostTurn: orNull(int(1)),
  breathe: orNull(int(undefined, undefined, 'Stamina a breathe gives now (negative: it costs).')),
  band: list(bandRow, BAND),
  moves: list(object({ action: ACTION_SCHEMA, cost: int(-4, 9) })),
});

/** How a run ends: all three keep every point already scored. */
export const OUTCOMES: OutcomeSpec[] = [
  { kind: 'terminated', reason: 'exhausted', description: 'Stamina reached 0.' },
  { kind: 'terminated', reason: 'no_move', description: 'No move was affordable.' },
  { kind: 'ended', reason: 'end_run', description: 'The player ended the run on a belay with endRun.' },
];
