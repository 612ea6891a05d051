/**
 * The one run library (session.ts): act answers what the HTTP API answers for the same run (free play,
 * and a budgeted ranked session), undo and fork replay from the seed, and the budget is metered as a
 * ranked session meters it. Every answer is compared with a real `buildApp` through `inject()`.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTally } from '../../test/helpers/tally.js';
import { registry } from '../games/index.js';
import { buildApp } from '../server/app.js';
import { SqliteRunStore } from '../store/sqlite.js';
import { budgetOf, BudgetMeter } from './budget.js';
import type { AnyGame, GameAction } from './game.js';
import { Registry } from './registry.js';
import { replay } from './replay.js';
import { Rng } from './rng.js';
import { StateSealer } from '../server/state/seal.js';
import { answerOf, Session } from './session.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const budgeted = makeTally('state', 'tally-ranked');
budgeted.spec.rankedBudget = { unit: 'turns', limit: 4, counted: ['add'], countField: 'amount', why: 'test' };
const games = new Registry([...registry.games, budgeted as AnyGame]);

let app: FastifyInstance;
let store: SqliteRunStore;
beforeAll(async () => {
  store = new SqliteRunStore(':memory:');
  app = await buildApp({
    sealer: new StateSealer(['session-test-secret-0123456789']),
    store,
    webRoot: null,
    registry: games,
    dailyQualify: false,
  });
});
afterAll(async () => {
  await app.close();
  await store.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Body> {
  const r = await app.inject({
    method,
    url,
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
  });
  expect(r.statusCode).toBe(200);
  return r.json();
}

/** The fields of an answer the Session builds, as the API answers them. */
const core = (b: Body) => ({
  observation: b.observation,
  legalActions: b.legalActions,
  score: b.score,
  gameOver: b.gameOver,
  outcome: b.outcome,
});

/** A run of up to `n` random legal actions on `slug` from `seed` (the same run for a seed). */
function someActions(game: AnyGame, seed: number, n: number): GameAction[] {
  const s = new Session(game, seed);
  const rng = Rng.fromSeed(seed ^ 0x5eed);
  for (let i = 0; i < n && !s.isOver(); i++) {
    const legal = s.answer().legalActions;
    s.step(legal[rng.int(legal.length)]);
  }
  return s.actions;
}

describe('Session.act answers as the HTTP API does', () => {
  for (const game of registry.games) {
    it(`${game.spec.slug}: init and every action of a run, field for field`, async () => {
      const seed = 11;
      const actions = someActions(game, seed, 25);
      expect(actions.length).toBeGreaterThan(0);
      const s = new Session(game, seed);
      let http = await call('GET', `/api/games/${game.spec.slug}/init?seed=${seed}`);
      expect(s.answer()).toEqual(core(http));
      for (const action of actions) {
        const carried = game.spec.carry === 'state' ? { state: http.state } : { stateToken: http.stateToken };
        http = await call('POST', `/api/games/${game.spec.slug}/action`, { ...carried, action });
        const mine = s.act(action);
        expect(mine.ok).toBe(true);
        if (!mine.ok) return;
        const { ok: _ok, ...answer } = mine;
        // Same keys in the same order as the API writes them, so a shell serialising it gets the same bytes.
        expect(JSON.stringify(answer)).toBe(JSON.stringify({ ...core(http), events: http.events }));
      }
    });
  }

  it('a refused action changes nothing and says why, as the engine does', () => {
    const game = registry.get('whirlyard')!;
    const s = new Session(game, 3);
    const before = s.answer();
    const r = s.act({ type: 'move', direction: 'nowhere' });
    expect(r.ok).toBe(false);
    expect(s.steps).toBe(0);
    expect(s.answer()).toBe(before);
  });

  it('builds an answer once per state', () => {
    const game = registry.get('delvewick')!;
    const s = new Session(game, 5);
    expect(s.answer()).toBe(s.answer());
    const a = s.answer();
    s.step(a.legalActions[0]);
    expect(s.answer()).not.toBe(a);
    expect(s.answer()).toEqual(answerOf(game, s.state));
  });
});

