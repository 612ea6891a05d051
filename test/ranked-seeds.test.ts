/**
 * Ranked seeds of 128 bits, through the HTTP API on a real SQLite file (issue 27, "Ranked play"): a
 * ranked session's seed is in no answer before it ends and is 32 hex digits after; its run replays
 * (the CLI's `replay verify` as a process, and the run store); sessions never share a seed; the daily
 * seed is one wide seed for everyone, pinned, so a server restarted with the secret rotated deals the
 * same one; and no ranked first observation of Cragwake or Briarwink is any free seed's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GameAction } from '../src/core/game.js';
import { canonicalJson } from '../src/core/canonical.js';
import { StateSealer } from '../src/server/state/seal.js';
import { isWideSeed } from '../src/core/seed.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { DailySeeds } from '../src/server/ranked/daily.js';
import { PostgresRunStore } from '../src/store/postgres.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import type { RunStore } from '../src/store/store.js';
import { freshSchema } from './helpers/postgres.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const OLD = 'seeds-test-old-secret-0123456789abcdef';
const NEW = 'seeds-test-new-secret-fedcba9876543210';
const BIN = fileURLToPath(new URL('../bin/gameboard.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Free seeds whose first observations make the table (each game's takes about a second here). */
const FREE_SEEDS = 3000;
const HEX32 = /^[0-9a-f]{32}$/;

