/**
 * The TypeScript client's live sessions, boards and stored runs against a real server listening on a
 * port: a ranked session played to its budget (refusals, the claimed name's key kept and sent again),
 * resumed from an old token, read back as a stored run, and listed on the ranked board.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameboardClient, GameboardError, type PlayerKeyStore } from '../src/client/index.js';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { Registry } from '../src/core/registry.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { makeTally } from './helpers/tally.js';

/** The tally game with a ranked budget of 4 turns, an `add` costing its amount. */
const budgeted = makeTally('state', 'tally-ranked');
budgeted.spec.rankedBudget = { unit: 'turns', limit: 4, counted: ['add'], countField: 'amount', why: 'test' };
const games = new Registry([...registry.games, budgeted as AnyGame]);

let app: FastifyInstance;
let store: SqliteRunStore;
let base: string;

beforeAll(async () => {
  store = new SqliteRunStore(':memory:');
  app = await buildApp({
    sealer: new StateSealer(['client-live-secret-0123456789']),
    store,
    webRoot: null,
    registry: games,
    dailyQualify: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await app.close();
  await store.close();
});

describe('live sessions through GameboardClient', () => {
  it('plays a ranked session to its budget, refusing what crosses it, and keeps the claimed key', async () => {
    const kept = new Map<string, string>();
    const keyStore: PlayerKeyStore = { get: (n) => kept.get(n), set: (n, k) => kept.set(n, k) };
    const client = new GameboardClient(base, { keyStore });
    const live = await client.startRanked('tally-ranked', 'Live-Client');
    expect(kept.get('Live-Client')).toMatch(/^pk_/);
    expect(live.session).toMatchObject({ step: 0, spent: 0, finished: false, budget: { limit: 4 } });
    const first = live.stateToken;
    await live.act({ type: 'add', amount: 2 });
    await live.act({ type: 'add', amount: 1 });
    expect(live.session).toMatchObject({ step: 2, spent: 3 });

    const over = await live.act({ type: 'add', amount: 2 }).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(GameboardError);
    expect(over).toMatchObject({ code: 'refused', reason: 'over_budget' });
    expect((over as Error).message).toContain('Only 1 turns');
    expect(live.steps).toBe(2);

    const end = await live.act({ type: 'add', amount: 1 });
    expect(end).toMatchObject({ gameOver: true, score: 4, outcome: { kind: 'truncated', reason: 'budget' } });
    expect(live.session).toMatchObject({ finished: true, spent: 4 });

    // Any token of the session resumes it at its latest position.
    const again = await client.resume(live.id, first);
    expect(again.game).toBe('tally-ranked');
    expect(again.steps).toBe(3);
    expect(again.score).toBe(4);
    expect(again.last.resumed).toBe(true);

    const status = await client.sessionStatus(live.id);
    expect(status).toMatchObject({ id: live.id, game: 'tally-ranked', step: 3, finished: true });

    // The finished session is a stored run, and it is on the ranked board.
    const runId = String(live.session.runUrl).split('/').pop()!;
    const stored = await client.storedRun(runId);
    expect(stored.run.actions).toEqual([
      { type: 'add', amount: 2 },
      { type: 'add', amount: 1 },
      { type: 'add', amount: 1 },
    ] satisfies GameAction[]);
    expect(stored).toMatchObject({ score: 4, board: 'ranked', outcome: { kind: 'truncated', reason: 'budget' } });
    const board = await client.leaderboard('tally-ranked', { board: 'ranked', kind: 'agent' });
    expect(board.agent?.map((e) => [e.player.name, e.score])).toContainEqual(['Live-Client', 4]);
    expect(board.human).toBeUndefined();

    // A second client with the same key store owns the name; one without the key is refused it.
    const same = await new GameboardClient(base, { keyStore }).startRanked('tally-ranked', 'Live-Client');
    expect(same.session.step).toBe(0);
    const stranger = await new GameboardClient(base, { retries: 0 })
      .startRanked('tally-ranked', 'Live-Client')
      .catch((e: unknown) => e);
    expect(stranger).toBeInstanceOf(GameboardError);
    expect((stranger as GameboardError).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses an action outside the grammar in the one grammar wording, and an unknown session', async () => {
    const client = new GameboardClient(base, { retries: 0 });
    const live = await client.startRanked('whirlyard', 'grammar-client');
    const bad = await live.act({ type: 'teleport' } as never).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'refused', reason: 'unknown_action' });
    expect((bad as Error).message).toMatch(/^The action is not in the Whirlyard grammar: unknown type "teleport"/);
    const missing = await client.sessionStatus('AAAAAAAAAAAA').catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'session_not_found', status: 404 });
  });
});
