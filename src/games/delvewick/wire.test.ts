/**
 * The wire form: exact round trips in every kind of state, and loud failures on anything malformed.
 */
import { describe, expect, it } from 'vitest';
import type { WireState } from '../../core/game.js';
import { delvewick } from './index.js';
import { act, fromMap } from './testkit.js';
import type { DelvewickState } from './types.js';

const json = (s: DelvewickState) => JSON.stringify(delvewick.toWire(s));
const roundTrip = (s: DelvewickState) => delvewick.fromWire(JSON.parse(json(s)));

describe('wire', () => {
  it('round-trips playing, falling, chained, crushed, boxed-in and won states exactly', () => {
    const states = [
      delvewick.init(99),
      act(fromMap('#O.#\n#M.#\n#%%#'), 'right'),
      act(fromMap('#M**...#\n########'), 'right', 'right'),
      act(fromMap('#o#\n#M#\n###'), 'wait'),
      act(fromMap('####\n#O##\n#M*#\n####'), 'right', 'wait'),
      act(fromMap('#ME#\n####', { level: 8, quota: 1, gems: 1 }), 'right'),
    ];
    for (const s of states) {
      const back = roundTrip(s);
      expect(json(back)).toBe(json(s));
      expect(back.end).toBe(s.end);
      expect(delvewick.legalActions(back)).toEqual(delvewick.legalActions(s));
    }
  });

  it('carries everything readable and nothing secret', () => {
    const w = delvewick.toWire(delvewick.init(1));
    expect(w.secret).toBeUndefined();
    expect(Object.keys(w.data as object).sort()).toEqual(
      ['chain', 'chainAge', 'end', 'exitOpen', 'gems', 'level', 'mole', 'oil', 'quota', 'rows', 'score', 'seed'].sort(),
    );
  });

  it('throws on malformed or inconsistent data', () => {
    const good = JSON.parse(json(delvewick.init(1))).data;
    const bad: Record<string, unknown>[] = [
      { ...good, rows: [] },
      { ...good, rows: ['#M', '#'] },
      { ...good, rows: good.rows.map((r: string) => r.replace('M', '.')) },
      { ...good, rows: good.rows.map((r: string) => r.replace('%', '?')) },
      { ...good, mole: [0, 0] },
      { ...good, mole: 'here' },
      { ...good, oil: -1 },
      { ...good, oil: 1.5 },
      { ...good, score: '10' },
      { ...good, level: 9 },
      { ...good, end: 'lost' },
      { ...good, exitOpen: 'no' },
      { ...good, exitOpen: true },
      { ...good, chainAge: 2 },
      { ...good, seed: -4 },
    ];
    for (const data of bad) expect(() => delvewick.fromWire({ data: data as never }), JSON.stringify(data)).toThrow();
  });
});

describe('a wide seed', () => {
  it('is accepted and echoed through the wire form (Delvewick draws nothing from its seed)', () => {
    const wide = 'a'.repeat(32);
    const s = delvewick.init(wide);
    expect(delvewick.seedOf(delvewick.fromWire(JSON.parse(JSON.stringify(delvewick.toWire(s))) as WireState))).toBe(
      wide,
    );
    expect(delvewick.toWire(s).data).toEqual({ ...(delvewick.toWire(delvewick.init(0)).data as object), seed: wide });
  });
});
