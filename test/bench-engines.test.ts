/**
 * The engine bench's figures: each task measured in rounds, the best round kept, and the ratios round
 * by round against the baseline of the same round (bench/engines.ts), and the cases a game publishes in
 * its own folder (src/games/<slug>/bench.ts), found by its slug.
 */
import { describe, expect, it } from 'vitest';
import { BASELINE, benchCasesFor, benchEngines, summariseRounds } from '../bench/engines.js';

describe('summariseRounds', () => {
  const rounds = new Map([
    [BASELINE, [2_000_000, 4_000_000, 3_000_000]],
    ['fast: step + legalActions', [1_000_000, 1_600_000, 1_500_000]],
    ['slow: replay verification', [300_000, 400_000, 600_000]],
  ]);

  it('keeps each task in order with its best round, as a ratio to the baseline best round', () => {
    const figures = summariseRounds(rounds, BASELINE);
    expect(figures.map((f) => f.name)).toEqual([...rounds.keys()]);
    expect(figures[1].stepsPerSecond).toBe(1_600_000);
    expect(figures[1].ratioToBaseline).toBeCloseTo(0.4);
    expect(figures[2].stepsPerSecond).toBe(600_000);
    expect(figures[2].ratioToBaseline).toBeCloseTo(0.15);
  });

  it('gives the range of ratios taken round by round, each against the baseline of its own round', () => {
    const [base, fast, slow] = summariseRounds(rounds, BASELINE);
    expect(base.roundRatios).toEqual([1, 1]);
    expect(fast.roundRatios[0]).toBeCloseTo(0.4); // 1.6M against 4M
    expect(fast.roundRatios[1]).toBeCloseTo(0.5); // 1.0M against 2M and 1.5M against 3M
    expect(slow.roundRatios[0]).toBeCloseTo(0.1);
    expect(slow.roundRatios[1]).toBeCloseTo(0.2);
  });

  it('refuses rounds without the baseline, or a task with another number of rounds', () => {
    expect(() => summariseRounds(new Map([['x', [1]]]), BASELINE)).toThrow(/baseline/);
    const short = new Map([...rounds, ['short', [1, 2]]]);
    expect(() => summariseRounds(short, BASELINE)).toThrow(/ran 2 rounds, the baseline 3/);
  });
});

describe('benchEngines', () => {
  it('measures one game in rounds: the baseline at 1, the game beside it, every figure positive', async () => {
    const figures = await benchEngines(['whirlyard'], 200, 2);
    expect(figures.map((f) => f.name)).toEqual([
      BASELINE,
      'whirlyard: step + legalActions',
      'whirlyard: replay verification',
    ]);
    expect(figures[0].ratioToBaseline).toBe(1);
    expect(figures[0].roundRatios).toEqual([1, 1]);
    for (const f of figures) {
      expect(f.stepsPerSecond).toBeGreaterThan(0);
      expect(f.stepsPerCpuSecond).toBeGreaterThan(0);
      expect(f.roundRatios[0]).toBeLessThanOrEqual(f.roundRatios[1]);
    }
    await expect(benchEngines(['whirlyard'], 200, 0)).rejects.toThrow(/rounds must be/);
  });
});

describe("a game's own bench cases", () => {
  it('are found in its folder by the slug; a game without a bench.ts (or a slug that is no folder name) has none', async () => {
    const delvewick = await benchCasesFor('delvewick');
    expect(delvewick.engineCases!().map((c) => c.name)).toEqual([
      'delvewick: step + legalActions, levels 1-8 (solutions and branches)',
    ]);
    expect(delvewick.replayCases!().map((c) => c.name)).toEqual(['delvewick: replay verification, the winning run']);
    expect(Object.keys(await benchCasesFor('briarwink')).sort()).toEqual(['engineCases', 'replayCases']);
    expect(await benchCasesFor('whirlyard')).toEqual({});
    expect(await benchCasesFor('../core')).toEqual({});
  });

  it('are measured beside the random-play cases of the game they belong to', async () => {
    const figures = await benchEngines(['delvewick'], 100, 1);
    expect(figures.map((f) => f.name)).toEqual([
      BASELINE,
      'delvewick: step + legalActions',
      'delvewick: replay verification',
      'delvewick: step + legalActions, levels 1-8 (solutions and branches)',
      'delvewick: replay verification, the winning run',
    ]);
    for (const f of figures) expect(f.stepsPerSecond).toBeGreaterThan(0);
  });
});
