/**
 * Resuming a live session (`POST /api/sessions/:id/resume`): any token the session issued answers its
 * latest position, exactly as the action that reached it answered (same token, observation and legal
 * actions), so a reloaded page or a second tab goes on where the record stands; tokens of other
 * sessions, altered tokens and unknown sessions are refused; a finished session resumes to its end.
 * Run on both stores: the position is rebuilt from the recorded actions.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import type { RunStore } from '../src/store/store.js';
import { Rng } from '../src/core/rng.js';
import { bothStores } from './helpers/stores.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const pgUrl = inject('postgresUrl');

const stores = bothStores(pgUrl);

describe.each(stores)('resuming a live session (%s)', (_name, makeStore, skip) => {
  let app: FastifyInstance;
  let store: RunStore;
  const post = async (url: string, payload: unknown) => {
    const r = await app.inject({ method: 'POST', url, payload: payload as object });
    return { status: r.statusCode, body: r.json() as Body, raw: r.body };
  };

  beforeAll(async () => {
    if (skip) return;
    store = await makeStore();
    app = await buildApp({ sealer: new StateSealer(['resume-test-secret-0123456789abc']), store, webRoot: null });
  });
  afterAll(async () => {
    if (skip) return;
    await app.close();
    await store.close();
  });

  it.skipIf(skip)('answers the latest position from the first token, as the last action answered it', async () => {
    for (const slug of ['whirlyard', 'cragwake', 'briarwink']) {
      const first = await post(`/api/games/${slug}/sessions`, { player: { name: `resumer-${slug}`, kind: 'agent' } });
      expect(first.status, first.raw).toBe(200);
      const id = first.body.session.id as string;
      const rng = new Rng([7, 7, 7, 7]);
      let last = first.body;
      for (let i = 0; i < 12 && !last.gameOver; i++) {
        const legal = (last.legalActions as { type: string }[]).filter((a) => !/end/i.test(a.type));
        const r = await post(`/api/sessions/${id}/action`, { stateToken: last.stateToken, action: rng.pick(legal) });
        expect(r.status, r.raw).toBe(200);
        last = r.body;
      }
      const resumed = await post(`/api/sessions/${id}/resume`, { stateToken: first.body.stateToken });
      expect(resumed.status, resumed.raw).toBe(200);
      expect(resumed.body).toMatchObject({ ok: true, resumed: true, game: slug });
      for (const k of ['stateToken', 'observation', 'legalActions', 'score', 'gameOver', 'outcome', 'session'])
        expect(resumed.body[k], `${slug} ${k}`).toEqual(last[k]);
      // The resumed token plays on, and the token it replaced is a fork from then on.
      const legal = resumed.body.legalActions as object[];
      if (!resumed.body.gameOver) {
        const next = await post(`/api/sessions/${id}/action`, {
          stateToken: resumed.body.stateToken,
          action: legal[0],
        });
        expect(next.status, next.raw).toBe(200);
        const stale = await post(`/api/sessions/${id}/action`, { stateToken: first.body.stateToken, action: legal[0] });
        expect(stale.status).toBe(409);
        expect(stale.body.error).toBe('stale_state');
      }
    }
  });

  it.skipIf(skip)("refuses another session's token, an altered one and an unknown session", async () => {
    const a = await post('/api/games/whirlyard/sessions', { player: { name: 'resume-a', kind: 'agent' } });
    const b = await post('/api/games/whirlyard/sessions', { player: { name: 'resume-b', kind: 'agent' } });
    const foreign = await post(`/api/sessions/${a.body.session.id}/resume`, { stateToken: b.body.stateToken });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('invalid_state');
    const token = a.body.stateToken as string;
    const altered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await post(`/api/sessions/${a.body.session.id}/resume`, { stateToken: altered });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_state');
    const none = await post('/api/sessions/nosuchsessn0/resume', { stateToken: token });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('session_not_found');
    const malformed = await post(`/api/sessions/${a.body.session.id}/resume`, { token });
    expect(malformed.status).toBe(400);
  });

  it.skipIf(skip)(
    'words a live action outside the grammar as the free-play route does (one grammar module)',
    async () => {
      const s = await post('/api/games/briarwink/sessions', { player: { name: 'resume-grammar', kind: 'agent' } });
      const id = s.body.session.id as string;
      const started = await post(`/api/sessions/${id}/action`, {
        stateToken: s.body.stateToken,
        action: { type: 'start' },
      });
      const bad = { type: 'tick', move: null, count: 40 };
      const live = await post(`/api/sessions/${id}/action`, { stateToken: started.body.stateToken, action: bad });
      expect(live.body).toMatchObject({ ok: false, reason: 'unknown_action' });
      expect(live.body.message).toBe(
        'The action is not in the Briarwink grammar: "count" must be an integer from 1 to 30, got 40.',
      );
      const init = (await app.inject('/api/games/briarwink/init?seed=3')).json() as Body;
      const next = await post('/api/games/briarwink/action', {
        stateToken: init.stateToken,
        action: { type: 'start' },
      });
      const free = await post('/api/games/briarwink/action', { stateToken: next.body.stateToken, action: bad });
      expect(free.body.message).toBe(live.body.message);
    },
  );

  it.skipIf(skip)('resumes a finished session to its end, with nothing left to play', async () => {
    const s = await post('/api/games/whirlyard/sessions', { player: { name: 'resume-end', kind: 'agent' } });
    const id = s.body.session.id as string;
    const end = await post(`/api/sessions/${id}/action`, {
      stateToken: s.body.stateToken,
      action: { type: 'end_run' },
    });
    expect(end.body.gameOver).toBe(true);
    const resumed = await post(`/api/sessions/${id}/resume`, { stateToken: s.body.stateToken });
    expect(resumed.status, resumed.raw).toBe(200);
    expect(resumed.body).toMatchObject({ gameOver: true, legalActions: [], outcome: end.body.outcome });
    expect(resumed.body.session).toMatchObject({ finished: true, step: 1 });
  });
});
