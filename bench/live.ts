/**
 * The live-session action route against the stateless action route of the same game (Briarwink, one
 * tick a request: a session lasts hundreds of ticks, so the load is actions, not session starts), at 64
 * connections with autocannon on 127.0.0.1. Every live request continues its session from the latest
 * answer, so each one is recorded in the store (a real SQLite file, as `npm start` keeps it); the
 * stateless route repeats one mid-game request. Sessions are started beforehand and lent to one
 * request at a time: a session never has two requests in flight, as a real client never would.
 */
import autocannon from 'autocannon';
import type { HttpFigure } from './http.js';
import { rotatingLoad, type Lent } from './requests.js';

const TICK = { type: 'tick', move: null };

async function post(url: string, body: unknown, key?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-player-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Starts `n` Briarwink sessions past their `start` action, ready for ticks, for the player `name`. */
async function startSessions(base: string, n: number, name = 'bench'): Promise<Lent[]> {
  const out: Lent[] = [];
  let key: string | undefined;
  for (let i = 0; i < n; i++) {
    const s = await post(`${base}/api/games/briarwink/sessions`, { player: { name, kind: 'agent' } }, key);
    key ??= s.playerKey as string;
    const id = (s.session as { id: string }).id;
    const a = await post(`${base}/api/sessions/${id}/action`, { stateToken: s.stateToken, action: { type: 'start' } });
    if (!a.ok) throw new Error(`benchmark session refused its start: ${JSON.stringify(a).slice(0, 200)}`);
    out.push({ path: `/api/sessions/${id}/action`, token: a.stateToken as string });
  }
  return out;
}

async function load(name: string, opts: autocannon.Options): Promise<HttpFigure> {
  const r = await autocannon({ connections: 64, ...opts });
  return {
    name,
    requestsPerSecond: r.requests.average,
    p99ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/**
 * One live-session tick as an agent sends it, and the answer it got: a Briarwink session started past
 * its `start` action and ticked once (the echo row of `benchHttp` replays these bytes).
 */
export async function liveSample(base: string): Promise<{ path: string; body: string; answer: string }> {
  const [lent] = await startSessions(base, 1, 'bench-sample');
  const body = JSON.stringify({ stateToken: lent.token, action: TICK });
  const res = await fetch(`${base}${lent.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = await res.text();
  if (!res.ok) throw new Error(`benchmark session refused a tick: ${answer.slice(0, 200)}`);
  return { path: lent.path, body, answer };
}

/**
 * Autocannon options that play live Briarwink sessions one tick a request: `sessions` sessions are
 * started first and lent to one request at a time (a real client never has two requests in flight
 * on one session), each continuing from its latest answer, so every request is recorded.
 */
export async function liveSessionLoad(base: string, sessions = 400): Promise<autocannon.Options> {
  return rotatingLoad(base, await startSessions(base, sessions), TICK);
}

/** Best of `rounds` interleaved rounds for each route, as `benchHttp` measures. */
export async function benchLive(base: string, durationSeconds = 3, rounds = 3): Promise<HttpFigure[]> {
  // The stateless request: a Briarwink state some ticks into the first night, and one more tick.
  let body = await (await fetch(`${base}/api/games/briarwink/init?seed=7`)).json();
  body = await post(`${base}/api/games/briarwink/action`, { stateToken: body.stateToken, action: { type: 'start' } });
  for (let i = 0; i < 20; i++)
    body = await post(`${base}/api/games/briarwink/action`, { stateToken: body.stateToken, action: TICK });
  const stateless = JSON.stringify({ stateToken: body.stateToken, action: TICK });

  const live = await liveSessionLoad(base);
  const targets: Array<[string, autocannon.Options]> = [
    [
      'briarwink action (stateless)',
      {
        url: `${base}/api/games/briarwink/action`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stateless,
      },
    ],
    ['briarwink live-session action (recorded)', live],
  ];
  for (const [name, opts] of targets) await load(name, { ...opts, duration: 1 });
  const best = new Map<string, HttpFigure>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, opts] of targets) {
      const f = await load(name, { ...opts, duration: durationSeconds });
      const prev = best.get(name);
      if (!prev || f.requestsPerSecond > prev.requestsPerSecond) best.set(name, f);
    }
  }
  return targets.map(([name]) => best.get(name)!);
}
