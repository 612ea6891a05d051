import { describe, expect, it } from 'vitest';
import { Rng, hash32, isRngState, isSeed, seedRng } from './rng.js';

/** sfc32 written independently with BigInt arithmetic, straight from PractRand's definition. */
function referenceSfc32(a0: number, b0: number, c0: number, d0: number, count: number): number[] {
  const M = (1n << 32n) - 1n;
  let a = BigInt(a0),
    b = BigInt(b0),
    c = BigInt(c0),
    d = BigInt(d0);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = (a + b + d) & M;
    d = (d + 1n) & M;
    a = b ^ (b >> 9n);
    b = (c + (c << 3n)) & M;
    c = ((((c << 21n) | (c >> 11n)) & M) + t) & M;
    out.push(Number(t));
  }
  return out;
}

describe('sfc32 generator', () => {
  it('matches an independent BigInt implementation of sfc32 for 1,000 outputs', () => {
    for (const seed of [0, 1, 7, 123456789, 0xffffffff]) {
      const s = seedRng(seed);
      const rng = new Rng(s);
      const ours = Array.from({ length: 1000 }, () => rng.nextU32());
      expect(ours).toEqual(referenceSfc32(s[0], s[1], s[2], s[3], 1000));
    }
  });

  it('pins the first outputs for fixed seeds (any change here changes every game)', () => {
    const first = (seed: number) => {
      const r = Rng.fromSeed(seed);
      return Array.from({ length: 5 }, () => r.nextU32());
    };
    expect(first(0)).toEqual([591558436, 2737234123, 107644106, 1338548054, 2499804003]);
    expect(first(1)).toEqual([792534090, 3215351813, 160231488, 1151041103, 1990438114]);
    expect(first(7)).toEqual([3717842623, 3665254222, 3355698721, 1178360208, 2102870909]);
    expect(first(0xffffffff)).toEqual([401775837, 815230463, 1635982147, 2773186149, 285779518]);
  });

  it('pins the seeded state: splitmix32 words then d = 1, warmed up 12 steps', () => {
    expect(seedRng(7)).toEqual([408446460, 3309396150, 3857504234, 13]);
  });

  it('different streams of one seed differ', () => {
    expect(seedRng(7, 0)).not.toEqual(seedRng(7, 1));
  });

  it('state() captures everything: a generator rebuilt from it continues identically', () => {
    const a = Rng.fromSeed(99);
    a.nextU32();
    const b = new Rng(a.state());
    expect(Array.from({ length: 20 }, () => b.nextU32())).toEqual(Array.from({ length: 20 }, () => a.nextU32()));
  });

  it('int(n) stays in range and is roughly uniform', () => {
    const r = Rng.fromSeed(3);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[r.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
    expect(() => r.int(0)).toThrow(RangeError);
  });

  it('below(n) gives every value in [0, n) about equally often and nothing else', () => {
    const rng = Rng.fromSeed(9);
    for (const n of [1, 2, 17, 27]) {
      const counts = new Array(n).fill(0);
      const draws = 2000 * n;
      for (let i = 0; i < draws; i++) counts[rng.below(n)]++;
      for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(300);
    }
  });

  it('below(n) draws again when the low word falls under 2^32 mod n', () => {
    // n = 3: 2^32 mod 3 = 1, so a draw of 0 (low word 0) is rejected and 2^31 gives floor(1.5) = 1
    const rng = Rng.fromSeed(1);
    const outputs = [0, 2 ** 31];
    rng.nextU32 = () => outputs.shift() as number;
    expect(rng.below(3)).toBe(1);
    expect(outputs).toEqual([]);
  });

  it('next() is in [0, 1)', () => {
    const r = Rng.fromSeed(5);
    for (let i = 0; i < 10000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('shuffle is a permutation and deterministic', () => {
    const a = Rng.fromSeed(11).shuffle([1, 2, 3, 4, 5, 6, 7, 8]);
    const b = Rng.fromSeed(11).shuffle([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a).toEqual(b);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('isSeed accepts exactly the integers 0..2^32-1', () => {
    for (const ok of [0, 1, 7, 0xffffffff]) expect(isSeed(ok)).toBe(true);
    for (const bad of [-1, 0x100000000, 1.5, NaN, Infinity, '7', null]) expect(isSeed(bad)).toBe(false);
  });

  it('isRngState checks shape and word range', () => {
    expect(isRngState([1, 2, 3, 4])).toBe(true);
    expect(isRngState([1, 2, 3])).toBe(false);
    expect(isRngState([1, 2, 3, -1])).toBe(false);
    expect(isRngState([1, 2, 3, 2 ** 32])).toBe(false);
  });

  it('hash32 is a pure function of its inputs and spreads nearby inputs', () => {
    expect(hash32(7, 3)).toBe(hash32(7, 3));
    expect(hash32(7, 3)).toBe(3733213525);
    expect(hash32(7, 3)).not.toBe(hash32(7, 4));
    expect(hash32(7, 3)).not.toBe(hash32(3, 7));
  });
});
