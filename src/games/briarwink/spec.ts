/**
 * Briarwink's published spec: goal, scoring and rules in the project's own words (facts from the seed
 * file shared/seeds/000_f24a9fe9a6231248.txt), and its action grammar exactly as given there.
 */
import type { JsonSchema, SpecWith } from '../../core/game.js';
import { BANDS, LAYOUT_NAMES } from './roster.js';
import { LEGEND } from './observe.js';
import { seedSuites } from '../../core/suites.js';
import { OBSERVATION_SCHEMA, OUTCOMES } from './schema.js';
import { ACTION_INDEX, TENSOR_SPEC } from './tensor.js';

/** The action grammar, exactly as the seed file gives it. */
const ACTION_SCHEMA: JsonSchema = {
  type: 'object',
  oneOf: [
    { properties: { type: { const: 'start' } }, required: ['type'], additionalProperties: false },
    {
      properties: {
        type: { const: 'tick' },
        move: {
          enum: ['up', 'right', 'down', 'left', null],
          description: 'Held direction for these ticks; null finishes the current step and stops.',
        },
        plant: {
          type: 'boolean',
          description: 'Plant a pod on your occupied cell on the first tick. Ignored when impossible.',
        },
        count: {
          type: 'integer',
          minimum: 1,
          maximum: 30,
          description:
            'How many ticks to run with this input (default 1). The batch stops early on a lost heart, a cleared night or a finished run.',
        },
      },
      required: ['type', 'move'],
      additionalProperties: false,
    },
    {
      properties: {
        type: { const: 'tick' },
        walkTo: {
          type: 'integer',
          minimum: 0,
          maximum: 62,
          description:
            'Target cell (y * 7 + x); the engine walks you there by breadth-first search each tick, around pods and active blooms.',
        },
        plant: {
          type: 'boolean',
          description: 'Plant a pod on your occupied cell on the first tick. Ignored when impossible.',
        },
        count: {
          type: 'integer',
          minimum: 1,
          maximum: 30,
          description:
            'How many ticks to run with this input (default 1). The batch also stops once you stand on the target.',
        },
      },
      required: ['type', 'walkTo'],
      additionalProperties: false,
    },
    { properties: { type: { const: 'endRun' } }, required: ['type'], additionalProperties: false },
  ],
};

/** Briarwink's own published facts: the garden's size and its layouts. */
export type BriarwinkFacts = { width: number; height: number; layouts: string[] };

