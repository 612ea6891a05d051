/**
 * The LLM agent's reply formats and token budgets, through the CLI against a stand-in chat-completions
 * endpoint: `--reply-format json` (response_format with the action's JSON schema) and `tools` (one
 * function `act`, tool_calls read) play with nothing forfeited (a whole Whirlyard run with tools),
 * their request fields recorded in the header; `--token-budget` ends each run `truncated` with reason `token_budget`;
 * `--eval-token-budget` stops the evaluation cleanly, and `--resume` plays the rest. The menu order is
 * recorded (and `table` refuses to mix orders); a seedless game at temperature 0 with several seeds warns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmEvalArgs, startChatStandIn, STAND_IN_ENV, type ChatStandIn } from './helpers/chat.js';
import { gameboard, jsonLines, summaryRow } from './helpers/cli.js';

let chat: ChatStandIn;
let dir: string;
beforeAll(async () => {
  chat = await startChatStandIn();
  dir = mkdtempSync(join(tmpdir(), 'gameboard-formats-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  return chat.close();
});

const env = STAND_IN_ENV;
type Line = Record<string, unknown> & { kind: string; outcome?: { kind: string; reason: string }; seed?: number };
const lines = (path: string) => jsonLines<Line>(path);
const row = summaryRow;

const llm = (...more: string[]) => llmEvalArgs(chat, '--workers', '0', ...more);

describe('reply formats', () => {
  for (const format of ['json', 'tools'])
    it(`--reply-format ${format} plays with nothing forfeited, and the header says what was sent`, async () => {
      const out = join(dir, `${format}.jsonl`);
      const before = chat.requests.length;
      // forty moves of Delvewick, each an answer in the format asked for
      const r = await gameboard(
        llm('--game', 'delvewick', '--seeds', '1', '--reply-format', format, '--out', out, '--max-steps', '40'),
        { env },
      );
      expect(r.code, r.stderr).toBe(0);
      const asked = chat.requests.slice(before);
      expect(asked.length).toBeGreaterThan(0);
      if (format === 'json') {
        expect(asked.every((q) => (q.body.response_format as { type: string }).type === 'json_schema')).toBe(true);
      } else {
        expect(asked.every((q) => (q.body.tools as { function: { name: string } }[])[0].function.name === 'act')).toBe(
          true,
        );
      }
      expect(row(r.stdout, 'forfeits')).toBe('0');
      expect(row(r.stdout, 'unparsable')).toBe('0');
      expect(row(r.stdout, 'repaired')).toBe('0');
      expect(Number(row(r.stdout, 'steps'))).toBe(asked.length);
      const header = lines(out)[0];
      expect((header.request as { replyFormat: string }).replyFormat).toBe(format);
      expect(header.request).toHaveProperty(format === 'json' ? 'response_format' : 'tools');
    });

  it('plays a whole Whirlyard run, to its budget, with tool calls', async () => {
    const r = await gameboard(llm('--game', 'whirlyard', '--seeds', '2', '--reply-format', 'tools'), { env });
    expect(r.code, r.stderr).toBe(0);
    expect(row(r.stdout, 'forfeits')).toBe('0');
    expect(row(r.stdout, 'ended')).not.toContain('error');
  }, 300_000);
});

describe('token budgets', () => {
  it('--token-budget ends each run truncated, reason token_budget, once its requests were billed that many', async () => {
    const before = chat.requests.length;
    const out = join(dir, 'budget.jsonl');
    // each request is billed 107 tokens: the fourth move would pass 350, so each run plays three
    const r = await gameboard(llm('--game', 'cragwake', '--seeds', '1-2', '--token-budget', '300', '--out', out), {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    const runs = lines(out).filter((l) => l.kind === 'run');
    expect(runs.map((l) => [l.outcome!.kind, l.outcome!.reason, l.steps])).toEqual([
      ['truncated', 'token_budget', 3],
      ['truncated', 'token_budget', 3],
    ]);
    expect(chat.requests.length - before).toBe(6);
  });

  it('--eval-token-budget stops the evaluation cleanly; --resume plays the rest', async () => {
    const out = join(dir, 'eval-budget.jsonl');
    const args = llm('--game', 'cragwake', '--seeds', '1-4', '--max-steps', '2', '--eval-token-budget', '400');
    // two moves a run, 214 tokens a run: the budget is spent after the second run
    const r = await gameboard([...args, '--out', out], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^stopped\s+--eval-token-budget 400 spent \(428 tokens\) after 2 of 4 runs/m);
    expect(
      lines(out)
        .filter((l) => l.kind === 'run')
        .map((l) => l.seed),
    ).toEqual([1, 2]);
    expect(lines(out).at(-1)).toMatchObject({ kind: 'summary', stopped: 'eval_token_budget' });
    const resumed = await gameboard([...args.map((a) => (a === '400' ? '100000' : a)), '--resume', out], { env });
    // a different budget is no different setup: the same file goes on
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(
      lines(out)
        .filter((l) => l.kind === 'run')
        .map((l) => l.seed),
    ).toEqual([1, 2, 3, 4]);
  });
});

describe('menu order and seedless games', () => {
  it('the header records the menu order (shuffled by default); table refuses files whose menu order differs', async () => {
    const shuffled = join(dir, 'shuffled.jsonl');
    const engine = join(dir, 'engine.jsonl');
    const base = llm('--game', 'cragwake', '--seeds', '1-2', '--max-steps', '2');
    expect((await gameboard([...base, '--out', shuffled], { env })).code).toBe(0);
    expect((await gameboard([...base, '--menu-order', 'engine', '--out', engine], { env })).code).toBe(0);
    expect(lines(shuffled)[0].request).toMatchObject({ menuOrder: 'shuffled' });
    expect(lines(engine)[0].request).toMatchObject({ menuOrder: 'engine' });
    const r = await gameboard(['table', shuffled, engine]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('has menu order "engine"');
  });

  it('warns when a seedless game is played at temperature 0 with more than one seed', async () => {
    const warning = 'warning: Delvewick is seedless (every seed plays the same game)';
    const base = llm('--game', 'delvewick', '--max-steps', '1');
    const two = await gameboard([...base, '--seeds', '1-2'], { env });
    expect(two.code, two.stderr).toBe(0);
    expect(two.stderr).toContain(warning);
    const warm = await gameboard([...base, '--seeds', '1-2', '--temperature', '0.7'], { env });
    expect(warm.stderr).not.toContain(warning);
    const one = await gameboard([...base, '--seeds', '1'], { env });
    expect(one.stderr).not.toContain(warning);
    const notSeedless = await gameboard(llm('--game', 'cragwake', '--max-steps', '1', '--seeds', '1-2'), { env });
    expect(notSeedless.stderr).not.toContain('seedless');
  });
});
