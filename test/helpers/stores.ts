/** The two run stores a suite runs on: an in-memory SQLite, and PostgreSQL on a fresh schema of the test cluster. */
import { PostgresRunStore } from '../../src/store/postgres.js';
import { SqliteRunStore } from '../../src/store/sqlite.js';
import type { RunStore } from '../../src/store/store.js';
import { freshSchema } from './postgres.js';

/** [name, open a new empty store, skip] for SQLite and PostgreSQL (skipped when `pgUrl` is ''). */
export function bothStores(pgUrl: string): [string, () => Promise<RunStore>, boolean][] {
  return [
    ['SQLite', async () => new SqliteRunStore(':memory:'), false],
    [
      'PostgreSQL',
      async () =>
        PostgresRunStore.open({
          connectionString: await freshSchema(pgUrl),
          poolSize: 4,
          statementTimeoutMs: 10_000,
          connectTimeoutMs: 10_000,
          ssl: false,
        }),
      pgUrl === '',
    ],
  ];
}
