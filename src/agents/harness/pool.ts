/**
 * Runs seeds on N worker threads: each worker takes the next seed as soon as it is free, so slow and
 * fast runs even out across cores. The first error stops every worker.
 */
import { Worker } from 'node:worker_threads';
import type { RunResult } from './stats.js';
import type { WorkerSetup } from './worker.js';

/**
 * A worker thread does not inherit the main thread's tsx loader on Node 20, so each one registers tsx
 * itself before it imports the TypeScript worker module.
 */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;

type Reply = { type: 'ready' } | { type: 'result'; result: RunResult } | { type: 'error'; message: string };

/**
 * Plays `seeds` over `workers` threads; `onRun` sees each result as it arrives, `onReady` is called
 * once, when the first thread has loaded and can play. Results in seed order.
 */
export function runOnWorkers(
  setup: WorkerSetup,
  seeds: readonly number[],
  workers: number,
  onRun: (r: RunResult) => void,
  onReady: () => void = () => {},
): Promise<RunResult[]> {
  const results: RunResult[] = new Array(seeds.length);
  const count = Math.max(1, Math.min(workers, seeds.length));
  const threads: Worker[] = [];
  let next = 0;
  let done = 0;
  return new Promise<RunResult[]>((resolve, reject) => {
    if (seeds.length === 0) return resolve([]);
    let failed = false;
    let ready = false;
    const stop = (err?: Error) => {
      if (failed) return;
      if (err) failed = true;
      for (const t of threads) void t.terminate();
      if (err) reject(err);
      else resolve(results);
    };
    for (let i = 0; i < count; i++) {
      const thread = new Worker(BOOT, { eval: true, workerData: setup });
      threads.push(thread);
      let current = -1;
      const feed = () => {
        if (next >= seeds.length) return;
        current = next++;
        thread.postMessage({ seed: seeds[current] });
      };
      thread.on('message', (msg: Reply) => {
        if (msg.type === 'error') return stop(new Error(msg.message));
        if (msg.type === 'ready' && !ready) {
          ready = true;
          onReady();
        }
        if (msg.type === 'result') {
          results[current] = msg.result;
          done++;
          onRun(msg.result);
          if (done === seeds.length) return stop();
        }
        feed();
      });
      thread.on('error', (err) => stop(err));
      thread.on('exit', (code) => {
        if (code !== 0 && done < seeds.length) stop(new Error(`an evaluation worker stopped (exit code ${code})`));
      });
    }
  });
}
