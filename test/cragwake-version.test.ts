/**
 * Cragwake's rules version moved from cragwake-1 to cragwake-2 when row generation changed (rows now
 * keep their hold counts and shares). A cragwake-1 run would replay differently now, so it must be
 * refused by name rather than silently re-scored; runs stored under cragwake-1 stay under that version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AnyGame } from '../src/core/game.js';
import { replay } from '../src/core/replay.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

const cragwake = registry.get('cragwake') as AnyGame;
const oldRun = { game: 'cragwake', rulesVersion: 'cragwake-1', seed: 7, actions: [{ type: 'breathe' }] };

describe('cragwake-1 runs after the move to cragwake-2', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer: new StateSealer(['cragwake-version-test-0123456789']), store, webRoot: null });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('the engine runs cragwake-2', () => {
    expect(cragwake.spec.rulesVersion).toBe('cragwake-2');
  });

  it('replay refuses a cragwake-1 run as wrong_rules_version, naming both versions', () => {
    const r = replay(cragwake, oldRun);
    expect(r).toMatchObject({ ok: false, error: 'wrong_rules_version', steps: 0 });
    if (!r.ok) expect(r.message).toMatch(/cragwake-1.*cragwake-2/);
  });

  it('POST /api/runs refuses it with a 400 that names both versions, and stores nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/runs',
      payload: { ...oldRun, player: { name: 'Old', kind: 'agent' } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; message: string };
    expect(body.error).toBe('invalid_run');
    expect(body.message).toMatch(/cragwake-1.*cragwake-2/);
    const board = await app.inject({ method: 'GET', url: '/api/games/cragwake/leaderboard?kind=agent' });
    expect(board.statusCode).toBe(200);
    expect(JSON.stringify(board.json())).not.toContain('"Old"');
  });
});
