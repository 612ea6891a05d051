/**
 * WAL checkpoints off the event loop. In WAL mode SQLite appends every commit to the `-wal` file and,
 * by default, the commit that takes the WAL past 1,000 pages copies it back into the database file and
 * syncs both: tens of milliseconds, inside one request, while every other request waits (a live session
 * commits on every action, so under load that was the route's worst latency: measured 19 ms at the 99th
 * percentile of 16-step group commits with it, 8.5 ms without).
 *
 * So the store's own connection checkpoints only as a safety net (`SAFETY_NET_PAGES`), and a worker
 * thread with a connection of its own runs a PASSIVE checkpoint every `EVERY_MS`: it copies what no
 * reader still needs, never waits for a lock and never blocks a writer. If the thread cannot open the
 * file (a read-only folder) or stops, the safety net still bounds the WAL.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background connection checkpoints. */
const EVERY_MS = 200;
/** The WAL size (pages) at which the store's own connection checkpoints anyway. */
export const SAFETY_NET_PAGES = 10_000;

/** The worker's code: plain CommonJS, so the thread needs no TypeScript loader. */
const SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 0');
  db.pragma('synchronous = NORMAL');
} catch {
  // Nothing to do for a file this thread cannot open: the safety net checkpoints.
  process.exit(0);
}
let last = 0;
setInterval(() => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    // Tell the owner when more pages reached the database file (a test waits for this, not for a clock).
    if (r && r.checkpointed > 0 && r.checkpointed !== last) parentPort.postMessage({ checkpointed: r.checkpointed });
    last = r ? r.checkpointed : last;
  } catch {
    // Busy or momentarily unavailable: the next round tries again.
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    process.exit(0);
  }
});
`;

/** A running background checkpointer for one database file. */
export class Checkpointer {
  private readonly worker: Worker;
  /** Settles once the thread has stopped (closed, or unable to open its file). */
  readonly stopped: Promise<void>;
  private readonly listeners = new Set<(pages: number) => void>();

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(SOURCE, { eval: true, workerData: { file, driver, everyMs: EVERY_MS } });
    // A failure here costs only latency (the safety net checkpoints): never crash the server for it.
    this.worker.on('error', () => {});
    this.stopped = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (m: { checkpointed?: number }) => {
      if (typeof m?.checkpointed === 'number') for (const l of this.listeners) l(m.checkpointed);
    });
    // The thread must never keep a process alive by itself.
    this.worker.unref();
  }

  /** Calls `listener` with the page count each time a checkpoint copies pages into the file; returns its removal. */
  onCheckpoint(listener: (pages: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the thread (its connection closed first); at once if it has already stopped. */
  async close(): Promise<void> {
    this.worker.postMessage('close');
    const timer = setTimeout(() => void this.worker.terminate(), 1000);
    await this.stopped;
    clearTimeout(timer);
  }
}
