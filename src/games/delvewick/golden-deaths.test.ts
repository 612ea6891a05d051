/**
 * Golden runs that die. The eight stored solutions (solutions.json) are the golden runs that win; these
 * are runs from `init` that end early, one for each way the rules allow: crushed by a falling rock and
 * out of oil (both play the solutions of levels 1-5 and then die on level 6; their level-6 actions were
 * found by seeded random play), and boxed in (on level 1; planned by hand, see ENDINGS). The runs are
 * golden/delvewick/dies-*.json (the format of test/helpers/golden.ts, replayed step for step by
 * test/golden.test.ts); here each is held to the ending it shows. Re-record after a rules change (and a
 * rules version bump) with `RECORD_GOLDEN=1 npx vitest run src/games/delvewick/golden-deaths.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGolden, recordRun, replayStates, writeGolden } from '../../../test/helpers/golden.js';
import { delvewick } from './index.js';
import { decodeActions, type SolutionsFile } from './solutions.js';
import { BOXED_IN, CRUSHED, OUT_OF_OIL, PLAYING, type DelvewickState } from './types.js';

const solutions: SolutionsFile = JSON.parse(readFileSync(new URL('./solutions.json', import.meta.url), 'utf8'));
const PREFIX = solutions.levels
  .slice(0, 5)
  .map((l) => l.actions)
  .join('');
/**
 * The endings: `prefix` (solved levels) then `tail`, ending on `level`. The level-6 tails were found by
 * seeded random play from the start of level 6. The boxed-in run was planned: on level 1 the mole digs
 * down the left column and along row 3, pushes the boulder at (9,3) left until it drops down the
 * column and lands at (1,7) on the soil of the corner (1,8); it then gets under the boulder at (2,5),
 * walks down column 2 one step ahead of it as it falls, and steps left into the corner. The first
 * boulder now rests on the mole, the second lands beside it with soil beyond (so it cannot be pushed),
 * and bedrock closes the other two sides.
 */
const ENDINGS = [
  {
    ending: 'crushed',
    code: CRUSHED,
    level: 6,
    prefix: PREFIX,
    tail: 'dddrwddulddrrrlddlrwlddldrwrurrrrrlrlwlrrwlrudlru',
  },
  {
    ending: 'out_of_oil',
    code: OUT_OF_OIL,
    level: 6,
    prefix: PREFIX,
    tail: 'dwrrludrrwlrlrddruullrudldrudlrduluulddlruulrlrrldrwrrddudduddddlllduw',
  },
  { ending: 'boxed_in', code: BOXED_IN, level: 1, prefix: '', tail: 'dddddduuuurrrrrrrurrdllllllllldddrddlw' },
] as const;
const SOLVED =
  'the stored solutions of levels 1-5 (src/games/delvewick/solutions.json), then a level-6 line found by seeded random play';
const PLAYERS: Record<(typeof ENDINGS)[number]['ending'], string> = {
  crushed: SOLVED,
  out_of_oil: SOLVED,
  boxed_in: 'a line planned by hand on level 1 (the plan is in src/games/delvewick/golden-deaths.test.ts)',
};

/** Every state after an action of the golden run that ends `ending`. */
const play = (ending: string, drop = 0): DelvewickState[] => {
  const run = loadGolden('delvewick', `dies-${ending}`);
  return replayStates(delvewick, {
    seed: run.seed,
    actions: run.actions.slice(0, run.actions.length - drop),
  }) as DelvewickState[];
};

describe.skipIf(!process.env.RECORD_GOLDEN)('recording', () => {
  it.each(ENDINGS)('records the run that ends $ending', async ({ ending, prefix, tail }) => {
    await writeGolden(`dies-${ending}`, recordRun(delvewick, 0, PLAYERS[ending], decodeActions(prefix + tail)));
  });
});

describe('golden runs that die', () => {
  it.each(ENDINGS.filter((e) => e.level === 6))(
    'DW-042 a run from init clears levels 1-5 and ends $ending on level 6, step for step',
    (ending) => {
      checkGolden(ending);
    },
  );
  it('DW-030 DW-042 a run from init ends boxed in on level 1 once the board settles around the mole, step for step', () => {
    const boxed = ENDINGS[2];
    const last = checkGolden(boxed);
    expect(last.oil).toBeGreaterThan(0);
    // one tick earlier every move was already refused, but the boulder beside the mole was still
    // falling: an unsettled board does not end the run, so only the wait that lands it does
    const before = play(boxed.ending, 1).pop()!;
    expect(before.end).toBe(PLAYING);
    for (const dir of ['up', 'down', 'left', 'right'] as const) {
      expect(delvewick.step(before, { type: 'move', dir }).ok, dir).toBe(false);
    }
    expect(delvewick.step(before, { type: 'wait' }).ok).toBe(true);
  });
});

/** Replays one ending's golden run and checks its end; returns the last state. */
function checkGolden({ ending, code, level, prefix, tail }: (typeof ENDINGS)[number]): DelvewickState {
  const run = loadGolden('delvewick', `dies-${ending}`);
  expect(run.actions).toEqual(decodeActions(prefix + tail));
  const states = play(ending);
  const last = states[states.length - 1];
  expect(last.level).toBe(level);
  expect(last.end).toBe(code);
  expect(states.slice(0, -1).every((s) => s.end === PLAYING)).toBe(true);
  expect(delvewick.isGameOver(last)).toBe(true);
  expect(delvewick.outcome(last)).toMatchObject({ kind: 'terminated', reason: ending });
  // the ending keeps every point banked: the score never drops on the last step
  expect(last.score).toBeGreaterThanOrEqual(states[states.length - 2].score);
  return last;
}
