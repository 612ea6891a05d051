/**
 * The MCP server driven by the SDK's own client over stdio, as a desktop LLM client would: it lists the
 * tools and games, reads rules, plays a turn-based game (Whirlyard) and Briarwink to the end, undoes and
 * forks, refuses what it must with readable errors, and submits a run to a Gameboard server on 127.0.0.1.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../core/seal.js';
import { registry } from '../games/index.js';
import { buildApp } from '../server/app.js';
import { SqliteRunStore } from '../store/sqlite.js';

type Content = { type: string; text: string }[];

async function connect(env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'gameboard-test', version: '1.0.0' });
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'GAMEBOARD_URL',
    ),
  );
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/mcp/main.ts'],
      env: { ...inherited, ...env },
      stderr: 'ignore',
    }),
  );
  return client;
}

/** Calls a tool; returns its two text items (the second parsed as JSON) and whether it is an error. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = await client.callTool({ name, arguments: args });
  const content = r.content as Content;
  return {
    isError: r.isError === true,
    text: content[0].text,
    data: content[1] ? (JSON.parse(content[1].text) as Record<string, unknown>) : {},
  };
}

describe('the MCP server over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  }, 30_000);
  afterAll(() => client.close());

  it('lists its tools and the games, and reads rules', async () => {
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(tools).toEqual(['act', 'fork', 'get_rules', 'list_games', 'observe', 'start_game', 'submit_run', 'undo']);
    const games = await call(client, 'list_games');
    expect((games.data as unknown as { slug: string }[]).map((g) => g.slug)).toEqual(registry.slugs());
    const rules = await call(client, 'get_rules', { game: 'cragwake' });
    expect(rules.text).toContain('# Cragwake (cragwake): complete rules for agents');
    expect((await call(client, 'get_rules', { game: 'chess' })).isError).toBe(true);
  });

  it('plays Whirlyard to the end, with undo, fork and a refusal, matching the engine', async () => {
    const start = await call(client, 'start_game', { game: 'whirlyard', seed: 7 });
    const id = start.data.gameId as string;
    expect(start.data).toMatchObject({ game: 'whirlyard', seed: 7, step: 0, gameOver: false });
    expect(start.text).toContain('Whirlyard - wave 1');

    // a refusal changes nothing; the answer says why and lists the legal actions again
    const refused = await call(client, 'act', { gameId: id, action: { type: 'move', direction: 'up' } });
    expect(refused.data).toMatchObject({ ok: false, reason: 'unknown_action', step: 0 });

    await call(client, 'act', { gameId: id, action: { type: 'wait' } });
    const undone = await call(client, 'undo', { gameId: id });
    expect(undone.data.step).toBe(0);
    expect(undone.data.legalActions).toEqual(start.data.legalActions);
    expect((await call(client, 'observe', { gameId: id })).text).toBe(start.text);

    const fork = await call(client, 'fork', { gameId: id });
    expect(fork.data.gameId).not.toBe(id);

    // wait until a drone arrives; the engine, given the same actions, agrees on everything
    const game = registry.get('whirlyard')!;
    let state = game.init(7);
    let last = start;
    for (let i = 0; i < 50 && !last.data.gameOver; i++) {
      last = await call(client, 'act', { gameId: id, action: { type: 'wait' } });
      const r = game.step(state, { type: 'wait' });
      expect(r.ok).toBe(true);
      if (r.ok) state = r.state;
    }
    expect(last.data).toMatchObject({
      gameOver: true,
      outcome: { kind: 'terminated', reason: 'caught' },
      score: game.score(state),
      legalActions: [],
    });
    expect(last.text).toContain('The run is over (terminated: caught)');
    // the fork did not move
    expect((await call(client, 'observe', { gameId: fork.data.gameId as string })).data.step).toBe(0);
  });

  it('plays Briarwink with batched ticks to the end of the run', async () => {
    const start = await call(client, 'start_game', { game: 'briarwink', seed: 3 });
    const id = start.data.gameId as string;
    expect(start.data.legalActions).toEqual([{ type: 'start' }]);
    await call(client, 'act', { gameId: id, action: { type: 'start' } });
    let v = await call(client, 'act', { gameId: id, action: { type: 'tick', move: null, count: 30 } });
    expect(v.data).toMatchObject({ ok: true, step: 2, gameOver: false });
    expect(v.text).toContain('last action ran 30 of 30 ticks');
    v = await call(client, 'act', { gameId: id, action: { type: 'endRun' } });
    expect(v.data).toMatchObject({ gameOver: true, outcome: { kind: 'ended', reason: 'end_run' }, step: 3 });
  });

  it('answers readable errors: unknown game id, ranked play or submission without a server', async () => {
    const unknown = await call(client, 'observe', { gameId: 'g999' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('There is no game "g999"');
    const ranked = await call(client, 'start_game', { game: 'whirlyard', ranked: true, player: { name: 'x' } });
    expect(ranked.isError).toBe(true);
    expect(ranked.text).toContain('--server URL or set GAMEBOARD_URL');
    const g = await call(client, 'start_game', { game: 'delvewick', seed: 1 });
    const submit = await call(client, 'submit_run', { gameId: g.data.gameId, player: { name: 'mcp' } });
    expect(submit.isError).toBe(true);
    expect(submit.text).toContain('GAMEBOARD_URL');
  });
});

describe('the MCP server with a Gameboard server', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  let client: Client;
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer: new StateSealer(['mcp-test-secret-0123456789']), store, webRoot: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    client = await connect({ GAMEBOARD_URL: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }, 30_000);
  afterAll(async () => {
    await client.close();
    await app.close();
    await store.close();
  });

  it('submits a finished free-play run; the server replays it to the same score', async () => {
    const start = await call(client, 'start_game', { game: 'whirlyard', seed: 11 });
    const id = start.data.gameId as string;
    let last = start;
    for (let i = 0; i < 50 && !last.data.gameOver; i++)
      last = await call(client, 'act', { gameId: id, action: { type: 'wait' } });
    expect(last.data.gameOver).toBe(true);
    const submitted = await call(client, 'submit_run', { gameId: id, player: { name: 'mcp-agent' } });
    expect(submitted.isError, submitted.text).toBe(false);
    expect(submitted.data).toMatchObject({ ok: true, score: last.data.score, rank: 1 });
  });

  it('plays a ranked session on the server, keeps the claimed name for the next one, and refuses undo there', async () => {
    // Delvewick has no randomness: whatever seed the server draws, three waits leave the run going.
    const start = await call(client, 'start_game', { game: 'delvewick', ranked: true, player: { name: 'ranked-mcp' } });
    expect(start.isError, start.text).toBe(false);
    expect(start.data).toMatchObject({ step: 0, gameOver: false });
    expect(start.text).toMatch(/The name "ranked-mcp" is now yours on that server; its player key .*: \S+/);
    const sessionId = start.data.sessionId as string;
    const id = start.data.gameId as string;
    let moved = start;
    for (let i = 0; i < 3; i++) moved = await call(client, 'act', { gameId: id, action: { type: 'wait' } });
    expect(moved.isError, moved.text).toBe(false);
    expect(moved.data).toMatchObject({ ok: true, step: 3 });
    // The server recorded every action in order.
    const onServer = (await app.inject(`/api/sessions/${sessionId}`)).json();
    expect(onServer.session).toMatchObject({ id: sessionId, step: 3 });
    const refused = await call(client, 'act', { gameId: id, action: { type: 'fly' } });
    expect(refused.data).toMatchObject({ ok: false });
    const undo = await call(client, 'undo', { gameId: id });
    expect(undo.isError).toBe(true);
    expect(undo.text).toContain('free play only');
    // The name's key was kept: a second session under it is accepted.
    const again = await call(client, 'start_game', { game: 'cragwake', ranked: true, player: { name: 'ranked-mcp' } });
    expect(again.isError, again.text).toBe(false);
  });
});
