/**
 * The MCP server driven by the SDK's own client over stdio, as a desktop LLM client would: it lists the
 * tools and games, reads rules (as a tool and as resources), plays a turn-based game (Whirlyard) and
 * Briarwink to the end, undoes and forks, refuses what it must with readable errors, and plays ranked,
 * submits and reads boards on a Gameboard server on 127.0.0.1. The SDK's client checks every
 * structuredContent against the outputSchema its tool declares.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../server/state/seal.js';
import { registry } from '../games/index.js';
import { buildApp } from '../server/app.js';
import { SqliteRunStore } from '../store/sqlite.js';
import { staticLines } from './compact.js';

type Content = { type: string; text: string }[];

/** A key file of the test's own, never the user's. */
const KEY_DIR = mkdtempSync(join(tmpdir(), 'gameboard-mcp-keys-'));
const KEY_FILE = join(KEY_DIR, 'keys.json');
afterAll(() => rmSync(KEY_DIR, { recursive: true, force: true }));

async function connect(env: Record<string, string> = {}, args: string[] = []): Promise<Client> {
  const client = new Client({ name: 'gameboard-test', version: '1.0.0' });
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'GAMEBOARD_URL',
    ),
  );
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/mcp/main.ts', ...args],
      env: { ...inherited, GAMEBOARD_KEY_FILE: KEY_FILE, ...env },
      stderr: 'ignore',
    }),
  );
  return client;
}

