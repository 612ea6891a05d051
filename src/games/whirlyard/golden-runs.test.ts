/**
 * Golden runs into the late waves. Random play rarely lives past wave 6, so the rules for waves 13 and
 * later (10 drones, 4 charged) were only ever checked in hand-made positions; these runs reach them by
 * play. They are golden/whirlyard/lookahead-seed-*.json (the format of test/helpers/golden.ts, replayed
 * step for step by test/golden.test.ts); their actions came from the depth-3 lookahead player in
 * lookahead.ts, and one test checks the player still chooses them. Re-record (after a rules change and
 * a RULES_VERSION bump) with `RECORD_GOLDEN=1 npx vitest run src/games/whirlyard/golden-runs.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { advance, loadGolden, playAndRecord, replayStates, writeGolden } from '../../../test/helpers/golden.js';
import { whirlyard } from './index.js';
import { lookaheadAction } from './lookahead.js';
import { init } from './rules.js';
import type { WhirlyardState } from './types.js';

const SEEDS = [1, 2, 3];
/** Actions per run: enough to be well past wave 15 (each run reaches wave 25 or so). */
const LENGTH = 50;
const DEPTH = 3;
const PLAYER = 'the depth-3 lookahead player (src/games/whirlyard/lookahead.ts)';
const load = (seed: number) => loadGolden('whirlyard', `lookahead-seed-${seed}`);

describe.skipIf(!process.env.RECORD_GOLDEN)('recording', () => {
  it.each(SEEDS)('records the lookahead run from seed %i', async (seed) => {
    const run = playAndRecord(whirlyard, seed, PLAYER, LENGTH, (s) => lookaheadAction(s as WhirlyardState, DEPTH));
    await writeGolden(`lookahead-seed-${seed}`, run);
  });
});

describe('golden runs into the late waves', () => {
  it.each(SEEDS)('WY-042 seed %i replays as recorded and reaches wave 20 and later, still in play', (seed) => {
    const run = load(seed);
    const states = replayStates(whirlyard, run) as WhirlyardState[];
    expect(states.map((s) => s.score)).toEqual(run.steps.map((st) => st.score));
    const last = states[states.length - 1];
    expect(last.over).toBe(false);
    expect(last.wave).toBeGreaterThanOrEqual(20);
  });

  it.each(SEEDS)('WY-019 seed %i: every wave from 13 on is laid out with 10 drones, 4 of them charged', (seed) => {
    const lateWaves = new Set<number>();
    for (const s of replayStates(whirlyard, load(seed)) as WhirlyardState[]) {
      if (s.waveTurn === 0 && s.wave >= 13) {
        expect(s.drones, `wave ${s.wave}`).toHaveLength(10);
        expect(s.charged.filter(Boolean), `wave ${s.wave}`).toHaveLength(4);
        lateWaves.add(s.wave);
      }
    }
    expect(lateWaves.size).toBeGreaterThanOrEqual(5);
  });

  it('the lookahead player still chooses the recorded actions (seed 1)', () => {
    const run = load(1);
    expect(run.player).toBe(PLAYER);
    let s: WhirlyardState = init(1);
    run.actions.forEach((a, i) => {
      expect(lookaheadAction(s, DEPTH)).toEqual(a);
      s = advance(whirlyard, s, a, i) as WhirlyardState;
    });
  });
});
