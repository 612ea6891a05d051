/**
 * Every snippet of docs/agents.md is run here. Snippets are fenced blocks tagged `test=<name>`. The curl
 * loop runs in bash against a server on 127.0.0.1 and the MCP configuration starts the MCP server as a
 * desktop client would. The Python and TypeScript client snippets play against that server; the
 * `npx gameboard` lines run as printed on two seeds (an agent module and a Python `cmd:` agent written
 * from the page's own snippets), the LLM ones against a stand-in chat endpoint.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { startChatStandIn } from './helpers/chat.js';
import { hasPython, pythonVenv } from './helpers/python-venv.js';
import { testDir } from './helpers/temp.js';

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
      'agent-module',
      'cmd-agent',
      'curl-loop',
      'eval',
      'eval-cmd',
      'eval-llm',
      'eval-module',
      'eval-results',
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
      const dir = testDir('gb-doc-');
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

  // Every `npx gameboard` line of the eval sections runs as printed, through bash in the checkout, with
  // three changes: two seeds and a 20-action cap instead of the whole suite, the LLM lines' endpoints
  // pointed at a stand-in chat server on 127.0.0.1, and the files the page names (the agents it shows,
  // the result files) in a temporary folder instead of the checkout.
  it('the npx gameboard snippets run as written: eval, an agent module, a Python cmd: agent, results, compare', async () => {
    const chat = await startChatStandIn();
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-agents-doc-'));
    writeFileSync(join(dir, 'first_legal.mjs'), SNIPPETS.get('agent-module')!);
    writeFileSync(join(dir, 'my_agent.py'), SNIPPETS.get('cmd-agent')!);
    const python = (await run('python3', ['--version']).then(
      () => true,
      () => false,
    )) as boolean;
    try {
      const sections = ['eval', 'eval-llm', 'eval-module', 'eval-cmd', 'eval-results'];
      const lines = sections.flatMap((name) =>
        SNIPPETS.get(name)!
          .split('\n')
          .filter((l) => /^(\w+=\S+ )*npx gameboard /.test(l)),
      );
      expect(lines.length).toBe(11);
      for (const line of lines) {
        for (const doc of [...SNIPPETS.values()].flatMap((t) => t.split('\n')))
          if (doc.startsWith('gameboard ')) throw new Error(`a snippet shows "${doc}": write npx gameboard`);
        if (line.includes('cmd:python3') && !python) {
          console.warn('docs/agents.md: no python3 on PATH, so the cmd: agent line is not run');
          continue;
        }
        const command = line
          .replace(/--suite \w+/, '--seeds 1-2 --max-steps 20')
          .replace(/https?:\/\/\S+/g, chat.baseUrl)
          .replace(/(\.\/)?\b([\w-]+\.(?:mjs|py|jsonl))\b/g, (_m, _dot, file: string) => join(dir, file));
        const { stdout, stderr } = await run('bash', ['-c', command], {
          cwd: ROOT,
          env: {
            ...process.env,
            OPENAI_API_KEY: 'sk-stand-in',
            GAMEBOARD_PROGRESS_SECONDS: '3600',
            GAMEBOARD_KEY_FILE: join(dir, 'keys.json'),
          },
        }).catch((err: { stdout: string; stderr: string; code: number }) => {
          throw new Error(`${line}\n exited ${err.code}: ${err.stderr}`);
        });
        if (line.includes(' eval ')) expect(stdout, line).toMatch(/^runs\s+2$/m);
        if (line.includes('--agent llm'))
          expect(stdout, line).toMatch(line.includes('--no-menu') ? /^mode\s+no-menu$/m : /^mode\s+menu$/m);
        if (line.includes('cmd:python3')) expect(stderr, line).toMatch(/^playing seed 1$/m);
        if (line.includes(' compare ')) expect(stdout, line).toMatch(/^paired seeds\s+2$/m);
        if (line.includes(' replay verify ')) expect(stdout, line).toMatch(/^valid: 2 of 2 whirlyard runs/m);
        if (line.includes('--resume')) expect(stdout, line).toMatch(/^resumed\s+2 runs were in .*; 0 played now/m);
      }
      expect(readFileSync(join(dir, 'steps.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThan(0);
    } finally {
      await chat.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
