/**
 * The run verifier: long runs are replayed on a worker thread with the same verdict as inline, short
 * ones inline; a refused run gets the same sentence either way; and a route answers other clients
 * while a long run is being verified.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { playRun } from '../../agents/play.js';
import { briarwinkHeuristic } from '../../agents/briarwink/heuristic.js';
import { StateSealer } from '../state/seal.js';
import { registry } from '../../games/index.js';
import { SqliteRunStore } from '../../store/sqlite.js';
import { buildApp } from '../app.js';
import { verifyRun } from './replay.js';
import { INLINE_WORK, runWork, VerifyPool } from './pool.js';

const briarwink = registry.get('briarwink')!;
// A long, real run: the heuristic plays a few thousand actions, tens of thousands of ticks.
const played = await playRun(briarwink, briarwinkHeuristic, 90465373);
const run = {
  game: 'briarwink',
  rulesVersion: briarwink.spec.rulesVersion,
  seed: 90465373,
  actions: played.actions,
};

const pool = new VerifyPool(1);
afterAll(() => pool.close());

describe('VerifyPool', () => {
  it('replays a long run on a worker thread with the verdict of an inline replay', async () => {
    expect(runWork(run)).toBeGreaterThan(INLINE_WORK);
    const verdict = await pool.verify(briarwink, run);
    expect(pool.counts.threaded).toBe(1);
    expect(verdict).toEqual(verifyRun(briarwink, run));
    expect(verdict).toMatchObject({ ok: true, score: played.score });
  });

  it('replays a short run inline', async () => {
    const short = { ...run, actions: run.actions.slice(0, 10) };
    expect(await pool.verify(briarwink, short)).toEqual(verifyRun(briarwink, short));
    expect(pool.counts.inline).toBe(1);
  });

  it('words a refused long run the same on a thread as inline', async () => {
    const broken = { ...run, actions: [...run.actions.slice(0, -1), { type: 'tick', move: 'up', count: 31 }] };
    const verdict = await pool.verify(briarwink, broken);
    expect(verdict.ok).toBe(false);
    expect(verdict).toEqual(verifyRun(briarwink, broken));
  });
});

describe('POST /api/runs with a long run', () => {
  /** A pool that notes when each verdict is in. */
  class Watched extends VerifyPool {
    constructor(
      threads: number,
      private readonly order: string[],
    ) {
      super(threads);
    }
    override async verify(...args: Parameters<VerifyPool['verify']>) {
      const verdict = await super.verify(...args);
      this.order.push('verified');
      return verdict;
    }
  }

  /** Submits the long run; once it reaches its handler another client starts a game. The order of events. */
  async function submitWhileAnotherPlays(threads: number): Promise<string[]> {
    const order: string[] = [];
    const app = await buildApp({
      sealer: StateSealer.random(),
      store: new SqliteRunStore(':memory:'),
      verifier: new Watched(threads, order),
    });
    let init: Promise<unknown> | undefined;
    app.addHook('preHandler', async (req) => {
      if (req.url === '/api/runs')
        init = app.inject('/api/games/whirlyard/init?seed=1').then((r) => order.push(`init ${r.statusCode}`));
    });
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/runs',
      payload: { ...run, player: { name: 'long-run', kind: 'agent' } },
    });
    await init;
    expect(submitted.json()).toMatchObject({ ok: true, score: played.score });
    await app.close();
    return order;
  }

  it('answers another client while the run is verified on a thread (inline, it waits)', async () => {
    expect(await submitWhileAnotherPlays(1)).toEqual(['init 200', 'verified']);
    // The same with verification inline: the other client is answered only after the replay.
    expect(await submitWhileAnotherPlays(0)).toEqual(['verified', 'init 200']);
  });
});
