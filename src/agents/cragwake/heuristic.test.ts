import { describe, expect, it } from 'vitest';
import { replay } from '../../core/replay.js';
import { cragwake } from '../../games/cragwake/index.js';
import { observe, type CragwakeObservation } from '../../games/cragwake/observe.js';
import { fromMap } from '../../games/cragwake/testkit.js';
import { measure } from '../measure.js';
import { random } from '../random.js';
import { chooseCragwake, cragwakeHeuristic } from './heuristic.js';

const SEEDS = cragwake.spec.suites.dev.slice(0, 5);
const CAP = 2000;
const see = (map: string, setup: Parameters<typeof fromMap>[1]): CragwakeObservation => observe(fromMap(map, setup));

describe('the Cragwake heuristic', () => {
  it('climbs far higher than random over dev seeds, and its runs replay to the same score', async () => {
    const heuristic = await measure(cragwake, cragwakeHeuristic, SEEDS, CAP);
    const baseline = await measure(cragwake, random, SEEDS, CAP);
    expect(heuristic.mean).toBeGreaterThan(20 * baseline.mean);
    expect(heuristic.min).toBeGreaterThan(baseline.max);
    for (const run of heuristic.runs) {
      // Every run gets through at least ten pitches (random rarely finishes the first).
      expect((run.state as { pitch: number }).pitch).toBeGreaterThan(10);
      const again = replay(cragwake, run);
      expect(again.ok && again.score).toBe(run.score);
    }
  });

  it('always climbs on from a completed belay', () => {
    const done = cragwake.step(fromMap(`10: =\n 9: P P P @P P P`, { stamina: 5 }), { type: 'move', row: 10, col: 3 });
    if (!done.ok) throw new Error(done.message);
    expect(chooseCragwake(cragwake.observe(done.state) as CragwakeObservation)).toEqual({ type: 'climbOn' });
  });

  it('breathes on a jug before a line it cannot afford cleanly', () => {
    const o = see(`6: C C C C C C\n5: C C C C C C\n4: P P P @J2 P P`, { stamina: 5 });
    expect(chooseCragwake(o)).toEqual({ type: 'breathe' });
  });

  it('heads for the belay by the cheapest line when it is in sight', () => {
    // From row 7 the belay is two moves away; straight up is an icy crimp, up-left a plain hold.
    const o = see(`10: =\n 9: . . . . . .\n 8: . P C* . . .\n 7: . . @P . . .`, { stamina: 12, high: 7 });
    expect(chooseCragwake(o)).toEqual({ type: 'move', row: 8, col: 1 });
  });

  it('leaves the rockfall column rather than take spindrift', () => {
    const o = see(`5: P P P P P P\n4: P P P @J0 P P`, { stamina: 10, rockfall: 3 });
    const a = chooseCragwake(o);
    expect(a.type).toBe('move');
    expect(a.col).not.toBe(3);
  });
});