/** The spec. */
export const spec: SpecWith<BriarwinkFacts> = {
  slug: 'briarwink',
  name: 'Briarwink',
  genre: 'real-time arcade puzzle (tick-batched for agents)',
  description: 'Tend a night garden: plant moon pods whose blooms clear briar and relight grumpy dimlings.',
  goal:
    'Relight every dimling of each night with the blooms of your moon pods, then step onto the moon gate. ' +
    'Nights never end on their own, but the creep, regrowth and new dimling kinds push back. Score as much as ' +
    'you can before your hearts run out or you end the run.',
  scoring: [
    'Relights: mope 50, peeker 80, rootling 100, nudger 100, twinbud 120, sprig 30, tangler 150; within one cascade the k-th relight pays its value times min(k, 8), cheaper dimlings first on a shared tick.',
    'A closing cascade that relit anything pays 50 for each pod it burst beyond the first (up to 8 pods).',
    'Each original briar cell cleared pays 10 (regrown briar and sprouts pay nothing).',
    'Each power-up picked up pays 25, or 100 if that upgrade is already at its top level.',
    'Clearing night n pays 100 x min(n, 30), plus 50 x min(n, 30) when no heart was lost that night.',
    'Clearing every 4th night gives a heart, or 300 points when you already hold 5.',
    'Nothing else scores; the score never goes down; ending the run pays nothing extra.',
  ],
  rules: [
    'The garden is 7 wide and 9 tall; cell = y * 7 + x; neighbours are orthogonal; nothing wraps. 30 ticks make a second, and nothing moves between requests.',
    'A run opens waiting: send start to play night 1. Between nights you may start the next night or end the run. endRun is refused only in the opening wait.',
    'A tick holds one input: move (up, right, down, left or null) or walkTo (a cell), never both; plant true plants on the first tick if it can and is otherwise ignored; count runs 1 to 30 ticks with the same input.',
    'A batch stops early after a tick that costs a heart, clears the night, ends the run, or (for walkTo) leaves you standing on the target. lastBatch in the observation says what ran and why it stopped; events lists up to 64 happenings.',
    'While playing, the listed actions are the ten single ticks (five moves, plant false or true) and endRun; walkTo and count are accepted variants.',
    'Each tick runs: respawn, plant, your move, dimlings by id, pod timers, bloom ageing, bursts, relights, your hazards, deferred spawns, cascade closing, regrowth, calm and creep, the gate check, counters.',
    'Tiles: floor is open; a sprout is open and trampled to floor when you step on it; briar and regrown briar block everyone but rootlings; moonstone, hedge and thicket block everything, beams too; pond blocks walkers but not beams; pods block every walker.',
    'A step takes your step ticks (8, 7 or 6 with Quick Step); you occupy the cell you left until half the step (rounded up), then the new one. Reversing mid-step returns from where you are; other turns wait for arrival; null finishes the step and stops.',
    'walkTo steers by breadth-first search (up, right, down, left) around pods and active blooms, or toward the reachable cell nearest an unreachable target; mid-step its direction acts as a held one (the opposite reverses, any other finishes the step), and it turns back from a step that would end under an active bloom its origin is free of.',
    'plant puts a pod on your occupied cell if you are present, under your pod cap, on floor or sprout with no pod, and not on the gate. It bursts 66 ticks later along its row and column up to the reach you had when planting.',
    'A beam covers floor, pond and sprouts (clearing sprouts) and goes on; it covers the first briar it meets, clears it and stops; it stops before moonstone, hedge and thicket; it covers another pod, wakes it (bursting within 3 ticks) and stops.',
    'A bloom stays active 18 ticks. Whatever occupies a covered cell at the relight and hazard stages is affected: dimlings are relit into fireflies, and you are dazzled.',
    'A pod bursting on its own timer opens a cascade; pods its blooms wake join it (the lowest cascade when several could claim one).',
    `Dimlings wander (exits up, right, down, left; no U-turn unless forced; 70% straight on), avoid pods, briar, walls, pond, creep marks, the open gate, and the spawn pocket for the first 150 ticks. Kinds: mope (night 1), peeker (4), rootling (7), nudger (10), twinbud (13, splitting into two shimmering sprigs), tangler (17, sowing sprouts).`,
    'Peekers that see you along a clear row or column within 5 cells stare 12 ticks, then dash at 7 ticks a step. Rootlings walk through briar and are relit when a beam clears their briar. Nudgers push pods one cell.',
    `Bands: ${BANDS.map((b) => `${b.name} from night ${b.firstNight}`).join(', ')}. Each band sets the dimling count, advanced kinds, layouts, briar density, hidden power-ups, calm, creep and regrowth pace, and moonless odds.`,
    'You start with 3 hearts (at most 5). A bloom on you, a non-shimmering dimling on your cell, or swapping cells with one costs a heart (one a tick; relights come first). You are away 24 ticks, your top upgrade drops a level as a pickup, and you return with 75 ticks of grace. At 0 hearts the run ends.',
    'Power-ups hide under original briar: Wide Petal (reach 2, 3, 4), Extra Pod (1, 2, 3 pods), Quick Step (8, 7, 6 ticks a step). They last between nights; pickups left on the ground when a night ends are lost.',
    'After the calm, dimlings step 2 ticks faster and the creep marks a spiral of cells from the corner opposite your spawn, growing them to thicket one per interval after 3 intervals marked. From night 4, sprouts regrow on cleared briar and mature into regrown briar after 150 undisturbed ticks.',
    'When the last dimling is relit the creep and regrowth stop, and the moon gate opens on the last relight cell once its bloom fades. Stepping onto it clears the night.',
    'From night 13 some nights are moonless: dimlings and pickups show only on lit cells (near you, fireflies, the open gate, pods, or under blooms); a spotted peeker always shows its eyes.',
    `Map legend: ${LEGEND}.`,
  ],
  actionSchema: ACTION_SCHEMA,
  observationSchema: OBSERVATION_SCHEMA,
  outcomes: OUTCOMES,
  carry: 'stateToken',
  rulesVersion: 'briarwink-2',
  suites: seedSuites('briarwink'),
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  rankedBudget: {
    unit: 'ticks',
    limit: 54000,
    counted: ['tick'],
    countField: 'count',
    why: '30 minutes at 30 ticks a second; nights never run out.',
  },
  progressLabel: 'night',
  exampleActions: [
    { type: 'start' },
    { type: 'tick', move: 'right', plant: false },
    { type: 'tick', move: null, plant: true },
    { type: 'endRun' },
  ],
  width: 7,
  height: 9,
  ticksPerSecond: 30,
  layouts: [...LAYOUT_NAMES],
};
