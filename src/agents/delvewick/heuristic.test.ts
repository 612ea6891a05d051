import { describe, expect, it } from 'vitest';
import { replay } from '../../core/replay.js';
import { levelStart, stateFromMap } from '../../games/delvewick/generate.js';
import { delvewick } from '../../games/delvewick/index.js';
import { naiveAction } from '../../games/delvewick/naive.js';
import type { DelvewickState } from '../../games/delvewick/types.js';
import { measure } from '../measure.js';
import { random } from '../random.js';
import type { AgentView } from '../types.js';
import { delvewickHeuristic } from './heuristic.js';

const SEEDS = delvewick.spec.suites.dev.slice(0, 4);
const CAP = 2000;

function viewOf(s: DelvewickState, step = 0): AgentView {
  return {
    game: 'delvewick',
    observation: delvewick.observe(s),
    legalActions: delvewick.legalActions(s),
    score: delvewick.score(s),
    step,
    state: s,
  };
}

describe('the Delvewick heuristic', () => {
  it('declares that it reads the engine state', () => {
    expect(delvewickHeuristic.needsState).toBe(true);
  });

  it('wins the whole run on dev seeds, far above random, and its runs replay to the same score', async () => {
    const heuristic = await measure(delvewick, delvewickHeuristic, SEEDS, CAP);
    const baseline = await measure(delvewick, random, SEEDS, CAP);
    for (const run of heuristic.runs) {
      expect(run.outcome).toEqual({ kind: 'terminated', reason: 'won' });
      const again = replay(delvewick, run);
      expect(again.ok && again.score).toBe(run.score);
    }
    expect(heuristic.min).toBeGreaterThan(10 * Math.max(baseline.max, 100));
  });

  it('solves live from a state it did not plan for, and clears the level', async () => {
    // Two moves off the committed solution's path: the agent must search from here itself.
    let s = levelStart(1, 3);
    for (const action of [{ type: 'wait' }, { type: 'move', dir: 'right' }] as const) {
      const r = delvewick.step(s, action);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    const agent = delvewickHeuristic({ game: 'delvewick', seed: 3 });
    for (let i = 0; i < 60 && s.level === 1 && s.end === 0; i++) {
      const r = delvewick.step(s, (await agent.act(viewOf(s, i))) as never);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(s.level).toBe(2);
  });

  it('falls back to the naive player when the solver finds no clear', async () => {
    // One gem short of the quota: no clear exists, so the naive player's move is taken.
    const s = stateFromMap(
      `
      #######
      #M%*%X#
      #######`,
      { quota: 2, oil: 20 },
    );
    const agent = delvewickHeuristic({ game: 'delvewick', seed: 0 });
    expect(await agent.act(viewOf(s))).toEqual(naiveAction(s));
    expect(naiveAction(s)).toEqual({ type: 'move', dir: 'right' });
  });

  it('refuses to play without the state', () => {
    const s = levelStart(1);
    const agent = delvewickHeuristic({ game: 'delvewick', seed: 0 });
    expect(() => agent.act({ ...viewOf(s), state: undefined })).toThrow(/needsState/);
  });
});
