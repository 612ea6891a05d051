import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Checkpointer } from '../src/store/checkpointer.js';
import { SqliteRunStore, SQLITE_FILE } from '../src/store/sqlite.js';
import type { NameUse } from '../src/store/store.js';

/** Every session under one owner's key (the key hash is what the store compares). */
const KEY: NameUse = { keyHash: 'k', claimHash: 'k' };

describe('WAL checkpoints on a thread of their own', () => {
  let dir: string;
  let store: SqliteRunStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gameboard-checkpoint-'));
    store = SqliteRunStore.inDataDir(dir);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed steps into the database file while the store keeps serving, with no commit doing it', async () => {
    const file = join(dir, SQLITE_FILE);
    const before = statSync(file).size;
    // A few hundred pages of live steps: far below the store's own checkpoint threshold, so only the
    // background connection can have copied them out of the WAL.
    for (let s = 0; s < 40; s++) {
      const id = `session-${s}`;
      await store.createSession(
        {
          id,
          game: 'briarwink',
          rulesVersion: 'test',
          seed: s,
          player: { name: 'checkpoint', kind: 'agent' },
          challenge: null,
          step: 0,
          spent: 0,
          finished: false,
          createdAt: new Date(0).toISOString(),
        },
        KEY,
      );
      for (let step = 0; step < 50; step++)
        expect(await store.recordStep(id, step, { type: 'tick', move: 'up', note: 'x'.repeat(200) }, step + 1)).toBe(
          true,
        );
    }
    expect(statSync(join(dir, `${SQLITE_FILE}-wal`)).size).toBeGreaterThan(before);
    // Wait for the thread's checkpoints (events, not a clock) until the file holds the pages; the test's
    // own timeout is the safety net should none ever come.
    while (statSync(file).size <= before) await store.nextCheckpoint();
    expect(statSync(file).size).toBeGreaterThan(before);
    expect((await store.getSession('session-39'))?.step).toBe(50);
  });

  it('closes a thread that could not open its file without waiting for the fallback timer', async () => {
    const lost = new Checkpointer(join(dir, 'no-such-file.sqlite'));
    await lost.stopped;
    // Only a fake clock: were close() to wait for its one-second fallback, it would never resolve.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await lost.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
