/**
 * An LLM evaluation left running overnight, against a stand-in chat-completions endpoint on 127.0.0.1
 * that fails as real ones do: a 429 with `Retry-After: 2` is waited on (at least 2 s) and the run
 * completes with no move lost; an endpoint that dies mid-evaluation leaves an error run
 * (`model_unavailable`), a non-zero exit and one line naming it, and `--resume` plays that run again; a
 * dead endpoint writes nothing as completed; `max_tokens` goes with every request.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmEvalArgs, startChatStandIn, STAND_IN_ENV, type ChatStandIn } from './helpers/chat.js';
import { gameboard as runGameboard, jsonLines, summaryRow } from './helpers/cli.js';
import { testDir } from './helpers/temp.js';

const gameboard = (args: string[]) => runGameboard(args, { env: STAND_IN_ENV, timeoutMs: 120_000 });

const row = summaryRow;

interface Line {
  kind: string;
  seed?: number;
  outcome?: { kind: string; reason: string; message?: string };
  [k: string]: unknown;
}
const linesOf = (path: string) => jsonLines<Line>(path);

let chat: ChatStandIn;
beforeAll(async () => {
  chat = await startChatStandIn();
});
afterAll(() => chat.close());

const llm = (...more: string[]) => llmEvalArgs(chat, '--game', 'cragwake', ...more);
const outFile = () => join(testDir('gameboard-faults-'), 'runs.jsonl');

describe('an LLM evaluation against an endpoint that fails', () => {
  it('waits as a 429 Retry-After: 2 asks (at least 2 s), loses no move, and the run completes', async () => {
    chat.script = [{ status: 429, retryAfter: '2' }];
    const before = chat.requests.length;
    const r = await gameboard(llm('--seeds', '1', '--max-steps', '2', '--workers', '0'));
    expect(r.code, r.stderr).toBe(0);
    const asked = chat.requests.slice(before);
    // the refused request, the same one again after the wait, then the second move
    expect(asked).toHaveLength(3);
    expect(asked[1].at - asked[0].at).toBeGreaterThanOrEqual(2000);
    expect(JSON.stringify(asked[1].body.messages)).toBe(JSON.stringify(asked[0].body.messages));
    expect(row(r.stdout, 'steps')).toBe('2');
    expect(row(r.stdout, 'forfeits')).toBe('0');
    expect(row(r.stdout, 'waits')).toBe('1');
    expect(row(r.stdout, 'ended')).toBe('truncated:budget 1');
  });

  it('sends max_tokens in every request: the default, or --max-tokens', async () => {
    const before = chat.requests.length;
    const r = await gameboard(llm('--seeds', '1-2', '--max-steps', '2', '--workers', '0', '--max-tokens', '77'));
    expect(r.code, r.stderr).toBe(0);
    const asked = chat.requests.slice(before);
    expect(asked.length).toBe(4);
    expect(asked.every((q) => q.body.max_tokens === 77)).toBe(true);
    const again = chat.requests.length;
    await gameboard(llm('--seeds', '1', '--max-steps', '1', '--workers', '0'));
    expect(chat.requests.slice(again).map((q) => q.body.max_tokens)).toEqual([1024]);
  });

  it('an endpoint that dies mid-evaluation: an error run, exit 1, one line; --resume plays it again', async () => {
    const out = outFile();
    const args = llm(
      '--seeds',
      '1-3',
      '--max-steps',
      '3',
      '--workers',
      '0',
      '--max-failures',
      '3',
      '--backoff-ms',
      '10',
      '--out',
      out,
    );
    chat.answered = 0;
    chat.dieAfter = 5; // seed 1 takes three answers, seed 2 two, then every request fails
    let r;
    try {
      r = await gameboard(args);
    } finally {
      chat.dieAfter = undefined;
    }
    expect(r.code).toBe(1);
    const said = r.stderr.trim().split('\n');
    expect(said.at(-1)).toBe(
      `gameboard: the model endpoint ${chat.baseUrl} is unavailable: 3 requests in a row failed (waiting between them); ` +
        `the last: HTTP 503 Service Unavailable: {"error":{"message":"stand-in failure","type":"invalid_request_error"}}`,
    );
    let runs = linesOf(out).filter((l) => l.kind === 'run');
    expect(runs.map((l) => [l.seed, l.outcome!.kind, l.outcome!.reason])).toEqual([
      [1, 'truncated', 'budget'],
      [2, 'error', 'model_unavailable'],
    ]);
    const summary = linesOf(out).findLast((l) => l.kind === 'summary')!;
    expect(summary).toMatchObject({ runs: 2, completed: 1, failed: 1 });

    const resumed = await gameboard([...args.slice(0, -2), '--resume', out]);
    expect(resumed.code, resumed.stderr).toBe(0);
    runs = linesOf(out).filter((l) => l.kind === 'run');
    // the error run's seed was played again, and seed 3 for the first time
    expect(runs.map((l) => [l.seed, l.outcome!.reason])).toEqual([
      [1, 'budget'],
      [2, 'model_unavailable'],
      [2, 'budget'],
      [3, 'budget'],
    ]);
    expect(linesOf(out).findLast((l) => l.kind === 'summary')).toMatchObject({ runs: 3, completed: 3, failed: 0 });
  });

  for (const workers of ['0', '2'])
    it(`a dead endpoint writes nothing as completed (workers ${workers})`, async () => {
      const out = outFile();
      chat.status = 503;
      let r;
      try {
        r = await gameboard(
          llm('--seeds', '1-4', '--workers', workers, '--max-failures', '2', '--backoff-ms', '10', '--out', out),
        );
      } finally {
        chat.status = undefined;
      }
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`the model endpoint ${chat.baseUrl} is unavailable`);
      const lines = linesOf(out);
      const runs = lines.filter((l) => l.kind === 'run');
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.every((l) => l.outcome!.kind === 'error' && l.outcome!.reason === 'model_unavailable')).toBe(true);
      expect(lines.findLast((l) => l.kind === 'summary')).toMatchObject({ completed: 0 });
    });
});
