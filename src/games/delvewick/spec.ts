/**
 * Delvewick's published description. Facts come from seeds/001_96f0c49922c2c7ff.txt; the wording is
 * ours. `actionSchema` is the seed's grammar, closed to extra fields as the engine is.
 */
import type { SpecWith } from '../../core/game.js';
import { LEVELS } from './generate.js';
import { seedSuites } from '../../core/suites.js';
import { OBSERVATION_SCHEMA, OUTCOMES } from './schema.js';
import { ACTION_INDEX, TENSOR_SPEC } from './tensor.js';

/**
 * The action grammar as the seed file gives it, plus `additionalProperties: false`: the engine refuses
 * any extra field as unknown_action, so the published grammar says so too (it is exactly as strict).
 */
const ACTION_SCHEMA = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        type: { const: 'move' },
        dir: { enum: ['up', 'down', 'left', 'right'] },
      },
      required: ['type', 'dir'],
    },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        type: { const: 'wait' },
      },
      required: ['type'],
    },
  ],
};

/** Delvewick's own published facts: the eight fixed levels. */
export type DelvewickFacts = {
  levels: { level: number; name: string; quota: number; oil: number; width: number; height: number }[];
};

/** The spec served at /api/games/delvewick. */
export const spec: SpecWith<DelvewickFacts> = {
  slug: 'delvewick',
  name: 'Delvewick',
  genre: 'puzzle',
  description:
    'A mole prospector digs through eight handcrafted caverns where boulders, gems and geodes fall, roll and pile up.',
  goal: 'Clear all eight levels: on each, dig to gems until the quota opens the exit hatch, then step onto it before the lantern oil runs out. Score as much as you can on the way.',
  scoring: [
    'Each gem collected, by walking into it or catching it as it falls onto you: 25 points, whether it counts toward the quota or is extra.',
    'Chains: a gem collected at most 4 ticks after the previous one continues a chain; the 2nd gem of a chain earns 10 extra points, the 3rd 20, every later one 30. A chain breaks after a longer gap and when a level changes.',
    'A geode that lands after falling cracks into a gem: 10 points (the gem itself still has to be collected).',
    'Clearing a level: 100 points plus 5 for every unit of oil left.',
    'Clearing level 8 adds 250 points and wins the run. The score never goes down; an early ending keeps it.',
  ],
  rules: [
    'Cells: # bedrock (never dug), % soil, . empty, O boulder, * gem, G geode, X closed exit, E open exit, M the mole. Falling boulders, gems and geodes are drawn o, v, g.',
    'Boulders, gems and geodes move under gravity and are round: things roll off them. Soil, bedrock and exits are flat.',
    'Two actions: move up, down, left or right, or wait. Each accepted action costs one unit of lantern oil and advances the world by exactly one tick; nothing moves between actions.',
    'Each level has its own oil supply, filled up when the level starts.',
    'Moving into soil digs it out and enters it in the same action; moving into a gem (resting or falling) collects it; moving into empty space or the open exit enters it.',
    'Moving left or right into a resting boulder or geode pushes it one cell when the cell beyond it is empty; the mole takes its place. Nothing can be pushed up or down, while falling, two at a time, or into anything but empty space.',
    'Refused, at no cost: moving off the grid, into bedrock, into a closed exit, up or down into a boulder or geode, sideways into one that cannot be pushed, and any action once the run is over. Waiting is always allowed while the run lasts.',
    'A tick runs in this order: the action; if the mole stepped onto the open exit, the level is cleared at once (bonus, no gravity, no oil spent) and the next level starts fresh; otherwise one gravity pass; the exit opens once the gems collected on this level reach the quota, and stays open; the chain clock; one unit of oil burns, and at zero the run ends; finally, if nothing is falling and no move is possible, the run ends (boxed in).',
    'Gravity scans the rows from the bottom up and each row from left to right, and moves each object at most once per pass.',
    'Gravity moves boulders, gems and geodes only: the mole never falls and may stand in empty space.',
    'An object with empty space below falls one cell and is then falling.',
    'An object resting on top of the mole stays where it is for as long as the mole stays. A falling boulder or geode that reaches the mole crushes it and ends the run; a falling gem that reaches the mole is caught and scores like any gem.',
    'An object on top of a round object rolls: one cell to the left if the cells left and down-left are both empty, otherwise one cell to the right if those two are empty; from there it falls on the following ticks. The mole never counts as empty space. A rolled object is falling.',
    'A falling object that can neither fall nor roll comes to rest; a falling geode that comes to rest cracks open into a resting gem.',
    'Nothing ever moves into an exit cell. Only the mole removes gems from the board.',
    `The eight levels are fixed: ${LEVELS.map((l) => `${l.number} ${l.name} (quota ${l.quota}, oil ${l.oil})`).join(', ')}. There is no randomness; the seed is echoed but every seed plays the same levels.`,
    'The run ends when level 8 is cleared (won), when a falling rock reaches the mole, when the oil runs out, or when the mole is boxed in on a settled board.',
  ],
  actionSchema: ACTION_SCHEMA,
  observationSchema: OBSERVATION_SCHEMA,
  outcomes: OUTCOMES,
  carry: 'state',
  rulesVersion: 'delvewick-1',
  suites: seedSuites('delvewick'),
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  rankedBudget: null,
  progressLabel: 'level',
  seedless: true,
  par: { score: 6405, by: 'the beam-search solver (solutions.json, all eight levels in one run)' },
  exampleActions: [{ type: 'move', dir: 'down' }, { type: 'move', dir: 'right' }, { type: 'wait' }],
  levels: LEVELS.map((l) => ({ level: l.number, name: l.name, quota: l.quota, oil: l.oil, width: l.w, height: l.h })),
};
