/**
 * Abandoned live sessions expire: with no action for the expiry time (GAMEBOARD_SESSION_EXPIRY_HOURS,
 * default 24), the action route answers 409 session_over saying it expired, and the session has ended
 * where it stood, at its score, stored on the ranked board as an attempt (ended:expired); its name
 * stays owned. A session played now and then never
 * expires. Through HTTP on the real app with its injectable clock.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameAction } from '../src/core/game.js';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { ConfigError, readSessionExpiryMs } from '../src/server/config.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;
let now = new Date('2026-12-03T08:00:00.000Z').getTime();
const clock = () => new Date(now);
const open: Array<{ app: FastifyInstance; store: SqliteRunStore }> = [];
afterEach(async () => {
  for (const { app, store } of open.splice(0)) {
    await app.close();
    await store.close();
  }
});

async function server(expiryHours?: number) {
  const store = new SqliteRunStore(':memory:');
  const app = await buildApp({
    sealer: new StateSealer([randomBytes(32).toString('base64')]),
    store,
    clock,
    dailyQualify: false,
    ...(expiryHours === undefined ? {} : { sessionExpiryMs: expiryHours * HOUR }),
  });
  open.push({ app, store });
  const post = async (url: string, payload: unknown, key?: string) => {
    const r = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: key ? { 'x-player-key': key } : {},
    });
    return { status: r.statusCode, body: r.json() as Body };
  };
  return { app, store, post };
}

/**
 * A legal action that keeps the game going whatever the (secret, random) seed: in Cragwake a breath at
 * the start costs one of 24 stamina, so a few of them never end the run (a Whirlyard wait could be caught).
 */
const keepGoing = (answer: Body): GameAction =>
  answer.legalActions.find((a: GameAction) => a.type === 'breathe') ??
  answer.legalActions.find((a: GameAction) => !/end|climbOn/i.test(a.type));

describe('expiry of abandoned live sessions', () => {
  it('after 24 idle hours by default: 409 session_over saying so, ended at its score (which counts), name kept', async () => {
    const { app, store, post } = await server();
    const started = await post('/api/games/cragwake/sessions', { player: { name: 'Idler', kind: 'agent' } });
    expect(started.status).toBe(200);
    const id = started.body.session.id as string;
    now += 2 * HOUR;
    const first = await post(`/api/sessions/${id}/action`, {
      stateToken: started.body.stateToken,
      action: keepGoing(started.body),
    });
    expect(first.status).toBe(200);
    // 24 hours after its last action, less a second: still live.
    now += 24 * HOUR - 1000;
    const second = await post(`/api/sessions/${id}/action`, {
      stateToken: first.body.stateToken,
      action: keepGoing(first.body),
    });
    expect(second.status).toBe(200);
    now += 24 * HOUR + 1000;
    const late = await post(`/api/sessions/${id}/action`, {
      stateToken: second.body.stateToken,
      action: keepGoing(second.body),
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('session_over');
    expect(late.body.message).toMatch(/expired: no action was played in it for 24 hours/);
    expect(late.body.message).toMatch(/ended at its score, which counts as an attempt/);
    // And again, from the store's record now: it has ended, at its score after its two actions.
    const again = await post(`/api/sessions/${id}/action`, {
      stateToken: second.body.stateToken,
      action: keepGoing(second.body),
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('session_over');
    const shown = (await app.inject(`/api/sessions/${id}`)).json() as Body;
    expect(shown.session).toMatchObject({ id, step: 2, finished: true, expired: false });
    expect(shown.session.seed).toMatch(/^[0-9a-f]{32}$/); // ended: its seed is public, as any finished run's
    expect(await store.getSession(id)).toMatchObject({ finished: true });
    const run = (await app.inject(`/api/runs/${id}`)).json() as Body;
    expect(run).toMatchObject({ board: 'ranked', steps: 2, outcome: { kind: 'ended', reason: 'expired' } });
    expect(run.score).toBe(second.body.score);
    // The name stays owned: without its key it is refused, with it a new session starts.
    const stranger = await post('/api/games/cragwake/sessions', { player: { name: 'Idler', kind: 'agent' } });
    expect(stranger.status).toBe(403);
    const owner = await post(
      '/api/games/cragwake/sessions',
      { player: { name: 'Idler', kind: 'agent' } },
      started.body.playerKey,
    );
    expect(owner.status).toBe(200);
  });

  it('follows the configured time, and a retry of the last answered action is still answered', async () => {
    const { post } = await server(2);
    const started = await post('/api/games/cragwake/sessions', { player: { name: 'Quick', kind: 'agent' } });
    const id = started.body.session.id as string;
    const request = { stateToken: started.body.stateToken, action: keepGoing(started.body) };
    expect((await post(`/api/sessions/${id}/action`, request)).status).toBe(200);
    now += 2 * HOUR + 1000;
    // The retry changes nothing, so it is answered as before; a new action is refused.
    const next = await post(`/api/sessions/${id}/action`, request);
    expect(next.status).toBe(200);
    const moved = await post(`/api/sessions/${id}/action`, {
      stateToken: next.body.stateToken,
      action: keepGoing(next.body),
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/for 2 hours/);
  });

  it("an expired daily session is still the day's one attempt, not answered again as a lost start", async () => {
    const { post } = await server(1);
    const body = { player: { name: 'Early', kind: 'agent' }, challenge: 'daily' };
    const first = await post('/api/games/cragwake/sessions', body);
    expect(first.status).toBe(200);
    // A lost answer retried at once is answered again, identically.
    const retried = await post('/api/games/cragwake/sessions', body, first.body.playerKey);
    expect(retried.body.session.id).toBe(first.body.session.id);
    now += HOUR + 1000;
    const moved = await post(`/api/sessions/${first.body.session.id}/action`, {
      stateToken: first.body.stateToken,
      action: keepGoing(first.body),
    });
    expect(moved.status).toBe(409);
    const late = await post('/api/games/cragwake/sessions', body, first.body.playerKey);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('daily_taken');
  });

  it('reads GAMEBOARD_SESSION_EXPIRY_HOURS, refusing a malformed value', () => {
    expect(readSessionExpiryMs({})).toBe(24 * HOUR);
    expect(readSessionExpiryMs({ GAMEBOARD_SESSION_EXPIRY_HOURS: '6' })).toBe(6 * HOUR);
    expect(() => readSessionExpiryMs({ GAMEBOARD_SESSION_EXPIRY_HOURS: '0' })).toThrow(ConfigError);
    expect(() => readSessionExpiryMs({ GAMEBOARD_SESSION_EXPIRY_HOURS: 'a day' })).toThrow(
      /GAMEBOARD_SESSION_EXPIRY_HOURS must be/,
    );
  });
});
