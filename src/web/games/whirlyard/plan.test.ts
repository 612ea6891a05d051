import { describe, expect, it } from 'vitest';
import { chooseWhirlyard } from '../../../agents/whirlyard/heuristic.js';
import { actionOf } from '../../../agents/whirlyard/model.js';
import { whirlyard, type WhirlyardObservation } from '../../../games/whirlyard/index.js';
import { hintOf, planWhirlyard } from './plan.js';

const see = (s: unknown) => whirlyard.observe(s as never) as WhirlyardObservation;

describe('the Whirlyard motion plan', () => {
  it('reproduces every accepted turn of heuristic play, clears and catches included, from the pictures alone', () => {
    let turns = 0;
    let clears = 0;
    let pulses = 0;
    let collisions = 0;
    for (const seed of [1, 2, 3, 4]) {
      let s = whirlyard.init(seed);
      for (let i = 0; i < 150 && !whirlyard.isGameOver(s); i++) {
        const p = see(s);
        const r = whirlyard.step(s, actionOf(chooseWhirlyard(p)));
        if (!r.ok) throw new Error(r.message);
        const q = see(r.state);
        const events = r.events;
        expect(planWhirlyard(p, q), `seed ${seed} turn ${i}, no events`).not.toBeNull();
        const plan = planWhirlyard(p, q, hintOf(events, p.rover));
        expect(plan, `seed ${seed} turn ${i}`).not.toBeNull();
        const cleared = events.some((e) => e.type === 'wave_cleared');
        expect(plan!.cleared).toBe(cleared);
        expect(plan!.pulse).toBe(events.some((e) => e.type === 'pulse'));
        const moved = events.find((e) => e.type === 'moved' || e.type === 'waited');
        if (moved) expect(plan!.rover[1]).toEqual({ x: moved.x, y: moved.y });
        // every dismantled drone is where the engine dismantled it, in the same stage
        const dead = events
          .filter((e) => e.type === 'dismantled')
          .map((e) => `${e.step} ${e.x},${e.y}`)
          .sort();
        const planned = plan!.drones
          .filter((d) => d.end && d.end.how !== 'caught')
          .map(
            (d) =>
              `${d.end!.stage} ${d.cells[d.end!.stage === 'second' ? 2 : d.end!.stage === 'first' ? 1 : 0].x},${d.cells[d.end!.stage === 'second' ? 2 : d.end!.stage === 'first' ? 1 : 0].y}`,
          )
          .sort();
        expect(planned).toEqual(dead);
        turns++;
        if (cleared) clears++;
        if (plan!.pulse) pulses++;
        if (plan!.hits.some((h) => h.how === 'collision')) collisions++;
        s = r.state;
      }
    }
    expect(turns).toBeGreaterThan(300);
    expect(clears).toBeGreaterThan(10);
    expect(collisions).toBeGreaterThan(10);
    void pulses;
  });

  it('has no plan for a jump of several turns', () => {
    let s = whirlyard.init(5);
    const p = see(s);
    for (let i = 0; i < 2; i++) {
      const r = whirlyard.step(s, { type: 'wait' });
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(planWhirlyard(p, see(s))).toBeNull();
  });
});
