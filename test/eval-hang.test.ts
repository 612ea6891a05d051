/**
 * Nothing finished is lost: `gameboard eval` with an agent module whose move never settles on one seed
 * fails that run only (the default move timeout for modules, or --move-timeout), and every other run is
 * in the result file, in this thread and on worker threads; the header records the timeout the runs
 * were played under. A `cmd:` process that is slow to start is timed by --startup-timeout for its first
 * answer, not by --move-timeout.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameboard } from './helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gameboard-hang-'));
  // plays the first listed action; on seed 2 its third move never settles (no timer, nothing pending)
  writeFileSync(
    join(dir, 'hangs.mjs'),
    `export default ({ seed }) => ({
  act(view) {
    if (seed === 2 && view.step === 2) return new Promise(() => {});
    return Promise.resolve(view.legalActions[0]);
  },
});
`,
  );
  // a cmd: agent in Node that takes 1.5 s to start, then answers each observe line at once
  writeFileSync(
    join(dir, 'slow-start.mjs'),
    `import { createInterface } from 'node:readline';
const start = Date.now();
while (Date.now() - start < 1500) {}
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.type === 'observe') process.stdout.write(JSON.stringify({ action: m.legalActions[0] }) + '\\n');
});
`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string; seed?: number; outcome?: { kind: string; reason: string } });

describe('an agent that hangs', () => {
  for (const workers of ['0', '2'])
    it(`fails its run only; the other runs are in the file (workers ${workers})`, async () => {
      const out = join(dir, `hang-${workers}.jsonl`);
      const r = await gameboard([
        'eval',
        '--game',
        'delvewick',
        '--agent',
        join(dir, 'hangs.mjs'),
        '--seeds',
        '1-4',
        '--max-steps',
        '5',
        '--workers',
        workers,
        '--move-timeout',
        '800',
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(1);
      const file = lines(out);
      expect(file[0]).toMatchObject({ kind: 'header', moveTimeoutMs: 800 });
      const runs = file.filter((l) => l.kind === 'run').sort((a, b) => a.seed! - b.seed!);
      expect(runs.map((l) => [l.seed, l.outcome!.kind, l.outcome!.reason])).toEqual([
        [1, 'truncated', 'budget'],
        [2, 'error', 'timeout'],
        [3, 'truncated', 'budget'],
        [4, 'truncated', 'budget'],
      ]);
      expect(file.at(-1)).toMatchObject({ kind: 'summary', runs: 4, completed: 3, failed: 1 });
      expect(r.stdout).toContain('seed 2: timeout: the agent gave no action within 800 ms (--move-timeout)');
    });

  it('a module gets a default move timeout (60 s), recorded in the header', async () => {
    const out = join(dir, 'default.jsonl');
    const r = await gameboard([
      'eval',
      '--game',
      'delvewick',
      '--agent',
      join(dir, 'hangs.mjs'),
      '--seeds',
      '1',
      '--max-steps',
      '3',
      '--workers',
      '0',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(out)[0]).toMatchObject({ kind: 'header', moveTimeoutMs: 60_000 });
  });

  it('a cmd: process slow to start is not failed by --move-timeout: its first answer has --startup-timeout', async () => {
    const agent = `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(join(dir, 'slow-start.mjs'))}`;
    const args = ['eval', '--game', 'delvewick', '--agent', agent, '--seeds', '1-2', '--max-steps', '3'];
    const ok = await gameboard([...args, '--workers', '0', '--move-timeout', '1000']);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^runs\s+2$/m);
    // its start-up is timed too: a start-up timeout shorter than the start-up fails the run, saying which
    const short = await gameboard([...args, '--workers', '0', '--move-timeout', '200', '--startup-timeout', '300']);
    expect(short.code).toBe(1);
    expect(short.stdout).toContain('within 300 ms (--startup-timeout');
  });
});
