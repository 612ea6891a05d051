/**
 * `gameboard eval` as a researcher runs it, as a process: agent modules written to a folder outside
 * the checkout (every extension, with and without a package.json, in this thread and on workers), a
 * failed run that does not stop the others, the streamed `.jsonl` result file, an agent's
 * EvaluationAbort, Ctrl-C (a SIGINT to the process group, as a terminal sends it) and `--resume`,
 * and progress when piped.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterFor } from '../src/agents/budgets.js';
import { playRun } from '../src/agents/play.js';
import { registry } from '../src/games/index.js';
import { gameboard, startGameboard } from './helpers/cli.js';

/** A stack trace line, which a user should never see for a mistake. */
const STACK = /^\s+at .+:\d+:\d+\)?$/m;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gameboard-eval-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `files` into a fresh folder under the temp folder; answers the folder. */
function folder(name: string, files: Record<string, string>): string {
  const at = join(dir, name);
  mkdirSync(at, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(at, file), text);
  return at;
}

/** Lines of a .jsonl file, parsed. */
function jsonl(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

// Each agent plays the first legal action: the runs must equal playRun's with the same policy.
const ESM = 'export default function createAgent() {\n  return { act: (view) => view.legalActions[0] };\n}\n';
const CJS = 'module.exports = function createAgent() {\n  return { act: (view) => view.legalActions[0] };\n};\n';
const NAMED = 'exports.createAgent = () => ({ act: (view) => view.legalActions[0] });\n';
const TS =
  "import type { AgentFactory } from './types';\n" +
  'const first: AgentFactory = () => ({ act: (view: { legalActions: unknown[] }) => view.legalActions[0] });\n' +
  'export default first;\n';
const TYPES =
  'export type AgentFactory = (ctx: { seed: number }) => { act(view: { legalActions: unknown[] }): unknown };\n';

const AGENTS: Array<[label: string, files: Record<string, string>, entry: string]> = [
  ['.js (ESM syntax) with no package.json', { 'first.js': ESM }, 'first.js'],
  ['.js (CommonJS) with no package.json', { 'first.js': CJS }, 'first.js'],
  ['.js exporting createAgent (CommonJS) with no package.json', { 'first.js': NAMED }, 'first.js'],
  ['.js in a "type": "module" package', { 'first.js': ESM, 'package.json': '{"type":"module"}' }, 'first.js'],
  ['.js (ESM syntax) in a CommonJS package', { 'first.js': ESM, 'package.json': '{"name":"x"}' }, 'first.js'],
  ['.mjs', { 'first.mjs': ESM }, 'first.mjs'],
  ['.cjs', { 'first.cjs': CJS }, 'first.cjs'],
  ['.ts with no package.json', { 'first.ts': TS, 'types.ts': TYPES }, 'first.ts'],
  [
    '.ts in a "type": "module" package',
    { 'first.ts': TS, 'types.ts': TYPES, 'package.json': '{"type":"module"}' },
    'first.ts',
  ],
  ['.mts', { 'first.mts': TS, 'types.ts': TYPES }, 'first.mts'],
];

describe.concurrent('--agent PATH: a module from any folder outside the checkout', () => {
  const seeds = [1, 2, 3];
  const game = registry.get('whirlyard')!;
  const first = () => ({ act: (view: { legalActions: unknown[] }) => view.legalActions[0] as never });
  const expected = Promise.all(seeds.map((s) => playRun(game, first, s, { budget: meterFor('whirlyard') })));

  AGENTS.forEach(([label, files, entry], i) => {
    it(`${label}: the same runs on 2 workers and in this thread`, async () => {
      const at = folder(`agent-${i}`, files);
      const want = (await expected).map((r) => [r.seed, r.score, r.steps]);
      for (const workers of ['2', '0']) {
        const out = join(at, `out-${workers}.jsonl`);
        const r = await gameboard(
          [
            'eval',
            '--game',
            'whirlyard',
            '--seeds',
            '1-3',
            '--workers',
            workers,
            '--agent',
            join(at, entry),
            '--out',
            out,
          ],
          { cwd: at },
        );
        expect(r.stderr, `${label}, --workers ${workers}`).toBe('');
        expect(r.code).toBe(0);
        // Run lines come as runs finish: order them by seed.
        const runs = jsonl(out)
          .filter((l) => l.kind === 'run')
          .sort((a, b) => Number(a.seed) - Number(b.seed));
        expect(runs.map((x) => [x.seed, x.score, x.steps])).toEqual(want);
      }
    }, 120_000);
  });

  it('a module that does not load is one clear line, exit 2', async () => {
    const at = folder('broken', { 'bad.js': 'export default function (\n' });
    const r = await gameboard(['eval', '--game', 'whirlyard', '--seeds', '1', '--agent', join(at, 'bad.js')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gameboard: Cannot load the agent module .*bad\.js: /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(STACK);
  });
});

describe('failed runs and the .jsonl result file', () => {
  it('a thrown error, an action outside the grammar and a refused one each fail one run; the rest go on (exit 1)', async () => {
    const at = folder('flaky', {
      'flaky.mjs':
        'export default function createAgent(ctx) {\n' +
        '  return {\n' +
        '    act(view) {\n' +
        "      if (ctx.seed === 2 && view.step === 2) throw new Error('boom on seed 2');\n" +
        "      if (ctx.seed === 3) return { type: 'fly' };\n" +
        "      if (ctx.seed === 4) return { type: 'move', direction: 'n', extra: 1 };\n" +
        '      return view.legalActions[0];\n' +
        '    },\n' +
        '  };\n' +
        '}\n',
    });
    const out = join(at, 'runs.jsonl');
    const r = await gameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1-5',
      '--workers',
      '2',
      '--agent',
      join(at, 'flaky.mjs'),
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^failed\s+3 \(seeds 2, 3, 4\)/m);
    expect(r.stdout).toMatch(/seed 2: agent_error: the agent threw: boom on seed 2/);
    expect(r.stdout).toMatch(/seed 3: invalid_action: .*"fly"/);
    const lines = jsonl(out);
    expect(lines[0]).toMatchObject({
      kind: 'header',
      game: 'whirlyard',
      rulesVersion: registry.get('whirlyard')!.spec.rulesVersion,
      agent: join(at, 'flaky.mjs'),
      suite: null,
      seeds: [1, 2, 3, 4, 5],
      budget: { limit: 1000, unit: 'actions' },
      maxSteps: null,
      gameboardVersion: '0.1.0',
      node: process.version,
    });
    expect(typeof lines[0].startedAt).toBe('string');
    expect(lines[0].commit === null || /^[0-9a-f]{40}$/.test(String(lines[0].commit))).toBe(true);
    expect(lines[0].cpus).toBeGreaterThan(0);
    const runs = lines.filter((l) => l.kind === 'run');
    expect(runs.map((x) => x.seed).sort()).toEqual([1, 2, 3, 4, 5]);
    const bySeed = new Map(runs.map((x) => [x.seed, x]));
    expect(bySeed.get(2)!.outcome).toEqual({
      kind: 'error',
      reason: 'agent_error',
      message: 'the agent threw: boom on seed 2',
    });
    expect(bySeed.get(2)!.steps).toBe(2);
    expect((bySeed.get(3)!.outcome as { reason: string }).reason).toBe('invalid_action');
    expect((bySeed.get(4)!.outcome as { reason: string }).reason).toBe('invalid_action');
    expect(bySeed.get(1)!.actions).toBeInstanceOf(Array);
    const summary = lines[lines.length - 1];
    expect(summary).toMatchObject({ kind: 'summary', runs: 5, completed: 2, failed: 3, failedSeeds: [2, 3, 4] });
    for (const k of ['mean', 'std', 'standardError', 'min', 'p10', 'median', 'p90', 'max'])
      expect(summary).toHaveProperty(k);
    expect(summary.ci95).toHaveLength(2);
    expect(summary.outcomes).toMatchObject({ 'error:agent_error': 1, 'error:invalid_action': 2 });
  }, 120_000);

  it('an action in the grammar that the game refuses fails its run as refused_action', async () => {
    // A move the game does not list now (into a wall, off the yard) is in the grammar but refused.
    const at = folder('refused', {
      'refused.mjs':
        'export default (ctx) => ({ act(view) {\n' +
        '  if (ctx.seed === 1) { for (const d of ["n","s","e","w","ne","nw","se","sw"]) {\n' +
        '    const a = { type: "move", direction: d };\n' +
        '    if (!view.legalActions.some((l) => JSON.stringify(l) === JSON.stringify(a))) return a; } }\n' +
        '  return view.legalActions[0]; } });\n',
    });
    const r = await gameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1,2',
      '--workers',
      '0',
      '--agent',
      join(at, 'refused.mjs'),
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/seed 1: refused_action: /);
  }, 60_000);

  it("an agent's EvaluationAbort stops the evaluation: one line, exit 1, the file has header, finished runs and summary", async () => {
    const at = folder('abort', {
      'abort.mjs':
        'export default (ctx) => ({ act(view) {\n' +
        "  if (ctx.seed === 4) { const e = new Error('the endpoint http://127.0.0.1:9/v1 answered 401'); e.name = 'EvaluationAbort'; throw e; }\n" +
        '  return view.legalActions[0]; } });\n',
    });
    for (const workers of ['0', '2']) {
      const out = join(at, `abort-${workers}.jsonl`);
      const r = await gameboard([
        'eval',
        '--game',
        'whirlyard',
        '--seeds',
        '1-30',
        '--workers',
        workers,
        '--agent',
        join(at, 'abort.mjs'),
        '--out',
        out,
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('gameboard: the endpoint http://127.0.0.1:9/v1 answered 401\n');
      const lines = jsonl(out);
      expect(lines[0].kind).toBe('header');
      const summary = lines[lines.length - 1];
      expect(summary).toMatchObject({ kind: 'summary', aborted: 'the endpoint http://127.0.0.1:9/v1 answered 401' });
      const runs = lines.filter((l) => l.kind === 'run');
      expect(runs.length).toBeLessThan(30);
      expect(summary.runs).toBe(runs.length);
      for (const x of runs) expect((x.outcome as { kind: string }).kind).not.toBe('error');
    }
  }, 120_000);
});

/** An agent that waits `ms` before each move (the first legal action), like one waiting on a model. */
const slowAgent = (ms: number) =>
  `export default () => ({ async act(view) { await new Promise((r) => setTimeout(r, ${ms})); return view.legalActions[0]; } });\n`;

/** Resolves once `test()` holds, polling every 100 ms (rejects after `ms`). */
async function until(test: () => boolean, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The run lines in `path` so far (0 when the file is not there yet). */
function runLines(path: string): number {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"kind":"run"')).length;
  } catch {
    return 0;
  }
}

describe('Ctrl-C, --resume and progress', () => {
  for (const workers of ['2', '0']) {
    it(`Ctrl-C (--workers ${workers}): exit 130 within seconds, finished runs and an interrupted summary in the file; --resume plays the rest`, async () => {
      const at = folder(`interrupt-${workers}`, { 'slow.mjs': slowAgent(150) });
      const out = join(at, 'runs.jsonl');
      const args = [
        'eval',
        '--game',
        'whirlyard',
        '--seeds',
        '1-30',
        '--workers',
        workers,
        '--agent',
        join(at, 'slow.mjs'),
      ];
      const ev = startGameboard([...args, '--out', out], { GAMEBOARD_PROGRESS_SECONDS: '1' });
      await until(() => runLines(out) >= 2);
      const sentAt = Date.now();
      ev.interrupt();
      const r = await ev.done;
      expect(r.code, r.stderr).toBe(130);
      expect(Date.now() - sentAt).toBeLessThan(5_000);
      // Piped, progress came on stderr: runs done of the total, the mean so far, the time left.
      expect(r.stderr).toMatch(/^progress: \d+\/30 runs, mean score [\d.-]+, .* elapsed, ETA /m);
      const lines = jsonl(out);
      const runs = lines.filter((l) => l.kind === 'run');
      const summary = lines[lines.length - 1];
      expect(summary).toMatchObject({ kind: 'summary', interrupted: true, runs: runs.length });
      expect(runs.length).toBeGreaterThanOrEqual(2);
      expect(runs.length).toBeLessThan(30);
      expect(r.stdout).toMatch(/^interrupted\s+after \d+ of 30 runs/m);

      // The same command with --resume: only the missing seeds, appended, a summary over all 30.
      const resumed = await gameboard([...args, '--resume', out]);
      expect(resumed.code, resumed.stderr).toBe(0);
      const after = jsonl(out);
      const allRuns = after.filter((l) => l.kind === 'run');
      expect(allRuns.map((x) => x.seed).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      expect(after.filter((l) => l.kind === 'header')).toHaveLength(1);
      expect(after.slice(0, lines.length)).toEqual(lines);
      expect(after[after.length - 1]).toMatchObject({ kind: 'summary', runs: 30, completed: 30 });
      expect(after[after.length - 1].interrupted).toBeUndefined();
      expect(resumed.stdout).toMatch(
        new RegExp(`resumed\\s+${runs.length} runs were in .*; ${30 - runs.length} played now`),
      );
    }, 240_000);
  }

  it('a SIGINT to the gameboard command alone (kill -INT, nohup) interrupts it the same way', async () => {
    const at = folder('interrupt-kill', { 'slow.mjs': slowAgent(150) });
    const out = join(at, 'runs.jsonl');
    const ev = startGameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1-30',
      '--workers',
      '0',
      '--agent',
      join(at, 'slow.mjs'),
      '--out',
      out,
    ]);
    await until(() => runLines(out) >= 1);
    ev.interruptCommand();
    const r = await ev.done;
    expect(r.code, r.stderr).toBe(130);
    const lines = jsonl(out);
    expect(lines[lines.length - 1]).toMatchObject({ kind: 'summary', interrupted: true });
  }, 120_000);

  it('--resume refuses a file of another game, agent, options, seed list or budget (exit 2, one line)', async () => {
    const at = folder('refuse', { 'slow.mjs': slowAgent(0) });
    const out = join(at, 'runs.jsonl');
    const base = ['eval', '--game', 'whirlyard', '--seeds', '1-3', '--workers', '0'];
    const made = await gameboard([...base, '--out', out]);
    expect(made.code, made.stderr).toBe(0);
    const cases: [string, string[], RegExp][] = [
      [
        'another game',
        ['eval', '--game', 'cragwake', '--seeds', '1-3', '--workers', '0'],
        /game "whirlyard" against "cragwake"/,
      ],
      ['another agent', [...base, '--agent', join(at, 'slow.mjs')], /agent "random" against/],
      [
        'other seeds',
        ['eval', '--game', 'whirlyard', '--seeds', '1-4', '--workers', '0'],
        /seeds \[1,2,3\] against \[1,2,3,4\]/,
      ],
      ['another budget', [...base, '--max-steps', '5'], /budget .* against/],
      ['other agent options', [...base, '--model', 'x'], /agentOptions .* against/],
    ];
    const before = readFileSync(out, 'utf8');
    for (const [label, args, why] of cases) {
      const r = await gameboard([...args, '--resume', out]);
      expect(r.code, label).toBe(2);
      expect(r.stderr, label).toMatch(/^gameboard: Cannot resume .*runs\.jsonl: it was made with another setup/);
      expect(r.stderr, label).toMatch(why);
      expect(r.stderr.trim().split('\n'), label).toHaveLength(1);
    }
    expect(readFileSync(out, 'utf8')).toBe(before);
    // A file made under another rules version.
    const older = join(at, 'older.jsonl');
    writeFileSync(older, before.replace(/"rulesVersion":"[^"]+"/, '"rulesVersion":"whirlyard-0"'));
    const r = await gameboard([...base, '--resume', older]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/rulesVersion "whirlyard-0" against/);
  }, 240_000);
});

describe('--trajectories', () => {
  it("one line per step: seed, step, action, reward, score, legal-action count, observation, and the agent's stepInfo", async () => {
    const at = folder('trajectories', {
      'informed.mjs':
        'export default (ctx) => { let n = 0; return {\n' +
        '  act(view) { n++; return view.legalActions[view.legalActions.length - 1]; },\n' +
        '  stepInfo() { return { prompt: `seed ${ctx.seed} move ${n}`, latencyMs: 1 }; },\n' +
        '}; };\n',
    });
    const out = join(at, 'runs.jsonl');
    const steps = join(at, 'steps.jsonl');
    const args = [
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1-3',
      '--max-steps',
      '40',
      '--agent',
      join(at, 'informed.mjs'),
    ];
    const r = await gameboard([...args, '--workers', '2', '--out', out, '--trajectories', steps]);
    expect(r.code, r.stderr).toBe(0);
    const runs = jsonl(out).filter((l) => l.kind === 'run');
    const lines = jsonl(steps);
    const game = registry.get('whirlyard')!;
    for (const run of runs) {
      const mine = lines.filter((l) => l.seed === run.seed);
      expect(mine).toHaveLength(Number(run.steps));
      expect(mine.map((l) => l.step)).toEqual(mine.map((_, i) => i));
      expect(mine.map((l) => l.action)).toEqual(run.actions);
      expect(mine[mine.length - 1].score).toBe(run.score);
      expect(mine.reduce((s, l) => s + Number(l.reward), 0)).toBe(
        Number(run.score) - game.score(game.init(Number(run.seed))),
      );
      // The observation the agent saw before each move, as the engine renders it.
      let state = game.init(Number(run.seed));
      for (const l of mine) {
        expect(l.observation).toBe(game.observe(state).text);
        expect(l.legalActions).toBe(game.legalActions(state).length);
        const next = game.step(state, l.action as never);
        if (!next.ok) throw new Error('the recorded action does not replay');
        state = next.state;
        expect(l.score).toBe(game.score(state));
      }
      expect(mine[0]).toMatchObject({ prompt: `seed ${run.seed} move 1`, latencyMs: 1 });
    }
    const bare = join(at, 'bare.jsonl');
    const again = await gameboard([...args, '--workers', '0', '--trajectories', bare, '--no-observations']);
    expect(again.code, again.stderr).toBe(0);
    const bareLines = jsonl(bare);
    expect(bareLines).toHaveLength(lines.length);
    for (const l of bareLines) expect(l).not.toHaveProperty('observation');
  }, 120_000);
});

describe('--concurrency', () => {
  it('several runs in flight per thread (and over --workers) give the same runs as one at a time', async () => {
    const at = folder('concurrency', {
      'waits.mjs':
        'export default (ctx) => ({ async act(view) {\n' +
        '  await new Promise((r) => setTimeout(r, (ctx.seed * 7) % 5));\n' +
        '  return view.legalActions[(ctx.seed + view.step) % view.legalActions.length];\n' +
        '} });\n',
    });
    const key = (path: string) =>
      jsonl(path)
        .filter((l) => l.kind === 'run')
        .map((l) => [l.seed, l.score, l.steps, l.outcome])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    const outs: string[] = [];
    for (const [workers, concurrency] of [
      ['0', '1'],
      ['0', '5'],
      ['2', '3'],
    ]) {
      const out = join(at, `c-${workers}-${concurrency}.jsonl`);
      const r = await gameboard([
        'eval',
        '--game',
        'cragwake',
        '--seeds',
        '1-12',
        '--max-steps',
        '30',
        '--workers',
        workers,
        '--concurrency',
        concurrency,
        '--agent',
        join(at, 'waits.mjs'),
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      outs.push(out);
    }
    expect(key(outs[1])).toEqual(key(outs[0]));
    expect(key(outs[2])).toEqual(key(outs[0]));
    expect(key(outs[0])).toHaveLength(12);
  }, 180_000);
});
