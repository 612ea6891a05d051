/**
 * Several servers, one database: two real server processes on different ports share one PostgreSQL
 * and one GAMEBOARD_SECRET, and play through both in turn. Stateless tokens and live sessions move
 * freely between them, runs submitted to either show on both boards, a stale memory of a session on
 * one server never records or answers wrongly after the other moved it, and after `kill -9` of one in
 * the middle of a game the other finishes it with nothing acknowledged lost.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { registry } from '../src/games/index.js';
import { freshSchema } from './helpers/postgres.js';
import { playout } from './helpers/playout.js';
import { killAll, startServer, type Started } from './helpers/server.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const url = inject('postgresUrl');
const whirlyard = registry.get('whirlyard') as AnyGame;
// Live sessions play Briarwink: its endRun is legal at any time, so the test ends the game when it says.
const dirs: string[] = [];
afterAll(() => {
  killAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** One JSON request; answers the status, the parsed body and the raw text. */
async function call(base: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await r.text();
  return { status: r.status, body: JSON.parse(raw) as Body, raw };
}

/** A server on the shared database, with a data folder of its own (nothing shared through files). */
function server(databaseUrl: string, secret: string): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-multi-'));
  dirs.push(dataDir);
  return startServer({
    DATABASE_URL: databaseUrl,
    GAMEBOARD_SECRET: secret,
    GAMEBOARD_DATA_DIR: dataDir,
    GAMEBOARD_RATE_LIMIT: 'off',
  });
}

const act = (base: string, id: string, stateToken: string, action: unknown) =>
  call(base, `/api/sessions/${id}/action`, { stateToken, action });

/** A legal action that does not end the run (Briarwink survives these for dozens of steps on any seed). */
const keepGoing = (answer: Body): GameAction => answer.legalActions.find((a: GameAction) => !/end/i.test(a.type));

