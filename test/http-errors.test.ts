/**
 * HTTP's own error answers: a known address asked with the wrong method is 405 `method_not_allowed`
 * with an `Allow` header and a message naming the right method; no error answer echoes more than a
 * short, clipped piece of the input (a 12 KB path, query or field gives a short answer).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_MAX } from '../src/core/clip.js';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

let app: FastifyInstance;
let store: SqliteRunStore;
beforeAll(async () => {
  store = new SqliteRunStore(':memory:');
  app = await buildApp({ sealer: StateSealer.random(), store, webRoot: null });
});
afterAll(async () => {
  await app.close();
  await store.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

describe('a wrong method', () => {
  const cases: [Method, string, string, string[]][] = [
    ['PUT', '/api/games', 'GET, HEAD, OPTIONS', ['GET']],
    ['GET', '/api/games/whirlyard/action', 'POST, OPTIONS', ['POST']],
    ['DELETE', '/api/runs', 'POST, OPTIONS', ['POST']],
    ['POST', '/api/games/whirlyard/init', 'GET, HEAD, OPTIONS', ['GET']],
    ['PATCH', '/api/runs/abc', 'GET, HEAD, OPTIONS', ['GET']],
    ['GET', '/api/sessions/abcdefghijkl/action', 'POST, OPTIONS', ['POST']],
    ['DELETE', '/api/games/nope/leaderboard', 'GET, HEAD, OPTIONS', ['GET']],
    ['POST', '/openapi.json', 'GET, HEAD', ['GET']],
  ];
  it.each(cases)('%s %s is 405 with Allow: %s', async (method, url, allow, named) => {
    const r = await app.inject({ method, url });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe(allow);
    const body = r.json();
    expect(body).toMatchObject({ ok: false, error: 'method_not_allowed' });
    for (const m of named) expect(body.message).toContain(`use ${m}`);
    expect(body.message).toContain(`${method} is not allowed at ${url}`);
  });

  it('leaves unknown addresses 404 and right methods alone', async () => {
    const missing = await app.inject({ method: 'PUT', url: '/api/nothing/here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
    expect((await app.inject({ method: 'GET', url: '/api/games' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/api/games' })).statusCode).toBe(200);
    // An address under a known one with an extra segment is not the known one.
    expect((await app.inject({ method: 'GET', url: '/api/games/whirlyard/init/more' })).statusCode).toBe(404);
  });
});

describe('error answers echo only a clipped piece of the input', () => {
  const big = 'x'.repeat(12 * 1024);
  /** Short: the message, whatever it quotes, stays well under the 12 KB that was sent. */
  const short = (body: { message: string }) => {
    expect(body.message.length).toBeLessThan(ECHO_MAX + 200);
    expect(body.message).not.toContain('x'.repeat(ECHO_MAX + 1));
  };

  it('a 12 KB unknown path', async () => {
    const r = await app.inject({ url: `/api/${big}` });
    expect(r.statusCode).toBe(404);
    expect(r.body.length).toBeLessThan(1000);
    short(r.json());
    expect(r.json().message).toContain('(12293 characters)');
  });

  it('a 12 KB path under a known route, with the wrong method', async () => {
    const r = await app.inject({ method: 'PUT', url: `/api/runs/${big}` });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(r.body.length).toBeLessThan(1000);
    short(r.json());
  });

  it('a 12 KB path parameter', async () => {
    for (const url of [`/api/games/${big}/init`, `/api/games/${big}`, `/api/runs/${big}`]) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, url).toBeLessThan(500);
      expect(r.body.length, url).toBeLessThan(1000);
      short(r.json());
    }
  });

  it('a 12 KB query value and a 12 KB query name', async () => {
    for (const url of [
      `/api/games/whirlyard/init?seed=${big}`,
      `/api/games/whirlyard/init?${big}=1`,
      `/api/games/whirlyard/leaderboard?limit=${big}`,
      `/api/games/whirlyard/leaderboard?date=${big}&board=daily`,
    ]) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(400);
      expect(r.body.length, url).toBeLessThan(1000);
      short(r.json());
    }
  });

  it('a 12 KB field name or value in a body', async () => {
    const init = (await app.inject({ url: '/api/games/whirlyard/init?seed=7' })).json();
    const bodies: [string, unknown][] = [
      ['/api/games/whirlyard/action', { stateToken: init.stateToken, action: { type: big } }],
      ['/api/games/whirlyard/action', { stateToken: init.stateToken, action: { type: 'move', [big]: 1 } }],
      ['/api/games/whirlyard/action', { stateToken: init.stateToken, action: { type: 'wait' }, [big]: 1 }],
      ['/api/games/whirlyard/action', { stateToken: big, action: { type: 'wait' } }],
      ['/api/runs', { game: big, rulesVersion: '1', seed: 1, actions: [], player: { name: 'a', kind: 'agent' } }],
      [
        '/api/runs',
        { game: 'whirlyard', rulesVersion: '1', seed: 1, actions: [], player: { name: 'a', kind: 'agent' }, [big]: 1 },
      ],
      [
        '/api/runs',
        {
          game: 'whirlyard',
          rulesVersion: '1',
          seed: 1,
          actions: [{ type: big }],
          player: { name: 'a', kind: 'agent' },
        },
      ],
      ['/api/games/whirlyard/sessions', { player: { name: big, kind: 'agent' } }],
      ['/api/sessions/abcdefghijkl/action', { stateToken: 'a', action: { type: big } }],
    ];
    for (const [url, payload] of bodies) {
      const r = await app.inject({ method: 'POST', url, payload: payload as object });
      const body = r.json();
      expect(r.body.length, url).toBeLessThan(r.statusCode === 200 ? 12 * 1024 : 1000);
      // A refused action is a 200 with the whole contract: its message is clipped like an error's.
      short(body);
    }
  });
});
