/**
 * The SQLite store's own guarantees: a damaged file is refused at open with a clear message (instead
 * of starting and failing every run request), and leaderboards still answer what they showed.
 */
import { mkdtempSync, openSync, rmSync, writeSync, closeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptStoreError, SqliteRunStore } from './sqlite.js';
import type { NameUse, VerifiedRun } from './store.js';

/** Every run under one owner's key (the key hash is what the store compares). */
const KEY: NameUse = { keyHash: 'k', claimHash: 'k' };

const dir = mkdtempSync(join(tmpdir(), 'gameboard-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const verified = (i: number): VerifiedRun => ({
  run: { game: 'g', rulesVersion: 'g-1', seed: i, actions: Array.from({ length: 40 }, () => ({ type: 'wait' })) },
  player: { name: `p${i}`, kind: 'agent' },
  score: i % 17,
  gameOver: true,
  steps: 40,
  spent: 40,
  outcome: { kind: 'terminated', reason: 'done' },
  progress: null,
});

async function filledStore(file: string, runs: number): Promise<void> {
  const store = new SqliteRunStore(file);
  for (let i = 0; i < runs; i++) await store.save(verified(i), KEY);
  await store.close();
}

describe('SqliteRunStore', () => {
  it('answers leaderboard lines with the shown fields only, best first', async () => {
    const file = join(dir, 'board.sqlite');
    await filledStore(file, 30);
    const store = new SqliteRunStore(file);
    const top = await store.board({ game: 'g', rulesVersion: 'g-1', board: 'open', kind: 'agent', limit: 3 });
    expect(top.map((e) => e.score)).toEqual([16, 15, 14]);
    expect(top[0]).toMatchObject({ seed: 16, steps: 40, player: { name: 'p16', kind: 'agent' } });
    expect(Object.keys(top[0]).sort()).toEqual([
      'createdAt',
      'id',
      'outcome',
      'player',
      'progress',
      'score',
      'seed',
      'spent',
      'steps',
    ]);
    await store.close();
  });

  it('refuses to open a store whose pages are damaged, saying what to do', async () => {
    const file = join(dir, 'damaged.sqlite');
    await filledStore(file, 300);
    // Overwrite the middle of the file (table and index pages) with garbage.
    const size = statSync(file).size;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 3, 0x5a), 0, 4096 * 3, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    expect(() => new SqliteRunStore(file)).toThrow(CorruptStoreError);
    expect(() => new SqliteRunStore(file)).toThrow(/is damaged .*restore it from a backup/);
  });

  it('refuses a file that is not a database at all', () => {
    const file = join(dir, 'garbage.sqlite');
    const fd = openSync(file, 'w');
    writeSync(fd, Buffer.alloc(8192, 0x41));
    closeSync(fd);
    expect(() => new SqliteRunStore(file)).toThrow(/cannot be read as a database/);
  });
});
