/**
 * `npm run bench -- --rl`: reinforcement-learning throughput, env steps per second, per game: the engine
 * pool's own loop in Node (64 environments stepped, masked and encoded by src/pool/shard.ts in this
 * process, random legal actions picked in JS; also on the slow path, without the games' state fast
 * paths, as a baseline), the Python package's local 64-env vector env (the pool
 * behind a pipe), the HTTP 64-env vector env (one app server in its own process, no rate limits), and
 * Gymnasium's CartPole-v1 as a yardstick (one env, and a 64-env SyncVectorEnv). Each figure is the best
 * of 2 rounds of `seconds`, except the two set against each other: the pool loop and the local env are
 * each the best of 4 rounds, 2 of each measured, in turn, before the other's 2 and 2 after (pool, local,
 * HTTP, pool, local). The Python figures run in the venv the tests make (bench/rl_env.py).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { registry } from '../src/games/index.js';
import type { GameTensor } from '../src/core/tensor.js';
import { layoutOf, views } from '../src/pool/layout.js';
import { Shard } from '../src/pool/shard.js';
import { hasPython, pythonVenv } from '../test/helpers/python-venv.js';
import { withApp } from './batch.js';

const N = 64;

export interface RlRow {
  game: string;
  poolLoop: number;
  /** The pool loop on the slow path, measured in the same run. */
  poolLoopSlow: number;
  local64: number;
  http64: number;
  localCpuUs: number;
}

/**
 * Env steps per second of the pool's own loop: 64 environments, random legal actions, the run's
 * bookkeeping as the local vector env asks it (ranked budget, next-step autoreset: rewards, flags,
 * counters in the block). With `fast` false the shard takes the slow path (observe, encode,
 * legalActions) though the game has the state fast paths (src/core/tensor.ts), as the baseline of the
 * same run.
 */
export function poolLoop(slug: string, seconds: number, rounds = 2, fast = true): number {
  const game = registry.get(slug)!;
  const t = game.tensor as GameTensor;
  const [c, h, w] = t.tensorSpec.planes.shape;
  const layout = layoutOf(N, c * h * w, t.tensorSpec.features.shape[0], t.actionIndex.length);
  const buffer = new ArrayBuffer(layout.bytes);
  const v = views(layout, buffer);
  // The bookkeeping the local vector env asks of the pool: the ranked budget, next-step autoreset.
  const budget = (game.spec.rankedBudget as { limit: number } | null)?.limit ?? null;
  const params = { budget, maxSteps: null, refusedReward: 0, autoreset: true };
  const shard = new Shard(slug, layout, buffer, 0, N, params, fast);
  for (let i = 0; i < N; i++) {
    v.seeds[i] = i;
    v.resetMask[i] = 1;
  }
  shard.reset();
  let r = 12345;
  const random = () => (r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const a = layout.actions;
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    let steps = 0;
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      for (let i = 0; i < N; i++) {
        if (v.pending[i]) {
          v.seeds[i] = (random() * 2 ** 32) >>> 0; // the pool starts it again, whatever the index
          continue;
        }
        let pickAt = -1;
        let seen = 0;
        for (let k = 0; k < a; k++) if (v.masks[i * a + k] === 1 && random() * ++seen < 1) pickAt = k; // reservoir: uniform legal
        v.actions[i] = pickAt;
      }
      shard.step();
      steps += N;
    }
    best = Math.max(best, steps / ((performance.now() - start) / 1000));
  }
  return best;
}

async function python(args: string[]): Promise<{ steps_per_second: number; cpu_per_step_us: number }> {
  const { python: exe } = await pythonVenv();
  const child = spawn(exe, [fileURLToPath(new URL('./rl_env.py', import.meta.url)), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`bench/rl_env.py ${args.join(' ')} failed (exit ${code})`);
  return JSON.parse(out) as { steps_per_second: number; cpu_per_step_us: number };
}

export async function benchRl(seconds: number) {
  if (!hasPython) return 'no python3 on this machine';
  const cartpole1 = (await python(['cartpole1', '-', String(seconds)])).steps_per_second;
  const cartpole64 = (await python(['cartpole64', '-', String(seconds)])).steps_per_second;
  const rows: RlRow[] = await withApp(async (base) => {
    const out: RlRow[] = [];
    for (const slug of registry.slugs()) {
      // The pool loop and the local env in turn, each twice, the better of each kept: on a machine whose
      // load moves, a figure measured on one side only, or in more rounds than the other, would favour
      // one side of their ratio.
      const before = poolLoop(slug, seconds);
      const localBefore = await python(['local64', slug, String(seconds)]);
      const http = await python(['http64', slug, String(seconds), base]);
      const after = poolLoop(slug, seconds);
      const localAfter = await python(['local64', slug, String(seconds)]);
      const local = localAfter.steps_per_second > localBefore.steps_per_second ? localAfter : localBefore;
      out.push({
        game: slug,
        poolLoop: Math.max(before, after),
        poolLoopSlow: poolLoop(slug, seconds, 2, false),
        local64: local.steps_per_second,
        http64: http.steps_per_second,
        localCpuUs: local.cpu_per_step_us,
      });
    }
    return out;
  });
  return { cartpole1, cartpole64, rows };
}
