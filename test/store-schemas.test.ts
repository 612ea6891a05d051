/**
 * The two run stores keep their migrations in their own SQL dialects (src/store/sqlite*.ts and
 * postgres-schema.ts) under one schema version: this holds them to the same schema. Both are migrated
 * from nothing, then every table's columns (name and whether NULL is allowed) and every index's name are
 * read from each database's own catalogue and compared. A migration added to one store only fails here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PostgresRunStore } from '../src/store/postgres.js';
import { SqliteRunStore, SQLITE_FILE } from '../src/store/sqlite.js';
import { freshSchema } from './helpers/postgres.js';

const url = inject('postgresUrl');
const dir = mkdtempSync(join(tmpdir(), 'gameboard-schemas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** table -> sorted "column NULL|NOT NULL" */
type Shape = Record<string, string[]>;

/** Catalogue tables each store keeps for itself: PostgreSQL's version row (SQLite uses user_version). */
const OWN = new Set(['schema_version', 'sqlite_sequence']);

async function sqliteShape(): Promise<{ tables: Shape; indexes: string[] }> {
  const store = SqliteRunStore.inDataDir(dir);
  await store.close();
  const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
  try {
    const tables: Shape = {};
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const t of names.filter((n) => !OWN.has(n))) {
      const cols = db.prepare(`PRAGMA table_info(${t})`).all() as { name: string; notnull: number; pk: number }[];
      // A primary key column is NOT NULL in PostgreSQL whether or not SQLite's catalogue says so.
      tables[t] = cols.map((c) => `${c.name} ${c.notnull || c.pk ? 'NOT NULL' : 'NULL'}`).sort();
    }
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'")
      .pluck()
      .all() as string[];
    return { tables, indexes: indexes.sort() };
  } finally {
    db.close();
  }
}

async function postgresShape(): Promise<{ tables: Shape; indexes: string[] }> {
  const schemaUrl = await freshSchema(url);
  const store = await PostgresRunStore.open({
    connectionString: schemaUrl,
    poolSize: 2,
    statementTimeoutMs: 10_000,
    connectTimeoutMs: 10_000,
    ssl: false,
  });
  await store.close();
  const client = new pg.Client({ connectionString: schemaUrl });
  await client.connect();
  try {
    const schema = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
    const cols = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
      'SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = $1',
      [schema],
    );
    const tables: Shape = {};
    for (const c of cols.rows) {
      if (OWN.has(c.table_name)) continue;
      (tables[c.table_name] ??= []).push(`${c.column_name} ${c.is_nullable === 'YES' ? 'NULL' : 'NOT NULL'}`);
    }
    for (const t of Object.keys(tables)) tables[t].sort();
    // Indexes made by a PRIMARY KEY or UNIQUE constraint are the constraint's, as SQLite's autoindexes are.
    const idx = await client.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = $1
         AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
      [schema],
    );
    return { tables, indexes: idx.rows.map((r) => r.indexname).sort() };
  } finally {
    await client.end();
  }
}

describe.skipIf(url === '')('the SQLite and PostgreSQL schemas', () => {
  it('have the same tables, columns (with their NULL rule) and indexes after every migration', async () => {
    const lite = await sqliteShape();
    const post = await postgresShape();
    expect(Object.keys(lite.tables).length).toBeGreaterThan(3);
    expect(post.tables).toEqual(lite.tables);
    expect(post.indexes).toEqual(lite.indexes);
  });
});
