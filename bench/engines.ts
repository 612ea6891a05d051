/**
 * Engine throughput, in-process, one thread: (step + legalActions) per second for every registered
 * game over recorded (state, action) pairs from seeded random play, and replay verification speed. The
 * baseline, measured in the same run, is the same loop over a trivial game on the same contract, so
 * the ratio shows what each engine costs beyond the contract itself.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { replay } from '../src/core/replay.js';
import type { GameBenchCases } from '../src/core/shells.js';
import { games } from '../src/games/index.js';
import { playout } from '../test/helpers/playout.js';
import { makeTally } from '../test/helpers/tally.js';

/** The folder of the games' folders. */
const GAMES = fileURLToPath(new URL('../src/games/', import.meta.url));

/**
 * The extra bench cases a game publishes in its own folder (`src/games/<slug>/bench.ts`, optional),
 * found by its slug, so that no list names the games; `{}` for a game without one. `dir` is another
 * folder of game folders (a test's).
 */
export async function benchCasesFor(slug: string, dir: string = GAMES): Promise<GameBenchCases> {
  if (!/^[a-z][a-z0-9]*$/.test(slug)) return {};
  const file = ['bench.ts', 'bench.js'].map((f) => join(dir, slug, f)).find((f) => existsSync(f));
  return file ? ((await import(pathToFileURL(file).href)) as GameBenchCases) : {};
}

export interface EngineFigure {
  name: string;
  /** The best round's steps per second of the wall clock. */
  stepsPerSecond: number;
  /** The best round's figure over the baseline's best round. */
  ratioToBaseline: number;
  /** The lowest and highest ratio of one round's figure to the baseline's figure in that same round. */
  roundRatios: [number, number];
  /**
   * The same per second of this process's CPU time (user + system): on a shared machine the wall
   * clock also counts the time spent waiting for a CPU, the CPU time does not.
   */
  stepsPerCpuSecond: number;
  cpuRatioToBaseline: number;
}

/** Mid-game (state, action) pairs from random play over many seeds. */
function randomPairs(game: AnyGame, count: number): Array<[unknown, GameAction]> {
  const pairs: Array<[unknown, GameAction]> = [];
  for (let seed = 1; pairs.length < count && seed < 10_000; seed++) {
    const run = playout(game, seed, 200);
    run.actions.forEach((a, i) => pairs.push([run.states[i], a]));
  }
  return pairs.slice(0, count);
}

function stepLoop(game: AnyGame, pairs: Array<[unknown, GameAction]>): () => void {
  return () => {
    for (let i = 0; i < pairs.length; i++) {
      const r = game.step(pairs[i][0], pairs[i][1]);
      if (r.ok) game.legalActions(r.state);
    }
  };
}

/**
 * Benchmarks the named games (all when `only` is undefined) in this process. Run one game per process
 * (see run.ts): when several engines share a process, V8's inline caches and the heap carry one
 * game's shapes into the next game's measurement, and the later games measure several times slower
 * than they run alone.
 */
export async function benchEngines(only?: string[], timeMs = 1500, rounds = 3): Promise<EngineFigure[]> {
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`rounds must be a whole number of 1 or more, not ${rounds}`);
  const bench = new Bench({ time: timeMs / rounds, warmup: true });
  const sizes = new Map<string, number>();
  const cpu = new Map<string, { us: number; passes: number }>();
  const add = (name: string, n: number, fn: () => void) => {
    sizes.set(name, n);
    const tally = { us: 0, passes: 0 };
    cpu.set(name, tally);
    // A pass takes milliseconds; reading the CPU clock around it costs about a microsecond.
    bench.add(name, () => {
      const before = process.cpuUsage();
      fn();
      const used = process.cpuUsage(before);
      tally.us += used.user + used.system;
      tally.passes++;
    });
  };

  const tally = makeTally('stateToken');
  const baselinePairs = randomPairs(tally, 2000);
  add(BASELINE, baselinePairs.length, stepLoop(tally, baselinePairs));

  for (const game of games.filter((g) => !only || only.includes(g.spec.slug))) {
    const pairs = randomPairs(game, 2000);
    add(`${game.spec.slug}: step + legalActions`, pairs.length, stepLoop(game, pairs));
    const runs = Array.from({ length: 20 }, (_, i) => playout(game, 500 + i, 300)).map((p) => ({
      game: game.spec.slug,
      rulesVersion: game.spec.rulesVersion,
      seed: p.seed,
      actions: p.actions,
    }));
    const steps = runs.reduce((n, r) => n + r.actions.length, 0);
    add(`${game.spec.slug}: replay verification`, steps, () => {
      for (const run of runs) replay(game, run);
    });
  }
  for (const game of games.filter((g) => !only || only.includes(g.spec.slug))) {
    const extra = await benchCasesFor(game.spec.slug);
    for (const c of extra.engineCases?.() ?? []) add(c.name, c.units ?? c.pairs.length, stepLoop(game, c.pairs));
    for (const c of extra.replayCases?.() ?? []) {
      const runs = c.runs.map((r) => ({ ...r, game: game.spec.slug, rulesVersion: game.spec.rulesVersion }));
      add(c.name, c.units, () => {
        for (const run of runs) replay(game, run);
      });
    }
  }

  // Rounds: every task runs once a round, in the same order, so each is measured several times spread
  // over the run. The best round is the one least disturbed by other processes on the same CPUs, and
  // the ratios round by round (each task against the baseline of its own round) show how far the
  // machine moved meanwhile.
  const perRound = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    if (r > 0) bench.reset();
    await bench.run();
    for (const task of bench.tasks) {
      const res = task.result as { latency?: { mean: number } };
      const rate = res.latency ? (sizes.get(task.name)! / res.latency.mean) * 1000 : NaN;
      perRound.set(task.name, [...(perRound.get(task.name) ?? []), rate]);
    }
  }
  const perCpuSecond = (name: string) => {
    const t = cpu.get(name)!;
    return (sizes.get(name)! * t.passes * 1e6) / t.us;
  };
  const cpuBase = perCpuSecond(BASELINE);
  return summariseRounds(perRound, BASELINE).map((f) => ({
    ...f,
    stepsPerCpuSecond: perCpuSecond(f.name),
    cpuRatioToBaseline: perCpuSecond(f.name) / cpuBase,
  }));
}

/** The name of the trivial game's task, the baseline every ratio is taken against. */
export const BASELINE = 'baseline: trivial game on the contract';

/**
 * Per task, from its figure in each round (steps per second): the best round, its ratio to the
 * baseline's best round, and the range of the ratios taken round by round (each against the baseline
 * of the same round). Tasks keep the order they were given in.
 */
export function summariseRounds(
  perRound: Map<string, number[]>,
  baseline: string,
): Array<Pick<EngineFigure, 'name' | 'stepsPerSecond' | 'ratioToBaseline' | 'roundRatios'>> {
  const base = perRound.get(baseline);
  if (!base || base.length === 0) throw new Error(`no rounds of the baseline "${baseline}"`);
  const bestBase = Math.max(...base);
  return [...perRound].map(([name, rates]) => {
    if (rates.length !== base.length)
      throw new Error(`"${name}" ran ${rates.length} rounds, the baseline ${base.length}`);
    const ratios = rates.map((rate, r) => rate / base[r]);
    const best = Math.max(...rates);
    return {
      name,
      stepsPerSecond: best,
      ratioToBaseline: best / bestBase,
      roundRatios: [Math.min(...ratios), Math.max(...ratios)],
    };
  });
}
