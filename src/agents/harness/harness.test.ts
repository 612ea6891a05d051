/**
 * The harness's own parts: the published budgets and how `playRun` stops at one, the summary's
 * quantiles and outcome counts, how far a run got, and the agent loader's messages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameAction } from '../../core/game.js';
import { registry } from '../../games/index.js';
import { BUDGETS, meterFor, type Budget } from '../budgets.js';
import { playRun } from '../play.js';
import type { AgentFactory } from '../types.js';
import { evaluate, loadAgent, progressOf, quantile, scoreStats, summarize, type RunResult } from './index.js';
import { round2, t95 } from './stats.js';
import { warmUp } from './warm.js';

const briarwink = registry.get('briarwink')!;

/** Starts the night, then always asks for the same batch of ticks. */
const batches =
  (count: number): AgentFactory =>
  () => ({
    act: (view): GameAction =>
      view.legalActions.some((a) => a.type === 'start')
        ? { type: 'start' }
        : { type: 'tick', move: null, plant: false, count },
  });

describe('budgets', () => {
  it('publishes Whirlyard 1,000 actions, Cragwake 2,000 turns, Briarwink 54,000 ticks, Delvewick none', () => {
    expect(Object.fromEntries(Object.entries(BUDGETS).map(([k, b]) => [k, [b.limit, b.unit]]))).toEqual({
      whirlyard: [1000, 'actions'],
      cragwake: [2000, 'turns'],
      briarwink: [54000, 'ticks'],
    });
    expect(meterFor('delvewick')).toBeUndefined();
  });

  it('a Briarwink tick with count n costs n ticks; start and endRun cost none', () => {
    const b = meterFor('briarwink')!;
    expect(b.cost({ type: 'tick', move: 'up', plant: false, count: 7 })).toBe(7);
    expect(b.cost({ type: 'tick', move: null, plant: true })).toBe(1);
    expect(b.cost({ type: 'start' })).toBe(0);
    expect(b.cost({ type: 'endRun' })).toBe(0);
  });

  it('a Cragwake move or breathe is a turn; climbing on and ending the run are not', () => {
    const b = meterFor('cragwake')!;
    expect([{ type: 'move', row: 1, col: 2 }, { type: 'breathe' }].map((a) => b.cost(a as GameAction))).toEqual([1, 1]);
    expect([{ type: 'climbOn' }, { type: 'endRun' }].map((a) => b.cost(a))).toEqual([0, 0]);
  });

  it('playRun stops before an action would pass the budget, and calls the run truncated', async () => {
    const tiny: Budget = { ...meterFor('briarwink')!, limit: 10 };
    const run = await playRun(briarwink, batches(4), 5, { budget: tiny });
    // start (0 ticks), 4 + 4 ticks; the next 4 would make 12 > 10.
    expect(run.actions.map((a) => a.count ?? 0)).toEqual([0, 4, 4]);
    expect(run.outcome).toEqual({ kind: 'truncated', reason: 'budget' });
  });
});

describe('summary', () => {
  it('quantiles interpolate between ranks', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([0, 10], 0.1)).toBe(1);
    expect(quantile([7], 0.9)).toBe(7);
  });

  it('counts how runs ended and how far they got', () => {
    const run = (score: number, progress: number, kind: 'terminated' | 'ended', reason: string): RunResult => ({
      seed: score,
      score,
      steps: 10,
      ms: 1,
      progress,
      outcome: { kind, reason },
    });
    const s = summarize(
      'whirlyard',
      'x',
      'wave',
      [run(10, 1, 'terminated', 'caught'), run(30, 3, 'ended', 'end_run'), run(20, 2, 'terminated', 'caught')],
      1000,
    );
    expect(s).toMatchObject({ runs: 3, mean: 20, median: 20, max: 30, min: 10, steps: 30, stepsPerSecond: 30 });
    // Sample std of 10, 20, 30 is 10; the interval is the mean ± t(2) · 10 / √3.
    expect(s.std).toBe(10);
    expect(s.standardError).toBe(5.77);
    expect(s.ci95).toEqual([round2(20 - 4.303 * (10 / Math.sqrt(3))), round2(20 + 4.303 * (10 / Math.sqrt(3)))]);
    expect(s.progress).toEqual({ label: 'wave', mean: 2, max: 3 });
    expect(s.outcomes).toEqual({ 'terminated:caught': 2, 'ended:end_run': 1 });
  });

  it('leaves failed runs out of the score figures, and names their seeds', () => {
    const ok = (seed: number, score: number): RunResult => ({
      seed,
      score,
      steps: 1,
      ms: 1,
      progress: 1,
      outcome: { kind: 'ended', reason: 'end_run' },
    });
    const bad: RunResult = {
      seed: 9,
      score: 1000,
      steps: 1,
      ms: 1,
      progress: null,
      outcome: { kind: 'error', reason: 'timeout', message: 'slow' },
    };
    const s = summarize('whirlyard', 'x', 'wave', [ok(1, 2), bad, ok(2, 4)], 1000);
    expect(s).toMatchObject({ runs: 3, completed: 2, failed: 1, failedSeeds: [9], mean: 3, max: 4 });
    expect(s.outcomes['error:timeout']).toBe(1);
  });

  it('scoreStats: one score has no spread; t critical values approach 1.96', () => {
    expect(scoreStats([5])).toMatchObject({ n: 1, mean: 5, std: 0, ci95: [5, 5], median: 5, p10: 5 });
    expect(t95(1)).toBe(12.706);
    expect(t95(30)).toBe(2.042);
    expect(Math.abs(t95(31) - 2.04)).toBeLessThan(0.002);
    expect(Math.abs(t95(100) - 1.984)).toBeLessThan(0.001);
    expect(Math.abs(t95(1e9) - 1.96)).toBeLessThan(0.001);
  });
});

