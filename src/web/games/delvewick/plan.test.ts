import { describe, expect, it } from 'vitest';
import { delvewick, type DelvewickObservation } from '../../../games/delvewick/index.js';
import { decodeActions, type SolutionsFile } from '../../../games/delvewick/solutions.js';
import solutions from '../../../games/delvewick/solutions.json' with { type: 'json' };
import { planDelvewick } from './plan.js';

const see = (s: unknown) => delvewick.observe(s as never) as unknown as DelvewickObservation;

describe('the Delvewick motion plan', () => {
  it('follows every thing that moved in the stored solutions, one cell a tick, and marks the gems', () => {
    // the eight stored solutions, played as one run
    const runs = [(solutions as SolutionsFile).levels.map((l) => l.actions).join('')];
    let moved = 0;
    let gems = 0;
    for (const letters of runs) {
      let s = delvewick.init(1);
      for (const a of decodeActions(letters)) {
        const p = see(s);
        const r = delvewick.step(s, a);
        if (!r.ok) break;
        const q = see(r.state);
        s = r.state;
        const plan = planDelvewick(p, q);
        if (q.level !== p.level || q.endReason === 'won') {
          expect(plan).toBeNull();
          continue;
        }
        expect(plan).not.toBeNull();
        for (const m of plan!.moves)
          for (const [a, b] of m.via
            ? [
                [m.from, m.via],
                [m.via, m.to],
              ]
            : [[m.from, m.to]]) {
            expect(Math.abs(a.x - b.x) + Math.abs(a.y - b.y)).toBe(1);
            expect(b.y).toBeGreaterThanOrEqual(a.y);
          }
        // every thing that is not where it was came from somewhere the plan knows
        const fam = (c: string | undefined) => ({ O: 'O', o: 'O', '*': '*', v: '*', G: 'G', g: 'G' })[c ?? ''] ?? '';
        let away = 0;
        for (let y = 0; y < q.height; y++)
          for (let x = 0; x < q.width; x++) {
            const c = q.grid[y][x];
            const f = fam(c);
            const pf = fam(p.grid[y][x]);
            const still = c === c.toUpperCase() && (pf === f || (pf === 'G' && f === '*'));
            if (f && !still) away++;
          }
        expect(plan!.moves.length).toBe(away);
        moved += plan!.moves.length;
        gems += plan!.marks.filter((k) => k.kind === 'gem').length;
      }
    }
    expect(moved).toBeGreaterThan(20);
    expect(gems).toBeGreaterThan(5);
  });
});
