/**
 * `gameboard eval` as a researcher runs it, as a process: agent modules written to a folder outside
 * the checkout (every extension, with and without a package.json, in this thread and on workers), a
 * failed run that does not stop the others, the streamed `.jsonl` result file, an agent's
 * EvaluationAbort, Ctrl-C and `--resume`, progress when piped, and `--trajectories`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetOf } from '../src/agents/budgets.js';
import { playRun } from '../src/agents/play.js';
import { registry } from '../src/games/index.js';
import { gameboard } from './helpers/cli.js';

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
  const expected = Promise.all(seeds.map((s) => playRun(game, first, s, { budget: budgetOf('whirlyard') })));

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
