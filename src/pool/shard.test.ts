/**
 * The pool's bookkeeping of a run (src/pool/shard.ts with a group's params, layout.ts): what a step
 * writes into the block for a played, a masked-out and an autoreset environment, as the Gymnasium vector
 * env answers it (rewards, terminated, truncated, refused, steps, game seed, pending autoreset).
 * test/python-pool.test.ts holds the whole path (Python, pool process) to the HTTP env's answers.
 */
import { describe, expect, it } from 'vitest';
import type { GameTensor } from '../core/tensor.js';
import { registry } from '../games/index.js';
import { DEFAULT_PARAMS, type GroupParams, layoutOf, paramsOf, views } from './layout.js';
import { Shard } from './shard.js';

const SLUG = 'delvewick'; // walls mask moves out: a masked-out index exists in most states

function group(n: number, params: GroupParams) {
  const t = registry.get(SLUG)!.tensor as GameTensor;
  const [c, h, w] = t.tensorSpec.planes.shape;
  const layout = layoutOf(n, c * h * w, t.tensorSpec.features.shape[0], t.actionIndex.length);
  const buffer = new ArrayBuffer(layout.bytes);
  const v = views(layout, buffer);
  const shard = new Shard(SLUG, layout, buffer, 0, n, params);
  const reset = (seeds: number[]) => {
    seeds.forEach((s, i) => {
      v.seeds[i] = s;
      v.resetMask[i] = 1;
    });
    shard.reset();
  };
  const step = (actions: number[]) => {
    actions.forEach((a, i) => (v.actions[i] = a));
    shard.step();
  };
  const row = (i: number) => v.planes.slice(i * layout.planes, (i + 1) * layout.planes);
  const mask = (i: number) => Array.from(v.masks.subarray(i * layout.actions, (i + 1) * layout.actions));
  return { v, reset, step, row, mask };
}

describe('the pool keeps each run as the vector env does', () => {
  it('a masked-out index is refused: nothing played, the refused reward, counted towards max_steps until it truncates', () => {
    const g = group(1, { ...DEFAULT_PARAMS, maxSteps: 2, refusedReward: -2.5 });
    g.reset([7]);
    const out = g.mask(0).indexOf(0);
    expect(out).toBeGreaterThanOrEqual(0);
    const before = g.row(0);
    g.step([out]);
    expect([g.v.refused[0], g.v.rewards[0], g.v.truncated[0], g.v.terminated[0], g.v.steps[0]]).toEqual([
      1, -2.5, 0, 0, 0,
    ]);
    expect(g.row(0)).toEqual(before);
    g.step([out]); // the second step of two: max_steps truncates a refused step too
    expect([g.v.refused[0], g.v.truncated[0], g.v.pending[0]]).toEqual([1, 1, 1]);
  });

  it('a played step: the score change as reward, one more step, the budget spent truncates; then an autoreset from the seed sent', () => {
    const g = group(2, { budget: 2, maxSteps: null, refusedReward: 0, autoreset: true });
    g.reset([3, 4]);
    expect(Array.from(g.v.gameSeed)).toEqual([3, 0, 4, 0]);
    for (let k = 0; k < 2; k++) {
      const score = g.v.scores[0];
      g.step([g.mask(0).indexOf(1), -1]); // slot 1 sits these out
      expect(g.v.refused[0]).toBe(0);
      expect(g.v.rewards[0]).toBe(g.v.scores[0] - score);
      expect(g.v.steps[0]).toBe(k + 1);
    }
    // Two units of budget spent: truncated, unless the run ended by itself.
    expect(g.v.truncated[0] + g.v.terminated[0]).toBe(1);
    expect(g.v.pending[0]).toBe(1);
    const fresh = group(1, DEFAULT_PARAMS);
    fresh.reset([99]);
    g.v.seeds[0] = 99;
    g.step([g.mask(0).indexOf(1), g.mask(1).indexOf(1)]); // slot 0 restarts whatever its index
    expect([g.v.gameSeed[0], g.v.steps[0], g.v.rewards[0], g.v.pending[0], g.v.truncated[0]]).toEqual([99, 0, 0, 0, 0]);
    expect(g.row(0)).toEqual(fresh.row(0));
    expect([g.v.gameSeed[2], g.v.steps[2], g.v.pending[1]]).toEqual([4, 1, 0]); // slot 1 played on
  });

  it('without autoreset an ended run is not restarted by a step', () => {
    const g = group(1, { ...DEFAULT_PARAMS, maxSteps: 1 });
    g.reset([5]);
    g.step([g.mask(0).indexOf(1)]);
    expect(g.v.pending[0]).toBe(1);
    g.step([g.mask(0).indexOf(1)]);
    expect(g.v.steps[0]).toBe(2);
  });

  it("the group's params are checked, a float JSON cannot hold coming by name", () => {
    expect(paramsOf(undefined)).toEqual(DEFAULT_PARAMS);
    expect(paramsOf({ refusedReward: '-Infinity', maxSteps: 0 })).toMatchObject({
      refusedReward: -Infinity,
      maxSteps: 0,
    });
    expect(() => paramsOf({ budget: 1.5 })).toThrow(/budget is an integer/);
    expect(() => paramsOf({ maxSteps: -1 })).toThrow(/maxSteps/);
    expect(() => paramsOf({ refusedReward: 'lots' })).toThrow(/refusedReward/);
    expect(() => paramsOf({ autoreset: 1 })).toThrow(/autoreset/);
  });
});
