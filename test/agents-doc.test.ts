/**
 * Every snippet of docs/agents.md is run here. Snippets are fenced blocks tagged `test=<name>`. The curl
 * loop runs in bash against a server on 127.0.0.1 and the MCP configuration starts the MCP server as a
 * desktop client would. The Python and TypeScript client snippets play against that server; the
 * `gameboard eval` lines run as printed on two seeds, the LLM ones against a stand-in chat endpoint.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/core/seal.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { startChatStandIn } from './helpers/chat.js';
import { hasPython, pythonVenv } from './helpers/python-venv.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const DOC = readFileSync(join(ROOT, 'docs/agents.md'), 'utf8');

/** The snippets of the page, by their `test=` name. */
function snippets(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of DOC.matchAll(/^```\w+ test=([\w-]+)\n([\s\S]*?)^```$/gm)) out.set(m[1], m[2]);
  return out;
}
const SNIPPETS = snippets();

let app: FastifyInstance;
let store: SqliteRunStore;
let base: string;
beforeAll(async () => {
  store = new SqliteRunStore(':memory:');
  app = await buildApp({ sealer: new StateSealer(['agents-doc-secret-0123456789']), store, webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await store.close();
});

describe('docs/agents.md', () => {
  it('has every snippet the quickstart promises', () => {
    expect([...SNIPPETS.keys()].sort()).toEqual([
      'curl-loop',
      'eval',
      'eval-llm',
      'mcp-config',
      'python-agent',
      'python-gym',
      'ts-client',
    ]);
  });

  it('the curl loop plays three actions', async () => {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', SNIPPETS.get('curl-loop')!], {
      env: { ...process.env, BASE: base },
    });
    expect(stdout).toContain('Delvewick, level 1 of 8: Topsoil');
    expect(stdout).toContain('Legal actions now (send exactly one of these JSON objects as "action"):');
    const results = stdout.trim().split('\n').slice(-3);
    for (const line of results) expect(JSON.parse(line)).toMatchObject({ ok: true, score: 0, gameOver: false });
  });

  it('the MCP configuration starts a server a client can use', async () => {
    const config = JSON.parse(SNIPPETS.get('mcp-config')!) as {
      mcpServers: { gameboard: { command: string; args: string[]; env: Record<string, string> } };
    };
    const entry = config.mcpServers.gameboard;
    const client = new Client({ name: 'desktop-client', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: entry.command,
        args: entry.args.map((a) => a.replace('/path/to/gameboard', ROOT)),
        env: { ...(process.env as Record<string, string>), ...entry.env, GAMEBOARD_URL: base },
        stderr: 'ignore',
      }),
    );
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('start_game');
      const r = await client.callTool({ name: 'start_game', arguments: { game: 'delvewick', seed: 7 } });
      expect((r.content as { text: string }[])[0].text).toContain('Delvewick, level 1 of 8');
    } finally {
      await client.close();
    }
  }, 60_000);

  // The Python snippets run in a venv with the package installed (test/helpers/python-venv.ts).
  it.runIf(hasPython)(
    'the Python agent plays a game and submits it (toolkit)',
    async () => {
      const { python } = await pythonVenv();
      const code = SNIPPETS.get('python-agent')!.replaceAll('http://127.0.0.1:3000', base);
      const { stdout } = await run(python, ['-c', code]);
      expect(stdout).toMatch(/score \d+/);
      expect(stdout).toMatch(/rank \d+/);
    },
    900_000,
  );

  it.runIf(hasPython)(
    'the Gymnasium snippet plays a random masked agent and steps 64 environments',
    async () => {
      const { python } = await pythonVenv();
      const code = SNIPPETS.get('python-gym')!.replaceAll('http://127.0.0.1:3000', base);
      const { stdout } = await run(python, ['-c', code]);
      expect(stdout).toMatch(/^score \d+ \w+$/m);
      expect(stdout).toMatch(/^planes \(64, 4, 6, 6\)$/m);
    },
    900_000,
  );

  const client = join(ROOT, 'src/client/index.ts');
  it.runIf(existsSync(client))(
    'the TypeScript client snippet plays a game and submits it (toolkit)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gb-doc-'));
      const file = join(dir, 'snippet.mts'); // an ES module: the snippet awaits at top level
      writeFileSync(
        file,
        SNIPPETS.get('ts-client')!
          .replace("'gameboard/client'", JSON.stringify(client))
          .replaceAll('http://127.0.0.1:3000', base),
      );
      const { stdout } = await run(process.execPath, ['--import', 'tsx', file], { cwd: ROOT });
      expect(stdout).toMatch(/^\d+/);
    },
    120_000,
  );

  // Every `gameboard eval` line as printed, on two seeds instead of the whole suite, and with the LLM
  // lines' endpoints pointed at a stand-in chat server on 127.0.0.1.
  it('the gameboard eval snippets run, in menu and no-menu mode', async () => {
    const chat = await startChatStandIn();
    try {
      const lines = [...SNIPPETS.get('eval')!.split('\n'), ...SNIPPETS.get('eval-llm')!.split('\n')].filter((l) =>
        l.startsWith('gameboard '),
      );
      expect(lines.length).toBe(4);
      for (const line of lines) {
        const args = line
          .split(/\s+/)
          .slice(1)
          .map((a) => (a.startsWith('http') ? chat.baseUrl : a));
        const suite = args.indexOf('--suite');
        expect(suite, `${line} names a suite`).toBeGreaterThan(0);
        args.splice(suite, 2, '--seeds', '1-2', '--max-steps', '20');
        const { stdout } = await run(process.execPath, [join(ROOT, 'bin/gameboard.js'), ...args], {
          cwd: ROOT,
          env: { ...process.env, OPENAI_API_KEY: 'sk-stand-in' },
        });
        expect(stdout, line).toMatch(/^runs\s+2$/m);
        if (line.includes('--agent llm'))
          expect(stdout, line).toMatch(line.includes('--no-menu') ? /^mode\s+no-menu$/m : /^mode\s+menu$/m);
      }
    } finally {
      await chat.close();
    }
  }, 180_000);
});
