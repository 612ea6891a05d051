import { describe, expect, it } from 'vitest';
import { CELLS, FLOOR } from '../../../agents/briarwink/board.js';
import { chooseBriarwink } from '../../../agents/briarwink/heuristic.js';
import { briarwink, type BriarwinkObservation, type BriarwinkState } from '../../../games/briarwink/index.js';
import { Rng, seedRng } from '../../../core/rng.js';
import { dimlingFirst, walkPath } from './path.js';

const see = (s: BriarwinkState) => briarwink.observe(s) as unknown as BriarwinkObservation;

describe('the Briarwink walk preview', () => {
  it("takes the engine's first step for walkTo, over states of played nights and random targets", () => {
    const rng = new Rng(seedRng(40));
    let compared = 0;
    let moved = 0;
    let skipped = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      let s = briarwink.init(seed);
      const memory = new Uint8Array(CELLS).fill(FLOOR);
      for (let i = 0; i < 900 && !briarwink.isGameOver(s); i++) {
        const o = see(s);
        // a creep mark hides the terrain under it (the preview takes it as open): states with a mark
        // on briar are left out, and counted
        const hidden = o.marks.some((c) => s.terrain[c] > 1);
        if (hidden) skipped++;
        if (s.status === 1 && o.player.x >= 0 && s.pTo < 0 && i % 3 === 0 && !hidden) {
          const target = rng.int(63);
          const r = briarwink.step(s, { type: 'tick', walkTo: target } as never);
          expect(r.ok).toBe(true);
          // a heart lost or a night cleared on this tick ends the step it began: those ticks show no step
          if (r.ok && r.state.hearts === s.hearts && r.state.night === s.night) {
            const path = walkPath(o, target);
            const at = o.player.y * 7 + o.player.x;
            expect(path[0]).toBe(at);
            expect(
              r.state.pTo,
              `seed ${seed} tick ${o.turn} target ${target}\n${o.map.join('\n')}\nmarks ${o.marks.join(' ')} from ${at} path ${path.join(' ')} terrain ${[...s.terrain].join('')}`,
            ).toBe(path[1] ?? -1);
            compared++;
            if (path.length > 1) moved++;
          }
        }
        const r = briarwink.step(s, chooseBriarwink(o, memory) as never);
        if (!r.ok) break;
        s = r.state;
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(moved).toBeGreaterThan(200);
    expect(skipped).toBeLessThan(compared);
  });

  it('marks the path cells a dimling reaches no later than the gardener, and none when it is far', () => {
    let s = briarwink.init(1);
    const r = briarwink.step(s, { type: 'start' } as never);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    const o = see(s);
    const from = o.player.y * 7 + o.player.x;
    // an empty garden (but for the gardener), one mope placed by hand in the observation
    const map = Array.from({ length: 9 }, (_, y) =>
      Array.from({ length: 7 }, (_, x) => (y * 7 + x === from ? 'G' : '.')).join(''),
    );
    const far = from % 7 < 3 ? 6 : 0;
    const bare = { ...o, map, pods: [], blooms: [], dimlings: [] };
    const target = ((from / 7) | 0) * 7 + far;
    const path = walkPath(bare, target);
    expect(path.at(-1)).toBe(target);
    expect(path.length).toBe(Math.abs(far - (from % 7)) + 1);
    // a mope two rows off the path's far end: 2 steps of 15 ticks against the gardener's steps there
    const near = target + (from < 35 ? 14 : -14);
    const mope = { id: 1, kind: 'mope' as const, cell: near, heading: null, spotted: false, shimmer: 0 };
    const marked = dimlingFirst({ ...bare, dimlings: [mope] }, path);
    const steps = path.length - 1;
    expect(marked.has(target)).toBe(2 * 15 <= steps * o.player.stepTicks);
    expect([...marked].every((c) => path.includes(c) && c !== from)).toBe(true);
    expect(marked.size).toBeGreaterThan(0);
    // the same mope walled off by briar reaches nothing
    const ny = (near / 7) | 0;
    const ring = map.map((row, y) =>
      [...row].map((ch, x) => (Math.abs(x - (near % 7)) + Math.abs(y - ny) === 1 ? '%' : ch)).join(''),
    );
    expect(dimlingFirst({ ...bare, map: ring, dimlings: [mope] }, path).size).toBe(0);
    // a rootling walks briar (24 ticks a step): it still gets there
    expect(
      dimlingFirst({ ...bare, map: ring, dimlings: [{ ...mope, kind: 'rootling' as const }] }, path).size,
    ).toBeGreaterThan(0);
  });
});
