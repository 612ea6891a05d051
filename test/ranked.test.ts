/**
 * Ranked play through `inject()`: live sessions (secret seed, every action recorded, forks refused,
 * retries answered identically, a race recorded once), budgets ending endless games as `truncated`,
 * secrecy of live answers, the daily challenge, and the three boards kept apart.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetOf } from '../src/core/budget.js';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { Registry } from '../src/core/registry.js';
import { replay } from '../src/core/replay.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_FILE, SqliteRunStore } from '../src/store/sqlite.js';
import { randomPolicy } from './helpers/playout.js';
import { Rng } from '../src/core/rng.js';
import { makeTally } from './helpers/tally.js';

const sealer = new StateSealer(['ranked-test-secret-0123456789']);

/** The tally game with a ranked budget of 4 turns, an `add` costing its amount (like Briarwink's count). */
const budgeted = makeTally('state', 'tally-ranked');
budgeted.spec.rankedBudget = {
  unit: 'turns',
  limit: 4,
  counted: ['add'],
  countField: 'amount',
  why: 'test',
};
const games = new Registry([...registry.games, budgeted as AnyGame]);

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: unknown, key?: string) {
  const r = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'x-player-key': key } : {}),
    },
  });
  return { status: r.statusCode, body: r.json() as Body, raw: r.body };
}

const start = (app: FastifyInstance, slug: string, name: string, extra: Body = {}, key?: string) =>
  call(app, 'POST', `/api/games/${slug}/sessions`, { player: { name, kind: 'agent' }, ...extra }, key);
const act = (app: FastifyInstance, id: string, stateToken: string, action: unknown) =>
  call(app, 'POST', `/api/sessions/${id}/action`, { stateToken, action });

