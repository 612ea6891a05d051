/**
 * Nothing acknowledged is lost: for each store, 20 times over, a real server acknowledges a run
 * submission and a live-session step and is killed with `kill -9` the moment both answers arrive;
 * the next server started on the same store must serve every acknowledged run and continue the
 * session from the last acknowledged answer. SQLite runs in WAL mode with synchronous = NORMAL,
 * PostgreSQL with its default synchronous_commit = on (docs/architecture.md says why both hold).
 *
 * And a PostgreSQL lost while a server runs: its store requests answer 503 store_unavailable, the
 * games go on, and the server recovers by itself once the database is back.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { registry } from '../src/games/index.js';
import { freshSchema, startCluster } from './helpers/postgres.js';
import { playout } from './helpers/playout.js';
import { killAll, startServer } from './helpers/server.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const KILLS = 20;
const url = inject('postgresUrl');
const whirlyard = registry.get('whirlyard') as AnyGame;
const dirs: string[] = [];
afterAll(() => {
  killAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function call(base: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Body };
}

/** A finished Whirlyard run of `seed` (its end action appended unless the drones ended it). */
function runOf(seed: number) {
  const played = playout(whirlyard, seed, 20);
  const last = played.states[played.states.length - 1];
  const end = whirlyard.legalActions(last).find((a) => /end/i.test(a.type));
  const actions = whirlyard.isGameOver(last) || !end ? played.actions : [...played.actions, end];
  return { game: 'whirlyard', rulesVersion: whirlyard.spec.rulesVersion, seed, actions };
}

const keepGoing = (answer: Body): GameAction => answer.legalActions.find((a: GameAction) => !/end/i.test(a.type));

/** The kill loop against one store, chosen by `env` (DATABASE_URL, or nothing for SQLite). */
async function killLoop(env: Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-durable-'));
  dirs.push(dataDir);
  const serverEnv = {
    ...env,
    GAMEBOARD_DATA_DIR: dataDir,
    GAMEBOARD_SECRET: randomBytes(32).toString('base64'),
    GAMEBOARD_RATE_LIMIT: 'off',
  };
  const acknowledged: string[] = [];
  let key: string | undefined;
  let live: Body | undefined;
  let steps = 0;
  for (let round = 0; round <= KILLS; round++) {
    const server = await startServer(serverEnv);
    // Everything acknowledged before the last kill is there.
    for (const id of acknowledged) expect((await call(server.url, `/api/runs/${id}`)).status, id).toBe(200);
    if (live) {
      const info = await call(server.url, `/api/sessions/${live.session.id}`);
      expect(info.body.session.step).toBe(steps);
    }
    if (round === KILLS) {
      await server.stop();
      break;
    }
    if (!live) {
      live = (await call(server.url, '/api/games/briarwink/sessions', { player: { name: 'durable', kind: 'agent' } }))
        .body;
      key = live.playerKey as string; // the session claimed the name; the runs need its key
    }
    const headers: Record<string, string> = key ? { 'x-player-key': key } : {};
    const [run, step] = await Promise.all([
      call(server.url, '/api/runs', { ...runOf(1000 + round), player: { name: 'durable', kind: 'agent' } }, headers),
      call(server.url, `/api/sessions/${live.session.id}/action`, {
        stateToken: live.stateToken,
        action: keepGoing(live),
      }),
    ]);
    // Both acknowledged: kill at once, before the server can do anything more.
    server.child.kill('SIGKILL');
    expect([run.status, step.status]).toEqual([200, 200]);
    acknowledged.push(run.body.id as string);
    live = step.body;
    steps = step.body.session.step as number;
    await server.exited;
  }
  expect(acknowledged).toHaveLength(KILLS);
  expect(steps).toBe(KILLS);
}

// Each loop starts the server 21 times (a few seconds each on a busy machine): both stores' loops run
// at once, with room to finish.
const LOOP_TIMEOUT = 600_000;

describe.concurrent('nothing acknowledged is lost to kill -9', () => {
  it(`SQLite (WAL, synchronous = NORMAL): ${KILLS} kills`, { timeout: LOOP_TIMEOUT }, async () => {
    await killLoop({ DATABASE_URL: '' });
  });

  it.skipIf(url === '')(`PostgreSQL (synchronous_commit = on): ${KILLS} kills`, { timeout: LOOP_TIMEOUT }, async () => {
    await killLoop({ DATABASE_URL: await freshSchema(url) });
  });
});

describe.skipIf(url === '')('a PostgreSQL lost while the server runs', () => {
  it('answers 503 store_unavailable meanwhile, serves the games, and recovers by itself', async () => {
    // A cluster of its own: the shared one serves other test files at the same time.
    const cluster = await startCluster();
    if (typeof cluster === 'string') throw new Error(cluster);
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-outage-'));
      dirs.push(dataDir);
      const server = await startServer({
        DATABASE_URL: cluster.url,
        GAMEBOARD_DATA_DIR: dataDir,
        GAMEBOARD_RATE_LIMIT: 'off',
        GAMEBOARD_DB_CONNECT_TIMEOUT_MS: '2000',
      });
      const board = '/api/games/whirlyard/leaderboard?board=open';
      expect((await call(server.url, board)).status).toBe(200);
      cluster.pause();
      for (const answer of [
        await call(server.url, board),
        await call(server.url, '/api/runs', { ...runOf(7), player: { name: 'outage', kind: 'agent' } }),
        await call(server.url, '/readyz'),
      ]) {
        expect(answer.status).toBe(503);
        expect(answer.body.error).toBe('store_unavailable');
      }
      expect((await call(server.url, '/api/games/whirlyard/init?seed=3')).status).toBe(200);
      cluster.resume();
      expect((await call(server.url, board)).status).toBe(200);
      const saved = await call(server.url, '/api/runs', { ...runOf(7), player: { name: 'outage', kind: 'agent' } });
      expect(saved.status).toBe(200);
      expect(await server.stop()).toBe(0);
    } finally {
      cluster.stop();
    }
  });
});
