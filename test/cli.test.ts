/**
 * The `gameboard` command, run as a subprocess the way a user runs it: help, bad arguments (exit 2,
 * the usage, no stack trace), games, eval in-process and against a real server (with --submit and
 * --out), user agent modules, play with piped input, and replay verify / show.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random } from '../src/agents/random.js';
import { meterFor } from '../src/agents/budgets.js';
import { playRun } from '../src/agents/play.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { DEFAULT_RATE_LIMITS } from '../src/server/config.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { commandFor, ROOT } from './helpers/cli.js';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `gameboard ...args` (stdin from `input`), never throwing; keys are kept in the test's own key file. */
function gameboard(args: string[], input?: string, env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [commandFor(args), ...args],
      {
        cwd: ROOT,
        timeout: 120_000,
        env: {
          ...process.env,
          NO_COLOR: '1',
          GAMEBOARD_KEY_FILE: keyFile,
          GAMEBOARD_PROGRESS_SECONDS: '3600',
          ...env,
        },
      },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

let dir: string;
let keyFile: string;
let app: FastifyInstance;
let store: SqliteRunStore;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gameboard-cli-'));
  keyFile = join(dir, 'keys.json');
  store = new SqliteRunStore(':memory:');
  app = await buildApp({ sealer: new StateSealer(['cli-test-secret-0123456789abc']), store, webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A stack trace line, which a user should never see for a mistake. */
const STACK = /^\s+at .+:\d+:\d+\)?$/m;

describe.concurrent('gameboard: arguments', () => {
  it('--help lists every command and exits 0', async () => {
    const r = await gameboard(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['serve', 'games', 'play', 'eval', 'compare', 'replay', 'mcp']) expect(r.stdout).toContain(c);
  });

  const bad: [string, string[], RegExp][] = [
    ['an unknown game', ['eval', '--game', 'chess', '--suite', 'dev'], /no game "chess"/],
    ['neither a suite nor seeds', ['eval', '--game', 'whirlyard'], /exactly one of --suite/],
    ['both a suite and seeds', ['eval', '--game', 'whirlyard', '--suite', 'dev', '--seeds', '1-3'], /exactly one/],
    ['an unknown suite', ['eval', '--game', 'whirlyard', '--suite', 'big'], /Allowed choices are dev, test/],
    ['a bad seed range', ['eval', '--game', 'whirlyard', '--seeds', '9-3'], /not a range of seeds/],
    ['--submit without --server', ['eval', '--game', 'whirlyard', '--seeds', '1', '--submit', 'x'], /needs --server/],
    [
      'a player name with an emoji',
      ['eval', '--game', 'whirlyard', '--seeds', '1', '--submit', 'Fox 🦊'],
      /a player name is 1 to 32 characters: letters and digits of any script.*no emoji or other symbols; got "Fox 🦊"/,
    ],
    [
      'a results file of another kind',
      ['eval', '--game', 'whirlyard', '--seeds', '1', '--out', 'r.txt'],
      /\.json or \.csv/,
    ],
    ['an unknown option', ['games', '--colour'], /unknown option '--colour'/],
    ['an unknown command', ['evaluate'], /unknown command 'evaluate'/],
    ['an unknown agent', ['eval', '--game', 'whirlyard', '--seeds', '1', '--agent', 'genius'], /no agent "genius"/],
  ];
  for (const [name, args, message] of bad) {
    it(`${name}: a clear message, exit code 2, no stack trace`, async () => {
      const r = await gameboard(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(STACK);
    });
  }

  it('shows the usage after an argument error', async () => {
    const r = await gameboard(['eval', '--game', 'chess', '--suite', 'dev']);
    expect(r.stderr).toContain('Usage: gameboard eval');
  });
});

describe('gameboard games', () => {
  it('lists every game', async () => {
    const r = await gameboard(['games', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { slug: string }[]).map((g) => g.slug)).toEqual(registry.slugs());
  });
});

describe('gameboard eval', () => {
  it('in-process on worker threads: the same runs as playRun, summarised and saved', async () => {
    const out = join(dir, 'cragwake.json');
    const r = await gameboard(['eval', '--game', 'cragwake', '--seeds', '1-4', '--workers', '2', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/runs\s+4\n/);
    expect(r.stdout).toMatch(/pitch mean \/ max/);
    const saved = JSON.parse(readFileSync(out, 'utf8')) as {
      runs: { seed: number; score: number; steps: number; actions: unknown[] }[];
      summary: { mean: number; max: number };
    };
    const game = registry.get('cragwake')!;
    const expected = [];
    for (const seed of [1, 2, 3, 4]) expected.push(await playRun(game, random, seed, { budget: meterFor('cragwake') }));
    expect(saved.runs.map((x) => [x.seed, x.score, x.steps])).toEqual(expected.map((x) => [x.seed, x.score, x.steps]));
    expect(saved.runs[0].actions).toEqual(expected[0].actions);
    const scores = expected.map((x) => x.score);
    expect(saved.summary.max).toBe(Math.max(...scores));
    expect(saved.summary.mean).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 2);
  });

  it('a user agent module (.ts), capped by --max-steps, written as CSV', async () => {
    const out = join(dir, 'whirlyard.csv');
    const r = await gameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '5,6',
      '--workers',
      '1',
      '--agent',
      './test/fixtures/agents/keep-going.ts',
      '--max-steps',
      '3',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    const head = lines[0].split(',');
    expect(head.slice(0, 10)).toEqual([
      'game',
      'rulesVersion',
      'agent',
      'seed',
      'score',
      'steps',
      'progress',
      'outcome',
      'reason',
      'message',
    ]);
    expect(head).toEqual(expect.arrayContaining(['suite', 'budget', 'budgetUnit', 'gameboardVersion', 'commit']));
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) {
      const cells = Object.fromEntries(line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((c, i) => [head[i], c]));
      expect(cells.rulesVersion).toBe(registry.get('whirlyard')!.spec.rulesVersion);
      expect(cells.budget).toBe('3');
      expect(Number(cells.steps)).toBeLessThanOrEqual(3);
      if (Number(cells.steps) === 3) expect([cells.outcome, cells.reason]).toEqual(['truncated', 'budget']);
    }
  });

  it('against a server with --submit: the runs match in-process ones and go on the open board', async () => {
    // A Unicode name, its accent written as a combining mark: the CLI sends and keeps its NFKC form.
    const NAME = 'clì-bøt-李';
    const r = await gameboard([
      'eval',
      '--game',
      'delvewick',
      '--seeds',
      '10-12',
      '--server',
      base,
      '--workers',
      '2',
      '--submit',
      NAME.normalize('NFD'),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`submitted 3 runs as ${NAME}`);
    // The name was new: it is claimed, its key printed once on stderr and kept in the key file.
    const key = r.stderr.match(new RegExp(`the name ${NAME} is now yours on .*\\n(\\S+)\\n$`))?.[1];
    expect(key, r.stderr).toBeDefined();
    const kept = JSON.parse(readFileSync(keyFile, 'utf8')) as {
      servers: Record<string, Record<string, { key: string }>>;
    };
    expect(kept.servers[base][NAME].key).toBe(key);
    const again = (more: string[], env: NodeJS.ProcessEnv = {}) =>
      gameboard(['eval', '--game', 'delvewick', '--seeds', '13', '--server', base, '--submit', NAME, ...more], '', env);
    // Another machine (another key file) without the key: refused before any run, exit 2.
    const refused = await again([], { GAMEBOARD_KEY_FILE: join(dir, 'other-keys.json') });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`The name "${NAME}" is taken on .*no key for it was given`));
    expect(refused.stdout).toBe('');
    // Here, the kept key is used again.
    const reused = await again([]);
    expect(reused.stderr).toBe('');
    expect(reused.code).toBe(0);
    const owned = await again(['--player-key', key!], { GAMEBOARD_KEY_FILE: join(dir, 'other-keys.json') });
    expect(owned.stderr).toBe('');
    expect(owned.code).toBe(0);
    const board = (await (await fetch(`${base}/api/games/delvewick/leaderboard?kind=agent&limit=10`)).json()) as {
      agent: { player: { name: string }; score: number; seed: number }[];
    };
    const game = registry.get('delvewick')!;
    const expected = await Promise.all([10, 11, 12].map((s) => playRun(game, random, s)));
    // One entry per player per board at most; whatever is kept is one of these runs, with its score.
    const mine = board.agent.filter((e) => e.player.name === NAME);
    expect(mine.length).toBeGreaterThan(0);
    for (const e of mine) expect(expected.find((x) => x.seed === e.seed)?.score).toBe(e.score);
  });

  it('against a rate-limited server: waits as told, finishes, and says the server slowed it', async () => {
    const limited = await buildApp({
      sealer: new StateSealer(['cli-test-secret-0123456789abc']),
      webRoot: null,
      rateLimits: { ...DEFAULT_RATE_LIMITS, action: { max: 10, windowMs: 1000 } },
    });
    await limited.listen({ port: 0, host: '127.0.0.1' });
    try {
      const addr = limited.server.address() as { port: number };
      const r = await gameboard([
        'eval',
        '--game',
        'cragwake',
        '--agent',
        './test/fixtures/agents/keep-going.ts',
        '--seeds',
        '1',
        '--max-steps',
        '25',
        '--server',
        `http://127.0.0.1:${addr.port}`,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^runs\s+1$/m);
      expect(r.stderr).toMatch(/the server rate-limited \d+ requests; .*GAMEBOARD_RATE_LIMIT=off/);
    } finally {
      await limited.close();
    }
  });

  it('against a server, a refused action and a thrown error fail their runs only (exit 1), in a .jsonl file', async () => {
    const agent = join(dir, 'server-flaky.mjs');
    writeFileSync(
      agent,
      'export default (ctx) => ({ act(view) {\n' +
        "  if (ctx.seed === 2) throw new Error('no idea');\n" +
        '  if (ctx.seed === 3) { for (const d of ["n","s","e","w","ne","nw","se","sw"]) {\n' +
        '    const a = { type: "move", direction: d };\n' +
        '    if (!view.legalActions.some((l) => JSON.stringify(l) === JSON.stringify(a))) return a; } }\n' +
        '  return view.legalActions[0]; } });\n',
    );
    const out = join(dir, 'server-flaky.jsonl');
    const r = await gameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1-4',
      '--server',
      base,
      '--concurrency',
      '2',
      '--agent',
      agent,
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(1);
    const runs = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; seed: number; outcome: { kind: string; reason: string } })
      .filter((l) => l.kind === 'run');
    const bySeed = new Map(runs.map((x) => [x.seed, x.outcome]));
    expect(bySeed.get(2)).toMatchObject({ kind: 'error', reason: 'agent_error' });
    expect(bySeed.get(3)).toMatchObject({ kind: 'error', reason: 'refused_action' });
    expect(bySeed.get(1)!.kind).not.toBe('error');
    expect(bySeed.get(4)!.kind).not.toBe('error');
    expect(r.stdout).toMatch(/^ran\s+server .*, 2 at a time$/m);
  });

  it('refuses an agent that reads the engine state with --server', async () => {
    const r = await gameboard([
      'eval',
      '--game',
      'whirlyard',
      '--seeds',
      '1',
      '--server',
      base,
      '--agent',
      './test/fixtures/agents/peeks.ts',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needsState/);
    expect(r.stderr).not.toMatch(STACK);
  });

  it('says so in one line when the server cannot be reached', async () => {
    const r = await gameboard(['eval', '--game', 'whirlyard', '--seeds', '1', '--server', 'http://127.0.0.1:9']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:9\/.*\(network\)/);
    expect(r.stderr).not.toMatch(STACK);
  });
});

describe('gameboard play and replay', () => {
  it('plays from piped input (a number, a key, an action as JSON), saves the run, and replay verifies it', async () => {
    const save = join(dir, 'played.json');
    const r = await gameboard(
      ['play', 'delvewick', '--seed', '3', '--save', save],
      '1\n.\n{"type":"wait"}\n99\nquit\n',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Delvewick, level 1');
    expect(r.stdout).toMatch(/1\) move dir=\w+/);
    expect(r.stdout).toContain('(pick a number from 1 to');
    const run = JSON.parse(readFileSync(save, 'utf8')) as { seed: number; actions: { type: string }[] };
    expect(run.seed).toBe(3);
    expect(run.actions).toHaveLength(3);
    expect(run.actions.slice(1)).toEqual([{ type: 'wait' }, { type: 'wait' }]);

    const v = await gameboard(['replay', 'verify', save]);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^valid delvewick run .* seed 3: 3 actions, score \d+/);

    const show = await gameboard(['replay', 'show', save, '--step', '1']);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('step 1 of 3');
    expect(show.stdout).toContain('next action: {"type":"wait"}');
  });

  it('plays Briarwink in tick batches', async () => {
    const save = join(dir, 'briarwink.json');
    const r = await gameboard(
      ['play', 'briarwink', '--seed', '9', '--save', save, '--batch', '4'],
      'start\nd\n. 7\nquit\n',
    );
    expect(r.code).toBe(0);
    const run = JSON.parse(readFileSync(save, 'utf8')) as { actions: unknown[] };
    expect(run.actions).toEqual([
      { type: 'start' },
      { type: 'tick', move: 'right', plant: false, count: 4 },
      { type: 'tick', move: null, plant: false, count: 7 },
    ]);
  });

  it('replay verify rejects a run that does not replay, with exit code 1', async () => {
    const path = join(dir, 'forged.json');
    const spec = registry.get('delvewick')!.spec;
    const actions = Array.from({ length: 400 }, () => ({ type: 'move', dir: 'up' }));
    writeFileSync(path, JSON.stringify({ game: 'delvewick', rulesVersion: spec.rulesVersion, seed: 1, actions }));
    const r = await gameboard(['replay', 'verify', path]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^INVALID: action \d+/);
  });

  it('replay of a file that is not a run: exit 2 and a message', async () => {
    const path = join(dir, 'nothing.json');
    writeFileSync(path, '{"hello": 1}');
    const r = await gameboard(['replay', 'show', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a run');
    expect(r.stderr).not.toMatch(STACK);
  });
});
