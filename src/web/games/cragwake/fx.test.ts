import { describe, expect, it } from 'vitest';
import type { GameAction } from '../../../core/game.js';
import { cragwake, type CragwakeObservation } from '../../../games/cragwake/index.js';
import { wallChanges } from './fx.js';

const see = (s: unknown) => cragwake.observe(s as never) as unknown as CragwakeObservation;

describe('the Cragwake wall changes', () => {
  it('finds the cracks, crumbles, frost and ice of a turn, and the column its rockfall swept', () => {
    const seen = { crack: 0, crumble: 0, frost: 0, ice: 0, sweep: 0 };
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      let s = cragwake.init(seed);
      for (let i = 0; i < 120 && !cragwake.isGameOver(s); i++) {
        const p = see(s);
        // the first legal move upward-most, else any action but ending the run
        const legal = cragwake.legalActions(s) as GameAction[];
        const a =
          legal
            .filter((x) => x.type === 'move')
            .sort((x, y) => Number(y.row) - Number(x.row) || Number(x.col) - Number(y.col))[0] ??
          legal.find((x) => x.type !== 'endRun' && x.type !== 'end_run') ??
          legal[0];
        const r = cragwake.step(s, a as never);
        if (!r.ok) break;
        s = r.state;
        const q = see(s);
        const fx = wallChanges(p, q);
        if (q.pitch !== p.pitch || q.turn !== p.turn + 1) {
          expect(fx).toBeNull();
          continue;
        }
        expect(fx).not.toBeNull();
        expect(fx!.sweep).toBe(p.rockfall ?? null);
        if (fx!.sweep !== null) seen.sweep++;
        for (const c of fx!.changes) seen[c.kind]++;
      }
    }
    expect(seen.sweep).toBeGreaterThan(0);
    expect(seen.crack).toBeGreaterThan(0);
    expect(seen.crumble).toBeGreaterThan(0);
    expect(seen.frost + seen.ice).toBeGreaterThan(0);
  });
});
