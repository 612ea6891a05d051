import { describe, expect, it } from 'vitest';
import { CAP_PITCH, LISTED, difficulty, type Difficulty } from './difficulty.js';

// The seed file's DIFFICULTY paragraph, one row per listed pitch, in its own order:
// tank, holds min-max, jug %, breaths, crimp %, cracked %, overhang %, icy %, frost every,
// gust columns, gust every, sweep every, foresight.
const SEED_TABLE: Record<number, number[]> = {
  1: [24, 4, 5, 34, 2, 0, 0, 0, 0, 0, 0, 0, 0, 6],
  5: [23, 4, 5, 26, 2, 12, 8, 12, 0, 0, 1, 5, 0, 6],
  8: [22, 3, 4, 20, 2, 21, 20, 24, 6, 9, 1, 5, 16, 6],
  13: [20, 2, 3, 12, 1, 36, 28, 40, 14, 7, 2, 4, 11, 6],
  22: [17, 2, 3, 12, 1, 50, 28, 40, 14, 4, 3, 2, 5, 5],
  34: [15, 2, 3, 12, 1, 50, 28, 40, 14, 4, 3, 2, 5, 3],
};

function asRow(d: Difficulty): number[] {
  return [
    d.tank,
    d.holdsMin,
    d.holdsMax,
    d.jugPct,
    d.jugBreaths,
    d.crimpPct,
    d.crackedPct,
    d.overhangPct,
    d.icyPct,
    d.frostEvery,
    d.gustCols,
    d.gustEvery,
    d.sweepEvery,
    d.foresight,
  ];
}

describe('the difficulty curve', () => {
  it.each(Object.keys(SEED_TABLE).map(Number))('CW-062 pins every parameter at listed pitch %i exactly', (pitch) => {
    expect(asRow(difficulty(pitch))).toEqual(SEED_TABLE[pitch]);
  });

  it('CW-062 the published table lists exactly the seed pitches', () => {
    expect(LISTED.map((r) => r.pitch)).toEqual([1, 5, 8, 13, 22, 34]);
    for (const r of LISTED) expect(asRow(r)).toEqual(SEED_TABLE[r.pitch]);
  });

  it('CW-068 CW-005 above pitch 34 nothing moves', () => {
    for (const p of [35, 50, 100, 10_000]) expect(difficulty(p)).toEqual(difficulty(CAP_PITCH));
  });

  it('between listed pitches plain parameters move in a straight line, rounded half up', () => {
    // tank 24 -> 23 over pitches 1..5: 23.75, 23.5, 23.25
    expect([2, 3, 4].map((p) => difficulty(p).tank)).toEqual([24, 24, 23]);
    // crimps 0 -> 12 over 1..5: 3, 6, 9 exactly
    expect([2, 3, 4].map((p) => difficulty(p).crimpPct)).toEqual([3, 6, 9]);
    // breaths 2 -> 1 over 8..13: 1.8, 1.6, 1.4, 1.2
    expect([9, 10, 11, 12].map((p) => difficulty(p).jugBreaths)).toEqual([2, 2, 1, 1]);
    // foresight 5 -> 3 over 22..34: 4.5 at 25 rounds up to 5, 4 at 28, 3.5 at 31 rounds up to 4
    expect([25, 28, 31, 33].map((p) => difficulty(p).foresight)).toEqual([5, 4, 4, 3]);
  });

  it('"every N turns" parameters interpolate as rates, so an off hazard eases in', () => {
    // sweeps: never at 5, every 16 at 8 -> rate 1/48 at 6 and 1/24 at 7
    expect([6, 7].map((p) => difficulty(p).sweepEvery)).toEqual([48, 24]);
    // gusts: never at 1, every 5 at 5 -> intervals 20, 10, 6.67 (7)
    expect([2, 3, 4].map((p) => difficulty(p).gustEvery)).toEqual([20, 10, 7]);
    // frost 9 at 8 -> 7 at 13: 1/interval moves linearly
    for (let p = 9; p < 13; p++) {
      const rate = 1 / 9 + ((1 / 7 - 1 / 9) * (p - 8)) / 5;
      expect(difficulty(p).frostEvery).toBe(Math.floor(1 / rate + 0.5));
    }
  });

  it('CW-005 the wall never gets easier as the pitch rises', () => {
    for (let p = 1; p < 40; p++) {
      const a = difficulty(p);
      const b = difficulty(p + 1);
      expect(b.tank).toBeLessThanOrEqual(a.tank);
      expect(b.holdsMax).toBeLessThanOrEqual(a.holdsMax);
      expect(b.jugPct).toBeLessThanOrEqual(a.jugPct);
      expect(b.crimpPct).toBeGreaterThanOrEqual(a.crimpPct);
      expect(b.foresight).toBeLessThanOrEqual(a.foresight);
      if (a.sweepEvery > 0) expect(b.sweepEvery).toBeLessThanOrEqual(a.sweepEvery);
      expect(b.foresight).toBeGreaterThanOrEqual(3);
    }
  });
});
