import { describe, expect, it } from 'vitest';
import { CELLS, FLOOR } from '../../../agents/briarwink/board.js';
import { chooseBriarwink } from '../../../agents/briarwink/heuristic.js';
import { briarwink, type BriarwinkObservation } from '../../../games/briarwink/index.js';
import { planBriarwink } from './plan.js';

const see = (s: unknown) => briarwink.observe(s as never) as unknown as BriarwinkObservation;

describe('the Briarwink tick plan', () => {
  it('finds each bloom that burst, its cells by distance from the pod, and the dimlings relit by it', () => {
    let bursts = 0;
    let relit = 0;
    for (const seed of [1, 2, 3]) {
      let s = briarwink.init(seed);
      const memory = new Uint8Array(CELLS).fill(FLOOR);
      for (let i = 0; i < 600 && !briarwink.isGameOver(s); i++) {
        const p = see(s);
        const r = briarwink.step(s, chooseBriarwink(p, memory) as never);
        if (!r.ok) break;
        s = r.state;
        const q = see(s);
        const plan = planBriarwink(p, q);
        if (q.player.night !== p.player.night || q.turn <= p.turn) {
          expect(plan).toBeNull();
          continue;
        }
        expect(plan).not.toBeNull();
        const fresh = q.blooms.filter((b) => !p.blooms.some((x) => x.pod === b.pod));
        expect(plan!.bursts.map((b) => b.pod)).toEqual(fresh.map((b) => b.pod));
        for (const b of plan!.bursts) {
          const pod = p.pods.find((x) => x.id === b.pod)!;
          expect(b.centre).toBe(pod.cell);
          const centre = b.cells.filter((c) => c.step === 0);
          expect(centre).toEqual([{ cell: pod.cell, step: 0, side: 'centre' }]);
          // Every other cell lies on the cross: its row or its column, `step` cells out.
          for (const c of b.cells) {
            const dx = (c.cell % 7) - (pod.cell % 7);
            const dy = Math.floor(c.cell / 7) - Math.floor(pod.cell / 7);
            expect(dx === 0 || dy === 0).toBe(true);
            expect(Math.abs(dx) + Math.abs(dy)).toBe(c.step);
          }
          bursts++;
        }
        // The relit dimlings: gone from view, on a covered cell, as many as the relit count rose.
        expect(plan!.relit.length).toBeLessThanOrEqual(q.player.relitTotal - p.player.relitTotal);
        const covered = new Set(q.blooms.flatMap((b) => b.cells));
        for (const d of plan!.relit) {
          expect(q.dimlings.some((x) => x.id === d.id)).toBe(false);
          expect(covered.has(d.cell)).toBe(true);
        }
        relit += plan!.relit.length;
      }
    }
    expect(bursts).toBeGreaterThan(3);
    expect(relit).toBeGreaterThan(0);
  });

  it('is null for a jump (a seek) of more than one batch', () => {
    let s = briarwink.init(1);
    s = (briarwink.step(s, { type: 'start' } as never) as { state: typeof s }).state;
    const p = see(s);
    for (let i = 0; i < 2; i++)
      s = (briarwink.step(s, { type: 'tick', move: null, count: 30 } as never) as { state: typeof s }).state;
    expect(planBriarwink(p, see(s))).toBeNull();
  });
});
