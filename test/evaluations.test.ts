/**
 * Benchmark boards through HTTP, on both stores: a result file written by `gameboard eval --suite dev`
 * (the real command, once) is submitted whole to POST /api/evaluations, replayed off the request path
 * and listed on GET /api/games/{slug}/benchmarks with its mean and 95 % interval beside the built-in
 * agents; a file with one tampered run is refused naming that run's seed; an incomplete suite, a file
 * without actions, a long label or note are refused at once; a label with `/` is shown as written; each
 * seed's replay link answers the run; one client has one evaluation replaying at a time. A held-out
 * evaluation of ranked sessions is published from the server's own record, and refused when a session
 * is left out, a score differs, or the sessions are another name's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readResultFile, type ResultFile } from '../src/agents/harness/results.js';
import { seedSuites } from '../src/core/suites.js';
import { buildApp } from '../src/server/app.js';
import { StateSealer } from '../src/server/state/seal.js';
import type { Verdict } from '../src/server/verify/replay.js';
import { VerifyPool } from '../src/server/verify/pool.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import type { RunStore } from '../src/store/store.js';
import { gameboard } from './helpers/cli.js';
import { bothStores } from './helpers/stores.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const pgUrl = inject('postgresUrl');
const dir = mkdtempSync(join(tmpdir(), 'gameboard-evaluations-'));
let file: ResultFile;

beforeAll(async () => {
  const out = join(dir, 'cragwake-dev.jsonl');
  const ran = await gameboard([
    'eval',
    '--game',
    'cragwake',
    '--agent',
    'random',
    '--suite',
    'dev',
    '--workers',
    '1',
    '--out',
    out,
  ]);
  expect(ran.code, ran.stderr).toBe(0);
  file = readResultFile(out);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const copy = (): ResultFile => JSON.parse(JSON.stringify(file)) as ResultFile;
const body = (result: ResultFile, label: string, name: string, extra: Body = {}) => ({
  label,
  player: { name, kind: 'agent' },
  meta: { model: 'org/model-7b', provider: 'local', replyFormat: 'menu', temperature: 0, note: 'a test run' },
  result: { header: result.header, runs: result.runs },
  ...extra,
});

/** The figures the board must show, computed here from the file's own scores. */
function expected(scores: number[]) {
  const n = scores.length;
  const mean = scores.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(scores.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const half = (2.093 * sd) / Math.sqrt(n); // t(0.975, 19 df), the dev suite's 20 runs
  return { mean, ci95: [mean - half, mean + half] };
}

const stores = bothStores(pgUrl);

describe.each(stores)('evaluations and the benchmark board (%s)', (_name, makeStore, skip) => {
  let app: FastifyInstance;
  let store: RunStore;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, key?: string) => {
    const r = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: key ? { 'x-player-key': key } : {},
    });
    return { status: r.statusCode, body: r.json() as Body, raw: r.body.slice(0, 400) };
  };
  /** Polls the evaluation until its replay has ended (published or refused). */
  const settled = async (id: string): Promise<Body> => {
    for (;;) {
      const r = await call('GET', `/api/evaluations/${id}`);
      expect(r.status, r.raw).toBe(200);
      if (r.body.status !== 'replaying') return r.body;
      await new Promise((ok) => setImmediate(ok));
    }
  };

  beforeAll(async () => {
    if (skip) return;
    store = await makeStore();
    app = await buildApp({ sealer: new StateSealer(['evaluations-test-secret-0123456789']), store, webRoot: null });
  });
  afterAll(async () => {
    if (skip) return;
    await app.close();
    await store.close();
  });

  it.skipIf(skip)('accepts a whole suite, replays it, and lists it with its mean and ci95 (label with /)', async () => {
    const label = 'org/model-7b (menu, t=0)';
    const sent = await call('POST', '/api/evaluations', body(file, label, 'Bench Lab'));
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body).toMatchObject({ status: 'replaying', total: 20, label, suite: 'dev', game: 'cragwake' });
    expect(sent.body.playerKey).toMatch(/^pk_/);
    const done = await settled(sent.body.id);
    expect(done.status, done.error).toBe('published');
    const want = expected(file.runs.map((r) => r.score));
    expect(done.figures.mean).toBeCloseTo(want.mean, 9);
    expect(done.figures.ci95[0]).toBeCloseTo(want.ci95[0], 6);
    expect(done.figures.ci95[1]).toBeCloseTo(want.ci95[1], 6);
    expect(done.figures.runs).toBe(20);
    // 0 = random, 100 = heuristic on the dev suite (docs/baselines.md): random's own runs land near 0.
    expect(done.figures.normalised).toBeCloseTo((100 * (want.mean - 224)) / (38905.75 - 224), 9);
    // Per seed, in the suite's order, each with a replay link that answers the run.
    expect(done.runs.map((r: Body) => r.seed)).toEqual(seedSuites('cragwake').dev);
    const first = done.runs[0];
    const run = await call('GET', `/api/runs/${first.replayUrl.replace('/replay?run=', '')}`);
    expect(run.status, run.raw).toBe(200);
    expect(run.body.run.seed).toBe(first.seed);
    expect(run.body.score).toBe(first.score);
    expect(run.body.run.actions).toEqual(file.runs.find((r) => r.seed === first.seed)!.actions);

    const board = await call('GET', '/api/games/cragwake/benchmarks');
    expect(board.status, board.raw).toBe(200);
    const row = board.body.rows.find((r: Body) => r.id === sent.body.id);
    expect(row).toMatchObject({ label, owner: 'Bench Lab', suite: 'dev', runs: 20, kind: 'evaluation' });
    expect(row.mean).toBeCloseTo(want.mean, 9);
    expect(row.ci95[1]).toBeCloseTo(want.ci95[1], 6);
    const builtin = board.body.rows.filter((r: Body) => r.kind === 'builtin').map((r: Body) => r.label);
    expect(builtin).toContain('random (built-in)');
    expect(builtin).toContain('heuristic (built-in)');
    const means = board.body.rows.map((r: Body) => r.mean as number);
    expect(means).toEqual([...means].sort((a, b) => b - a));
    const dev = await call('GET', '/api/games/cragwake/benchmarks?suite=dev');
    expect(dev.body.rows.every((r: Body) => r.suite === 'dev')).toBe(true);
    // The name is owned now: another key cannot submit under it.
    const taken = await call('POST', '/api/evaluations', body(file, 'x', 'Bench Lab'), 'another-key-0123456789abcdef');
    expect(taken.status, taken.raw).toBe(403);
    expect(taken.body.error).toBe('name_owned');
  });

  it.skipIf(skip)('refuses an evaluation with one tampered run, naming its seed', async () => {
    const tampered = copy();
    const victim = seedSuites('cragwake').dev[7];
    const r = tampered.runs.find((x) => x.seed === victim)!;
    r.score += 10;
    const sent = await call('POST', '/api/evaluations', body(tampered, 'too good', 'Tamperer'));
    expect(sent.status, sent.raw).toBe(200);
    const done = await settled(sent.body.id);
    expect(done.status).toBe('refused');
    expect(done.error).toContain(`seed ${victim}`);
    expect(done.runs).toEqual([]);
    const board = await call('GET', '/api/games/cragwake/benchmarks');
    expect(board.body.rows.some((x: Body) => x.id === sent.body.id)).toBe(false);
    // An action changed instead of the score: refused too.
    const moved = copy();
    const other = moved.runs.find((x) => x.seed === seedSuites('cragwake').dev[2])!;
    other.actions = other.actions!.slice(0, -1);
    const again = await call('POST', '/api/evaluations', body(moved, 'cut short', 'Tamperer'), sent.body.playerKey);
    expect(again.status, again.raw).toBe(200);
    const refused = await settled(again.body.id);
    expect(refused.status).toBe('refused');
    expect(refused.error).toContain(`seed ${other.seed}`);
  });

  it.skipIf(skip)('publishes held-out ranked sessions from its own record, refusing one left out', async () => {
    const key = randomBytes(16).toString('base64url'); // a key of one's own: 128 random bits
    const sessions: Body[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await call(
        'POST',
        '/api/games/whirlyard/sessions',
        { player: { name: 'Held Out', kind: 'agent' } },
        key,
      );
      expect(s.status, s.raw).toBe(200);
      const end = await call('POST', `/api/sessions/${s.body.session.id as string}/action`, {
        stateToken: s.body.stateToken,
        action: { type: 'end_run' },
      });
      expect(end.body.session.finished).toBe(true);
      const run = await call('GET', `/api/runs/${s.body.session.id as string}`);
      sessions.push({
        session: s.body.session.id,
        seed: run.body.run.seed,
        score: run.body.score,
        steps: 1,
        outcome: run.body.outcome,
      });
    }
    const held = (runs: Body[]) => ({
      label: 'org/model held-out',
      player: { name: 'Held Out', kind: 'agent' },
      result: { header: { game: 'whirlyard', rulesVersion: 'whirlyard-1', suite: 'held-out', seeds: [] }, runs },
    });
    const left = await call('POST', '/api/evaluations', held([sessions[0], sessions[2]]), key);
    expect(left.status, left.raw).toBe(400);
    expect(left.body.message).toContain(sessions[1].session);
    const wrong = await call('POST', '/api/evaluations', held([{ ...sessions[0], score: 5 }]), key);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('not the 5 recorded');
    const other = await call('POST', '/api/evaluations', {
      ...held(sessions),
      player: { name: 'Someone Else', kind: 'agent' },
    });
    expect(other.status).toBe(400);
    const sent = await call('POST', '/api/evaluations', held(sessions), key);
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body).toMatchObject({ status: 'published', suite: 'held-out', total: 3 });
    const board = await call('GET', '/api/games/whirlyard/benchmarks?suite=held-out');
    expect(board.body.rows).toHaveLength(1);
    expect(board.body.rows[0]).toMatchObject({
      label: 'org/model held-out',
      suite: 'held-out',
      runs: 3,
      normalised: null,
    });
  });

  it.skipIf(skip)('refuses an incomplete suite and bad input at once, with an error code', async () => {
    const partial = copy();
    const dropped = partial.runs.splice(4, 1)[0];
    const r = await call('POST', '/api/evaluations', body(partial, 'partial', 'Partial'));
    expect(r.status, r.raw).toBe(400);
    expect(r.body.error).toBe('invalid_evaluation');
    expect(r.body.message).toContain(`${dropped.seed}`);

    const bare = copy();
    delete bare.runs[0].actions;
    const noActions = await call('POST', '/api/evaluations', body(bare, 'bare', 'Partial'));
    expect(noActions.status).toBe(400);
    expect(noActions.body.message).toContain('no actions');

    const seeds = copy();
    seeds.header.suite = null;
    const noSuite = await call('POST', '/api/evaluations', body(seeds, 'seeds', 'Partial'));
    expect(noSuite.status).toBe(400);
    expect(noSuite.body.error).toBe('invalid_evaluation');

    const long = await call('POST', '/api/evaluations', body(file, 'x'.repeat(101), 'Partial'));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('bad_request');
    const note = await call(
      'POST',
      '/api/evaluations',
      body(file, 'ok', 'Partial', { meta: { note: 'n'.repeat(501) } }),
    );
    expect(note.status).toBe(400);
    expect(note.body.error).toBe('bad_request');
    const game = await call('GET', '/api/games/nogame/benchmarks');
    expect(game.status).toBe(404);
    const none = await call('GET', '/api/evaluations/0123456789abcdef');
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('evaluation_not_found');
  });
});

