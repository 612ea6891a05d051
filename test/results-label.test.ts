/**
 * Results that name their model, through the CLI against a stand-in chat-completions endpoint: `--label`
 * and the request parameters actually sent in the header (with the harness version and the system
 * prompt's hash), a summary line with exact means, the mean with failed runs as 0, the request, token
 * and forfeit totals and degraded runs counted apart; `compare` printing each side's label and settings;
 * `gameboard table` in Markdown and CSV, refusing files that do not compare unless --force.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatStandIn, type ChatStandIn } from './helpers/chat.js';
import { gameboard } from './helpers/cli.js';

let chat: ChatStandIn;
let dir: string;
beforeAll(async () => {
  chat = await startChatStandIn();
  dir = mkdtempSync(join(tmpdir(), 'gameboard-label-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  return chat.close();
});

const env = { OPENAI_API_KEY: 'sk-stand-in' };
type Line = Record<string, unknown> & { kind: string };
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

const llm = (out: string, ...more: string[]) => [
  'eval',
  '--agent',
  'llm',
  '--base-url',
  chat.baseUrl,
  '--model',
  'org/model-a',
  '--game',
  'cragwake',
  '--seeds',
  '1-3',
  '--max-steps',
  '4',
  '--workers',
  '0',
  '--out',
  out,
  ...more,
];

describe('results that name their model', () => {
  let fileA: string;
  let fileB: string;

  it('the header records the label and the request parameters sent; the summary is exact, with totals', async () => {
    fileA = join(dir, 'a.jsonl');
    const before = chat.requests.length;
    const r = await gameboard(llm(fileA, '--label', 'org/model-a (menu, t=0.5)', '--temperature', '0.5'), { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^label\s+org\/model-a \(menu, t=0\.5\)$/m);
    const asked = chat.requests.slice(before);
    const file = lines(fileA);
    const header = file[0];
    expect(header).toMatchObject({
      kind: 'header',
      label: 'org/model-a (menu, t=0.5)',
      request: { model: 'org/model-a', temperature: 0.5, max_tokens: 1024, mode: 'menu' },
    });
    expect(header.harnessVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(header.systemPromptSha256).toMatch(/^[0-9a-f]{64}$/);
    // what the header says was sent, was sent
    for (const q of asked) expect(q.body).toMatchObject({ model: 'org/model-a', temperature: 0.5, max_tokens: 1024 });
    const runs = file.filter((l) => l.kind === 'run') as unknown as { score: number }[];
    const summary = file.at(-1)!;
    const exact = runs.reduce((a, x) => a + x.score, 0) / runs.length;
    expect(summary.mean).toBe(exact);
    expect(summary.meanFailedAsZero).toBe(exact);
    expect(summary).toMatchObject({ label: 'org/model-a (menu, t=0.5)', errors: 0, degraded: 0 });
    expect(summary.totals).toMatchObject({
      requests: asked.length,
      promptTokens: 100 * asked.length,
      completionTokens: 7 * asked.length,
      forfeits: 0,
      moves: 12,
    });
  });

  it('runs forfeiting more than --max-forfeit-rate are marked degraded and counted apart', async () => {
    fileB = join(dir, 'b.jsonl');
    // without the menu the stand-in answers "wait", which Cragwake has not: every move is a forfeit
    const r = await gameboard(llm(fileB, '--label', 'model-b no menu', '--no-menu', '--retries', '0'), { env });
    expect(r.code, r.stderr).toBe(0);
    const file = lines(fileB);
    expect(file.filter((l) => l.kind === 'run').every((l) => l.degraded === true)).toBe(true);
    expect(file.at(-1)).toMatchObject({ degraded: 3, degradedSeeds: [1, 2, 3] });
    expect(r.stdout).toMatch(/^degraded\s+3 runs forfeited more than 20 % of their moves/m);
  });

  it('compare prints each side’s label and settings', async () => {
    const r = await gameboard(['compare', fileA, fileB]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^A\s+.*a\.jsonl: org\/model-a \(menu, t=0\.5\) \(llm\), 3 runs$/m);
    expect(r.stdout).toMatch(/^A settings\s+.*model org\/model-a, temperature 0\.5, max_tokens 1024, mode menu/m);
    expect(r.stdout).toMatch(/^B settings\s+.*mode no-menu/m);
  });

  it('table: one row per file in Markdown or CSV; files that do not compare are refused unless --force', async () => {
    const md = await gameboard(['table', fileA, fileB]);
    expect(md.code, md.stderr).toBe(0);
    const rows = md.stdout.split('\n').filter((l) => l.startsWith('| cragwake'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('| org/model-a (menu, t=0.5) | org/model-a | menu, text | 3 seeds | 3 |');
    expect(rows[1]).toContain('| 100.0 % | 0 |');
    expect(md.stdout).toContain('0 = the built-in random agent, 100 = the built-in heuristic');
    const csv = await gameboard(['table', '--csv', fileA, fileB]);
    expect(csv.stdout.split('\n')[0]).toBe(
      'file,game,label,model,mode,suite,runs,completed,mean,ci95_low,ci95_high,normalised,tokens_per_run,forfeit_rate,failed,seedless',
    );
    const summaryA = lines(fileA).at(-1)!;
    // the label holds a comma, so it is quoted
    expect(csv.stdout.split('\n')[1]).toContain(',"org/model-a (menu, t=0.5)",');
    expect(
      Number(
        csv.stdout
          .split('\n')[1]
          .replace(/"[^"]*"/g, 'label')
          .split(',')[8],
      ),
    ).toBe(summaryA.mean);

    const other = join(dir, 'c.jsonl');
    await gameboard([
      'eval',
      '--game',
      'cragwake',
      '--seeds',
      '1-3',
      '--max-steps',
      '5',
      '--workers',
      '0',
      '--out',
      other,
    ]);
    const refused = await gameboard(['table', fileA, other]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('do not compare');
    expect(refused.stderr).toMatch(/c\.jsonl has budget \{"limit":5,"unit":"actions"\}/);
    const forced = await gameboard(['table', '--force', fileA, other]);
    expect(forced.code, forced.stderr).toBe(0);
  });

  it('table marks a seedless game', async () => {
    const out = join(dir, 'd.jsonl');
    await gameboard([
      'eval',
      '--game',
      'delvewick',
      '--seeds',
      '1-2',
      '--max-steps',
      '3',
      '--workers',
      '0',
      '--out',
      out,
    ]);
    const r = await gameboard(['table', out]);
    expect(r.stdout).toMatch(/^\| delvewick † \| random/m);
    expect(r.stdout).toContain('† seedless');
  });
});
