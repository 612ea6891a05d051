/**
 * Rotating the secret (`GAMEBOARD_SECRET=new,old`) keeps live sessions: a session started under the
 * old secret continues, after a restart under `new,old` on the same store, with the token it holds;
 * the answers are sealed under the new secret; once the old secret is dropped its tokens are refused
 * 400 invalid_state. Through `buildApp` and `inject`, with the secrets read as `main.ts` reads them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { loadSecrets } from '../src/server/state/secret.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'gameboard-rotation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Delvewick's wait: a few of them never end a run. */
const WAIT = { type: 'wait' };

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const secretA = randomBytes(32).toString('base64');
const secretNew = randomBytes(32).toString('base64');

/** The server as `main.ts` builds it for GAMEBOARD_SECRET=`secret`, on the store file of `dir`. */
async function serverWith(secret: string): Promise<{ app: FastifyInstance; store: SqliteRunStore }> {
  const store = SqliteRunStore.inDataDir(dir);
  const sealer = new StateSealer(loadSecrets({ GAMEBOARD_SECRET: secret }, dir));
  return { app: await buildApp({ sealer, store, webRoot: null }), store };
}

async function post(app: FastifyInstance, url: string, payload: unknown) {
  const r = await app.inject({ method: 'POST', url, payload: payload as Body });
  return { status: r.statusCode, body: r.json() as Body };
}

async function stop(s: { app: FastifyInstance; store: SqliteRunStore }) {
  await s.app.close();
  await s.store.close();
}

describe('secret rotation and live sessions', () => {
  it('continues a session started under secret A after a restart with `new,A`, with the old token', async () => {
    const before = await serverWith(secretA);
    const started = await post(before.app, '/api/games/delvewick/sessions', {
      player: { name: 'rotor', kind: 'agent' },
    });
    expect(started.status).toBe(200);
    const first = await post(before.app, `/api/sessions/${started.body.session.id}/action`, {
      stateToken: started.body.stateToken,
      action: WAIT,
    });
    expect(first.status).toBe(200);
    await stop(before);

    const after = await serverWith(`${secretNew},${secretA}`);
    const id = started.body.session.id as string;
    const next = await post(after.app, `/api/sessions/${id}/action`, {
      stateToken: first.body.stateToken,
      action: WAIT,
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.session).toMatchObject({ id, step: 2 });
    await stop(after);

    // The answer after the rotation is sealed under the new secret: it opens with `new` alone.
    const newOnly = await serverWith(secretNew);
    const third = await post(newOnly.app, `/api/sessions/${id}/action`, {
      stateToken: next.body.stateToken,
      action: WAIT,
    });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(third.body.session.step).toBe(3);
    await stop(newOnly);
  });

  it('refuses 400 invalid_state a token sealed under a secret no longer listed', async () => {
    const before = await serverWith(secretA);
    const started = await post(before.app, '/api/games/cragwake/sessions', {
      player: { name: 'dropped', kind: 'agent' },
    });
    expect(started.status).toBe(200);
    await stop(before);

    const after = await serverWith(secretNew);
    const r = await post(after.app, `/api/sessions/${started.body.session.id}/action`, {
      stateToken: started.body.stateToken,
      action: started.body.legalActions[0],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_state');
    expect(r.body.message).toMatch(/failed authentication/);
    await stop(after);
  });
});
