/**
 * The seed's Goal and RUN rules: the shape of a run, how it ends, and that nothing in it is random.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.js';
import { parseRows } from './board.js';
import { LEVELS } from './generate.js';
import { delvewick } from './index.js';
import { act, refusal, fromMap, toMap } from './testkit.js';
import { BOXED_IN, CRUSHED, OUT_OF_OIL, PLAYING, type DelvewickAction } from './types.js';

const wire = (s: unknown) => JSON.stringify(delvewick.toWire(s as never));

describe('the run', () => {
  it('DW-002 starts at level 1 with its oil and quota, and descends one level per exit', () => {
    const s = delvewick.init(7);
    expect([s.level, s.oil, s.quota, s.score, s.gems]).toEqual([1, LEVELS[0].oil, LEVELS[0].quota, 0, 0]);
    let t = fromMap('#ME#\n####', { level: 1, quota: 1, gems: 1 });
    for (let level = 2; level <= 8; level++) {
      t = act(t, 'right');
      expect(t.level).toBe(level);
      expect(t.quota).toBe(LEVELS[level - 1].quota);
      t = fromMap('#ME#\n####', { level, quota: 1, gems: 1, score: t.score });
    }
  });

  it('DW-004 between actions everything is frozen, even mid-fall: a falling object stays falling through the wire', () => {
    const s = act(fromMap('#O.#\n#..#\n#..#\n#.M#\n####'), 'wait');
    expect(toMap(s)).toBe('#..#\n#o.#\n#..#\n#.M#\n####');
    const back = delvewick.fromWire(JSON.parse(wire(s)));
    expect(toMap(back)).toBe(toMap(s));
    expect(toMap(act(back, 'wait'))).toBe('#..#\n#..#\n#o.#\n#.M#\n####');
  });

  it('DW-014 the mole occupies exactly one cell: a map with two moles is refused, and play keeps one', () => {
    expect(() => parseRows(['#MM#'])).toThrow(/more than one mole/);
    const rng = Rng.fromSeed(11);
    let s = delvewick.init(0);
    for (let i = 0; i < 300 && s.end === PLAYING; i++) {
      const r = delvewick.step(s, rng.pick(delvewick.legalActions(s)));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      if (s.end === PLAYING) expect(toMap(s).split('M').length - 1).toBe(1);
    }
  });

  describe('DW-042 every ending keeps the full banked score', () => {
    it('crushed by a falling rock', () => {
      const s = act(fromMap('#o#\n#M#\n###', { score: 420 }), 'wait');
      expect([s.end, s.score]).toEqual([CRUSHED, 420]);
      expect(delvewick.isGameOver(s)).toBe(true);
    });

    it('out of oil', () => {
      const s = act(fromMap('#M*#\n####', { score: 90, oil: 1 }), 'right');
      expect([s.end, s.score]).toEqual([OUT_OF_OIL, 90 + 25]);
    });

    it('boxed in', () => {
      const s = act(fromMap('####\n#O##\n#M*#\n####', { score: 5 }), 'right', 'wait');
      expect([s.end, s.score]).toEqual([BOXED_IN, 5 + 25]);
    });
  });

  it('DW-043 has no randomness: every seed plays the same levels, and the seed is only echoed', () => {
    const a = delvewick.init(0);
    const b = delvewick.init(0xffffffff);
    expect(delvewick.seedOf(b)).toBe(0xffffffff);
    expect(wire({ ...b, seed: 0 })).toBe(wire(a));
  });

  it('DW-044 a run is a pure function of its action list', () => {
    const rng = Rng.fromSeed(5);
    const actions: DelvewickAction[] = [];
    let s = delvewick.init(3);
    while (s.end === PLAYING && actions.length < 200) {
      const a = rng.pick(delvewick.legalActions(s));
      actions.push(a);
      const r = delvewick.step(s, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    let again = delvewick.init(3);
    for (const a of actions) {
      const r = delvewick.step(again, a);
      if (!r.ok) throw new Error(r.message);
      again = r.state;
    }
    expect(wire(again)).toBe(wire(s));
    expect(refusal(again, 'wait') === null).toBe(again.end === PLAYING);
  });
});
