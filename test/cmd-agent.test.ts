/**
 * `--agent "cmd:COMMAND"` with a real Python agent built on clients/python/gameboard_agent.py, run
 * through `gameboard eval` as a process: the same runs as in-process play, one process per worker
 * reused across runs, stderr passed through, and a crash, a bad line and a timeout each failing their
 * run only, a fresh process taking the next. Skipped, saying so, where there is no python3.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterFor } from '../src/agents/budgets.js';
import { playRun } from '../src/agents/play.js';
import { registry } from '../src/games/index.js';
import { gameboard } from './helpers/cli.js';

const PYTHON = spawnSync('python3', ['--version']).status === 0;
if (!PYTHON) console.warn('test/cmd-agent.test.ts: no python3 on PATH, so the cmd: agent tests are skipped');

const HELPER = fileURLToPath(new URL('../clients/python', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gameboard-cmd-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Python agent file: the helper's import, then `body` (which defines `act`). */
function pythonAgent(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    [
      'import os, sys, time',
      `sys.path.insert(0, ${JSON.stringify(HELPER)})`,
      'from gameboard_agent import run_agent',
      'print(f"agent process {os.getpid()} started", file=sys.stderr, flush=True)',
      body,
      'run_agent(act)',
      '',
    ].join('\n'),
  );
  return file;
}

/** Lines of a .jsonl file, parsed. */
function jsonl(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe.skipIf(!PYTHON)('cmd: agents (python3)', () => {
  it('plays the runs in-process play gives, one process per worker reused, its stderr passed through', async () => {
    const agent = pythonAgent(
      'first.py',
      'def act(view):\n    print("seed", view["seed"], "step", view["step"])\n    return view["legalActions"][0]\n',
    );
    const game = registry.get('whirlyard')!;
    const first = () => ({ act: (view: { legalActions: unknown[] }) => view.legalActions[0] as never });
    const want = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((s) => playRun(game, first, s, { budget: meterFor('whirlyard') })),
    );
    for (const workers of ['2', '0']) {
      const out = join(dir, `first-${workers}.jsonl`);
      const r = await gameboard([
        'eval',
        '--game',
        'whirlyard',
        '--seeds',
        '1-6',
        '--workers',
        workers,
        '--agent',
        `cmd:python3 ${agent}`,
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const runs = jsonl(out)
        .filter((l) => l.kind === 'run')
        .sort((a, b) => Number(a.seed) - Number(b.seed));
      expect(runs.map((x) => [x.seed, x.score, x.steps])).toEqual(want.map((x) => [x.seed, x.score, x.steps]));
      expect(runs[0].actions).toEqual(want[0].actions);
      // The agent's prints arrived on our stderr; one process per worker played all six runs.
      expect(r.stderr).toMatch(/^seed 1 step 0$/m);
      const processes = new Set(r.stderr.match(/agent process \d+ started/g));
      expect(processes.size).toBeGreaterThanOrEqual(1);
      expect(processes.size).toBeLessThanOrEqual(Math.max(1, Number(workers)));
    }
  }, 180_000);

  it("relays each stderr line whole, so two agents' lines written in pieces never cut into each other", async () => {
    const agent = pythonAgent(
      'pieces.py',
      [
        'def act(view):',
        '    if view["step"] < 3:',
        '        sys.stderr.write("piece one ")',
        '        sys.stderr.flush()',
        '        time.sleep(0.05)',
        '        sys.stderr.write(f"piece two seed {view[\'seed\']}\\n")',
        '        sys.stderr.flush()',
        '    return view["legalActions"][0]',
        '',
      ].join('\n'),
    );
    const r = await gameboard([
      'eval',
      '--game',
      'cragwake',
      '--seeds',
      '1-4',
      '--max-steps',
      '5',
      '--workers',
      '2',
      '--agent',
      `cmd:python3 ${agent}`,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const pieces = r.stderr.split('\n').filter((l) => l.includes('piece'));
    expect(pieces.length).toBe(12);
    for (const line of pieces) expect(line).toMatch(/^piece one piece two seed [1-4]$/);
  }, 180_000);

  it('a crash, a line that is no answer and a timeout fail their runs only; a fresh process plays the next', async () => {
    const agent = pythonAgent(
      'flaky.py',
      [
        'def act(view):',
        '    if view["seed"] == 2 and view["step"] == 1:',
        '        sys.exit(3)',
        '    if view["seed"] == 3:',
        '        sys.__stdout__.write("hello\\n"); sys.__stdout__.flush()',
        '        time.sleep(0.2)',
        '    if view["seed"] == 4:',
        '        time.sleep(30)',
        '    return view["legalActions"][0]',
        '',
      ].join('\n'),
    );
    const out = join(dir, 'flaky.jsonl');
    const r = await gameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1-6',
      '--workers',
      '0',
      '--move-timeout',
      '1500',
      // seed 4 plays on a fresh process: its first answer is timed by --startup-timeout, start-up included
      '--startup-timeout',
      '1500',
      '--agent',
      `cmd:python3 ${agent}`,
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(1);
    const bySeed = new Map(
      jsonl(out)
        .filter((l) => l.kind === 'run')
        .map((x) => [x.seed, x.outcome as { kind: string; reason: string; message?: string }]),
    );
    expect(bySeed.get(2)).toMatchObject({ kind: 'error', reason: 'agent_crashed' });
    expect(bySeed.get(2)!.message).toMatch(/exited with code 3/);
    expect(bySeed.get(3)).toMatchObject({ kind: 'error', reason: 'bad_reply' });
    expect(bySeed.get(3)!.message).toMatch(/not JSON: hello/);
    expect(bySeed.get(4)).toMatchObject({ kind: 'error', reason: 'timeout' });
    for (const s of [1, 5, 6]) expect(bySeed.get(s)!.kind, `seed ${s}`).not.toBe('error');
    // The first process, then a fresh one after each of the three failures.
    expect(new Set(r.stderr.match(/agent process \d+ started/g)).size).toBe(4);
    expect(r.stdout).toMatch(/^failed\s+3 \(seeds 2, 3, 4\)/m);
  }, 180_000);

  it('a command that does not run fails its runs with a clear reason', async () => {
    const r = await gameboard(['eval', '--game', 'whirlyard', '--seeds', '1', '--workers', '0', '--agent', 'cmd:']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs a command/);
    const missing = await gameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1',
      '--workers',
      '0',
      '--agent',
      `cmd:python3 ${join(dir, 'no-such-agent.py')}`,
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/seed 1: agent_crashed: the agent process exited with code 2/);
  }, 120_000);
});