/** Every key anywhere in a JSON value. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  return out;
}

describe('live sessions', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  let now = new Date('2026-12-02T12:00:00Z');
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    // The daily's qualifying rule has tests of its own (below); here every name may play it.
    app = await buildApp({ sealer, store, webRoot: null, registry: games, clock: () => now, dailyQualify: false });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('starts like init without the seed, records each action, refuses a fork naming the current step', async () => {
    const s = await start(app, 'cragwake', 'forker');
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ ok: true, game: 'cragwake', session: { step: 0, finished: false } });
    expect(s.body.playerKey).toMatch(/^pk_/);
    expect(s.body.seed).toBeUndefined();
    const id = s.body.session.id as string;
    const t0 = s.body.stateToken as string;
    const a1 = await act(app, id, t0, s.body.legalActions[0]);
    expect(a1.body).toMatchObject({ ok: true, session: { step: 1 } });
    const a2 = await act(app, id, a1.body.stateToken, a1.body.legalActions[0]);
    expect(a2.body.session.step).toBe(2);
    // Step 0's state with another action: a fork.
    const fork = await act(app, id, t0, s.body.legalActions[1]);
    expect(fork.status).toBe(409);
    expect(fork.body).toMatchObject({ ok: false, error: 'stale_state' });
    expect(fork.body.message).toContain('at step 2');
    expect(fork.body.message).toContain('from step 0');
    // Step 1's state is a retry only with the recorded action; another action is a fork.
    const other = a1.body.legalActions.find(
      (a: GameAction) => JSON.stringify(a) !== JSON.stringify(a1.body.legalActions[0]),
    );
    expect((await act(app, id, a1.body.stateToken, other)).status).toBe(409);
    const info = await call(app, 'GET', `/api/sessions/${id}`);
    expect(info.body.session).toMatchObject({ step: 2, finished: false });
    expect(info.body.session.seed).toBeUndefined();
  });

  it('answers a retried action identically, byte for byte, and records it once', async () => {
    const s = await start(app, 'cragwake', 'retrier');
    const id = s.body.session.id;
    const action = s.body.legalActions[0];
    const first = await act(app, id, s.body.stateToken, action);
    const again = await act(app, id, s.body.stateToken, action);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect((await call(app, 'GET', `/api/sessions/${id}`)).body.session.step).toBe(1);
    // The retried answer's token continues the session.
    const next = await act(app, id, again.body.stateToken, again.body.legalActions[0]);
    expect(next.body.session.step).toBe(2);
  });

  it('records exactly one of two racing requests on one step', async () => {
    const s = await start(app, 'cragwake', 'racer');
    const id = s.body.session.id;
    const [x, y] = s.body.legalActions as GameAction[];
    const answers = await Promise.all([act(app, id, s.body.stateToken, x), act(app, id, s.body.stateToken, y)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect((await call(app, 'GET', `/api/sessions/${id}`)).body.session.step).toBe(1);
    // The same action racing itself: both answered, identically, recorded once.
    const won = answers.find((a) => a.status === 200)!;
    const pair = await Promise.all([0, 1].map(() => act(app, id, won.body.stateToken, won.body.legalActions[0])));
    expect(pair.map((a) => a.status)).toEqual([200, 200]);
    expect(pair[0].raw).toBe(pair[1].raw);
    expect((await call(app, 'GET', `/api/sessions/${id}`)).body.session.step).toBe(2);
  });

  it('refuses an illegal action without recording it, and a token of another session', async () => {
    const a = await start(app, 'whirlyard', 'refused');
    const b = await start(app, 'whirlyard', 'refused2');
    const bad = await act(app, a.body.session.id, a.body.stateToken, { type: 'teleport' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ ok: false, reason: 'unknown_action', session: { step: 0 } });
    const crossed = await act(app, a.body.session.id, b.body.stateToken, b.body.legalActions[0]);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toBe('invalid_state');
    const tampered = a.body.stateToken.slice(0, -4) + (a.body.stateToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await act(app, a.body.session.id, tampered, a.body.legalActions[0])).body.error).toBe('invalid_state');
    expect((await call(app, 'GET', '/api/sessions/AAAAAAAAAAAA')).status).toBe(404);
  });

  it('ends a session at its budget as truncated, refusing an action that would cross it', async () => {
    const s = await start(app, 'tally-ranked', 'budgeter');
    const id = s.body.session.id;
    expect(s.body.session.budget).toMatchObject({ unit: 'turns', limit: 4 });
    const a = await act(app, id, s.body.stateToken, { type: 'add', amount: 2 });
    const b = await act(app, id, a.body.stateToken, { type: 'add', amount: 1 });
    expect(b.body).toMatchObject({ ok: true, session: { spent: 3, finished: false }, outcome: null });
    const over = await act(app, id, b.body.stateToken, { type: 'add', amount: 2 });
    expect(over.body).toMatchObject({ ok: false, reason: 'over_budget' });
    expect(over.body.message).toContain('Only 1 turns');
    const last = await act(app, id, b.body.stateToken, { type: 'add', amount: 1 });
    expect(last.body).toMatchObject({
      ok: true,
      gameOver: true,
      score: 4,
      outcome: { kind: 'truncated', reason: 'budget' },
      legalActions: [],
      session: { step: 3, spent: 4, finished: true },
    });
    const after = await act(app, id, last.body.stateToken, { type: 'add', amount: 1 });
    expect(after.status).toBe(409);
    expect(after.body.error).toBe('session_over');
    // Ranked automatically, public: the seed and actions replay to the ranked score.
    const run = await call(app, 'GET', `/api/runs/${id}`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ board: 'ranked', score: 4, outcome: { kind: 'truncated', reason: 'budget' } });
    expect(run.body.run.actions).toHaveLength(3);
    expect(replay(budgeted as AnyGame, run.body.run)).toMatchObject({ ok: true, score: 4 });
    const info = (await call(app, 'GET', `/api/sessions/${id}`)).body.session;
    expect(info.seed).toBe(run.body.run.seed);
    const board = await call(app, 'GET', '/api/games/tally-ranked/leaderboard?board=ranked&kind=agent');
    expect(board.body.agent.map((e: Body) => e.id)).toContain(id);
    expect(board.body.agent[0]).toMatchObject({ rank: 1, outcome: { kind: 'truncated' }, steps: 3, attempts: 1 });
    // The board carries the budget units the session spent (4 turns in 3 actions), as Briarwink's time.
    expect(board.body.agent[0].spent).toBe(4);
  });

  it('ranks an open submission past the budget on its score at the budget', async () => {
    const actions = [1, 1, 1, 1, 2].map((amount) => ({ type: 'add', amount }));
    const r = await call(app, 'POST', '/api/runs', {
      game: 'tally-ranked',
      rulesVersion: 'tally-ranked-1',
      seed: 5,
      actions,
      player: { name: 'long-runner', kind: 'agent' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ score: 4, steps: 4, outcome: { kind: 'truncated', reason: 'budget' } });
    // Its board entry counts the units up to the budget only (the last action crossed it).
    const board = await call(app, 'GET', '/api/games/tally-ranked/leaderboard?board=open&kind=agent');
    expect(board.body.agent.find((e: Body) => e.id === r.body.id)).toMatchObject({ steps: 4, spent: 4 });
  });

  it('lists a session only once finished, and keeps ranked and open boards apart', async () => {
    const s = await start(app, 'tally-ranked', 'unfinished');
    await act(app, s.body.session.id, s.body.stateToken, { type: 'add', amount: 1 });
    const ranked = await call(app, 'GET', '/api/games/tally-ranked/leaderboard?board=ranked&kind=agent');
    const names = ranked.body.agent.map((e: Body) => e.player.name);
    expect(names).not.toContain('unfinished');
    expect(names).not.toContain('long-runner');
    expect((await call(app, 'GET', `/api/runs/${s.body.session.id}`)).status).toBe(404);
    const open = await call(app, 'GET', '/api/games/tally-ranked/leaderboard?board=open&kind=agent');
    expect(open.body.agent.map((e: Body) => e.player.name)).toEqual(['long-runner']);
    expect(open.body.label).toMatch(/search/i);
  });

  it('needs the player key for a taken name', async () => {
    const first = await start(app, 'whirlyard', 'keyed');
    const key = first.body.playerKey;
    expect((await start(app, 'whirlyard', 'keyed')).body.error).toBe('name_owned');
    expect((await start(app, 'whirlyard', 'KEYED', {}, 'pk_nope')).status).toBe(403);
    const ok = await start(app, 'whirlyard', 'keyed', {}, key);
    expect(ok.status).toBe(200);
    expect(ok.body.playerKey).toBeUndefined();
  });

  it('reveals neither the seed nor the size of hidden information in live answers', async () => {
    for (const slug of ['whirlyard', 'cragwake', 'briarwink', 'delvewick']) {
      const game = registry.get(slug)!;
      const lengths = new Set<number>();
      for (let n = 0; n < 3; n++) {
        const s = await start(app, slug, `secret-${slug}-${n}`);
        const seed = (await store.getSession(s.body.session.id))!.seed;
        const rng = Rng.fromSeed(n + 1);
        const choose = randomPolicy(rng);
        let answer = s.body;
        let raw = s.raw;
        for (let i = 0; i < 25 && answer.ok && !answer.gameOver; i++) {
          expect(keysOf(answer).has('seed'), slug).toBe(false);
          expect(raw.includes(String(seed)), slug).toBe(false);
          expect(Object.keys(answer)).not.toContain('state');
          lengths.add(answer.stateToken.length);
          const next = await act(app, answer.session.id, answer.stateToken, choose(answer.legalActions));
          answer = next.body;
          raw = next.raw;
        }
      }
      // One token length for every state of every session of the game.
      expect([...lengths], slug).toHaveLength(1);
      expect(game.spec.slug).toBe(slug);
    }
  });

  it('deals one daily seed per game and day to everyone, another the next day, revealed after it', async () => {
    now = new Date('2026-12-02T08:00:00Z');
    const a = await start(app, 'whirlyard', 'daily-a', { challenge: 'daily' });
    const b = await start(app, 'whirlyard', 'daily-b', { challenge: 'daily' });
    expect(a.body.challenge).toBe('2026-12-02');
    const seedOf = async (x: Body) => (await store.getSession(x.body.session.id))!.seed;
    expect(await seedOf(a)).toBe(await seedOf(b));
    expect(a.body.observation).toEqual(b.body.observation);
    // A start whose answer was lost is answered again: same session, same token, nothing moved.
    const again = await start(app, 'whirlyard', 'daily-a', { challenge: 'daily' }, a.body.playerKey);
    expect(again.status).toBe(200);
    expect(again.body.session.id).toBe(a.body.session.id);
    expect(again.body.stateToken).toBe(a.body.stateToken);
    // Play a to the end: listed on the day's board, seed hidden, run not public until the day is over.
    let t = a.body;
    while (!t.gameOver) {
      const end = t.legalActions.find((x: GameAction) => x.type === 'end_run') ?? t.legalActions[0];
      t = (await act(app, t.session.id, t.stateToken, end)).body;
    }
    // One attempt per player and day: once played, a second start is refused.
    const twice = await start(app, 'whirlyard', 'daily-a', { challenge: 'daily' }, a.body.playerKey);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('daily_taken');
    const day = await call(app, 'GET', '/api/games/whirlyard/leaderboard?board=daily&kind=agent');
    expect(day.body).toMatchObject({ board: 'daily', date: '2026-12-02' });
    expect(day.body.seed).toBeUndefined();
    expect(day.body.agent.map((e: Body) => e.id)).toEqual([a.body.session.id]);
    expect(day.body.agent[0].seed).toBeUndefined();
    expect((await call(app, 'GET', `/api/runs/${a.body.session.id}`)).status).toBe(403);
    // Daily runs are not on the ranked board.
    const ranked = await call(app, 'GET', '/api/games/whirlyard/leaderboard?board=ranked&kind=agent');
    expect(ranked.body.agent.map((e: Body) => e.id)).not.toContain(a.body.session.id);

    now = new Date('2026-12-03T08:00:00Z');
    const c = await start(app, 'whirlyard', 'daily-c', { challenge: 'daily' });
    expect(c.body.challenge).toBe('2026-12-03');
    expect(await seedOf(c)).not.toBe(await seedOf(a));
    const past = await call(app, 'GET', '/api/games/whirlyard/leaderboard?board=daily&date=2026-12-02&kind=agent');
    expect(past.body.seed).toBe(await seedOf(a));
    expect(past.body.agent[0].seed).toBe(await seedOf(a));
    expect((await call(app, 'GET', `/api/runs/${a.body.session.id}`)).status).toBe(200);
    for (const q of ['date=2026-13-01', 'date=yesterday', 'date=2026-12-09']) {
      const r = await call(app, 'GET', `/api/games/whirlyard/leaderboard?board=daily&${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toBe('bad_date');
    }
    expect((await call(app, 'GET', '/api/games/whirlyard/leaderboard?date=2026-12-02')).status).toBe(400);
  });

  it("shows Delvewick's one board against the solver's par", async () => {
    const d = await call(app, 'GET', '/api/games/delvewick/leaderboard?board=daily');
    expect(d.status).toBe(200);
    expect(d.body.par).toMatchObject({ score: 6405 });
    expect(d.body.budget).toBeNull();
  });
});

describe('owned names', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer, store, webRoot: null, registry: games });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });
  const whirlyard = registry.get('whirlyard')!;
  const submit = (name: string, seed: number, key?: string) =>
    call(
      app,
      'POST',
      '/api/runs',
      {
        game: 'whirlyard',
        rulesVersion: whirlyard.spec.rulesVersion,
        seed,
        actions: [{ type: 'end_run' }],
        player: { name, kind: 'agent' },
      },
      key,
    );
  const myKey = 'my-own-key-' + 'Q7xZ3kP9wR2mT5vB8nL4';

  it('a run refused as a copy claims nothing: the name stays free for its first real use', async () => {
    expect((await submit('copied-from', 501)).status).toBe(200);
    const copy = await submit('copier', 501);
    expect(copy.status).toBe(409);
    expect(copy.body.error).toBe('run_copied');
    const first = await submit('copier', 502);
    expect(first.status).toBe(200);
    expect(first.body.playerKey).toMatch(/^pk_/);
  });

  it('a refused daily start claims nothing', async () => {
    const refused = await start(app, 'whirlyard', 'too-early', { challenge: 'daily' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('daily_not_qualified');
    expect(refused.body.playerKey).toBeUndefined();
    const ranked = await start(app, 'whirlyard', 'too-early');
    expect(ranked.status).toBe(200);
    expect(ranked.body.playerKey).toMatch(/^pk_/);
  });

  it("claims with the client's own key: a retried first request is answered again, a weak key is refused", async () => {
    const first = await submit('chooser', 510, myKey);
    expect(first.status).toBe(200);
    expect(first.body.playerKey).toBe(myKey);
    // The answer was lost: the same request again is the same run, answered again, not a 403.
    const retry = await submit('chooser', 510, myKey);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: first.body.id, created: false });
    expect(retry.body.playerKey).toBeUndefined();
    const session = await start(app, 'whirlyard', 'Chooser', {}, myKey);
    expect(session.status).toBe(200);
    expect((await start(app, 'whirlyard', 'chooser', {})).body.error).toBe('name_owned');
    const hex22 = '0123456789abcdef012345'; // 22 hex digits: 88 bits
    for (const weak of ['short-key', 'a'.repeat(40), 'has spaces in it, 22 chars+', 'x'.repeat(129), hex22]) {
      const r = await submit('weakling', 511, weak);
      expect(r.status, weak).toBe(400);
      expect(r.body.error).toBe('bad_player_key');
      expect(r.body.message).toContain('22 to 128 characters');
    }
    // Nothing was claimed by the refusals: the name is still free.
    expect((await submit('weakling', 511)).body.playerKey).toMatch(/^pk_/);
    // 32 hex digits are enough (openssl rand -hex 16).
    expect((await submit('hexed', 516, 'a3f9c2e47b1d08f6e5a4c3b2d1e0f9a8')).status).toBe(200);
    // A key the server drew (no header on first use) keeps working as before, for its own name only.
    const served = (await submit('served', 513)).body.playerKey as string;
    expect((await submit('served', 514, served)).status).toBe(200);
    expect((await submit('weakling', 515, served)).body.error).toBe('name_owned');
  });

  it('compares names after folding case, spaces and look-alikes, and keeps each exact name on the board', async () => {
    const first = await submit('Ada  Lovelace', 520);
    const key = first.body.playerKey as string;
    for (const twin of ['ada lovelace', 'Ada LoveIace', 'ADA  L0VE1ACE', 'Ada Lovelace']) {
      const r = await submit(twin, 521);
      expect(r.status, twin).toBe(403);
      expect(r.body.error).toBe('name_owned');
    }
    expect((await submit('Ada LoveIace', 521, key)).status).toBe(200);
    const board = await call(app, 'GET', '/api/games/whirlyard/leaderboard?board=open&kind=agent&limit=100');
    const names = board.body.agent.map((e: Body) => e.player.name);
    expect(names).toEqual(expect.arrayContaining(['Ada  Lovelace', 'Ada LoveIace']));
    // A name that differs by more than the fold is another name.
    expect((await submit('Ada Lovelaces', 522)).status).toBe(200);
  });
});

describe('a failed write claims nothing', () => {
  it('a run or session whose insert fails leaves its name free for the next first use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-failed-claim-'));
    const store = SqliteRunStore.inDataDir(dir);
    const app = await buildApp({ sealer, store, webRoot: null, registry: games });
    // Another connection to the same file makes every insert under the doomed names fail, as a full
    // disk or a constraint would, after the name check has run in the same transaction.
    const raw = new Database(join(dir, SQLITE_FILE));
    try {
      raw.exec(`CREATE TRIGGER doomed_run BEFORE INSERT ON runs WHEN NEW.player_name = 'doomed'
                  BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;
                CREATE TRIGGER doomed_session BEFORE INSERT ON sessions WHEN NEW.player_name = 'doomed-live'
                  BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;`);
      const whirlyard = registry.get('whirlyard')!;
      const submit = () =>
        call(app, 'POST', '/api/runs', {
          game: 'whirlyard',
          rulesVersion: whirlyard.spec.rulesVersion,
          seed: 900,
          actions: [{ type: 'end_run' }],
          player: { name: 'doomed', kind: 'agent' },
        });
      expect((await submit()).status).toBe(500);
      expect((await start(app, 'whirlyard', 'doomed-live')).status).toBe(500);
      raw.exec('DROP TRIGGER doomed_run; DROP TRIGGER doomed_session;');
      // Nothing was claimed: the next first uses, without a key, claim the names and get their keys.
      const run = await submit();
      expect(run.status).toBe(200);
      expect(run.body.playerKey).toMatch(/^pk_/);
      const live = await start(app, 'whirlyard', 'doomed-live');
      expect(live.status).toBe(200);
      expect(live.body.playerKey).toMatch(/^pk_/);
    } finally {
      raw.close();
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the daily challenge is for names that played ranked before the day', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  // The store stamps a finished run with the system time; the app's day moves on past it.
  let now = new Date();
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer, store, webRoot: null, registry: games, clock: () => now });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  /** A ranked Briarwink session of `actions` actions and endRun, under `name`. */
  async function playRanked(name: string, actions: number, key?: string) {
    let r = await start(app, 'briarwink', name, {}, key);
    expect(r.status).toBe(200);
    const id = r.body.session.id;
    for (let i = 0; i < actions - 1; i++) {
      const a = r.body.legalActions.find((x: GameAction) => x.type !== 'endRun');
      r = await act(app, id, r.body.stateToken, a);
    }
    r = await act(app, id, r.body.stateToken, { type: 'endRun' });
    expect(r.body.session.finished).toBe(true);
  }

  it('refuses a name with no ranked session finished before the day, then lets it in the next day', async () => {
    const k = 'fresh-face-key-' + 'Lm3Tq8Wx2Zc6Vb9Nr4';
    now = new Date();
    const first = await start(app, 'briarwink', 'fresh-face', { challenge: 'daily' }, k);
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ ok: false, error: 'daily_not_qualified' });
    expect(first.body.message).toContain('"fresh-face" cannot play the Briarwink daily challenge yet');
    expect(first.body.message).toContain('the daily is yours from tomorrow');
    // A ranked session finished today qualifies the name for tomorrow's daily, not for today's.
    await playRanked('fresh-face', 20, k);
    expect((await start(app, 'briarwink', 'fresh-face', { challenge: 'daily' }, k)).body.error).toBe(
      'daily_not_qualified',
    );
    now = new Date(Date.now() + 86_400_000);
    const daily = await start(app, 'briarwink', 'fresh-face', { challenge: 'daily' }, k);
    expect(daily.status).toBe(200);
    expect(daily.body.challenge).toBe(now.toISOString().slice(0, 10));
    // A throwaway name made on the day cannot rehearse it.
    const throwaway = await start(app, 'briarwink', 'throwaway-1', { challenge: 'daily' });
    expect(throwaway.body.error).toBe('daily_not_qualified');
  });

  it('counts only a finished ranked session of the same game with enough actions', async () => {
    const k = 'qualifier-key-' + 'Hq8Jm2Wz5Xc7Vb4Nr6';
    now = new Date();
    await playRanked('short-game', 5, k);
    now = new Date(Date.now() + 86_400_000);
    const tooShort = await start(app, 'briarwink', 'short-game', { challenge: 'daily' }, k);
    expect(tooShort.body.error).toBe('daily_not_qualified');
    now = new Date();
    await playRanked('short-game', 20, k);
    // Whirlyard's daily wants a Whirlyard session: the Briarwink one does not count there.
    now = new Date(Date.now() + 86_400_000);
    expect((await start(app, 'whirlyard', 'short-game', { challenge: 'daily' }, k)).body.error).toBe(
      'daily_not_qualified',
    );
    const daily = await start(app, 'briarwink', 'Short-Game', { challenge: 'daily' }, k);
    expect(daily.status).toBe(200);
    expect(daily.body.challenge).toBe(now.toISOString().slice(0, 10));
    // One attempt, under any name that folds to it.
    const again = await start(app, 'briarwink', 'short-game', { challenge: 'daily' }, k);
    expect(again.body.session.id).toBe(daily.body.session.id); // not moved yet: a lost answer, answered again
    await act(app, daily.body.session.id, daily.body.stateToken, { type: 'start' });
    expect((await start(app, 'briarwink', 'SHORT-GAME', { challenge: 'daily' }, k)).body.error).toBe('daily_taken');
  });

  it('is switched off for local evaluation (GAMEBOARD_DAILY_QUALIFY=off: buildApp dailyQualify false)', async () => {
    const open = await buildApp({ sealer, store, webRoot: null, registry: games, dailyQualify: false });
    try {
      expect((await start(open, 'briarwink', 'anyone-at-all', { challenge: 'daily' })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('published budgets', () => {
  it('every endless game publishes a ranked budget; Delvewick, finite, none', () => {
    const limits = Object.fromEntries(registry.games.map((g) => [g.spec.slug, budgetOf(g)?.limit ?? null]));
    expect(limits).toEqual({ whirlyard: 1000, cragwake: 2000, briarwink: 54000, delvewick: null });
  });

  it('answers 503 without a store', async () => {
    const app = await buildApp({ sealer, webRoot: null });
    try {
      const r = await start(app, 'whirlyard', 'nobody');
      expect(r.status).toBe(503);
      expect(r.body.error).toBe('store_unavailable');
    } finally {
      await app.close();
    }
  });
});

describe('the store migration from schema version 1', () => {
  it('keeps version 1 runs, lists the ones that ended, and adds the ranked tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-migrate-'));
    try {
      // A version 1 database as the previous release wrote it.
      const db = new Database(join(dir, SQLITE_FILE));
      db.exec(`CREATE TABLE schema_version (version INTEGER NOT NULL);
        INSERT INTO schema_version VALUES (1);
        CREATE TABLE runs (
          seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, game TEXT NOT NULL,
          rules_version TEXT NOT NULL, seed INTEGER NOT NULL, actions TEXT NOT NULL, run_hash TEXT NOT NULL,
          player_name TEXT NOT NULL, player_kind TEXT NOT NULL CHECK (player_kind IN ('human', 'agent')),
          score REAL NOT NULL, game_over INTEGER NOT NULL, steps INTEGER NOT NULL, created_at TEXT NOT NULL);
        CREATE INDEX runs_board ON runs (game, rules_version, player_kind, score DESC, steps ASC, seq ASC);
        CREATE UNIQUE INDEX runs_dedupe ON runs (run_hash, player_kind, player_name);
        INSERT INTO runs (id, game, rules_version, seed, actions, run_hash, player_name, player_kind, score, game_over, steps, created_at)
        VALUES ('old-ended', 'whirlyard', 'whirlyard-1', 3, '[{"type":"end_run"}]', 'h1', 'Old', 'agent', 0, 1, 1, '2026-01-01T00:00:00Z'),
               ('old-open', 'whirlyard', 'whirlyard-1', 4, '[]', 'h2', 'Old2', 'agent', 0, 0, 0, '2026-01-01T00:00:00Z');`);
      db.close();
      const store = SqliteRunStore.inDataDir(dir);
      try {
        expect(await store.get('old-ended')).toMatchObject({
          board: 'open',
          outcome: { kind: 'terminated' },
          spent: null, // version 3's column: unknown for older runs
        });
        expect(await store.get('old-open')).toMatchObject({ outcome: null });
        const board = await store.board({
          game: 'whirlyard',
          rulesVersion: 'whirlyard-1',
          board: 'open',
          kind: 'agent',
          limit: 10,
        });
        expect(board.map((e) => e.id)).toEqual(['old-ended']);
        // Names of runs from before keys are reserved for those runs, whatever the case or look-alikes.
        const app = await buildApp({ sealer, store, webRoot: null });
        try {
          for (const name of ['old', 'OLD', '0ld2']) {
            const r = await start(app, 'whirlyard', name);
            expect(r.status, name).toBe(403);
            expect(r.body.error).toBe('name_reserved');
            expect(r.body.message).toContain('reserved');
          }
          expect((await start(app, 'whirlyard', 'Old3')).status).toBe(200);
        } finally {
          await app.close();
        }
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
