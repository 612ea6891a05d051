/**
 * Verified runs and leaderboards through `inject()`: the server replays every submitted run and stores
 * only the replayed score; forged runs, wrong games and rules versions, and claimed scores are refused;
 * leaderboards order runs and keep humans and agents apart; the SQLite store survives a reopen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { replay } from '../src/core/replay.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SQLITE_FILE, SqliteRunStore } from '../src/store/sqlite.js';
import { playout } from './helpers/playout.js';

const sealer = new StateSealer(['runs-test-secret-0123456789']);
const whirlyard = registry.get('whirlyard') as AnyGame;
const delvewick = registry.get('delvewick') as AnyGame;

function runOf(game: AnyGame, seed: number, maxSteps = 400, policySeed = seed) {
  const p = playout(game, seed, maxSteps, policySeed);
  return { game: game.spec.slug, rulesVersion: game.spec.rulesVersion, seed, actions: p.actions };
}

async function post(app: FastifyInstance, payload: unknown, playerKey?: string) {
  const r = await app.inject({
    method: 'POST',
    url: '/api/runs',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(playerKey ? { 'x-player-key': playerKey } : {}) },
  });
  return { status: r.statusCode, body: r.json() };
}
async function get(app: FastifyInstance, url: string) {
  const r = await app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json() };
}

const human = (name: string) => ({ name, kind: 'human' as const });
const agent = (name: string) => ({ name, kind: 'agent' as const });

describe('POST /api/runs with an in-memory store', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer, store, webRoot: null });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('accepts a real run, answers the replayed score and a rank, and serves it back', async () => {
    const run = runOf(whirlyard, 11);
    const expected = replay(whirlyard, run);
    if (!expected.ok) throw new Error(expected.message);
    const { status, body } = await post(app, { ...run, player: human('Ada') });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      score: expected.score,
      gameOver: expected.gameOver,
      steps: run.actions.length,
      rank: 1,
    });
    expect(typeof body.id).toBe('string');

    const back = await get(app, `/api/runs/${body.id}`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ ok: true, id: body.id, run, player: human('Ada'), score: expected.score });
    expect(await store.count('whirlyard')).toBe(1);
  });

  it('submitting the same run again by the same player (with its key) stores it once', async () => {
    const run = runOf(whirlyard, 12);
    const a = await post(app, { ...run, player: human('Twice') });
    expect(a.body.playerKey).toMatch(/^pk_/);
    const b = await post(app, { ...run, player: human('Twice') }, a.body.playerKey);
    expect(b.status).toBe(200);
    expect(b.body.playerKey).toBeUndefined();
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.created).toBe(false);
  });

  it('refuses a forged run: an illegal action injected names its index', async () => {
    const run = runOf(whirlyard, 13);
    const forged = [...run.actions];
    // Mid-run, end the run (legal) and then wait (in the grammar, but nothing is legal after the end).
    const at = Math.floor(forged.length / 2);
    forged.splice(at, 0, { type: 'end_run' }, { type: 'wait' });
    const { status, body } = await post(app, { ...run, actions: forged, player: human('Mallory') });
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, error: 'invalid_run' });
    expect(body.message).toContain(`Action ${at + 1} `);
  });

  it('refuses an action outside the grammar, naming its index', async () => {
    const run = runOf(whirlyard, 14, 5);
    const actions: unknown[] = [...run.actions, { type: 'teleport', to: 'win' }];
    const { status, body } = await post(app, { ...run, actions, player: human('Mallory') });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_run');
    expect(body.message).toContain(`Action ${run.actions.length} `);
  });

  it('refuses a wrong rules version, a wrong game and an unknown game', async () => {
    const run = runOf(whirlyard, 15, 50);
    const wrongRules = await post(app, { ...run, rulesVersion: 'whirlyard-0', player: human('M') });
    expect(wrongRules.status).toBe(400);
    expect(wrongRules.body.error).toBe('invalid_run');
    expect(wrongRules.body.message).toContain('whirlyard-0');

    const wrongGame = await post(app, {
      ...run,
      game: 'delvewick',
      rulesVersion: delvewick.spec.rulesVersion,
      player: human('M'),
    });
    expect(wrongGame.status).toBe(400);
    expect(wrongGame.body.error).toBe('invalid_run');
    expect(wrongGame.body.message).toMatch(/Action 0 /);

    const unknown = await post(app, { ...run, game: 'chess', player: human('M') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_run');
  });

  it('refuses a claimed score and any other unknown field', async () => {
    const run = runOf(whirlyard, 16, 20);
    for (const extra of [{ score: 1e9 }, { gameOver: true }]) {
      const { status, body } = await post(app, { ...run, ...extra, player: human('Liar') });
      expect(status).toBe(400);
      expect(body).toMatchObject({ ok: false, error: 'bad_request' });
      expect(body.message).toContain(`unknown field "${Object.keys(extra)[0]}"`);
    }
    const nested = await post(app, { ...run, player: { ...human('Liar'), score: 5 } });
    expect(nested.status).toBe(400);
  });

  it('answers every malformed submission with a 4xx, never a 500', async () => {
    const run = runOf(whirlyard, 17, 10);
    const bad: unknown[] = [
      { ...run, player: { name: '', kind: 'human' } },
      { ...run, player: { name: 'x'.repeat(33), kind: 'human' } },
      { ...run, player: { name: 'Bob<script>', kind: 'human' } },
      { ...run, player: { name: ' Bob', kind: 'human' } },
      { ...run, player: { name: 'Bob', kind: 'robot' } },
      { ...run, player: 'Bob' },
      { ...run, seed: -1, player: human('Bob') },
      { ...run, seed: 2 ** 32, player: human('Bob') },
      { ...run, seed: '7', player: human('Bob') },
      { ...run, actions: 'wait', player: human('Bob') },
      { ...run, actions: [1, 2], player: human('Bob') },
      { ...run, actions: Array.from({ length: 100_001 }, () => ({ type: 'wait' })), player: human('Bob') },
      { game: 'whirlyard', player: human('Bob') },
      [],
      null,
      '{"game":',
    ];
    for (const body of bad) {
      const r = await post(app, typeof body === 'string' ? body : JSON.stringify(body));
      expect(r.status, JSON.stringify(body)?.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(typeof r.body.error).toBe('string');
      expect(typeof r.body.message).toBe('string');
    }
    expect((await get(app, '/api/runs/nope')).status).toBe(404);
    expect((await get(app, '/api/runs/nope')).body.error).toBe('run_not_found');
    expect((await get(app, '/api/runs/%24%24')).status).toBe(400);
    expect((await get(app, '/api/games/chess/leaderboard')).body.error).toBe('unknown_game');
    for (const q of ['kind=robot', 'limit=0', 'limit=101', 'limit=ten', 'other=1']) {
      const r = await get(app, `/api/games/whirlyard/leaderboard?${q}`);
      expect(r.status, q).toBe(400);
    }
  });

  it('takes a body over the global 256 KiB limit on this route', async () => {
    // A long run of legal waits is not possible in Whirlyard, so pad a refused run: the size limit is
    // checked before the replay, which then refuses it as a 400 invalid_run (not a 413).
    const actions: GameAction[] = Array.from({ length: 20_000 }, () => ({ type: 'move', direction: 'nw' }));
    const payload = JSON.stringify({ ...runOf(whirlyard, 18, 1), actions, player: human('Big') });
    expect(payload.length).toBeGreaterThan(256 * 1024);
    const r = await post(app, payload);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_run');
    const huge = JSON.stringify({ padding: 'x'.repeat(4 * 1024 * 1024 + 1) });
    expect((await post(app, huge)).status).toBe(413);
  });
});

describe('leaderboards', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer, store, webRoot: null });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('orders runs by replayed score and keeps humans and agents apart', async () => {
    const scored: { score: number; id: string; kind: string; steps: number }[] = [];
    for (let seed = 100; seed < 116; seed++) {
      // The best of a few random playouts, so scores differ.
      const run = [1, 2, 3, 4, 5, 6]
        .map((p) => runOf(whirlyard, seed, 400, seed * 10 + p))
        .map((r) => ({ r, score: (replay(whirlyard, r) as { score: number }).score }))
        .sort((a, b) => b.score - a.score)[0].r;
      const kind = seed % 2 === 0 ? 'human' : 'agent';
      const { status, body } = await post(app, { ...run, player: { name: `p${seed}`, kind } });
      expect(status).toBe(200);
      scored.push({ score: body.score, id: body.id, kind, steps: body.steps });
    }
    const { status, body } = await get(app, '/api/games/whirlyard/leaderboard');
    expect(status).toBe(200);
    expect(body.rulesVersion).toBe(whirlyard.spec.rulesVersion);
    for (const kind of ['human', 'agent']) {
      const mine = scored.filter((s) => s.kind === kind);
      expect(new Set(mine.map((s) => s.score)).size).toBeGreaterThan(1);
      const want = [...mine].sort((a, b) => b.score - a.score || a.steps - b.steps).map((s) => s.id);
      expect(body[kind].map((e: { id: string }) => e.id)).toEqual(want);
      for (const e of body[kind]) expect(e.player.kind).toBe(kind);
      expect(Object.keys(body[kind][0]).sort()).toEqual([
        'createdAt',
        'id',
        'outcome',
        'player',
        'progress',
        'rank',
        'replayUrl',
        'score',
        'seed',
        'spent',
        'steps',
      ]);
      // Whirlyard's budget counts turns, one per action: the units spent are the steps.
      for (const e of body[kind]) expect(e.spent).toBe(e.steps);
    }
    const only = await get(app, '/api/games/whirlyard/leaderboard?kind=agent&limit=2');
    expect(only.body.human).toBeUndefined();
    expect(only.body.agent).toHaveLength(2);
    expect(only.body.agent[0].id).toBe(body.agent[0].id);
    expect((await get(app, '/api/games/delvewick/leaderboard')).body).toMatchObject({ human: [], agent: [] });
  });

  it.skipIf(!registry.get('briarwink'))(
    "lists a Briarwink run's time as the ticks it played, not its actions",
    async () => {
      const briarwink = registry.get('briarwink') as AnyGame;
      const idle = (count: number) => ({ type: 'tick', move: null, plant: false, count });
      const actions = [{ type: 'start' }, idle(30), idle(25), { type: 'endRun' }];
      const run = { game: 'briarwink', rulesVersion: briarwink.spec.rulesVersion, seed: 3, actions };
      const { status, body } = await post(app, { ...run, player: agent('ticker') });
      expect(status).toBe(200);
      const board = await get(app, '/api/games/briarwink/leaderboard?board=open&kind=agent');
      const entry = board.body.agent.find((e: { id: string }) => e.id === body.id);
      expect(entry).toMatchObject({ steps: 4, spent: 55 });
    },
  );

  it("answers a new run's rank among its own kind, one entry per player", async () => {
    const agents = async () =>
      (await get(app, '/api/games/whirlyard/leaderboard?kind=agent&limit=100')).body.agent as {
        id: string;
        player: { name: string };
        score: number;
      }[];
    const r = await post(app, { ...runOf(whirlyard, 120, 400, 7), player: agent('ranker') });
    expect(r.status).toBe(200);
    expect(r.body.outcome).not.toBeNull();
    const place = (await agents()).findIndex((e) => e.id === r.body.id) + 1;
    expect(place).toBeGreaterThan(0);
    expect(r.body.rank).toBe(place);

    // A second finished run by the same player: the board keeps only that player's best.
    const again = await post(app, { ...runOf(whirlyard, 121, 400, 8), player: agent('ranker') }, r.body.playerKey);
    expect(again.status).toBe(200);
    const mine = (await agents()).filter((e) => e.player.name === 'ranker');
    expect(mine).toHaveLength(1);
    expect(mine[0].score).toBe(Math.max(r.body.score, again.body.score));
  });

  it('never lists an unfinished run: an empty run and a short one are stored but not ranked', async () => {
    // A full random run ends (caught) on its last action, so every shorter prefix is unfinished.
    const full = runOf(whirlyard, 201);
    expect(replay(whirlyard, full)).toMatchObject({ ok: true, gameOver: true });
    const prefixes = [
      { ...full, actions: [] },
      { ...full, actions: full.actions.slice(0, -1) },
    ];
    for (const [i, run] of prefixes.entries()) {
      const r = await post(app, { ...run, player: human(`unfinished${i}`) });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ gameOver: false, outcome: null, rank: null });
      expect((await get(app, `/api/runs/${r.body.id}`)).status).toBe(200);
      const board = (await get(app, '/api/games/whirlyard/leaderboard?kind=human&limit=100')).body.human;
      expect(board.map((e: { id: string }) => e.id)).not.toContain(r.body.id);
    }
  });

  it('refuses a copy of a stored run under another name, whatever kind it claims (409 run_copied)', async () => {
    const best = (await get(app, '/api/games/whirlyard/leaderboard?kind=human')).body.human[0];
    const fetched = await get(app, `/api/runs/${best.id}`);
    const copy = await post(app, { ...fetched.body.run, player: human('copycat') });
    expect(copy.status).toBe(409);
    expect(copy.body).toMatchObject({ ok: false, error: 'run_copied' });
    const asAgent = await post(app, { ...fetched.body.run, player: agent('copycat-bot') });
    expect(asAgent.status).toBe(409);
  });

  it('owns names: a name taken without its key is refused, with the key it is accepted', async () => {
    const first = await post(app, { ...runOf(whirlyard, 130, 400, 3), player: human('Owner') });
    expect(first.status).toBe(200);
    const key = first.body.playerKey as string;
    expect(key.length).toBeGreaterThan(40);
    const run = { ...runOf(whirlyard, 131, 400, 4), player: human('Owner') };
    const noKey = await post(app, run);
    expect(noKey.status).toBe(403);
    expect(noKey.body).toMatchObject({ ok: false, error: 'name_owned' });
    // Names compare case-insensitively, and a wrong key is refused too.
    expect((await post(app, { ...run, player: agent('owner') })).status).toBe(403);
    expect((await post(app, run, 'pk_wrong')).status).toBe(403);
    const withKey = await post(app, run, key);
    expect(withKey.status).toBe(200);
    expect(withKey.body.playerKey).toBeUndefined();
  });
});

describe('the docs', () => {
  it('/llms.txt and /docs/api describe submitting runs and the leaderboards', async () => {
    const app = await buildApp({ sealer, webRoot: null });
    try {
      for (const url of ['/llms.txt', '/docs/api']) {
        const text = (await app.inject({ method: 'GET', url })).body;
        expect(text, url).toContain('POST');
        expect(text, url).toContain('/api/runs');
        expect(text, url).toContain('/leaderboard');
        expect(text, url).toContain('invalid_run');
      }
      const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(Object.keys(spec.paths)).toEqual(
        expect.arrayContaining(['/api/runs', '/api/runs/{id}', '/api/games/{slug}/leaderboard']),
      );
    } finally {
      await app.close();
    }
  });
});

describe('persistence and the missing store', () => {
  it('keeps runs across reopening the SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-store-'));
    try {
      let store = SqliteRunStore.inDataDir(dir);
      let app = await buildApp({ sealer, store, webRoot: null });
      const run = runOf(whirlyard, 31);
      const saved = await post(app, { ...run, player: agent('bot-1') });
      expect(saved.status).toBe(200);
      await app.close();
      await store.close();

      store = new SqliteRunStore(join(dir, SQLITE_FILE));
      app = await buildApp({ sealer, store, webRoot: null });
      const back = await get(app, `/api/runs/${saved.body.id}`);
      expect(back.status).toBe(200);
      expect(back.body.run).toEqual(run);
      expect(back.body.score).toBe(saved.body.score);
      const board = await get(app, '/api/games/whirlyard/leaderboard?kind=agent');
      expect(board.body.agent.map((e: { id: string }) => e.id)).toEqual([saved.body.id]);
      expect(await store.count()).toBe(1);
      await app.close();
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 store_unavailable on every run route without a store', async () => {
    const app = await buildApp({ sealer, webRoot: null });
    try {
      const run = runOf(whirlyard, 41, 10);
      const r = await post(app, { ...run, player: human('Ada') });
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ ok: false, error: 'store_unavailable' });
      for (const url of ['/api/runs/abc', '/api/games/whirlyard/leaderboard']) {
        const g = await get(app, url);
        expect(g.status, url).toBe(503);
        expect(g.body.error).toBe('store_unavailable');
      }
    } finally {
      await app.close();
    }
  });
});
