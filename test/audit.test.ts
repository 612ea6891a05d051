/**
 * Audit: every stored run and live session records the id of the player key used (a short prefix of
 * its stored hash, never the key or the whole hash) and the request id the client sent in
 * x-request-id; GET /api/runs/:id shows the request id. Through HTTP against a real app on a SQLite
 * file, with the stored columns read back as an operator would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { hashPlayerKey, keyIdOf } from '../src/server/ranked/players.js';
import { SQLITE_FILE, SqliteRunStore } from '../src/store/sqlite.js';
import { playout } from './helpers/playout.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const whirlyard = registry.get('whirlyard') as AnyGame;
let dir: string;
let store: SqliteRunStore;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gameboard-audit-'));
  store = SqliteRunStore.inDataDir(dir);
  app = await buildApp({ sealer: new StateSealer(['audit-test-secret-0123456789abcdef']), store, verifyThreads: 0 });
});
afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const r = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: r.statusCode, body: r.json() as Body, requestId: r.headers['x-request-id'] };
}

/** The stored row, read as an operator reads the file. */
function row(table: 'runs' | 'sessions', id: string): Body {
  const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Body;
  } finally {
    db.close();
  }
}

describe('audit', () => {
  it('a submitted run records its key id and the x-request-id it was sent with; GET shows the request id', async () => {
    const played = playout(whirlyard, 5, 10);
    const run = { game: 'whirlyard', rulesVersion: whirlyard.spec.rulesVersion, seed: 5, actions: played.actions };
    const first = await post(
      '/api/runs',
      { ...run, player: { name: 'Auditor', kind: 'agent' } },
      {
        'x-request-id': 'audit-run-1',
      },
    );
    expect(first.status).toBe(200);
    expect(first.requestId).toBe('audit-run-1');
    const key = first.body.playerKey as string;
    const stored = row('runs', first.body.id);
    expect(stored.request_id).toBe('audit-run-1');
    expect(stored.key_id).toBe(keyIdOf(key));
    // Neither the key nor its stored hash is in the row.
    expect(Object.values(stored)).not.toContain(key);
    expect(Object.values(stored)).not.toContain(hashPlayerKey(key));
    const shown = await app.inject(`/api/runs/${first.body.id}`);
    expect(shown.json()).toMatchObject({ id: first.body.id, requestId: 'audit-run-1' });
    expect(shown.body).not.toContain(stored.key_id);

    // A later run with the key sent records the same key id.
    const again = await post(
      '/api/runs',
      { ...run, seed: 6, actions: playout(whirlyard, 6, 10).actions, player: { name: 'Auditor', kind: 'agent' } },
      { 'x-request-id': 'audit-run-2', 'x-player-key': key },
    );
    expect(again.status).toBe(200);
    expect(row('runs', again.body.id)).toMatchObject({ key_id: keyIdOf(key), request_id: 'audit-run-2' });
  });

  it('a live session records the request that started it, and its run the request that ended it', async () => {
    const started = await post(
      '/api/games/whirlyard/sessions',
      { player: { name: 'Watcher', kind: 'agent' } },
      {
        'x-request-id': 'audit-session-1',
      },
    );
    expect(started.status).toBe(200);
    const id = started.body.session.id as string;
    expect(row('sessions', id)).toMatchObject({
      request_id: 'audit-session-1',
      key_id: keyIdOf(started.body.playerKey),
    });
    const end = (started.body.legalActions as GameAction[]).find((a) => /end/i.test(a.type))!;
    const ended = await post(
      `/api/sessions/${id}/action`,
      { stateToken: started.body.stateToken, action: end },
      { 'x-request-id': 'audit-session-end' },
    );
    expect(ended.status).toBe(200);
    expect(ended.body.session.finished).toBe(true);
    expect(row('runs', id)).toMatchObject({ request_id: 'audit-session-end', key_id: keyIdOf(started.body.playerKey) });
  });
});
