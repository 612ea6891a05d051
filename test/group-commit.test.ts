import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../src/store/group-commit.js';

describe('group commit of SQLite writes', () => {
  let dir: string;
  let db: Database.Database;
  let reader: Database.Database;
  const rows = (d: Database.Database) =>
    d
      .prepare<[], { v: string }>('SELECT v FROM t ORDER BY rowid')
      .all()
      .map((r) => r.v);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gameboard-group-'));
    db = new Database(join(dir, 'db.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (v TEXT PRIMARY KEY)');
    // A second connection sees only what is committed.
    reader = new Database(join(dir, 'db.sqlite'), { readonly: true });
  });
  afterEach(() => {
    reader.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits the writes queued together in one transaction, in order, before any promise settles', async () => {
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const seenByReader: string[][] = [];
    const results = await Promise.all(
      ['a', 'b', 'c'].map((v) =>
        group.run(() => {
          insert.run(v);
          seenByReader.push(rows(reader));
          return v.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(['A', 'B', 'C']);
    // While the three ran, nothing was committed yet: one transaction held all three.
    expect(seenByReader).toEqual([[], [], []]);
    expect(rows(reader)).toEqual(['a', 'b', 'c']);
  });

  it('rolls back a failing write alone and rejects only its promise', async () => {
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const outcomes = await Promise.allSettled([
      group.run(() => insert.run('a')),
      group.run(() => {
        insert.run('b');
        insert.run('a'); // a primary-key clash after a write of its own
      }),
      group.run(() => insert.run('c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint/);
    expect(rows(reader)).toEqual(['a', 'c']);
  });

  it('starts a new transaction for writes queued after a commit, and flush commits at once', async () => {
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    await group.run(() => insert.run('a'));
    const later = group.run(() => insert.run('b'));
    expect(rows(reader)).toEqual(['a']);
    group.flush();
    expect(rows(reader)).toEqual(['a', 'b']);
    await expect(later).resolves.toMatchObject({ changes: 1 });
  });

  it('rejects every queued write when the transaction cannot start, and commits none', async () => {
    const group = new GroupCommit(db);
    const pending = group.run(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('a'));
    db.close();
    await expect(pending).rejects.toThrow(/not open/);
    db = new Database(join(dir, 'db.sqlite'));
    expect(rows(db)).toEqual([]);
  });
});
