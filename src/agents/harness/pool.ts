/**
 * Runs seeds on N worker threads. Every thread gets the whole seed list at start and takes the next
 * seed from a counter they share (`Atomics.add` on a SharedArrayBuffer), so slow and fast runs even
 * out across cores and a free thread never waits for a message from this one: random runs are often
 * a few microseconds long, less than one hand-off between threads.
 *
 * The threads warm up first (see warm.ts); play starts when all of them are ready (a shared start
 * signal), so the timed part is N threads playing, not one thread playing while the others still
 * compile. Each thread sends its results in batches (at least every `REPORT_MS`, and when the seeds
 * run out), so posting a result does not cost more than a short run. The first error stops every
 * thread (terminating a thread also ends its wait for the start signal).
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

/** How often, at most, a thread keeps finished runs before sending them (the progress bar's pace). */
export const REPORT_MS = 50;

/** What a worker thread gets beyond the evaluation's setup. */
export interface PoolShare {
  seeds: readonly number[];
  /**
   * Two Int32s: [0] the index of the next seed to play; [1] the start signal, 1 once every thread is
   * ready (threads wait on it with `Atomics.wait`: a futex wakes them faster than a message would).
   */
  shared: SharedArrayBuffer;
}

/** Where `PoolShare.shared` keeps what. */
export const NEXT_SEED = 0;
export const GO = 1;

/** Messages from a worker thread. */
export type Reply =
  | { type: 'ready' }
  | { type: 'results'; results: Array<[index: number, result: RunResult]> }
  | { type: 'error'; message: string };

/**
 * Plays `seeds` over `workers` threads; `onRun` sees each result as it arrives, `onReady` is called
 * once, when every thread has loaded and warmed up and play starts. Results in seed order.
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
  const share: PoolShare = { seeds, shared: new SharedArrayBuffer(8) };
  const signal = new Int32Array(share.shared);
  const threads: Worker[] = [];
  let ready = 0;
  let done = 0;
  return new Promise<RunResult[]>((resolve, reject) => {
    if (seeds.length === 0) return resolve([]);
    let stopped = false;
    const stop = (err?: Error) => {
      if (stopped) return;
      stopped = true;
      for (const t of threads) void t.terminate();
      if (err) reject(err);
      else resolve(results);
    };
    for (let i = 0; i < count; i++) {
      const thread = new Worker(BOOT, { eval: true, workerData: { ...setup, ...share } });
      threads.push(thread);
      thread.on('message', (msg: Reply) => {
        if (msg.type === 'error') return stop(new Error(msg.message));
        if (msg.type === 'ready') {
          if (++ready === count) {
            onReady();
            Atomics.store(signal, GO, 1);
            Atomics.notify(signal, GO);
          }
          return;
        }
        for (const [index, result] of msg.results) {
          results[index] = result;
          done++;
          onRun(result);
        }
        if (done === seeds.length) stop();
      });
      thread.on('error', (err) => stop(err));
      thread.on('exit', (code) => {
        if (code !== 0 && done < seeds.length) stop(new Error(`an evaluation worker stopped (exit code ${code})`));
      });
    }
  });
}