describe('undo and fork replay from the seed', () => {
  const game = registry.get('cragwake')!;
  const actions = someActions(game, 8, 12);

  it('undo takes back actions to exactly the earlier position, never past the start', () => {
    const s = Session.resume(game, { seed: 8, actions });
    s.undo(3);
    const fresh = Session.resume(game, { seed: 8, actions: actions.slice(0, actions.length - 3) });
    expect(s.actions).toEqual(fresh.actions);
    expect(s.answer()).toEqual(fresh.answer());
    expect(game.toWire(s.state)).toEqual(game.toWire(fresh.state));
    s.undo(1000);
    expect(s.steps).toBe(0);
    expect(s.answer()).toEqual(new Session(game, 8).answer());
  });

  it('fork copies a prefix into a new session and leaves the original alone', () => {
    const s = Session.resume(game, { seed: 8, actions });
    const f = s.fork(4);
    expect(f.actions).toEqual(actions.slice(0, 4));
    expect(game.toWire(f.state)).toEqual(game.toWire(s.stateAt(4)));
    f.undo(4);
    expect(s.actions).toEqual(actions);
    expect(s.fork().run()).toEqual(s.run());
    expect(() => s.fork(actions.length + 1)).toThrow(/cannot be forked after action/);
  });

  it('run() is a record replay.ts accepts, ending on the same state', () => {
    const s = Session.resume(game, { seed: 8, actions });
    const r = replay(game, s.run());
    expect(r.ok && game.toWire(r.state as never)).toEqual(game.toWire(s.state));
  });

  it('resume stops at the first refused action, keeping what came before', () => {
    const bad = [...actions.slice(0, 2), { type: 'nonsense' }, ...actions.slice(2)];
    expect(Session.resume(game, { seed: 8, actions: bad }).actions).toEqual(actions.slice(0, 2));
  });
});

describe('the budget meter', () => {
  it('meters as a ranked session does: refusal words, spent, truncation (and the replay scorer agrees)', async () => {
    const s = new Session(budgeted as AnyGame, 1, { budget: budgetOf(budgeted as AnyGame) });
    const start = await call('POST', '/api/games/tally-ranked/sessions', { player: { name: 'meter', kind: 'agent' } });
    const id = start.session.id;
    let token = start.stateToken;
    const steps: GameAction[] = [
      { type: 'add', amount: 2 },
      { type: 'add', amount: 1 },
      { type: 'add', amount: 2 }, // would cross the budget: refused
      { type: 'add', amount: 1 }, // reaches it exactly: truncated
    ];
    for (const action of steps) {
      const http = await call('POST', `/api/sessions/${id}/action`, { stateToken: token, action });
      const mine = s.act(action);
      expect(mine.ok).toBe(http.ok);
      if (!mine.ok) {
        expect({ reason: mine.reason, message: mine.message }).toEqual({ reason: http.reason, message: http.message });
        continue;
      }
      token = http.stateToken;
      expect(s.spent).toBe(http.session.spent);
      // Free from seed secrecy, the live answer's observation differs only in what the seed shows.
      expect({ ...core(http), observation: undefined }).toEqual({
        ...mine,
        observation: undefined,
        events: undefined,
        ok: undefined,
      });
    }
    expect(s.answer()).toMatchObject({
      gameOver: true,
      legalActions: [],
      outcome: { kind: 'truncated', reason: 'budget' },
    });
    expect(s.act({ type: 'stop' })).toMatchObject({ ok: false, reason: 'over_budget' });

    const meter = new BudgetMeter(budgeted as AnyGame, budgeted.init(1));
    replay(budgeted as AnyGame, { ...s.run(), game: 'tally-ranked' }, (st, i) => meter.feed(s.actions[i], st));
    expect(meter.result()).toMatchObject({ spent: s.spent, steps: s.steps, outcome: s.outcome() });
  });

  it('undo gives the budget back', () => {
    const s = new Session(budgeted as AnyGame, 1, { budget: budgetOf(budgeted as AnyGame) });
    s.act({ type: 'add', amount: 2 });
    s.act({ type: 'add', amount: 2 });
    expect(s.isOver()).toBe(true);
    s.undo();
    expect(s.spent).toBe(2);
    expect(s.isOver()).toBe(false);
    expect(s.fork().spent).toBe(2);
  });
});
