import { describe, expect, it } from 'vitest';
import { replay } from '../../core/replay.js';
import { whirlyard } from '../../games/whirlyard/index.js';
import type { WhirlyardObservation } from '../../games/whirlyard/observe.js';
import { measure } from '../measure.js';
import { random } from '../random.js';
import { chooseWhirlyard, whirlyardHeuristic } from './heuristic.js';
import { simOf, play, PULSE, WAIT } from './model.js';

const see = (state: unknown): WhirlyardObservation => whirlyard.observe(state as never) as WhirlyardObservation;
const SEEDS = whirlyard.spec.suites.dev.slice(0, 6);
const CAP = 500;

describe('the Whirlyard heuristic', () => {
  it('beats random by a wide margin over dev seeds, and survives to the step cap', async () => {
    const heuristic = await measure(whirlyard, whirlyardHeuristic, SEEDS, CAP);
    const baseline = await measure(whirlyard, random, SEEDS, CAP);
    expect(heuristic.mean).toBeGreaterThan(20 * baseline.mean + 10_000);
    expect(heuristic.min).toBeGreaterThan(baseline.max);
    for (const run of heuristic.runs) expect(run.outcome).toEqual({ kind: 'truncated', reason: 'max_steps' });
  });

  it('plays runs that replay to the same score, deterministically', async () => {
    const a = await measure(whirlyard, whirlyardHeuristic, SEEDS.slice(0, 2), 200);
    const b = await measure(whirlyard, whirlyardHeuristic, SEEDS.slice(0, 2), 200);
    for (const [i, run] of a.runs.entries()) {
      const again = replay(whirlyard, run);
      expect(again.ok && again.score).toBe(run.score);
      expect(b.runs[i].actions).toEqual(run.actions);
    }
  });

  it('models a turn exactly as the engine plays it', () => {
    // Every legal move/wait/pulse from the states of a played run: the model's outcome matches the engine's.
    let state = whirlyard.init(SEEDS[0]);
    for (let i = 0; i < 150 && !whirlyard.isGameOver(state); i++) {
      const o = see(state);
      const sim = simOf(o);
      for (const action of whirlyard.legalActions(state)) {
        if (action.type === 'end_run') continue;
        const code =
          action.type === 'wait'
            ? WAIT
            : action.type === 'pulse'
              ? PULSE
              : ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'].indexOf(action.direction);
        const r = whirlyard.step(state, action);
        if (!r.ok) throw new Error(r.message);
        const out = play(sim, code);
        const after = see(r.state);
        expect(out.caught).toBe(after.endReason === 'caught');
        if (out.caught) continue;
        expect(out.cleared).toBe(after.wave > o.wave);
        expect(o.score + out.points).toBe(after.score);
        if (!out.cleared) {
          expect(out.sim.drones.map((c) => ({ x: c % 6, y: Math.floor(c / 6) }))).toEqual(
            after.drones.map((d) => ({ x: d.x, y: d.y })),
          );
          expect([...out.sim.scrap].flatMap((v, c) => (v ? [{ x: c % 6, y: Math.floor(c / 6) }] : []))).toEqual(
            after.scrap,
          );
        }
      }
      const code = chooseWhirlyard(o);
      const chosen = whirlyard
        .legalActions(state)
        .find((a) =>
          code === WAIT
            ? a.type === 'wait'
            : code === PULSE
              ? a.type === 'pulse'
              : a.type === 'move' && a.direction === ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'][code],
        )!;
      const r = whirlyard.step(state, chosen);
      if (!r.ok) throw new Error(r.message);
      state = r.state;
    }
  });

  it('pulses only when no move or wait survives', () => {
    // Rover boxed in by drones next to it on every side, a charge in hand.
    const o = see(whirlyard.init(SEEDS[0]));
    const boxed = {
      ...o,
      rover: { x: 0, y: 0 },
      drones: [
        { x: 1, y: 0, charged: false },
        { x: 0, y: 1, charged: false },
        { x: 1, y: 1, charged: false },
      ],
      scrap: [],
      charges: 1,
    };
    expect(chooseWhirlyard(boxed)).toBe(PULSE);
    const open = { ...boxed, drones: [{ x: 4, y: 4, charged: false }], charges: 2 };
    expect(chooseWhirlyard(open)).not.toBe(PULSE);
  });
});
