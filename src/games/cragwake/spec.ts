/**
 * Cragwake's published description: rules and scoring in our own words, the seed file's action grammar
 * (in schema.ts, closed to extra fields as the engine is), and the difficulty table.
 */
import type { Json, SpecWith } from '../../core/game.js';
import { LISTED } from './difficulty.js';
import { seedSuites } from '../../core/suites.js';
import { ACTION_SCHEMA, OBSERVATION_SCHEMA, OUTCOMES } from './schema.js';
import { ACTION_INDEX, TENSOR_SPEC } from './tensor.js';

/** Cragwake's own published facts: the wall's width, the belay spacing and the difficulty table. */
export type CragwakeFacts = { width: number; ledgeEvery: number; difficulty: Json };

/** The published spec. */
export const spec: SpecWith<CragwakeFacts> = {
  slug: 'cragwake',
  name: 'Cragwake',
  genre: 'endless climbing, stamina management',
  description:
    'Climb an endless six-column wall one hold at a time, spending stamina and earning it back only by resting on jugs.',
  goal:
    'Climb as high as you can. Each ten rows end at a belay ledge that completes a pitch and refills your stamina; ' +
    'the wall grows harsher up to pitch 34 and then holds, while pitch awards keep rising.',
  scoring: [
    'Every row climbed above your previous high point is worth 10 points.',
    'Reaching the belay of pitch n is worth 100 × n, plus 15 for each stamina point you arrive with (counted before the refill).',
    'A pitch on which your stamina never fell to 3 or below is clean: your clean streak grows by one (to at most 6) and pays 150 × the streak; a pitch that dips resets the streak to 0.',
    'Nothing ever takes points away: running dry, spindrift, lost holds and ending the run cost no score.',
  ],
  rules: [
    'Four actions: move to an absolute cell {type:"move", row, col}, breathe, climbOn and endRun; one action is one turn.',
    'Rows count up from 0 and columns run 0-5; you start on row 0, column 3. Rows 0, 10, 20, … are belay ledges of six jugs with no breaths, untouched by ice, gusts, rockfall and overhangs.',
    'The state carries ten rows: from the floor (three rows under your high point, but never under the ledge the pitch began on) upward. Rows more than the foresight above your high point are fog: blank, flagged fogged, and never targets.',
    'A step reaches any of the eight neighbours. A lunge reaches two columns sideways, two sideways and one up, or two up and at most one across; lunges never go down.',
    'No lunging from an icy hold. Lunging off a cracked hold destroys it; stepping off it spends one crack, and at zero cracks it is gone.',
    'You may not move above the next belay you have not reached, so from the row under a belay only the one-row moves onto it are offered.',
    'A move costs 1 onto a jug or plain hold and 2 onto a crimp, plus 2 for a lunge, 2 for an icy target, 1 for an overhanging target row and 2 for a target column gusting this turn (9 at most). Moving onto a ledge always costs exactly 1.',
    'A move needs a hold in the band at or above the floor and at least its cost in stamina; there is no borrowing.',
    'Breathing is always allowed while climbing. On a jug with breaths left (not a ledge) it gives 4 stamina, or 2 on an overhanging row, never above the tank, and uses up one breath for good; anywhere else it costs 1.',
    'Frost creeps on a fixed turn interval: frosting holds turn icy, and dry holds next (left, right, above, below) to holds that were already icy begin frosting. Frosting costs nothing extra.',
    'Gusts and rockfall depend only on the seed and the turn and are shown for the coming turn. A gust adds 2 to moves into its columns; rockfall sweeps one column after your move: jug to plain, plain to cracked (one crack), crimp or cracked hold removed unless it is the only hold in its row.',
    'Rockfall never changes the hold you are on: you lose 4 stamina instead, counted as spindrift.',
    'Whenever a hold goes, the wall is repaired: any hold with no hold among the three cells above it gets a plain hold written straight above it, so a line of steps to the next belay always exists.',
    'Turn order: pay or gain stamina; spend a crack on the hold you left; move; score height; note a dip; if you reached the next belay, complete the pitch and stop; otherwise rockfall, frost, next turn, then the run ends if stamina is 0 or no move is affordable.',
    "Arriving on the belay completes the pitch even with 0 stamina; stamina refills to the next pitch's tank. On the belay only climbOn and endRun are offered, and the wall waits.",
    'The run ends at 0 stamina, when no move is affordable, or by endRun on a belay; all three keep every point already scored.',
    'Refusals change nothing. A malformed action is unknown_action; otherwise the reason is out_of_reach, bare_rock, under_floor, lunge_from_ice, too_costly (the message gives the cost and your stamina) or wrong_phase.',
    'Difficulty is listed at pitches 1, 5, 8, 13, 22 and 34 (see difficulty); it moves in straight lines between them and holds from pitch 34 on.',
  ],
  actionSchema: ACTION_SCHEMA,
  observationSchema: OBSERVATION_SCHEMA,
  outcomes: OUTCOMES,
  carry: 'state',
  rulesVersion: 'cragwake-2',
  suites: seedSuites('cragwake'),
  actionIndex: ACTION_INDEX,
  tensorSpec: TENSOR_SPEC,
  rankedBudget: {
    unit: 'turns',
    limit: 2000,
    counted: ['move', 'breathe'],
    why: 'About 30 minutes of human play at one turn a second; the wall never ends.',
  },
  progressLabel: 'pitch',
  exampleActions: [{ type: 'move', row: 1, col: 3 }, { type: 'breathe' }, { type: 'climbOn' }, { type: 'endRun' }],
  width: 6,
  ledgeEvery: 10,
  difficulty: LISTED.map((r) => ({ ...r })) as unknown as Json,
};
