/**
 * Long runs are verified on worker threads, off the event loop: replaying a 100,000-action run takes a
 * good fraction of a second, during which a server verifying inline answers nobody else. Short runs
 * stay inline (a message to a thread costs more than their replay). The threads start on the first long
 * run and take runs in turn; a thread that dies is replaced and its runs fail with a clear error.
 */
import { Worker } from 'node:worker_threads';
import type { AnyGame } from '../../core/game.js';
import type { Run } from '../../core/replay.js';
import { verifyRun, type Verdict } from './replay.js';

/** Runs of at most this much work are replayed inline. */
export const INLINE_WORK = 5_000;

/** A run's work: its actions, with a batch of n ticks (Briarwink's `count`) counting n. */
export function runWork(run: Run): number {
  let work = 0;
  for (const a of run.actions) {
    const count = (a as { count?: unknown }).count;
    work += typeof count === 'number' && count > 1 ? count : 1;
  }
  return work;
}

/**
 * A worker thread does not inherit the main thread's tsx loader on Node 20, so each one registers tsx
 * itself before it imports the TypeScript worker module.
 */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;

interface Pending {
  resolve: (v: Verdict) => void;
  reject: (e: Error) => void;
}

/** Verifies runs inline or on `threads` worker threads (0: always inline). */
export class VerifyPool {
  private readonly workers: { thread: Worker; pending: Map<number, Pending> }[] = [];
  private next = 0;
  private ids = 0;
  private closed = false;
  /** How many runs were verified inline and on threads (for tests and metrics). */
  readonly counts = { inline: 0, threaded: 0 };

  constructor(private readonly threads: number) {}

  /** The verdict on `run` (whose game is `game`). */
  verify(game: AnyGame, run: Run): Promise<Verdict> {
    if (this.threads <= 0 || this.closed || runWork(run) <= INLINE_WORK) {
      this.counts.inline++;
      return Promise.resolve(verifyRun(game, run));
    }
    this.counts.threaded++;
    const w = this.worker(this.next++ % this.threads);
    const id = ++this.ids;
    return new Promise<Verdict>((resolve, reject) => {
      w.pending.set(id, { resolve, reject });
      w.thread.postMessage({ id, run });
    });
  }

  /** Stops every thread (pending verifications fail). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w?.thread.terminate()));
  }

  private worker(i: number): { thread: Worker; pending: Map<number, Pending> } {
    const existing = this.workers[i];
    if (existing) return existing;
    const thread = new Worker(BOOT, { eval: true });
    const w = { thread, pending: new Map<number, Pending>() };
    thread.unref(); // an idle verifier never keeps the process alive
    thread.on('message', (msg: { id?: number; verdict?: Verdict }) => {
      if (msg.id === undefined || !msg.verdict) return;
      w.pending.get(msg.id)?.resolve(msg.verdict);
      w.pending.delete(msg.id);
    });
    const fail = (err: Error) => {
      if (this.workers[i] === w) delete this.workers[i];
      for (const p of w.pending.values()) p.reject(err);
      w.pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the run verifier thread exited (${code})`)));
    this.workers[i] = w;
    return w;
  }
}
