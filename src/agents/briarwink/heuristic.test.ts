import { describe, expect, it } from 'vitest';
import { replay } from '../../core/replay.js';
import { briarwink } from '../../games/briarwink/index.js';
import type { BriarwinkObservation } from '../../games/briarwink/observe.js';
import { measure } from '../measure.js';
import { random } from '../random.js';
import { CELLS, FLOOR } from './board.js';
import { briarwinkHeuristic, chooseBriarwink } from './heuristic.js';

const SEEDS = briarwink.spec.suites.dev.slice(0, 4);
const CAP = 1500;
const see = (state: unknown): BriarwinkObservation => briarwink.observe(state as never) as BriarwinkObservation;

describe('the Briarwink heuristic', () => {
  it('relights dimlings and clears nights where random scores next to nothing', async () => {
    const heuristic = await measure(briarwink, briarwinkHeuristic, SEEDS, CAP);
    const baseline = await measure(briarwink, random, SEEDS, CAP);
    expect(heuristic.mean).toBeGreaterThan(10 * Math.max(baseline.mean, 50));
    for (const run of heuristic.runs) {
      expect(see(run.state).player.nightsCleared).toBeGreaterThanOrEqual(1);
      const again = replay(briarwink, run);
      expect(again.ok && again.score).toBe(run.score);
    }
  });

  it('starts the night, then plants a pod and walks off it', () => {
    const memory = new Uint8Array(CELLS).fill(FLOOR);
    let state = briarwink.init(SEEDS[0]);
    expect(chooseBriarwink(see(state), memory)).toEqual({ type: 'start' });
    const started = briarwink.step(state, { type: 'start' });
    if (!started.ok) throw new Error(started.message);
    state = started.state;
    // Within a few hundred ticks of a quiet first night it plants, and never stands in its own bloom.
    let planted = false;
    for (let i = 0; i < 120 && !planted; i++) {
      const action = chooseBriarwink(see(state), memory);
      const r = briarwink.step(state, action);
      if (!r.ok) throw new Error(r.message);
      planted ||= see(r.state).pods.length > 0;
      state = r.state;
    }
    expect(planted).toBe(true);
    const o = see(state);
    const me = o.player.y * 7 + o.player.x;
    expect(o.pods[0].cell).not.toBe(me);
  });

  it('is deterministic for a seed', async () => {
    const a = await measure(briarwink, briarwinkHeuristic, SEEDS.slice(0, 1), 300);
    const b = await measure(briarwink, briarwinkHeuristic, SEEDS.slice(0, 1), 300);
    expect(a.runs[0].actions).toEqual(b.runs[0].actions);
  });
});
