/**
 * Whirlyard's published description: goal, scoring and rules in our own words, the action grammar
 * exactly as the seed file gives it, and the numbers worth publishing.
 */
import type { JsonSchema, SpecWith } from '../../core/game.js';
import { seedSuites } from '../../core/suites.js';
import { OBSERVATION_SCHEMA, OUTCOMES } from './schema.js';
import { ACTION_INDEX, TENSOR_SPEC } from './tensor.js';

/** The action grammar, verbatim from the seed file (shared/seeds/003_f0d0ced06f254d05.txt). */
export const ACTION_SCHEMA: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        type: { const: 'move' },
        direction: { type: 'string', enum: ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'] },
      },
      required: ['type', 'direction'],
    },
    {
      type: 'object',
      additionalProperties: false,
      properties: { type: { const: 'wait' } },
      required: ['type'],
    },
    {
      type: 'object',
      additionalProperties: false,
      properties: { type: { const: 'pulse' } },
      required: ['type'],
    },
    {
      type: 'object',
      additionalProperties: false,
      properties: { type: { const: 'end_run' } },
      required: ['type'],
    },
  ],
};

/** The rules version: bump it whenever a rule, the generator or the state format changes. */
export const RULES_VERSION = 'whirlyard-1';

/** Whirlyard's own published facts, beside the common spec fields. */
export type WhirlyardFacts = {
  board: { width: number; height: number; roverStart: { x: number; y: number }; scrapStart: { x: number; y: number } };
  charges: { start: number; max: number; perClearedWave: number };
  chargedStepEvery: number;
  waves: { waves: string; drones: number; charged: number }[];
  legend: { [symbol: string]: string };
};

/** Whirlyard's spec. */
export const spec: SpecWith<WhirlyardFacts> = {
  slug: 'whirlyard',
  name: 'Whirlyard',
  genre: 'tactics / pursuit',
  description:
    'Drones chase your rover across a 6x6 yard; steer them into each other and into scrap to clear wave after wave.',
  goal:
    'Stay out of reach of the drones and lure them into collisions and scrap, clearing as many waves as you can. ' +
    'Bank your score whenever you like with end_run; otherwise the run lasts until a drone touches the rover.',
  scoring: [
    'Every drone destroyed earns 20, whether a pulse, scrap or a collision destroyed it.',
    "Each simultaneous pursuit step that destroys n drones also earns 10 x (n - 1) when n > 1; drones destroyed by a pulse are not part of this, and the first step and the charged drones' second step are counted separately.",
    'Clearing a wave earns 100, and 50 more when no pulse was fired during it.',
    'Moving, waiting, ending the run, time and revisiting cells earn nothing.',
    'The score only ever grows (being caught or ending the run takes nothing away), and neither score nor wave number has a cap.',
  ],
  rules: [
    'The board is 6 by 6. A cell is (x,y), both from 0, x growing to the right and y growing downward; its index is y*6+x.',
    'Every wave starts with the rover at (2,2) and a single scrap at (3,3).',
    'Wave sizes: waves 1-3 have 4, 5 and 6 ordinary drones; waves 4-6 have 6, 7 and 8 with one of them charged; waves 7-9 have 8, 9 and 10 with two charged; waves 10-12 have 10 with three charged; from wave 13 on, 10 with four charged.',
    'Drones appear on distinct cells at Chebyshev distance 2 or more from the rover, never on the rover or scrap. Every new wave is checked by search: some pair of moves or waits survives its first two actions, and in waves 1-3 at least six first actions (moves, wait, pulse) do not end the run.',
    'move (nw, n, ne, w, e, sw, s, se) shifts the rover one cell; it may not leave the board or end on a drone or scrap. A diagonal may squeeze between two occupied orthogonal neighbours.',
    'wait keeps the rover where it is.',
    'pulse costs one charge and is allowed even with nothing in range: every drone at Chebyshev distance exactly 1 is destroyed and becomes scrap, before the drones move.',
    'The rover starts with 2 charges, can hold at most 2, and gets 1 back for each cleared wave.',
    "Each accepted move, wait or pulse adds 1 to the run's turn and to the wave's turn.",
    'After it, all drones move at once, one cell toward the rover on each axis (diagonally unless already level with it).',
    'A pursuit step is resolved in this order. First contact: if any drone reaches the rover the run is over, and that step destroys and pays nothing, however many drones got there. Then drones that stepped onto scrap already on the board are destroyed. Then drones sharing a destination, two or more, are all destroyed and their cell becomes scrap. Every other drone stays where it moved.',
    'Scrap made by a pulse is already on the board for the pursuit step of the same action.',
    'On every third accepted action of a wave (wave turn 3, 6, 9, ...), the charged drones still alive make a second step, resolved the same way; ordinary drones stay put during it, and a charged drone stepping onto one collides with it.',
    'As soon as the last drone is destroyed, by a pulse, the first step or the second step, the wave is cleared and the next one is laid out at once (one wave per action). Its drones do not move until the next action. The new wave starts its own turn count and pulse record and returns one charge, up to 2.',
    'end_run ends the run at once: no turn passes and the unfinished wave pays nothing.',
    'Actions outside the grammar, a pulse without a charge, a move off the board or onto a drone or scrap, and any action after the run is over are refused and change nothing.',
    'The seed and the list of actions determine the whole state.',
  ],
  actionSchema: ACTION_SCHEMA,
  observationSchema: OBSERVATION_SCHEMA,
  outcomes: OUTCOMES,
  carry: 'stateToken',
  rulesVersion: RULES_VERSION,
  suites: seedSuites('whirlyard'),
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  rankedBudget: {
    unit: 'actions',
    limit: 1000,
    why: 'About 30 minutes of human play at two seconds a move; the rules never cap score or wave.',
  },
  progressLabel: 'wave',
  exampleActions: [{ type: 'move', direction: 'nw' }, { type: 'wait' }, { type: 'pulse' }, { type: 'end_run' }],
  board: { width: 6, height: 6, roverStart: { x: 2, y: 2 }, scrapStart: { x: 3, y: 3 } },
  charges: { start: 2, max: 2, perClearedWave: 1 },
  chargedStepEvery: 3,
  waves: [
    { waves: '1', drones: 4, charged: 0 },
    { waves: '2', drones: 5, charged: 0 },
    { waves: '3', drones: 6, charged: 0 },
    { waves: '4', drones: 6, charged: 1 },
    { waves: '5', drones: 7, charged: 1 },
    { waves: '6', drones: 8, charged: 1 },
    { waves: '7', drones: 8, charged: 2 },
    { waves: '8', drones: 9, charged: 2 },
    { waves: '9', drones: 10, charged: 2 },
    { waves: '10-12', drones: 10, charged: 3 },
    { waves: '13+', drones: 10, charged: 4 },
  ],
  legend: { R: 'rover', d: 'drone', C: 'charged drone', '#': 'scrap', '.': 'empty', X: 'rover caught by a drone' },
};
