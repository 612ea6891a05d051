/**
 * The server's fair-use and operations surface through `inject()`: error answers stay small whatever
 * the input, per-address rate limits answer 429 rate_limited with Retry-After (404s and CORS preflights
 * counted as reads; off unless configured), health and readiness probes, Prometheus metrics (off by default), and request ids on
 * every answer and every log line.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { DEFAULT_RATE_LIMITS, readRateLimits } from '../src/server/config.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import type { RunStore } from '../src/store/store.js';
import { playout } from './helpers/playout.js';

const sealer = StateSealer.random();
const whirlyard = registry.get('whirlyard')!;
// Give each name its own seed: the same run under two names is refused as a copy.
const run = (name: string, seed = 5) => ({
  game: 'whirlyard',
  rulesVersion: whirlyard.spec.rulesVersion,
  seed,
  actions: playout(whirlyard, seed, 10).actions,
  player: { name, kind: 'agent' },
});

describe('error answers', () => {
  it('stay small for a 3.7 MiB run whose one action is padded', async () => {
    const app = await buildApp({ sealer, store: new SqliteRunStore(':memory:') });
    // Delvewick's grammar lets extra fields through, and its engine quotes a refused action: a padded
    // action after the end of a finished run used to come back twice in the error.
    const delvewick = registry.get('delvewick')!;
    const done = playout(delvewick, 3, 3000);
    expect(delvewick.isGameOver(done.states.at(-1)), 'the playout should finish the run').toBe(true);
    const body = {
      game: 'delvewick',
      rulesVersion: delvewick.spec.rulesVersion,
      seed: 3,
      actions: [...done.actions, { type: 'wait', pad: 'x'.repeat(3.7 * 2 ** 20) }],
      player: { name: 'padder', kind: 'agent' },
    };
    const r = await app.inject({ method: 'POST', url: '/api/runs', payload: body });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe('invalid_run');
    expect(r.body.length).toBeLessThan(1500);
  });

  it('stay small for a readable state naming a huge game', async () => {
    const app = await buildApp({ sealer });
    const init = (await app.inject('/api/games/delvewick/init?seed=1')).json();
    const state = { ...init.state, game: 'g'.repeat(100_000) };
    const r = await app.inject({
      method: 'POST',
      url: '/api/games/delvewick/action',
      payload: { state, action: init.legalActions[0] },
    });
    expect(r.statusCode).toBe(400);
    expect(r.body.length).toBeLessThan(1000);
  });
});

describe('rate limits', () => {
  const limits = {
    ...DEFAULT_RATE_LIMITS,
    runs: { max: 3, windowMs: 60_000 },
    action: { max: 5, windowMs: 60_000 },
  };

  it('answer 429 rate_limited with Retry-After once a group is spent, without touching other groups', async () => {
    const app = await buildApp({ sealer, store: new SqliteRunStore(':memory:'), rateLimits: limits });
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 6; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/runs', payload: run(`p${i}`, i + 1) });
      statuses.push(r.statusCode);
      if (r.statusCode === 429) refused = r;
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(refused!.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(refused!.json().message).toMatch(/at most 3 every 60 s/);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    // Other groups keep their own budgets.
    expect((await app.inject('/api/games/whirlyard/init?seed=1')).statusCode).toBe(200);
    expect((await app.inject('/api/games/whirlyard/leaderboard')).statusCode).toBe(200);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('count each client address apart', async () => {
    const app = await buildApp({ sealer, rateLimits: limits });
    const init = (await app.inject('/api/games/whirlyard/init?seed=1')).json();
    const act = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/games/whirlyard/action',
        remoteAddress: ip,
        payload: { stateToken: init.stateToken, action: init.legalActions[0] },
      });
    for (let i = 0; i < 5; i++) expect((await act('10.0.0.1')).statusCode).toBe(200);
    expect((await act('10.0.0.1')).statusCode).toBe(429);
    expect((await act('::ffff:10.0.0.1')).statusCode, 'the same address, IPv4-mapped').toBe(429);
    expect((await act('10.0.0.2')).statusCode).toBe(200);
    // An IPv6 host commonly holds a whole /64: its addresses share one budget.
    for (let i = 0; i < 5; i++) expect((await act(`2001:db8:1:2::${i + 1}`)).statusCode).toBe(200);
    expect((await act('2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await act('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('count a ranked session start as a new game and its actions as actions', async () => {
    const app = await buildApp({ sealer, store: new SqliteRunStore(':memory:'), rateLimits: limits });
    const started = await app.inject({
      method: 'POST',
      url: '/api/games/whirlyard/sessions',
      payload: { player: { name: 'limited', kind: 'agent' } },
    });
    expect(started.statusCode).toBe(200);
    const body = started.json();
    const statuses: number[] = [];
    // The same first action six times: a retry is answered again, and counts like any action.
    for (let i = 0; i < 6; i++) {
      const r = await app.inject({
        method: 'POST',
        url: `/api/sessions/${body.session.id}/action`,
        payload: { stateToken: body.stateToken, action: body.legalActions[0] },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('count 404s as reads: a flood of unknown URLs is answered 429 with Retry-After', async () => {
    const app = await buildApp({ sealer, rateLimits: { ...limits, reads: { max: 5, windowMs: 60_000 } } });
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 8; i++) {
      const r = await app.inject(`/api/no-such-thing-${i}`);
      statuses.push(r.statusCode);
      if (r.statusCode === 429) refused = r;
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    expect(refused!.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(refused!.json().message).toMatch(/Too many reads requests/);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    // The reads budget is the one spent: a leaderboard read is refused, a new game is not.
    expect((await app.inject('/api/games/whirlyard/leaderboard')).statusCode).toBe(429);
    expect((await app.inject('/api/games/whirlyard/init?seed=1')).statusCode).toBe(200);
    // A 404 for a browser page counts the same.
    expect((await app.inject({ url: '/nowhere', headers: { accept: 'text/html' } })).statusCode).toBe(429);
    // Another address has its own budget.
    expect((await app.inject({ url: '/api/nothing', remoteAddress: '10.0.0.9' })).statusCode).toBe(404);
  });

  it('count CORS preflights as reads: a flood of OPTIONS is answered 429 with Retry-After', async () => {
    const app = await buildApp({ sealer, rateLimits: { ...limits, reads: { max: 4, windowMs: 60_000 } } });
    const preflight = (ip = '127.0.0.1') =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/games/whirlyard/action',
        remoteAddress: ip,
        headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' },
      });
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 7; i++) {
      const r = await preflight();
      statuses.push(r.statusCode);
      if (r.statusCode === 429) refused = r;
    }
    expect(statuses).toEqual([204, 204, 204, 204, 429, 429, 429]);
    expect(refused!.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused!.headers['access-control-allow-origin'], 'a refusal is readable cross-origin').toBe('*');
    expect((await app.inject('/api/games/whirlyard/leaderboard')).statusCode).toBe(429);
    expect((await preflight('10.0.0.3')).statusCode).toBe(204);
  });

  it('are off unless configured, and GAMEBOARD_RATE_LIMIT=off turns the defaults off', async () => {
    const app = await buildApp({ sealer });
    for (let i = 0; i < 150; i++) expect((await app.inject('/api/games/whirlyard/init?seed=1')).statusCode).toBe(200);
    expect(readRateLimits({ GAMEBOARD_RATE_LIMIT: 'off' })).toBeNull();
    expect(readRateLimits({ GAMEBOARD_RATE_LIMIT_ACTION: '20/2s' })?.action).toEqual({ max: 20, windowMs: 2000 });
    expect(() => readRateLimits({ GAMEBOARD_RATE_LIMIT_RUNS: 'lots' })).toThrow(
      /GAMEBOARD_RATE_LIMIT_RUNS must look like/,
    );
  });
});

describe('operations', () => {
  it('answers /healthz, and /readyz only while the store answers', async () => {
    const broken = new SqliteRunStore(':memory:');
    const app = await buildApp({ sealer, store: broken });
    expect((await app.inject('/healthz')).json()).toMatchObject({ ok: true });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await broken.close();
    const r = await app.inject('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json().error).toBe('store_unavailable');
  });

  it('never rate limits /healthz, /readyz and /metrics, nor hides their answers from the metrics', async () => {
    const reads = { max: 2, windowMs: 60_000 };
    const app = await buildApp({ sealer, metrics: true, rateLimits: { ...DEFAULT_RATE_LIMITS, reads } });
    const statuses = (urls: string[], method: 'GET' | 'HEAD' = 'GET') =>
      Promise.all(urls.map(async (url) => (await app.inject({ method, url })).statusCode));
    const probes = ['/healthz', '/readyz', '/metrics'];
    const many = (urls: string[]) => Array.from({ length: 4 }, () => urls).flat();
    expect(await statuses(many(probes))).toEqual(many(probes).map(() => 200));
    expect(await statuses(many(probes), 'HEAD')).toEqual(many(probes).map(() => 200));
    // Reads of the API from the same address are limited as before: the probes spent none of their budget.
    expect(await statuses(many(['/api/games']))).toEqual([200, 200, 429, 429]);
    const text = (await app.inject('/metrics')).body;
    expect(text).toMatch(/gameboard_http_requests_total\{route="\/healthz",method="GET",status="200"\} 4/);
    expect(text).toMatch(/gameboard_http_requests_total\{route="\/api\/games",method="GET",status="429"\} 2/);
    expect(text).toMatch(/gameboard_rate_limited_total\{group="reads"\} 2/);
  });

  it('serves no /metrics unless enabled', async () => {
    const app = await buildApp({ sealer });
    expect((await app.inject('/metrics')).statusCode).toBe(404);
  });

  it('counts requests, actions per game, runs verified, rate-limited requests and store errors', async () => {
    const store = new SqliteRunStore(':memory:');
    const app = await buildApp({
      sealer,
      store,
      metrics: true,
      rateLimits: { ...DEFAULT_RATE_LIMITS, runs: { max: 2, windowMs: 60_000 } },
    });
    const init = (await app.inject('/api/games/whirlyard/init?seed=1')).json();
    await app.inject({
      method: 'POST',
      url: '/api/games/whirlyard/action',
      payload: { stateToken: init.stateToken, action: init.legalActions[0] },
    });
    await app.inject({ method: 'POST', url: '/api/runs', payload: run('m1', 1) });
    await store.close(); // every store call fails from here
    await app.inject({ method: 'POST', url: '/api/runs', payload: run('m2', 2) });
    await app.inject({ method: 'POST', url: '/api/runs', payload: run('m3', 3) });
    const r = await app.inject('/metrics');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const text = r.body;
    expect(text).toMatch(
      /gameboard_http_requests_total\{route="\/api\/games\/:slug\/init",method="GET",status="200"\} 1/,
    );
    expect(text).toMatch(/gameboard_http_request_duration_seconds_bucket\{.*route="\/api\/games\/:slug\/action"/);
    expect(text).toMatch(/gameboard_actions_total\{game="whirlyard"\} 1/);
    expect(text).toMatch(/gameboard_runs_verified_total\{game="whirlyard",result="stored"\} 1/);
    expect(text).toMatch(/gameboard_store_errors_total\{operation="save"\} 1/);
    expect(text).toMatch(/gameboard_rate_limited_total\{group="runs"\} 1/);
  });
});

describe('request ids', () => {
  it('come back on every answer, keep a plain client id, and mark every log line', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const failing = { ...new SqliteRunStore(':memory:') } as unknown as RunStore;
    failing.save = () => Promise.reject(new Error('disk on fire'));
    const app = await buildApp({ sealer, store: failing, logger: { level: 'info', stream } });
    const ok = await app.inject('/api/games');
    const missing = await app.inject('/nowhere');
    const given = await app.inject({ url: '/api/games', headers: { 'x-request-id': 'agent-7.call-12' } });
    const odd = await app.inject({ url: '/api/games', headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(ok.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(missing.headers['x-request-id']).toBeTruthy();
    expect(given.headers['x-request-id']).toBe('agent-7.call-12');
    expect(odd.headers['x-request-id']).toHaveLength(16);

    const failed = await app.inject({
      method: 'POST',
      url: '/api/runs',
      headers: { 'x-request-id': 'save-1' },
      payload: run('x'),
    });
    expect(failed.statusCode).toBe(500);
    const logged = lines.filter((l) => l.reqId === 'save-1');
    expect(logged.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.msg === 'unhandled error').every((l) => typeof l.reqId === 'string')).toBe(true);
  });
});