describe('how far', () => {
  it('reads wave, level, pitch and night from the observation', () => {
    const fields = { whirlyard: 'wave', delvewick: 'level', cragwake: 'pitch' } as const;
    for (const [slug, field] of Object.entries(fields)) {
      const g = registry.get(slug)!;
      const obs = g.observe(g.init(1));
      expect(progressOf(slug, obs)).toBe(obs[field]);
    }
    const obs = briarwink.observe(briarwink.init(1)) as unknown as { player: { night: number } };
    expect(progressOf('briarwink', obs as never)).toBe(obs.player.night);
  });
});

describe('agents', () => {
  it('finds built-in agents, and says which exist when a name is unknown', async () => {
    expect(typeof (await loadAgent('random', 'cragwake'))).toBe('function');
    await expect(loadAgent('genius', 'cragwake')).rejects.toThrow(/no agent "genius".*random/);
    await expect(loadAgent('./no/such/agent.js', 'cragwake')).rejects.toThrow(/Cannot load the agent module/);
  });

  it('in this thread, evaluate gives the runs playRun gives', async () => {
    const { results } = await evaluate({ game: 'cragwake', agent: 'random', seeds: [1, 2], workers: 0 });
    const factory = await loadAgent('random', 'cragwake');
    const direct = await Promise.all(
      [1, 2].map((s) => playRun(registry.get('cragwake')!, factory, s, { budget: meterFor('cragwake') })),
    );
    expect(results.map((r) => [r.score, r.steps, r.outcome])).toEqual(direct.map((r) => [r.score, r.steps, r.outcome]));
  });
});

describe('worker threads', () => {
  it('play every seed once, on a shared counter, and give the results in seed order as this thread does', async () => {
    const seeds = Array.from({ length: 60 }, (_, i) => 1000 + i);
    const seen: number[] = [];
    let counted = 0;
    const onThreads = await evaluate({
      game: 'whirlyard',
      agent: 'random',
      seeds,
      workers: 2,
      onRun: (r) => seen.push(r.seed),
    });
    const here = await evaluate({ game: 'whirlyard', agent: 'random', seeds, workers: 0, onRun: () => counted++ });
    const key = (r: RunResult) => [r.seed, r.score, r.steps, r.outcome, r.progress];
    expect(onThreads.results.map(key)).toEqual(here.results.map(key));
    expect([...seen].sort((a, b) => a - b)).toEqual(seeds);
    expect(onThreads.summary.startupSeconds).toBeGreaterThan(0);
    expect(counted).toBe(seeds.length);
  }, 60_000);

  it('a run whose agent throws fails alone: an error outcome, and the other runs go on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-agent-'));
    try {
      const file = join(dir, 'broken.mjs');
      writeFileSync(
        file,
        "export default (ctx) => ({ act(v) { if (ctx.seed === 2) throw new Error('the agent broke on purpose'); return v.legalActions[0]; } });\n",
      );
      for (const workers of [2, 0]) {
        const { results, summary } = await evaluate({ game: 'cragwake', agent: file, seeds: [1, 2, 3, 4], workers });
        expect(results.map((r) => r.seed)).toEqual([1, 2, 3, 4]);
        expect(results[1].outcome).toEqual({
          kind: 'error',
          reason: 'agent_error',
          message: 'the agent threw: the agent broke on purpose',
        });
        expect(results.filter((r) => r.outcome.kind === 'error')).toHaveLength(1);
        expect(summary).toMatchObject({ runs: 4, completed: 3, failed: 1, failedSeeds: [2] });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("an agent's EvaluationAbort stops every run at once, in this thread and on workers", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-agent-'));
    try {
      const file = join(dir, 'abort.mjs');
      // Thrown by name, as an agent in another module copy (or thread) would.
      writeFileSync(
        file,
        'export default (ctx) => ({ act(v) { if (ctx.seed >= 3) { const e = new Error("the endpoint answered 401"); ' +
          "e.name = 'EvaluationAbort'; throw e; } return v.legalActions[0]; } });\n",
      );
      const seeds = Array.from({ length: 40 }, (_, i) => i + 1);
      for (const workers of [0, 2]) {
        const ev = await evaluate({ game: 'cragwake', agent: file, seeds, workers });
        expect(ev.stopped).toEqual({ kind: 'abort', message: 'the endpoint answered 401' });
        expect(ev.results.length).toBeLessThan(seeds.length);
        for (const r of ev.results) expect(r.outcome.kind).not.toBe('error');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('warming a thread up', () => {
  it('plays throwaway runs of every game for about the steps asked, without the user agent', async () => {
    for (const game of registry.games) {
      const played = await warmUp(game, 3_000, 60_000);
      expect(played, game.spec.slug).toBeGreaterThanOrEqual(3_000);
      expect(played, game.spec.slug).toBeLessThan(3_000 + 2_000);
    }
  });
});
