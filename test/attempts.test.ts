/**
 * Every ranked attempt counts, through HTTP on both stores: a name holds at most the cap of live ranked
 * sessions of a game, and a start past it ends the oldest open one at its score (stored, counted); a
 * session left idle past the expiry time ends at its score and counts; the ranked board ranks players
 * by the mean of their newest attempts (all of them, however they ended), listing a player with fewer
 * than the minimum after the ranked ones as provisional, with the attempt count, a 95 % interval and
 * the best attempt; ranked starts are limited per name (429 with Retry-After, a daily start is not).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GameAction } from '../src/core/game.js';
import { buildApp } from '../src/server/app.js';
import { StateSealer } from '../src/server/state/seal.js';
import type { RunStore } from '../src/store/store.js';
import { bothStores } from './helpers/stores.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;
const pgUrl = inject('postgresUrl');

const stores = bothStores(pgUrl);

/** A Cragwake action that keeps the run going (a breath, else any move that is not an ending). */
const keepGoing = (answer: Body): GameAction =>
  answer.legalActions.find((a: GameAction) => a.type === 'breathe') ??
  answer.legalActions.find((a: GameAction) => !/end|climbOn/i.test(a.type));

describe.each(stores)('every ranked attempt counts (%s)', (_name, makeStore, skip) => {
  let app: FastifyInstance;
  let store: RunStore;
  let now = new Date('2026-12-05T08:00:00.000Z').getTime();
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, key?: string) => {
    const r = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: key ? { 'x-player-key': key } : {},
    });
    return { status: r.statusCode, body: r.json() as Body, headers: r.headers };
  };
  const key = randomBytes(24).toString('base64url');
  // A second between starts: "the oldest open session" is the earliest started.
  const start = (name: string, extra: Body = {}) => {
    now += 1000;
    return call('POST', '/api/games/cragwake/sessions', { player: { name, kind: 'agent' }, ...extra }, key);
  };
  /** Plays `n` actions that keep the run going; answers the last answer. */
  const play = async (answer: Body, n: number) => {
    for (let i = 0; i < n; i++) {
      const r = await call('POST', `/api/sessions/${answer.session.id as string}/action`, {
        stateToken: answer.stateToken,
        action: keepGoing(answer),
      });
      expect(r.status).toBe(200);
      answer = r.body;
    }
    return answer;
  };

  beforeAll(async () => {
    if (skip) return;
    store = await makeStore();
    app = await buildApp({
      sealer: new StateSealer([randomBytes(32).toString('base64')]),
      store,
      webRoot: null,
      clock: () => new Date(now),
      sessionExpiryMs: HOUR,
      dailyQualify: false,
      attemptRules: { liveCap: 3, minAttempts: 5, recent: 20, startsPerName: 8 },
    });
  });
  afterAll(async () => {
    if (skip) return;
    await app.close();
    await store.close();
  });

  it.skipIf(skip)(
    'counts starts past the cap and expired sessions at their scores, and ranks by the mean of all',
    async () => {
      // Three live sessions: the cap. Each plays a different number of breaths.
      const s1 = await play((await start('Steady')).body, 1);
      const s2 = await play((await start('Steady')).body, 3);
      const s3 = await play((await start('Steady')).body, 2);
      expect((await call('GET', `/api/runs/${s1.session.id as string}`)).status).toBe(404); // still live
      // A fourth start ends the oldest open one (s1) where it stands, at its score.
      const s4 = await start('Steady');
      expect(s4.status).toBe(200);
      const first = await call('GET', `/api/runs/${s1.session.id as string}`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ board: 'ranked', steps: 1, outcome: { kind: 'ended', reason: 'superseded' } });
      expect(first.body.score).toBe(s1.score);
      // An hour and more later, the idle sessions end at their scores: the first action sent says so.
      now += HOUR + 1000;
      const late = await call('POST', `/api/sessions/${s2.session.id as string}/action`, {
        stateToken: s2.stateToken,
        action: keepGoing(s2),
      });
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/ended at its score, which counts as an attempt/);
      const ended = [s2, s3, s4.body];
      for (const s of ended) {
        const run = await call('GET', `/api/runs/${s.session.id as string}`);
        expect(run.body).toMatchObject({ outcome: { kind: 'ended', reason: 'expired' } });
        expect(run.body.score).toBe(s.score);
      }
      // Four finished attempts: provisional, listed after any ranked player.
      let board = await call('GET', '/api/games/cragwake/leaderboard?board=ranked&kind=agent');
      expect(board.status).toBe(200);
      expect(board.body.agent[0]).toMatchObject({ player: { name: 'Steady' }, finished: 4, provisional: true });
      // A fifth attempt, played on: ranked now, by the mean over all five.
      const s5 = await play((await start('Steady')).body, 4);
      now += HOUR + 1000;
      const fifth = await call('POST', `/api/sessions/${s5.session.id as string}/action`, {
        stateToken: s5.stateToken,
        action: keepGoing(s5),
      });
      expect(fifth.status).toBe(409);
      // Another player with one attempt: whatever it scored, it stays provisional, after Steady.
      const lucky = await play((await start('Lucky')).body, 5);
      now += HOUR + 1000;
      await call('POST', `/api/sessions/${lucky.session.id as string}/action`, {
        stateToken: lucky.stateToken,
        action: keepGoing(lucky),
      });
      const scores = [s1, s2, s3, s4.body, s5].map((s) => s.score as number);
      board = await call('GET', '/api/games/cragwake/leaderboard?board=ranked&kind=agent');
      const [steady, second] = board.body.agent as Body[];
      expect(steady).toMatchObject({ rank: 1, player: { name: 'Steady' }, attempts: 5, finished: 5, counted: 5 });
      expect(steady.provisional).toBe(false);
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      expect(steady.mean).toBeCloseTo(mean, 9);
      expect(steady.ci95[0]).toBeLessThanOrEqual(mean);
      expect(steady.ci95[1]).toBeGreaterThanOrEqual(mean);
      expect(steady.best.score).toBe(Math.max(...scores));
      expect(steady.score).toBe(Math.max(...scores));
      expect(second).toMatchObject({ rank: 2, player: { name: 'Lucky' }, provisional: true, finished: 1 });
      expect(second.mean).toBe(lucky.score);
    },
  );

  it.skipIf(skip)("gives the benchmark board its human baseline: the median of human players' standings", async () => {
    const none = await call('GET', '/api/games/cragwake/benchmarks');
    expect(none.body.human).toBeNull();
    const human = (extra: Body = {}) => {
      now += 1000;
      return call('POST', '/api/games/cragwake/sessions', { player: { name: 'Person', kind: 'human' }, ...extra }, key);
    };
    const scores: number[] = [];
    let last: Body = {};
    for (let i = 0; i < 5; i++) {
      last = await play((await human()).body, i);
      scores.push(last.score as number);
    }
    // Two ended by the cap; the idle rest end at their scores once the expiry time has passed.
    now += HOUR + 1000;
    await call('POST', `/api/sessions/${last.session.id as string}/action`, {
      stateToken: last.stateToken,
      action: keepGoing(last),
    });
    const board = await call('GET', '/api/games/cragwake/benchmarks');
    expect(board.status).toBe(200);
    expect(board.body.human).toMatchObject({ players: 1 });
    expect(board.body.human.median).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 9);
  });

  it.skipIf(skip)('limits ranked starts per name, with Retry-After; a daily start is not counted', async () => {
    const name = 'Restarter';
    for (let i = 0; i < 8; i++) expect((await start(name)).status).toBe(200);
    const refused = await start(name);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(refused.body.message).toMatch(/per name/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Only three are live: the cap ended the five oldest, each counting.
    const board = await call('GET', '/api/games/cragwake/leaderboard?board=ranked&kind=agent');
    expect(board.body.agent.find((e: Body) => e.player.name === name)).toMatchObject({ finished: 5, attempts: 8 });
    expect((await start(name, { challenge: 'daily' })).status).toBe(200);
    now += HOUR + 1000;
    expect((await start(name)).status).toBe(200);
  });
});
