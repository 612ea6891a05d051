/**
 * `gameboard eval --agent llm` run as a user runs it, against a stand-in chat-completions endpoint on
 * 127.0.0.1: menu and no-menu mode (the report names the mode), in this thread and on worker threads,
 * the LLM columns in the summary (with the error and forfeit rates and the repairs), --strict-parse, no
 * request once the budget is spent, an endpoint answering 401/403/404 stopping the evaluation (exit 1,
 * one line naming it), and a missing --model refused as a user's mistake; and `gameboard mcp` serving an
 * MCP client over stdio. The endpoint's outages are test/llm-faults.test.ts's.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmEvalArgs, startChatStandIn, STAND_IN_ENV, type ChatStandIn } from './helpers/chat.js';
import { BIN, gameboard as runGameboard, ROOT, summaryRow } from './helpers/cli.js';
import { testDir } from './helpers/temp.js';

const gameboard = (args: string[]) => runGameboard(args, { env: STAND_IN_ENV, timeoutMs: 120_000 });

/** The value of a summary row, e.g. row(out, 'mode'). */
const row = summaryRow;

let chat: ChatStandIn;
beforeAll(async () => {
  chat = await startChatStandIn();
});
afterAll(() => chat.close());

describe('gameboard eval --agent llm', () => {
  const llm = (...more: string[]) => llmEvalArgs(chat, '--seeds', '1-2', ...more);

  it('plays in menu mode in this thread; the report names the mode and adds the LLM columns', async () => {
    const before = chat.requests.length;
    const r = await gameboard(llm('--game', 'whirlyard', '--workers', '0', '--max-steps', '25'));
    expect(r.code, r.stderr).toBe(0);
    expect(row(r.stdout, 'runs')).toBe('2');
    expect(row(r.stdout, 'mode')).toBe('menu');
    const asked = chat.requests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((q) => q.menu && q.model === 'stand-in')).toBe(true);
    // Every reply was a listed action: nothing retried, refused, repaired or forfeited; tokens as reported.
    expect(row(r.stdout, 'retries')).toBe('0');
    expect(row(r.stdout, 'illegal')).toBe('0');
    expect(row(r.stdout, 'repaired')).toBe('0');
    expect(row(r.stdout, 'forfeits')).toBe('0');
    expect(row(r.stdout, 'error rate')).toBe('0.0 %');
    expect(row(r.stdout, 'forfeit rate')).toBe('0.0 %');
    expect(Number(row(r.stdout, 'prompt tokens'))).toBe(100 * asked.length);
  });

  it("records the agent's settings in full in the result file: the options given over its defaults", async () => {
    const outDir = testDir('gameboard-llm-out-');
    const out = join(outDir, 'runs.jsonl');
    const r = await gameboard(
      llm('--game', 'cragwake', '--workers', '0', '--max-steps', '2', '--retries', '1', '--out', out),
    );
    expect(r.code, r.stderr).toBe(0);
    const header = JSON.parse(readFileSync(out, 'utf8').split('\n')[0]) as { kind: string; agentOptions: object };
    expect(header.kind).toBe('header');
    expect(header.agentOptions).toMatchObject({
      baseUrl: chat.baseUrl,
      model: 'stand-in',
      menu: true,
      retries: 1,
      maxBatch: 30,
      strictParse: false,
      temperature: 0,
      maxTokens: 1024,
      timeoutMs: 60_000,
      apiKeyEnv: 'OPENAI_API_KEY',
    });
  });

  it('asks for no move once the budget is spent: one request per step played', async () => {
    const before = chat.requests.length;
    const r = await gameboard(llm('--game', 'cragwake', '--workers', '0', '--max-steps', '4'));
    expect(r.code, r.stderr).toBe(0);
    expect(row(r.stdout, 'ended')).toContain('budget');
    const steps = Number(row(r.stdout, 'steps'));
    expect(steps).toBe(8);
    expect(chat.requests.length - before).toBe(steps);
  });

  it('counts repaired replies, and --strict-parse makes them unparsable', async () => {
    chat.fallback = 'I wait: {"type": "WAIT"}';
    try {
      const loose = await gameboard(llm('--game', 'delvewick', '--no-menu', '--workers', '0', '--max-steps', '3'));
      expect(loose.code, loose.stderr).toBe(0);
      // every reply needed its type's case repaired, and was played
      expect(row(loose.stdout, 'steps')).toBe('6');
      expect(row(loose.stdout, 'repaired')).toBe('6');
      expect(row(loose.stdout, 'unparsable')).toBe('0');
      const strict = await gameboard(
        llm(
          '--game',
          'delvewick',
          '--no-menu',
          '--strict-parse',
          '--retries',
          '1',
          '--workers',
          '0',
          '--max-steps',
          '3',
        ),
      );
      expect(strict.code, strict.stderr).toBe(0);
      expect(row(strict.stdout, 'repaired')).toBe('0');
      // 2 runs x 3 moves x 2 attempts, every one unparsable: every move forfeited (the fallback is wait)
      expect(row(strict.stdout, 'unparsable')).toBe('12');
      expect(row(strict.stdout, 'forfeits')).toBe('6');
      expect(row(strict.stdout, 'forfeit rate')).toBe('100.0 %');
    } finally {
      chat.fallback = '{"type": "wait"}';
    }
  });

  it('plays in no-menu mode on worker threads: the prompt holds no menu and the report says no-menu', async () => {
    const before = chat.requests.length;
    const r = await gameboard(llm('--game', 'cragwake', '--no-menu', '--workers', '2', '--max-steps', '10'));
    expect(r.code, r.stderr).toBe(0);
    expect(row(r.stdout, 'mode')).toBe('no-menu');
    const asked = chat.requests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.some((q) => q.menu)).toBe(false);
    // "wait" is not a Cragwake action: every move was refused until the fallback was played.
    expect(Number(row(r.stdout, 'forfeits'))).toBeGreaterThan(0);
  });

  // Once the harness stops an evaluation on EvaluationAbort (branch evalcore), stderr is that one line;
  // before it, the error still ends the command with exit 1 and the line in its output.
  for (const status of [401, 403, 404]) {
    it(`stops at once on an endpoint answering ${status}: exit 1, one line naming it and the status`, async () => {
      const failing = await startChatStandIn();
      failing.status = status;
      try {
        const r = await gameboard([
          ...llm('--game', 'whirlyard', '--workers', '0', '--max-steps', '25').map((a) =>
            a === chat.baseUrl ? failing.baseUrl : a,
          ),
        ]);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`the model endpoint ${failing.baseUrl} answered HTTP ${status}`);
        expect(r.stderr).not.toContain('sk-stand-in');
        expect(failing.requests).toHaveLength(1);
        expect(failing.requests[0].authorization).toBe('Bearer sk-stand-in');
      } finally {
        await failing.close();
      }
    });
  }

  it('refuses to start without --model, as a user mistake (exit 2, no stack)', async () => {
    const r = await gameboard(['eval', '--game', 'whirlyard', '--agent', 'llm', '--seeds', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs --base-url');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('gameboard mcp', () => {
  it('serves the MCP tools over stdio and plays a free game', async () => {
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: ROOT, stderr: 'ignore' }),
    );
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(expect.arrayContaining(['list_games', 'start_game', 'act', 'submit_run']));
      const started = await client.callTool({ name: 'start_game', arguments: { game: 'whirlyard', seed: 3 } });
      expect((started.content as { text: string }[])[0].text).toContain('Whirlyard - wave 1');
    } finally {
      await client.close();
    }
  }, 60_000);
});
