/**
 * Golden runs (STYLE.md §5): a fixed agent plays a few seeds and the runs are pinned, step by step, in
 * golden/cragwake/agent-seed-*.json (the format of test/helpers/golden.ts, replayed by
 * test/golden.test.ts). Any change to the rules, the generator or the wire form shows up there; when a
 * change is intended, bump `rulesVersion` in spec.ts and re-record with
 * `RECORD_GOLDEN=1 npx vitest run src/games/cragwake/golden.test.ts`. Here the agent is held to them.
 */
import { describe, expect, it } from 'vitest';
import { advance, loadGolden, playAndRecord, writeGolden } from '../../../test/helpers/golden.js';
import { cragwake } from './index.js';
import { pricedActions } from './rules.js';
import { play } from './testkit.js';
import type { CragwakeAction, CragwakeState } from './types.js';
import { toWire } from './wire.js';

/** Cheapest upward move, breathing on jugs when under half a tank; climbs on at every belay. */
function agent(s: CragwakeState): CragwakeAction {
  if (s.phase === 'ledge') return { type: 'climbOn' };
  const priced = pricedActions(s);
  const breathe = priced[priced.length - 1];
  if (breathe.cost < 0 && s.stamina < 12) return breathe.action;
  let best = breathe;
  for (const p of priced) {
    if (p.action.type !== 'move') continue;
    const gain = p.action.row - s.row;
    const bestGain = best.action.type === 'move' ? best.action.row - s.row : -9;
    if (gain > bestGain || (gain === bestGain && p.cost < best.cost)) best = p;
  }
  return best.action;
}

const SEEDS = [1, 7, 42, 0xffffffff];
const PLAYER =
  'the fixed agent of src/games/cragwake/golden.test.ts: the highest move (cheapest among equals), breathing on a jug under 12 stamina, climbing on at every belay';

describe.skipIf(!process.env.RECORD_GOLDEN)('recording', () => {
  it.each(SEEDS)('records the fixed agent from seed %i', async (seed) => {
    const run = playAndRecord(cragwake, seed, PLAYER, 600, (s) => agent(s as CragwakeState));
    await writeGolden(`agent-seed-${seed}`, run);
  });
});

describe('golden runs', () => {
  it.each(SEEDS)('CW-070 seed %i: the fixed agent still plays the recorded run, to exhaustion', (seed) => {
    const run = loadGolden('cragwake', `agent-seed-${seed}`);
    let s = cragwake.init(seed);
    run.actions.forEach((a, i) => {
      expect(agent(s), `action ${i}`).toEqual(a);
      s = advance(cragwake, s, a, i) as CragwakeState;
    });
    expect(s.phase).toBe('over');
    expect(s.end).toBe('exhausted');
  });
});

describe('DETERMINISM', () => {
  it('CW-070 a seed and an action list replay bit for bit', () => {
    for (const seed of [3, 33]) {
      let s = cragwake.init(seed);
      const actions: CragwakeAction[] = [];
      const seen: string[] = [JSON.stringify(toWire(s))];
      for (let i = 0; i < 300 && s.phase !== 'over'; i++) {
        const a = agent(s);
        actions.push(a);
        s = play(s, a).state;
        seen.push(JSON.stringify(toWire(s)));
      }
      let r = cragwake.init(seed);
      expect(JSON.stringify(toWire(r))).toBe(seen[0]);
      actions.forEach((a, i) => {
        r = play(r, JSON.parse(JSON.stringify(a)) as CragwakeAction).state;
        expect(JSON.stringify(toWire(r))).toBe(seen[i + 1]);
      });
    }
  });
});
