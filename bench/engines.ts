/**
 * Engine throughput, in-process, one thread: (step + legalActions) per second for every registered
 * game over recorded (state, action) pairs from seeded random play, and replay verification speed. The
 * baseline, measured in the same run, is the same loop over a trivial game on the same contract, so
 * the ratio shows what each engine costs beyond the contract itself.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { replay } from '../src/core/replay.js';
import { games } from '../src/games/index.js';
import { playout } from '../test/helpers/playout.js';
import { makeTally } from '../test/helpers/tally.js';

export interface EngineCase {
  name: string;
  pairs: Array<[unknown, GameAction]>;
  /** What one pass counts (default: the pairs); Briarwink's batches count their ticks. */
  units?: number;
}

/** Replay verification over a game's own runs, counted in `units` (Briarwink: ticks). */
export interface ReplayCase {
  name: string;
  runs: Array<{ seed: number; actions: GameAction[] }>;
  units: number;
}

export interface EngineFigure {
  name: string;
  stepsPerSecond: number;
  ratioToBaseline: number;
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

/** Extra cases a game may publish in bench/games/<slug>.ts (e.g. a busy late night). */
async function gameCases(): Promise<{ engine: EngineCase[]; replay: ReplayCase[] }> {
  const dir = fileURLToPath(new URL('./games/', import.meta.url));
  const engine: EngineCase[] = [];
  const replays: ReplayCase[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(new URL(`./games/${file}`, import.meta.url).href)) as {
      engineCases?: () => EngineCase[];
      replayCases?: () => ReplayCase[];
    };
    if (mod.engineCases) engine.push(...mod.engineCases());
    if (mod.replayCases) replays.push(...mod.replayCases());
  }
  return { engine, replay: replays };
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
export async function benchEngines(only?: string[], timeMs = 1500): Promise<EngineFigure[]> {
  const bench = new Bench({ time: timeMs, warmup: true });
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
  add('baseline: trivial game on the contract', baselinePairs.length, stepLoop(tally, baselinePairs));

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
  const extra = await gameCases();
  const gameOf = (name: string) =>
    games.find((g) => name.startsWith(g.spec.slug) && (!only || only.includes(g.spec.slug)));
  for (const c of extra.engine) {
    const game = gameOf(c.name);
    if (game) add(c.name, c.units ?? c.pairs.length, stepLoop(game, c.pairs));
  }
  for (const c of extra.replay) {
    const game = gameOf(c.name);
    if (!game) continue;
    const runs = c.runs.map((r) => ({ ...r, game: game.spec.slug, rulesVersion: game.spec.rulesVersion }));
    add(c.name, c.units, () => {
      for (const run of runs) replay(game, run);
    });
  }

  await bench.run();
  const perSecond = (name: string) => {
    const task = bench.tasks.find((t) => t.name === name)!;
    const r = task.result as { latency?: { mean: number } };
    return r.latency ? (sizes.get(name)! / r.latency.mean) * 1000 : NaN;
  };
  const perCpuSecond = (name: string) => {
    const t = cpu.get(name)!;
    return (sizes.get(name)! * t.passes * 1e6) / t.us;
  };
  const base = perSecond('baseline: trivial game on the contract');
  const cpuBase = perCpuSecond('baseline: trivial game on the contract');
  return bench.tasks.map((t) => ({
    name: t.name,
    stepsPerSecond: perSecond(t.name),
    ratioToBaseline: perSecond(t.name) / base,
    stepsPerCpuSecond: perCpuSecond(t.name),
    cpuRatioToBaseline: perCpuSecond(t.name) / cpuBase,
  }));
}
