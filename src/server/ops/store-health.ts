/**
 * A failing store answers 503 store_unavailable, in bounded time, on every route, and `/readyz` says
 * so. `StoreHealth.guard` wraps the store: an error that means the store cannot be used right now
 * (SQLite's disk full, I/O error, busy past its timeout, read-only, cannot open; PostgreSQL
 * unreachable, gone, out of connections, or past the client-side query timeout) becomes
 * `ApiError('store_unavailable')` with a message about a failing store; any other error (a refused
 * statement, a bug) passes through as it was and stays a 500. A write that fails so is remembered for
 * `WRITE_FAILURE_MEMORY_MS`, and a successful write forgets it: `/readyz` answers 503 meanwhile, since
 * `SELECT 1` alone succeeds on a full disk.
 */
import { isUnavailable } from '../../store/postgres.js';
import { StoreFileError, type RunStore } from '../../store/store.js';
import { ApiError } from '../errors.js';

/** The message of store_unavailable when the store exists but fails (errors.ts has the no-store one). */
const STORE_FAILING =
  'The run store is failing just now (it cannot be read or written); nothing was changed: try again shortly.';

/** The message of store_unavailable when the SQLite file was deleted or replaced under the server. */
const STORE_FILE_LOST =
  'The run store is failing: its file was deleted or replaced while the server ran, so nothing written now could be found again; nothing was acknowledged. The operator must restore the file (see the README on backup and restore) and restart the server.';

/** SQLite result codes (and their extended forms) that say the store cannot work now, not that a statement is wrong. */
const SQLITE_OUTAGE = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|NOMEM|PROTOCOL|NOTADB|CORRUPT|PERM|AUTH)(_|$)/;

/** True for an error that means the store is unavailable (see the file's comment). */
function isStoreOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof ApiError) return err.code === 'store_unavailable';
  if (err instanceof StoreFileError) return true;
  const code = String((err as { code?: unknown }).code ?? '');
  if (SQLITE_OUTAGE.test(code)) return true;
  // better-sqlite3 on a closed connection: the store has been shut, as good as unreachable.
  if (err instanceof TypeError && /database connection is not open/.test(err.message)) return true;
  return isUnavailable(err);
}

/**
 * An error's code for a public answer (SQLITE_FULL, ECONNREFUSED, 57014): never its message, which
 * may name the database's address or a file path.
 */
function codeOf(err: unknown): string {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  if (/^[A-Z0-9_]{1,40}$/.test(code)) return code;
  return err instanceof Error && /timeout/i.test(err.message) ? 'timeout' : 'error';
}

/** The store methods that write: their failures make the store not ready until one succeeds. */
const WRITES = new Set<string>([
  'save',
  'checkName',
  'createSession',
  'recordStep',
  'rotateKey',
  'endSession',
  'createEvaluation',
  'evaluationProgress',
  'endEvaluation',
]);

/** How long a failed write keeps `/readyz` at 503 unless a write succeeds first. */
const WRITE_FAILURE_MEMORY_MS = 15_000;

/** The deadline of `/readyz`'s probe of the store. */
const READY_DEADLINE_MS = 2_000;

export class StoreHealth {
  /** When the last write failed with an outage, and what it said; null once a write succeeded. */
  private lastWriteFailure: { at: number; code: string } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The store, its outages answered 503 store_unavailable and its writes' failures remembered. */
  guard(store: RunStore): RunStore {
    return new Proxy(store, {
      get: (target, prop, receiver) => {
        const value: unknown = Reflect.get(target, prop, receiver);
        // `ping` is left raw: /readyz reports its own error's code.
        if (typeof value !== 'function' || prop === 'close' || prop === 'ping' || typeof prop !== 'string')
          return value;
        const fn = value as (...args: unknown[]) => Promise<unknown>;
        const write = WRITES.has(prop);
        return async (...args: unknown[]): Promise<unknown> => {
          try {
            const result = await fn.apply(target, args);
            if (write) this.lastWriteFailure = null;
            return result;
          } catch (err) {
            if (!isStoreOutage(err)) throw err;
            if (write) this.lastWriteFailure = { at: this.now(), code: codeOf(err) };
            if (err instanceof ApiError) throw err;
            throw new ApiError('store_unavailable', err instanceof StoreFileError ? STORE_FILE_LOST : STORE_FAILING);
          }
        };
      },
    });
  }

  /** Null when the store answers `SELECT 1` within the deadline and no write failed lately; else why not. */
  async problem(store: RunStore, deadlineMs = READY_DEADLINE_MS): Promise<string | null> {
    const failed = this.lastWriteFailure;
    // A lost file is left to the probe below, which says what happened to it.
    if (failed && this.now() - failed.at < WRITE_FAILURE_MEMORY_MS && !failed.code.startsWith('STORE_FILE_'))
      return `The run store's last write failed (${failed.code}); it is not ready until a write succeeds.`;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`The run store did not answer within ${deadlineMs} ms.`), deadlineMs);
    });
    try {
      return await Promise.race([store.ping().then(() => null), late]);
    } catch (err) {
      if (err instanceof StoreFileError)
        return `The run store is not ready: ${err.message}; restore the file and restart the server.`;
      return `The run store does not answer (${codeOf(err)}).`;
    } finally {
      clearTimeout(timer);
    }
  }
}
