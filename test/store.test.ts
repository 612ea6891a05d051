/**
 * The one run-store suite (test/helpers/store-suite.ts), unchanged against SQLite and against
 * PostgreSQL (the test run's throwaway cluster, a new schema per test). Without PostgreSQL the second
 * half skips; vitest's globalSetup has printed why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, inject } from 'vitest';
import { PostgresRunStore } from '../src/store/postgres.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { freshSchema } from './helpers/postgres.js';
import { runStoreSuite } from './helpers/store-suite.js';

const dir = mkdtempSync(join(tmpdir(), 'gameboard-suite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

runStoreSuite('SQLite', () => {
  const file = join(dir, `store-${files++}.sqlite`);
  const raw = <T>(work: (db: Database.Database) => T): T => {
    const db = new Database(file);
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return Promise.resolve({
    open: async () => new SqliteRunStore(file),
    setSchemaVersion: (v) =>
      Promise.resolve(void raw((db) => db.prepare('UPDATE schema_version SET version = ?').run(v))),
    exec: (sql) => Promise.resolve(void raw((db) => db.exec(sql))),
    versionRows: () =>
      Promise.resolve(
        raw((db) => db.prepare<[], { version: number }>('SELECT version FROM schema_version').all()).map(
          (r) => r.version,
        ),
      ),
  });
});

const url = inject('postgresUrl');

/** The test settings of the PostgreSQL store on one URL. */
export const testPgOptions = (connectionString: string) => ({
  connectionString,
  poolSize: 8,
  statementTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  ssl: false as const,
});

describe.skipIf(url === '')('PostgreSQL', () => {
  runStoreSuite('PostgreSQL', async () => {
    const schemaUrl = await freshSchema(url);
    const raw = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
      const c = new pg.Client({ connectionString: schemaUrl });
      await c.connect();
      try {
        return await work(c);
      } finally {
        await c.end();
      }
    };
    return {
      open: () => PostgresRunStore.open(testPgOptions(schemaUrl)),
      setSchemaVersion: (v) => raw(async (c) => void (await c.query('UPDATE schema_version SET version = $1', [v]))),
      exec: (sql) => raw(async (c) => void (await c.query(sql))),
      versionRows: () =>
        raw(async (c) =>
          (await c.query<{ version: number }>('SELECT version FROM schema_version')).rows.map((r) => r.version),
        ),
    };
  });
});
