/**
 * Group commit for SQLite writes that come in bursts (live-session steps under load). A SQLite commit
 * costs far more than the statements inside it (WAL frames written, the write lock taken and given
 * back), so the writes queued while the event loop handles one round of I/O are committed together in
 * one IMMEDIATE transaction, each inside a savepoint of its own:
 *
 * - each write stays atomic and independent: one that throws rolls back alone and rejects its own
 *   promise, the others commit;
 * - no promise settles before the transaction holding its write has committed, so a caller that
 *   answers a client after awaiting still answers only what is durable;
 * - writes commit in the order they were queued.
 *
 * The queue is flushed from `setImmediate`: after the poll phase in which the requests were read, so
 * a lone request waits for no timer, and a burst of requests read together shares one commit.
 */
import type Database from 'better-sqlite3';

interface Pending<R> {
  write: () => R;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/** Queues writes on `db` and commits each round's together. */
export class GroupCommit {
  private queue: Array<Pending<unknown>> = [];
  private readonly commitAll: (
    batch: Array<Pending<unknown>>,
  ) => Array<{ ok: true; value: unknown } | { ok: false; error: unknown }>;

  constructor(private readonly db: Database.Database) {
    const each = db.transaction((write: () => unknown) => write());
    this.commitAll = db.transaction((batch: Array<Pending<unknown>>) =>
      batch.map((p) => {
        try {
          // A transaction function called inside another runs as a savepoint.
          return { ok: true as const, value: each(p.write) };
        } catch (error) {
          return { ok: false as const, error };
        }
      }),
    ).immediate;
  }

  /** Runs `write` (synchronous better-sqlite3 statements) in the next group commit. */
  run<R>(write: () => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ write, resolve: resolve as (r: unknown) => void, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Commits what is queued now (also called before the database closes). */
  flush(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    let results;
    try {
      results = this.commitAll(batch);
    } catch (error) {
      // The transaction itself failed (busy past the timeout, disk full, closed): nothing committed.
      for (const p of batch) p.reject(error);
      return;
    }
    results.forEach((r, i) => (r.ok ? batch[i].resolve(r.value) : batch[i].reject(r.error)));
  }
}