/** Calls a tool; returns its one text item, its structured content, and whether it is an error. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = await client.callTool({ name, arguments: args });
  const content = r.content as Content;
  expect(content, `${name} answers one text block`).toHaveLength(1);
  return {
    isError: r.isError === true,
    text: content[0].text,
    data: (r.structuredContent ?? {}) as Record<string, unknown>,
    raw: r,
  };
}

describe('the MCP server over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  }, 30_000);
  afterAll(() => client.close());

  it('names itself with the version in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(client.getServerVersion()).toEqual({ name: 'gameboard', version: pkg.version });
  });

  it('lists its tools and the games, and reads rules', async () => {
    const listed = (await client.listTools()).tools;
    expect(listed.map((t) => t.name).sort()).toEqual([
      'act',
      'close_game',
      'fork',
      'get_leaderboard',
      'get_rules',
      'list_games',
      'list_open_games',
      'observe',
      'start_game',
      'submit_run',
      'undo',
    ]);
    for (const t of listed)
      expect(t.outputSchema, `${t.name} declares an outputSchema`).toMatchObject({ type: 'object' });
    const games = await call(client, 'list_games');
    expect((games.data.games as { slug: string }[]).map((g) => g.slug)).toEqual(registry.slugs());
    const rules = await call(client, 'get_rules', { game: 'cragwake' });
    expect(rules.text).toContain('# Cragwake (cragwake): complete rules for agents');
    expect((await call(client, 'get_rules', { game: 'chess' })).isError).toBe(true);
  });

  it('plays Whirlyard to the end, with undo, fork and a refusal, matching the engine', async () => {
    const start = await call(client, 'start_game', { game: 'whirlyard', seed: 7 });
    const id = start.data.gameId as string;
    expect(start.data).toMatchObject({ game: 'whirlyard', seed: 7, step: 0, gameOver: false });
    expect(start.text).toContain('Whirlyard - wave 1');
    // the observation text once: its first line, its legend and its legal actions appear one time each
    const obs = registry.get('whirlyard')!.observe(registry.get('whirlyard')!.init(7)).text;
    const once = (line: string) => start.text.split(line).length - 1;
    expect(once(obs.split('\n')[0])).toBe(1);
    expect(once('Legend:')).toBe(1);
    expect(once('{"type":"wait"}')).toBe(1);
    expect(start.data.text).toBeUndefined();

    // a refusal changes nothing; the answer says why, in the HTTP API's words, and lists the legal actions
    const refused = await call(client, 'act', { gameId: id, action: { type: 'move', direction: 'up' } });
    expect(refused.data).toMatchObject({ ok: false, reason: 'unknown_action', step: 0 });
    expect(refused.text).toContain('"direction" must be one of');
    expect(refused.text).toContain('{"type":"wait"}');
    expect(refused.text).not.toContain('Legend:');

    await call(client, 'act', { gameId: id, action: { type: 'wait' } });
    const undone = await call(client, 'undo', { gameId: id });
    expect(undone.data.step).toBe(0);
    expect(undone.data.legalActions).toEqual(start.data.legalActions);
    expect((await call(client, 'observe', { gameId: id })).text).toBe(start.text);

    const fork = await call(client, 'fork', { gameId: id });
    expect(fork.data.gameId).not.toBe(id);
    const pastEnd = await call(client, 'fork', { gameId: id, step: 5 });
    expect(pastEnd.isError).toBe(true);
    expect(pastEnd.text).toContain('cannot be forked after action 5');

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
    const tooMany = await call(client, 'act', { gameId: id, action: { type: 'tick', move: null, count: 40 } });
    expect(tooMany.data).toMatchObject({ ok: false, reason: 'unknown_action', step: 2 });
    expect(tooMany.text).toContain('"count" must be an integer from 1 to 30, got 40');
    v = await call(client, 'act', { gameId: id, action: { type: 'endRun' } });
    expect(v.data).toMatchObject({ gameOver: true, outcome: { kind: 'ended', reason: 'end_run' }, step: 3 });
  });

  it('answers compact text on request: the board and the legal actions, without the fixed rule lines', async () => {
    for (const game of registry.slugs()) {
      const whole = await call(client, 'start_game', { game, seed: 5 });
      const compact = await call(client, 'observe', { gameId: whole.data.gameId, compact: true });
      // Exactly the lines that never change are left out (the checklist asks every game to have some).
      const fixed = staticLines(registry.get(game)!);
      expect(fixed.size, game).toBeGreaterThan(0);
      for (const line of fixed) expect(compact.text, game).not.toContain(line);
      // Every other line is kept, but the whole answer's header (the compact answer has a short one).
      const lines = compact.text.split('\n');
      for (const l of whole.text.split('\n').slice(1))
        if (!fixed.has(l) && l !== '') expect(lines, `${game}: ${l}`).toContain(l);
      expect(compact.text.length, game).toBeLessThan(whole.text.length);
      expect(compact.data).toEqual(whole.data);
      for (const a of whole.data.legalActions as object[]) expect(compact.text, game).toContain(JSON.stringify(a));
    }
  });

  it('lists and closes open games, serves the rules as resources and a prompt per game', async () => {
    const g = await call(client, 'start_game', { game: 'cragwake', seed: 2 });
    const open = await call(client, 'list_open_games');
    expect((open.data.games as { gameId: string }[]).map((x) => x.gameId)).toContain(g.data.gameId);
    const closed = await call(client, 'close_game', { gameId: g.data.gameId });
    expect(closed.data).toEqual({ gameId: g.data.gameId, closed: true });
    expect((await call(client, 'observe', { gameId: g.data.gameId })).isError).toBe(true);

    const resources = (await client.listResources()).resources.map((r) => r.uri);
    expect(resources).toEqual(registry.slugs().map((s) => `gameboard://rules/${s}`));
    const read = await client.readResource({ uri: 'gameboard://rules/briarwink' });
    expect((read.contents[0] as { text: string }).text).toContain('# Briarwink (briarwink): complete rules for agents');

    const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toEqual(registry.slugs().map((s) => `play_${s}`));
    const prompt = await client.getPrompt({ name: 'play_whirlyard', arguments: { seed: '9' } });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toContain('start_game with game "whirlyard" and seed 9');
  });

  it('answers readable errors: unknown game id, ranked play or submission without a server', async () => {
    const unknown = await call(client, 'observe', { gameId: 'g999' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('There is no game "g999"');
    const ranked = await call(client, 'start_game', { game: 'whirlyard', ranked: true, player: 'x' });
    expect(ranked.isError).toBe(true);
    expect(ranked.text).toContain('--server URL or set GAMEBOARD_URL');
    const seeded = await call(client, 'start_game', { game: 'whirlyard', ranked: true, seed: 3, player: 'x' });
    expect(seeded.isError).toBe(true);
    expect(seeded.text).toContain('A ranked session cannot take a seed');
    const board = await call(client, 'get_leaderboard', { game: 'whirlyard' });
    expect(board.isError).toBe(true);
    expect(board.text).toContain('GAMEBOARD_URL');
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
  let url: string;
  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer: new StateSealer(['mcp-test-secret-0123456789']), store, webRoot: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    client = await connect({ GAMEBOARD_URL: url });
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
    const submitted = await call(client, 'submit_run', { gameId: id, player: 'mcp-agent' });
    expect(submitted.isError, submitted.text).toBe(false);
    // the name was claimed by this submission: its key is in the key file, not in the text or the data
    expect(submitted.text).toContain(`its player key is kept in the key file ${KEY_FILE} (not shown here`);
    const key = (readFileSync(KEY_FILE, 'utf8').match(/pk_[A-Za-z0-9_-]+/g) ?? []).at(-1);
    expect(key).toBeDefined();
    expect(JSON.stringify(submitted.raw)).not.toContain(key);
    expect(submitted.data).toMatchObject({ ok: true, score: last.data.score, rank: 1 });
    const board = await call(client, 'get_leaderboard', { game: 'whirlyard', board: 'open' });
    expect(board.data.entries).toEqual([
      {
        rank: 1,
        name: 'mcp-agent',
        kind: 'agent',
        score: last.data.score,
        steps: last.data.step,
        runId: submitted.data.id,
      },
    ]);
    expect(board.text).toContain('1. mcp-agent (agent)');
  });

  it('plays a ranked session on the server, keeps the claimed name for the next one, and refuses undo there', async () => {
    // Delvewick has no randomness: whatever seed the server draws, three waits leave the run going.
    const start = await call(client, 'start_game', { game: 'delvewick', ranked: true, player: { name: 'ranked-mcp' } });
    expect(start.isError, start.text).toBe(false);
    expect(start.data).toMatchObject({ step: 0, gameOver: false });
    expect(start.text).toContain(
      `The name "ranked-mcp" is now yours on that server; its player key is kept in the key file ${KEY_FILE} (not shown here`,
    );
    // the key owns the name: it is in the key file, never in what the model reads
    const kept = (readFileSync(KEY_FILE, 'utf8').match(/pk_[A-Za-z0-9_-]+/g) ?? []).at(-1);
    expect(kept).toBeDefined();
    expect(JSON.stringify(start.raw)).not.toContain(kept);
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
    // The name's key was kept: a second session under it is accepted, by this process and by a new one.
    const again = await call(client, 'start_game', { game: 'cragwake', ranked: true, player: { name: 'ranked-mcp' } });
    expect(again.isError, again.text).toBe(false);
    const restarted = await connect({ GAMEBOARD_URL: url });
    try {
      const third = await call(restarted, 'start_game', { game: 'whirlyard', ranked: true, player: 'ranked-mcp' });
      expect(third.isError, third.text).toBe(false);
      expect(third.data).toMatchObject({ kind: 'ranked', seed: null, step: 0 });
    } finally {
      await restarted.close();
    }
    // Without the key file, the name is someone else's.
    const stranger = await connect({
      GAMEBOARD_URL: url,
      GAMEBOARD_KEY_FILE: join(tmpdir(), `none-${process.pid}.json`),
    });
    try {
      const refused = await call(stranger, 'start_game', { game: 'whirlyard', ranked: true, player: 'ranked-mcp' });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('is taken');
    } finally {
      await stranger.close();
    }
  });
});
