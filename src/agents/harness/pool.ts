/**
 * Runs seeds on N worker threads. Every thread gets the whole seed list at start and takes the next
 * seed from a counter they share (`Atomics.add` on a SharedArrayBuffer), so slow and fast runs even
 * out across cores and a free thread never waits for a message from this one: random runs are often
 * a few microseconds long, less than one hand-off between threads.
 *
 * The threads warm up first (see warm.ts); play starts when all of them are ready (a shared start
 * signal), so the timed part is N threads playing, not one thread playing while the others still
 * compile. Each thread sends its results in batches (at least every `REPORT_MS`, and when the seeds
 * run out), so posting a result does not cost more than a short run. A failed run is a result like
 * any other; an agent's EvaluationAbort (an `abort` message), a thread that breaks, or the caller's
 * `signal` (Ctrl-C) stops every thread at once (terminating a thread also ends its wait for the start
 * signal), and the runs finished by then are still answered.
 */
import { Worker } from 'node:worker_threads';
import type { RunResult } from './stats.js';
import type { WorkerSetup } from './worker.js';

/**
 * A worker thread does not inherit the main thread's tsx loader on Node 20, so each one registers tsx
 * itself before it imports the TypeScript worker module: both its hooks, as `node --import tsx` does in
 * the main thread (the CommonJS one too: without it a user's `.js` outside any package, which Node
 * loads as CommonJS first, fails as "Cannot require() ES Module … in a cycle", and a `.ts` there fails
 * to parse).
 */
const BOOT = `Promise.all([import(${JSON.stringify(import.meta.resolve('tsx/cjs/api'))}), import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})])
  .then(([cjs, esm]) => { cjs.register(); esm.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;

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
  | { type: 'done' }
  | { type: 'abort'; message: string }
  | { type: 'error'; message: string };

/** What the pool answers: the finished runs in seed order, and why it stopped early, if it did. */
export interface PoolResult {
  results: RunResult[];
  /** The message of the agent's EvaluationAbort. */
  abort?: string;
}

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
  signal?: AbortSignal,
): Promise<PoolResult> {
  const results: (RunResult | undefined)[] = new Array(seeds.length);
  const count = Math.max(1, Math.min(workers, seeds.length));
  const share: PoolShare = { seeds, shared: new SharedArrayBuffer(8) };
  const signalGo = new Int32Array(share.shared);
  const threads: Worker[] = [];
  let ready = 0;
  let done = 0;
  let finished = 0;
  return new Promise<PoolResult>((resolve, reject) => {
    if (seeds.length === 0) return resolve({ results: [] });
    let stopped = false;
    const stop = (err?: Error, abort?: string) => {
      if (stopped) return;
      stopped = true;
      signal?.removeEventListener('abort', interrupted);
      for (const t of threads) void t.terminate();
      if (err) reject(err);
      else resolve({ results: results.filter((r): r is RunResult => r !== undefined), abort });
    };
    const interrupted = () => stop();
    if (signal?.aborted) return resolve({ results: [] });
    signal?.addEventListener('abort', interrupted);
    for (let i = 0; i < count; i++) {
      const thread = new Worker(BOOT, { eval: true, workerData: { ...setup, ...share } });
      threads.push(thread);
      thread.on('message', (msg: Reply) => {
        if (stopped) return;
        if (msg.type === 'error') return stop(new Error(msg.message));
        if (msg.type === 'abort') return stop(undefined, msg.message);
        if (msg.type === 'done') {
          if (++finished === count) stop();
          return;
        }
        if (msg.type === 'ready') {
          if (++ready === count) {
            onReady();
            Atomics.store(signalGo, GO, 1);
            Atomics.notify(signalGo, GO);
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
        if (!stopped && done < seeds.length && code !== 0)
          stop(new Error(`an evaluation worker stopped (exit code ${code})`));
      });
    }
  });
}
