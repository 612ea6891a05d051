/**
 * Run submissions against two workers sharing one SQLite store: every submission is answered 200,
 * never 500 "database is locked" (regression: the save's deferred transaction read, then upgraded to a
 * write lock, and SQLite refuses that upgrade at once when another worker writes). And first uses of
 * one name sent at once with one client-chosen key, on SQLite (two workers) and PostgreSQL: one owner,
 * every request answered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { registry } from '../src/games/index.js';
import { SQLITE_FILE } from '../src/store/sqlite.js';
import { playout } from './helpers/playout.js';
import { freshSchema } from './helpers/postgres.js';
import { fresh, killAll, startServer } from './helpers/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-concurrency-'));

afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `bodies` with at most `width` in flight at once; resolves with every status. */
async function submitAll(
  url: string,
  bodies: unknown[],
  width: number,
  headers: (i: number) => Record<string, string>,
) {
  const answers: { status: number; json: Record<string, unknown> }[] = [];
  let next = 0;
  const lane = async () => {
    while (next < bodies.length) {
      const i = next++;
      answers[i] = await fresh(`${url}/api/runs`, bodies[i], headers(i));
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return answers;
}

describe('POST /api/runs with GAMEBOARD_WORKERS=2', () => {
  it('answers every concurrent distinct and identical submission, and stores each identical run once', async () => {
    const server = await startServer({
      GAMEBOARD_WORKERS: '2',
      GAMEBOARD_DATA_DIR: dataDir,
      GAMEBOARD_RATE_LIMIT: 'off',
    });
    const game = registry.get('whirlyard')!;
    const run = (seed: number) => ({
      game: 'whirlyard',
      rulesVersion: game.spec.rulesVersion,
      seed,
      actions: playout(game, seed, 15).actions,
    });
    // Each player its own seed: one run under two names is refused as a copy.
    const distinct = Array.from({ length: 400 }, (_, i) => ({
      ...run(1000 + i),
      player: { name: `agent-${i}`, kind: 'agent' },
    }));
    const same = { ...run(3), player: { name: 'twin', kind: 'agent' } };
    // 'twin' claims its name first; its copies carry the player key the claim answered.
    const claim = await fresh(`${server.url}/api/runs`, { ...run(4), player: same.player });
    expect(claim.status).toBe(200);
    const twinKey = { 'x-player-key': claim.json.playerKey as string };
    const bodies = [...distinct];
    // Interleave 80 copies of one identical submission among the distinct ones.
    for (let i = 0; i < 80; i++) bodies.splice(i * 6, 0, same);

    const answers = await submitAll(server.url, bodies, 32, (i) => (bodies[i] === same ? twinKey : {}));
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.length, `failed: ${JSON.stringify(failed.slice(0, 3))}`).toBe(0);

    // Every identical copy answers the one stored record, created by exactly one of them.
    const twins = answers.filter((_, i) => bodies[i] === same).map((a) => a.json);
    expect(twins).toHaveLength(80);
    expect(new Set(twins.map((j) => j.id)).size).toBe(1);
    expect(twins.filter((j) => j.created === true)).toHaveLength(1);
    expect(await server.stop()).toBe(0);

    const db = new Database(join(dataDir, SQLITE_FILE), { readonly: true });
    const count = (name: string) =>
      (db.prepare('SELECT COUNT(*) AS n FROM runs WHERE player_name = ?').get(name) as { n: number }).n;
    expect(count('twin'), 'the identical run is stored once, beside the claiming run').toBe(2);
    expect(count('agent-399'), 'every distinct run is stored').toBe(1);
    expect((db.prepare('SELECT COUNT(*) AS n FROM runs').get() as { n: number }).n).toBe(402);
    db.close();
  }, 120_000);
});

const pgUrl = inject('postgresUrl');

describe.each([
  ['SQLite, two workers', false],
  ['PostgreSQL', true],
] as const)('ten first uses of one name at once with one client key (%s)', (_label, postgres) => {
  it.skipIf(postgres && pgUrl === '')(
    'give one owner and answer every request: runs, ranked starts, daily starts',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gameboard-first-use-'));
      try {
        const server = await startServer({
          GAMEBOARD_DATA_DIR: dir,
          GAMEBOARD_RATE_LIMIT: 'off',
          // A fresh store has no ranked session from before today: the daily is open to every name.
          GAMEBOARD_DAILY_QUALIFY: 'off',
          ...(postgres ? { DATABASE_URL: await freshSchema(pgUrl) } : { GAMEBOARD_WORKERS: '2' }),
        });
        const game = registry.get('whirlyard')!;
        const ten = Array.from({ length: 10 }, (_, i) => i);
        const keyOf = (what: string) => ({ 'x-player-key': `${what}-key-Zq4Rm8Tw2Xb6Vn3Kp7` });

        const runs = await Promise.all(
          ten.map((i) =>
            fresh(
              `${server.url}/api/runs`,
              {
                game: 'whirlyard',
                rulesVersion: game.spec.rulesVersion,
                seed: 7000 + i,
                actions: [{ type: 'end_run' }],
                player: { name: 'first-runs', kind: 'agent' },
              },
              keyOf('runs'),
            ),
          ),
        );
        expect(runs.map((r) => r.status)).toEqual(ten.map(() => 200));
        expect(runs.filter((r) => r.json.playerKey !== undefined).map((r) => r.json.playerKey)).toEqual([
          keyOf('runs')['x-player-key'],
        ]);

        const start = (name: string, key: Record<string, string>, daily: boolean) =>
          fresh(
            `${server.url}/api/games/whirlyard/sessions`,
            { player: { name, kind: 'agent' }, ...(daily ? { challenge: 'daily' } : {}) },
            key,
          );
        const ranked = await Promise.all(ten.map(() => start('first-ranked', keyOf('ranked'), false)));
        expect(ranked.map((r) => r.status)).toEqual(ten.map(() => 200));
        expect(ranked.filter((r) => r.json.playerKey !== undefined)).toHaveLength(1);
        expect(new Set(ranked.map((r) => (r.json.session as { id: string }).id)).size).toBe(10);

        // A daily start is one attempt: ten at once are one session, answered to all ten.
        const daily = await Promise.all(ten.map(() => start('first-daily', keyOf('daily'), true)));
        expect(daily.map((r) => r.status)).toEqual(ten.map(() => 200));
        expect(daily.filter((r) => r.json.playerKey !== undefined)).toHaveLength(1);
        expect(new Set(daily.map((r) => (r.json.session as { id: string }).id)).size).toBe(1);
        expect(new Set(daily.map((r) => r.json.stateToken)).size).toBe(1);

        // Without a key of its own, the first use still claims the name for a key the server draws.
        const served = await start('first-served', {}, false);
        expect(served.json.playerKey).toMatch(/^pk_/);
        expect((await start('first-served', {}, false)).status).toBe(403);
        expect((await start('First-Served', { 'x-player-key': served.json.playerKey as string }, false)).status).toBe(
          200,
        );
        expect(await server.stop()).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
