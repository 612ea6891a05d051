/**
 * The HTTP bench's table (bench/http.ts): each route's least CPU per request over its rounds, as a
 * ratio to the least of its echo's, and the echo server (bench/http-servers.ts) answering every route's
 * own answer by name.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { summariseHttpRounds, type HttpFigure } from '../bench/http.js';

const figure = (name: string, requestsPerSecond: number, cpuUsPerRequest?: number): HttpFigure => ({
  name,
  requestsPerSecond,
  p99ms: 1,
  errors: 0,
  non2xx: 0,
  cpuUsPerRequest,
});

describe('summariseHttpRounds', () => {
  const targets = [{ name: 'echo, a' }, { name: 'a', echo: 'echo, a' }, { name: 'b' }];
  const rounds = [
    [figure('echo, a', 9000, 60), figure('a', 4000, 150), figure('b', 100)],
    [figure('echo, a', 10000, 55), figure('a', 3000, 121), figure('b', 200)],
    [figure('echo, a', 8000, 50), figure('a', 5000, 130), figure('b', 150)],
  ];

  it('keeps the best round by requests per second and the least CPU per request of all rounds', () => {
    const [echo, a, b] = summariseHttpRounds(targets, rounds);
    expect(echo.requestsPerSecond).toBe(10000);
    expect(echo.cpuUsPerRequest).toBe(50);
    expect(a.requestsPerSecond).toBe(5000);
    expect(a.cpuUsPerRequest).toBe(121);
    expect(b.requestsPerSecond).toBe(200);
    expect(b.cpuUsPerRequest).toBeUndefined();
  });

  it('gives a route its CPU over its echo, and no ratio to a route without one', () => {
    const [echo, a, b] = summariseHttpRounds(targets, rounds);
    expect(a.echo).toBe('echo, a');
    expect(a.cpuVsEcho).toBeCloseTo(121 / 50);
    expect(echo.cpuVsEcho).toBeUndefined();
    expect(b.cpuVsEcho).toBeUndefined();
  });

  it('refuses no rounds, or a round whose figures are not the targets in order', () => {
    expect(() => summariseHttpRounds(targets, [])).toThrow(/at least one round/);
    expect(() => summariseHttpRounds(targets, [[rounds[0][1], rounds[0][0], rounds[0][2]]])).toThrow(/not target/);
  });
});

describe('the echo server', () => {
  it('answers each name its own stored answer, to a POSTed body or a GET with a seed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-servers.ts', 'echo'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      const base = `http://127.0.0.1:${Number(line.toString().trim())}`;
      const post = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const one = { ok: true, game: 'whirlyard', observation: { text: 'a\nb' } };
      const two = { ok: true, results: [1, 2, 3] };
      expect((await post('/_setup/one', one)).status).toBe(200);
      expect((await post('/_setup/two', two)).status).toBe(200);
      expect(await (await post('/echo/one', { stateToken: 'x', action: { type: 'wait' } })).json()).toEqual(one);
      expect(await (await post('/echo/two', { items: [] })).json()).toEqual(two);
      expect(await (await fetch(`${base}/echo/one?seed=7`)).json()).toEqual(one);
      // A name never set up is an error, not some other route's answer.
      expect((await post('/echo/three', { a: 1 })).status).toBe(500);
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});

describe('benchAb (npm run bench -- --ab DIR)', () => {
  it('measures a game against another checkout (here, this one) and its echo, each figure a real CPU time', async () => {
    const { benchAb } = await import('../bench/ab.js');
    const [row] = await benchAb('.', ['whirlyard'], 1, 1, { pin: false });
    expect(row.game).toBe('whirlyard');
    for (const us of [row.echoUs, row.thisUs, row.otherUs]) {
      expect(Number.isFinite(us)).toBe(true);
      expect(us).toBeGreaterThan(0);
    }
  }, 60_000);

  it('refuses a folder that is not a checkout', async () => {
    const { benchAb } = await import('../bench/ab.js');
    await expect(benchAb('/tmp', ['whirlyard'], 1, 1, { pin: false })).rejects.toThrow(/not a Gameboard checkout/);
  });
});