describe.skipIf(url === '')('two servers on one PostgreSQL', () => {
  it('continue each other’s tokens, sessions and boards, and one finishes a game the other was killed in', async () => {
    const databaseUrl = await freshSchema(url);
    const secret = randomBytes(32).toString('base64');
    // Both start at once against an empty database: it is migrated once, and both serve.
    const [a, b] = await Promise.all([server(databaseUrl, secret), server(databaseUrl, secret)]);
    expect(a.url).not.toBe(b.url);
    const servers = [a.url, b.url];

    // Stateless play, alternating servers at every step: each continues the other's tokens.
    const p = playout(whirlyard, 31, 24);
    let answer = (await call(a.url, '/api/games/whirlyard/init?seed=31')).body;
    for (const [i, action] of p.actions.entries()) {
      const r = await call(servers[(i + 1) % 2], '/api/games/whirlyard/action', {
        stateToken: answer.stateToken,
        action,
      });
      expect(r.status).toBe(200);
      expect(r.body.ok).toBe(true);
      answer = r.body;
    }
    expect(answer.observation).toEqual(whirlyard.observe(p.states[p.states.length - 1]));

    // Runs submitted to each, listed on both.
    const runOf = (seed: number) => {
      const played = playout(whirlyard, seed, 30);
      const over = whirlyard.isGameOver(played.states[played.states.length - 1]);
      const last = played.states[played.states.length - 1];
      const end = whirlyard.legalActions(last).find((a) => /end/i.test(a.type))!;
      const actions = over ? played.actions : [...played.actions, end];
      return { game: 'whirlyard', rulesVersion: whirlyard.spec.rulesVersion, seed, actions };
    };
    const viaA = await call(a.url, '/api/runs', { ...runOf(5), player: { name: 'via-a', kind: 'agent' } });
    const viaB = await call(b.url, '/api/runs', { ...runOf(6), player: { name: 'via-b', kind: 'agent' } });
    expect([viaA.status, viaB.status]).toEqual([200, 200]);
    // The same run sent to the other server under another name is a copy, whichever server sees it.
    expect((await call(b.url, '/api/runs', { ...runOf(5), player: { name: 'thief', kind: 'agent' } })).status).toBe(
      409,
    );
    for (const base of servers) {
      const board = await call(base, '/api/games/whirlyard/leaderboard?board=open&kind=agent');
      expect(board.body.agent.map((e: Body) => e.id).sort()).toEqual([viaA.body.id, viaB.body.id].sort());
      expect((await call(base, `/api/runs/${viaB.body.id}`)).body.player.name).toBe('via-b');
    }
    // A name claimed on one server needs its key on the other.
    const again = runOf(7);
    expect((await call(b.url, '/api/runs', { ...again, player: { name: 'via-a', kind: 'agent' } })).status).toBe(403);
    const keyed = await call(
      b.url,
      '/api/runs',
      { ...again, player: { name: 'via-a', kind: 'agent' } },
      {
        'x-player-key': viaA.body.playerKey,
      },
    );
    expect(keyed.status).toBe(200);

    // A live session, its actions alternating between the servers.
    const started = await call(a.url, '/api/games/briarwink/sessions', { player: { name: 'live', kind: 'agent' } });
    expect(started.status).toBe(200);
    const id = started.body.session.id as string;
    let live = started.body;
    for (let i = 0; i < 6; i++) {
      const r = await act(servers[(i + 1) % 2], id, live.stateToken, keepGoing(live));
      expect(r.status, r.raw).toBe(200);
      expect(r.body.session.step).toBe(i + 1);
      live = r.body;
    }

    // Server A last recorded step 5 (its memory says the session is at step 6); B moves it to step 9.
    const atSix = live;
    const sent: { token: string; action: GameAction; raw: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const action = keepGoing(live);
      const r = await act(b.url, id, live.stateToken, action);
      expect(r.status).toBe(200);
      sent.push({ token: live.stateToken, action, raw: r.raw });
      live = r.body;
    }
    // A's stale memory (step 6) must neither refuse the retry of B's latest step nor record from step 6,
    // which is a fork now. The retry goes first: a refused fork makes A forget the session's position.
    const retry = await act(a.url, id, sent[2].token, sent[2].action);
    expect(retry.status).toBe(200);
    expect(retry.raw).toBe(sent[2].raw);
    const other = atSix.legalActions.find((x: GameAction) => JSON.stringify(x) !== JSON.stringify(sent[0].action));
    const fork = await act(a.url, id, atSix.stateToken, other);
    expect(fork.status).toBe(409);
    expect(fork.body).toMatchObject({ error: 'stale_state' });
    expect(fork.body.message).toContain('at step 9');
    // A retry of step 7 is two steps behind: a fork, whichever server is asked.
    expect((await act(a.url, id, sent[0].token, sent[0].action)).status).toBe(409);
    // A continues from B's latest answer.
    const onA = await act(a.url, id, live.stateToken, keepGoing(live));
    expect(onA.status).toBe(200);
    expect(onA.body.session.step).toBe(10);
    live = onA.body;

    // kill -9 of A in the middle of the game, right after it acknowledged step 10; B finishes the game.
    a.child.kill('SIGKILL');
    await a.exited;
    expect((await call(b.url, `/api/sessions/${id}`)).body.session).toMatchObject({ step: 10, finished: false });
    const more = await act(b.url, id, live.stateToken, keepGoing(live));
    expect(more.body.session.step).toBe(11);
    const end = await act(b.url, id, more.body.stateToken, { type: 'endRun' }); // Briarwink's: legal at any time
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({ gameOver: true, session: { step: 12, finished: true } });
    const ranked = await call(b.url, '/api/games/briarwink/leaderboard?board=ranked&kind=agent');
    expect(ranked.body.agent.map((e: Body) => [e.id, e.steps])).toEqual([[id, 12]]);
    const stored = await call(b.url, `/api/runs/${id}`);
    expect(stored.body.run.actions).toHaveLength(12);
    expect(stored.body.run.actions[11]).toEqual({ type: 'endRun' });
  });
});
