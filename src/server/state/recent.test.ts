import { describe, expect, it } from 'vitest';
import { RecentStates, sameJson } from './recent.js';

describe('RecentStates (recently issued tokens and their states)', () => {
  it('recalls the state a token was issued for, for the same game only', () => {
    const r = new RecentStates(8);
    const state = { turn: 3 };
    r.remember('tok-a', 'whirlyard', state);
    expect(r.recall('tok-a', 'whirlyard')).toBe(state);
    expect(r.recall('tok-a', 'briarwink')).toBeUndefined();
    expect(r.recall('tok-b', 'whirlyard')).toBeUndefined();
    expect(r.recall(42, 'whirlyard')).toBeUndefined();
    expect(r.recall({ toString: () => 'tok-a' }, 'whirlyard')).toBeUndefined();
  });

  it('holds at most its capacity, and forgets the oldest tokens first', () => {
    const r = new RecentStates(4);
    for (let i = 1; i <= 9; i++) {
      r.remember(`t${i}`, 'g', i);
      expect(r.size).toBeLessThanOrEqual(4);
    }
    expect(r.recall('t9', 'g')).toBe(9);
    expect(r.recall('t8', 'g')).toBe(8);
    expect(r.recall('t1', 'g')).toBeUndefined();
    expect(r.recall('t5', 'g')).toBeUndefined();
  });

  it('a token recalled from the older half is kept as if new', () => {
    const r = new RecentStates(4);
    r.remember('keep', 'g', 'kept');
    r.remember('a', 'g', 1);
    r.remember('b', 'g', 2); // 'keep' and 'a' are now the older half
    expect(r.recall('keep', 'g')).toBe('kept');
    r.remember('c', 'g', 3);
    r.remember('d', 'g', 4);
    expect(r.recall('keep', 'g')).toBe('kept');
    expect(r.recall('a', 'g')).toBeUndefined();
  });

  it('keeps a token used again and again while thousands of others come and go', () => {
    const r = new RecentStates(64);
    r.remember('root', 'g', 'root state');
    for (let i = 0; i < 5000; i++) {
      expect(r.recall('root', 'g')).toBe('root state');
      r.remember(`t${i}`, 'g', i);
    }
    expect(r.size).toBeLessThanOrEqual(64);
    expect(r.recall('t0', 'g')).toBeUndefined();
  });

  it('with room made for a batch, keeps every token of one batch until the next carries it back', () => {
    // A vector env of 200 runs on the default memory of 64: each batch carries the previous one's tokens.
    for (const items of [64, 200, 256]) {
      const r = new RecentStates(64);
      let tokens = Array.from({ length: items }, (_, i) => `b0-${i}`);
      r.makeRoom(items);
      tokens.forEach((t, i) => r.remember(t, 'g', i));
      for (let batch = 1; batch <= 5; batch++) {
        r.makeRoom(items);
        const next: string[] = [];
        tokens.forEach((t, i) => {
          expect(r.recall(t, 'g')).toBe(i);
          next.push(`b${batch}-${i}`);
          r.remember(next[i], 'g', i);
        });
        tokens = next;
        // A few single actions between batches do not push the batch out.
        for (let k = 0; k < 5; k++) r.remember(`single-${batch}-${k}`, 'g', -1);
      }
      expect(r.size).toBeLessThanOrEqual(6 * items);
    }
  });

  it('without a batch, the memory holds its capacity again once the room is used up', () => {
    const r = new RecentStates(4);
    r.makeRoom(10);
    for (let i = 0; i < 30; i++) r.remember(`b${i}`, 'g', i);
    expect(r.size).toBeGreaterThan(4);
    for (let i = 0; i < 100; i++) r.remember(`t${i}`, 'g', i);
    expect(r.size).toBeLessThanOrEqual(4);
    expect(r.recall('b29', 'g')).toBeUndefined();
  });

  it('with capacity 0 remembers nothing', () => {
    const r = new RecentStates(0);
    r.remember('t', 'g', 1);
    expect(r.size).toBe(0);
    expect(r.recall('t', 'g')).toBeUndefined();
  });
});

describe('sameJson (what the readable-state memory calls unchanged)', () => {
  it('is JSON equality: key order is ignored, every value, key and length counts', () => {
    expect(sameJson({ a: [1, 'x', null, true], b: { c: 0 } }, { b: { c: -0 }, a: [1, 'x', null, true] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1, c: 2 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson({ 0: 1 }, [1])).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson(NaN, NaN)).toBe(false);
    expect(sameJson(Infinity, Infinity)).toBe(true);
  });
});
