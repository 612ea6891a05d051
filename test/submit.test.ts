/**
 * `gameboard submit` and `gameboard eval --submit-evaluation` end to end, as processes against a real
 * server process with a SQLite data folder: a result file of the dev suite is published with its
 * label and shown on the benchmark board; a tampered file is refused naming its seed (exit 1); a file
 * of seeds outside a suite is refused at the door (exit 2); the name's key is kept and used again.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameboard } from './helpers/cli.js';
import { killAll, startServer, type Started } from './helpers/server.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dir = mkdtempSync(join(tmpdir(), 'gameboard-submit-'));
const env = { GAMEBOARD_KEY_FILE: join(dir, 'keys.json') };
let server: Started;

beforeAll(async () => {
  server = await startServer({ GAMEBOARD_DATA_DIR: join(dir, 'data'), GAMEBOARD_RATE_LIMIT: 'off' });
});
afterAll(async () => {
  await server?.stop();
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const board = async (slug: string): Promise<Body> => (await fetch(`${server.url}/api/games/${slug}/benchmarks`)).json();

describe('gameboard submit', () => {
  it('publishes a whole dev suite with its label, and refuses a tampered copy naming the seed', async () => {
    const out = join(dir, 'cragwake.jsonl');
    const ran = await gameboard(['eval', '--game', 'cragwake', '--suite', 'dev', '--workers', '1', '--out', out]);
    expect(ran.code, ran.stderr).toBe(0);
    const label = 'org/random-baseline (menu, t=0)';
    const sent = await gameboard(
      ['submit', out, '--label', label, '--name', 'Submit Lab', '--server', server.url, '--note', 'e2e'],
      { env },
    );
    expect(sent.code, sent.stderr + sent.stdout).toBe(0);
    expect(sent.stdout).toMatch(/published: mean [\d.]+ \(95% CI/);
    expect(sent.stderr).toContain('the name Submit Lab is now yours');
    const kept = JSON.parse(readFileSync(env.GAMEBOARD_KEY_FILE, 'utf8')) as Body;
    expect(JSON.stringify(kept)).toContain('Submit Lab');
    const rows = (await board('cragwake')).rows as Body[];
    const row = rows.find((r) => r.label === label)!;
    expect(row).toMatchObject({ owner: 'Submit Lab', suite: 'dev', runs: 20, meta: { note: 'e2e' } });
    const scores = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Body)
      .filter((l) => l.kind === 'run')
      .map((l) => l.score as number);
    expect(row.mean).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 9);

    // The same name again (its kept key is used) with one run's score raised.
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Body);
    const victim = lines.filter((l) => l.kind === 'run')[3];
    victim.score += 1;
    const bad = join(dir, 'tampered.jsonl');
    writeFileSync(bad, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const refused = await gameboard(
      ['submit', bad, '--label', 'tampered', '--name', 'Submit Lab', '--server', server.url],
      { env },
    );
    expect(refused.code, refused.stderr + refused.stdout).toBe(1);
    expect(refused.stdout).toContain(`refused: The run of seed ${victim.seed as number}`);

    // Seeds outside a published suite: refused at the door, a user's mistake.
    const seeds = join(dir, 'seeds.jsonl');
    const some = await gameboard(['eval', '--game', 'cragwake', '--seeds', '1-3', '--workers', '1', '--out', seeds]);
    expect(some.code, some.stderr).toBe(0);
    const door = await gameboard(['submit', seeds, '--label', 'x', '--name', 'Submit Lab', '--server', server.url], {
      env,
    });
    expect(door.code).toBe(2);
    expect(door.stderr).toContain('invalid_evaluation');
  });

  it('eval --ranked plays held-out sessions, resumes, and goes on the board as held-out', async () => {
    const out = join(dir, 'held-out.jsonl');
    const common = ['--game', 'cragwake', '--server', server.url, '--name', 'Held Lab'];
    const ran = await gameboard(
      [
        'eval',
        ...common,
        '--ranked',
        '3',
        '--concurrency',
        '2',
        '--out',
        out,
        '--submit-evaluation',
        'acme/random held-out',
      ],
      { env },
    );
    expect(ran.code, ran.stderr + ran.stdout).toBe(0);
    expect(ran.stdout).toContain('published');
    const lines = () =>
      readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Body);
    const runs = lines().filter((l) => l.kind === 'run');
    expect(runs).toHaveLength(3);
    for (const r of runs) {
      expect(r.seed).toMatch(/^[0-9a-f]{32}$/); // revealed once the session ended
      expect(r.session).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    expect(lines()[0]).toMatchObject({ kind: 'header', suite: 'held-out' });
    const row = ((await board('cragwake')).rows as Body[]).find((r) => r.label === 'acme/random held-out')!;
    expect(row).toMatchObject({ owner: 'Held Lab', suite: 'held-out', runs: 3, normalised: null });
    const mean = runs.reduce((a, r) => a + (r.score as number), 0) / runs.length;
    expect(row.mean).toBeCloseTo(mean, 9);
    const detail = (await (await fetch(`${server.url}/api/evaluations/${row.id as string}`)).json()) as Body;
    expect(detail.runs.map((r: Body) => r.replayUrl)).toEqual(runs.map((r) => `/replay?run=${r.session as string}`));

    // Resumed: one session more, the three kept.
    const more = await gameboard(['eval', ...common, '--ranked', '4', '--resume', out], { env });
    expect(more.code, more.stderr + more.stdout).toBe(0);
    const four = lines().filter((l) => l.kind === 'run');
    expect(four).toHaveLength(4);
    expect(four.slice(0, 3)).toEqual(runs);
    // Leaving a session out is refused: every session between the first and the last counts.
    const partial = join(dir, 'partial.jsonl');
    writeFileSync(
      partial,
      lines()
        .filter((l, i) => i !== 2)
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    const left = await gameboard(
      ['submit', partial, '--label', 'cherry-picked', '--name', 'Held Lab', '--server', server.url],
      {
        env,
      },
    );
    expect(left.code).toBe(2);
    expect(left.stderr).toContain('every session counts');
  });

  it('eval --submit-evaluation plays the suite and puts it on the board', async () => {
    const ran = await gameboard(
      [
        'eval',
        '--game',
        'delvewick',
        '--suite',
        'dev',
        '--server',
        server.url,
        '--workers',
        '4',
        '--submit-evaluation',
        'acme/random',
        '--name',
        'Eval Lab',
      ],
      { env },
    );
    expect(ran.code, ran.stderr + ran.stdout).toBe(0);
    expect(ran.stdout).toContain('published');
    const rows = (await board('delvewick')).rows as Body[];
    expect(rows.find((r) => r.label === 'acme/random')).toMatchObject({ owner: 'Eval Lab', suite: 'dev', runs: 20 });
    const missing = await gameboard(['eval', '--game', 'delvewick', '--suite', 'dev', '--submit-evaluation', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--submit-evaluation needs --server');
  });
});