/** A verifier that holds every replay until released, to see the replay in progress. */
class GatedPool extends VerifyPool {
  private gate!: Promise<void>;
  release!: () => void;
  constructor() {
    super(0);
    this.shut();
  }
  shut(): void {
    this.gate = new Promise((ok) => (this.release = ok));
  }
  override async verify(...args: Parameters<VerifyPool['verify']>): Promise<Verdict> {
    await this.gate;
    return super.verify(...args);
  }
}

describe('one evaluation at a time per client', () => {
  it('refuses a second submission from the same client while the first replays, and shows progress', async () => {
    const store = new SqliteRunStore(':memory:');
    const verifier = new GatedPool();
    const app = await buildApp({ sealer: StateSealer.random(), store, webRoot: null, verifier });
    try {
      const post = (name: string) =>
        app.inject({ method: 'POST', url: '/api/evaluations', payload: body(file, 'gated', name) });
      const first = await post('Gated One');
      expect(first.statusCode, first.body).toBe(200);
      const id = first.json().id as string;
      const second = await post('Gated Two');
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().error).toBe('evaluation_busy');
      const during = (await app.inject({ url: `/api/evaluations/${id}` })).json();
      expect(during).toMatchObject({ status: 'replaying', replayed: 0, total: 20 });
      verifier.release();
      for (;;) {
        const now = (await app.inject({ url: `/api/evaluations/${id}` })).json();
        if (now.status !== 'replaying') {
          expect(now.status).toBe('published');
          break;
        }
        await new Promise((ok) => setImmediate(ok));
      }
      const third = await post('Gated Two');
      expect(third.statusCode, third.body).toBe(200);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