let dir: string;
let file: string;
let store: SqliteRunStore;
let app: FastifyInstance;
let now = new Date('2026-12-02T09:00:00Z');

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, key?: string, on = app) {
  const r = await on.inject({
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

const start = (slug: string, name: string, extra: Body = {}, on = app) =>
  call('POST', `/api/games/${slug}/sessions`, { player: { name, kind: 'agent' }, ...extra }, undefined, on);

/** The seed the store holds for a session (what the server drew). */
const drawn = async (id: string) => (await store.getSession(id))!.seed;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gameboard-seeds-'));
  file = join(dir, 'store.sqlite');
  store = new SqliteRunStore(file);
  app = await buildApp({ sealer: new StateSealer([OLD]), store, webRoot: null, clock: () => now, dailyQualify: false });
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a ranked session seed', () => {
  it('is in no answer before the session ends, and is revealed as 32 hex digits after', async () => {
    const s = await start('whirlyard', 'wide-ada');
    const id = s.body.session.id as string;
    const seed = await drawn(id);
    expect(isWideSeed(seed), `the server drew ${String(seed)}`).toBe(true);
    const raws = [s.raw];
    let t = s.body;
    // wait until caught, or end the run after six actions; every answer before the end is checked
    for (let i = 0; !t.gameOver; i++) {
      const action = i < 6 ? t.legalActions[0] : { type: 'end_run' };
      const r = await call('POST', `/api/sessions/${id}/action`, { stateToken: t.stateToken, action });
      raws.push(r.raw);
      t = r.body;
      if (t.gameOver) break;
      const info = await call('GET', `/api/sessions/${id}`);
      expect(info.body.session.seed).toBeUndefined();
      raws.push(info.raw, (await call('GET', `/api/runs/${id}`)).raw);
    }
    for (const raw of raws) expect(raw).not.toContain(seed as string);
    const info = await call('GET', `/api/sessions/${id}`);
    expect(info.body.session.seed).toBe(seed);
    expect(info.body.session.seed).toMatch(HEX32);
    const runAnswer = await call('GET', `/api/runs/${id}`);
    expect(runAnswer.status).toBe(200);
    expect(runAnswer.body.run.seed).toBe(seed);
    const board = await call('GET', '/api/games/whirlyard/leaderboard?board=ranked&kind=agent');
    expect(board.body.agent.find((e: Body) => e.id === id).seed).toBe(seed);
  });

  it('replays: through `gameboard replay verify`, the run store, and free play on the same seed', async () => {
    const s = await start('cragwake', 'wide-replayer');
    const id = s.body.session.id as string;
    let t = s.body;
    // climb until the stamina or the moves run out (Cragwake ends a run itself, or by endRun on a belay)
    for (let i = 0; i < 400 && !t.gameOver; i++) {
      const action = t.legalActions.find((a: GameAction) => a.type === 'endRun') ?? t.legalActions[0];
      t = (await call('POST', `/api/sessions/${id}/action`, { stateToken: t.stateToken, action })).body;
    }
    expect(t.gameOver).toBe(true);
    const stored = (await call('GET', `/api/runs/${id}`)).body;
    const run = stored.run as { game: string; rulesVersion: string; seed: string; actions: GameAction[] };
    expect(run.seed).toMatch(HEX32);

    // the CLI, as a process, on the run file
    const path = join(dir, 'ranked-run.json');
    writeFileSync(path, JSON.stringify(run));
    const out = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(process.execPath, [BIN, 'replay', 'verify', path], { cwd: ROOT, timeout: 120_000 }, (err, stdout) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout }),
      ),
    );
    expect(out.stdout).toContain(`valid cragwake run`);
    expect(out.stdout).toContain(`seed ${run.seed}`);
    expect(out.stdout).toContain(`score ${stored.score}`);
    expect(out.code).toBe(0);

    // the store: the run less its last action is a new run, replayed and stored with its wide seed
    const shorter = { ...run, actions: run.actions.slice(0, -1), player: { name: 'wide-replayer', kind: 'agent' } };
    const saved = await call('POST', '/api/runs', shorter, s.body.playerKey);
    expect(saved.status, saved.raw).toBe(200);
    expect((await call('GET', `/api/runs/${saved.body.id}`)).body.run.seed).toBe(run.seed);
    // the whole run under another name is a copy of the ranked one (the same fingerprint)
    const copy = await call('POST', '/api/runs', { ...run, player: { name: 'wide-copier', kind: 'agent' } });
    expect(copy.status).toBe(409);
    // a forged action after the end does not replay
    const forged = {
      ...run,
      actions: [...run.actions, run.actions[0]],
      player: { name: 'wide-forger', kind: 'agent' },
    };
    expect((await call('POST', '/api/runs', forged)).status).toBe(400);

    // free play accepts the revealed seed (to practise it) and deals the session's first position
    const practice = await call('GET', `/api/games/cragwake/init?seed=${run.seed.toUpperCase()}`);
    expect(practice.status).toBe(200);
    expect(practice.body.seed).toBe(run.seed);
    expect(practice.body.observation).toEqual(s.body.observation);
  });

  it('is never shared by two sessions', async () => {
    const seeds: unknown[] = [];
    for (const slug of ['whirlyard', 'cragwake', 'briarwink', 'delvewick'])
      for (let i = 0; i < 6; i++) seeds.push(await drawn((await start(slug, `many-${slug}-${i}`)).body.session.id));
    expect(seeds.every(isWideSeed)).toBe(true);
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it('refuses a seed that is neither kind with a bad_seed that says what is accepted', async () => {
    for (const seed of ['abc', 'f'.repeat(31), 'g'.repeat(32), 'f'.repeat(33), '-1', '4294967296']) {
      const r = await call('GET', `/api/games/briarwink/init?seed=${seed}`);
      expect(r.status, seed).toBe(400);
      expect(r.body.error).toBe('bad_seed');
      expect(r.body.message).toContain('0 to 4294967295');
      expect(r.body.message).toContain('32 hex digits');
    }
    const bad = await call('POST', '/api/runs', {
      game: 'briarwink',
      rulesVersion: registry.get('briarwink')!.spec.rulesVersion,
      seed: 'F'.repeat(32),
      actions: [],
      player: { name: 'x', kind: 'agent' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('an integer 0..4294967295 or 32 lowercase hex digits');
  });
});

describe('no ranked first observation is any free seed', () => {
  for (const slug of ['cragwake', 'briarwink']) {
    it(`${slug}: ranked first observations are not among those of free seeds 0..${FREE_SEEDS - 1}`, async () => {
      const game = registry.get(slug)!;
      const free = new Set<string>();
      for (let seed = 0; seed < FREE_SEEDS; seed++) free.add(canonicalJson(game.observe(game.init(seed))));
      // The first observation tells free seeds apart in these games: a table of them names the seed.
      expect(free.size).toBe(FREE_SEEDS);
      for (let i = 0; i < 8; i++) {
        const s = await start(slug, `first-${slug}-${i}`);
        expect(free.has(canonicalJson(s.body.observation)), `session ${i} opened on a free seed's position`).toBe(
          false,
        );
      }
      const daily = await start(slug, `first-${slug}-daily`, { challenge: 'daily' });
      expect(free.has(canonicalJson(daily.body.observation))).toBe(false);
    });
  }

  it("Briarwink's generator, started from a wide seed, is in no free seed's starting state", async () => {
    // Every free stream starts with its fourth word at 13 (seeded d = 1, twelve warm-up draws) and
    // counts up by one per draw; a wide stream starts with it at 2^31 or more (core/seed.ts).
    const game = registry.get('briarwink')!;
    const d = (seed: number | string) => (game.toWire(game.init(seed)).secret as { rng: number[] }).rng[3];
    for (let seed = 0; seed < 200; seed++) expect(d(seed)).toBe(13);
    for (let i = 0; i < 8; i++) {
      const s = await start('briarwink', `rng-${i}`);
      expect(d(await drawn(s.body.session.id))).toBeGreaterThanOrEqual(2 ** 31);
    }
  });
});

describe('the daily seed', () => {
  it('is one wide seed for every player, pinned: a restart with the secret rotated deals it again', async () => {
    now = new Date('2026-12-02T10:00:00Z');
    const a = await start('cragwake', 'daily-one', { challenge: 'daily' });
    const b = await start('cragwake', 'daily-two', { challenge: 'daily' });
    const seed = await drawn(a.body.session.id);
    expect(seed).toMatch(HEX32);
    expect(await drawn(b.body.session.id)).toBe(seed);
    expect(b.body.observation).toEqual(a.body.observation);
    // HMAC-SHA256 of daily|<game>|<day> under the daily key, cut to 128 bits
    const old = new DailySeeds(new StateSealer([OLD]).deriveKey('daily-challenge'));
    expect(old.seed('cragwake', '2026-12-02')).toBe(seed);

    // restart: a second app with GAMEBOARD_SECRET=new,old on the same store file
    await app.close();
    await store.close();
    store = new SqliteRunStore(file);
    const rotated = new StateSealer([NEW, OLD]);
    app = await buildApp({ sealer: rotated, store, webRoot: null, clock: () => now, dailyQualify: false });
    // the new secret alone derives another seed for the day: the pin is what keeps the day's
    expect(new DailySeeds(new StateSealer([NEW]).deriveKey('daily-challenge')).seed('cragwake', '2026-12-02')).not.toBe(
      seed,
    );
    const c = await start('cragwake', 'daily-three', { challenge: 'daily' });
    expect(c.status).toBe(200);
    expect(await drawn(c.body.session.id)).toBe(seed);
    expect(c.body.observation).toEqual(a.body.observation);

    // the next day: a new seed, and the board reveals the pinned one of the day before
    now = new Date('2026-12-03T10:00:00Z');
    const d = await start('cragwake', 'daily-four', { challenge: 'daily' });
    expect(await drawn(d.body.session.id)).not.toBe(seed);
    const past = await call('GET', '/api/games/cragwake/leaderboard?board=daily&date=2026-12-02&kind=agent');
    expect(past.body.seed).toBe(seed);
  });

  it('of a past day nobody drew is derived from the key, 128 bits', async () => {
    now = new Date('2026-12-05T10:00:00Z');
    const past = await call('GET', '/api/games/briarwink/leaderboard?board=daily&date=2026-11-20&kind=agent');
    expect(past.status).toBe(200);
    expect(past.body.seed).toMatch(HEX32);
    expect(await store.dailySeed('briarwink', '2026-11-20')).toBeNull();
  });
});

const pgUrl = inject('postgresUrl');

describe.skipIf(pgUrl === '')('on PostgreSQL', () => {
  it('a ranked seed is revealed whole, and the daily seed survives a restart with the secret rotated', async () => {
    const schemaUrl = await freshSchema(pgUrl);
    const options = {
      connectionString: schemaUrl,
      poolSize: 4,
      statementTimeoutMs: 10_000,
      connectTimeoutMs: 10_000,
      ssl: false as const,
    };
    const day = () => new Date('2026-12-02T11:00:00Z');
    let pgStore: RunStore = await PostgresRunStore.open(options);
    let pgApp = await buildApp({
      sealer: new StateSealer([OLD]),
      store: pgStore,
      webRoot: null,
      clock: day,
      dailyQualify: false,
    });
    try {
      const s = await start('whirlyard', 'pg-wide', {}, pgApp);
      const seed = (await pgStore.getSession(s.body.session.id))!.seed;
      expect(seed).toMatch(HEX32);
      expect(s.raw).not.toContain(seed as string);
      const end = await call(
        'POST',
        `/api/sessions/${s.body.session.id}/action`,
        { stateToken: s.body.stateToken, action: { type: 'end_run' } },
        undefined,
        pgApp,
      );
      expect(end.body.gameOver).toBe(true);
      expect(
        (await call('GET', `/api/sessions/${s.body.session.id}`, undefined, undefined, pgApp)).body.session.seed,
      ).toBe(seed);
      expect((await call('GET', `/api/runs/${s.body.session.id}`, undefined, undefined, pgApp)).body.run.seed).toBe(
        seed,
      );

      const a = await start('briarwink', 'pg-daily-a', { challenge: 'daily' }, pgApp);
      const daily = (await pgStore.getSession(a.body.session.id))!.seed;
      expect(daily).toMatch(HEX32);
      await pgApp.close();
      await pgStore.close();
      pgStore = await PostgresRunStore.open(options);
      pgApp = await buildApp({
        sealer: new StateSealer([NEW, OLD]),
        store: pgStore,
        webRoot: null,
        clock: day,
        dailyQualify: false,
      });
      const b = await start('briarwink', 'pg-daily-b', { challenge: 'daily' }, pgApp);
      expect((await pgStore.getSession(b.body.session.id))!.seed).toBe(daily);
      expect(b.body.observation).toEqual(a.body.observation);
    } finally {
      await pgApp.close();
      await pgStore.close();
    }
  });
});
