/**
 * The Python client (the package in clients/python, installed into a venv the test run makes) against
 * a real server: a script plays every game, forks, hits each error code and drives the Gymnasium
 * environment with dict actions; this test replays what it played on the engines and checks every
 * figure it reports.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameAction } from '../src/core/game.js';
import { replay, type Run } from '../src/core/replay.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { hasPython, pythonVenv } from './helpers/python-venv.js';

const SCRIPT = fileURLToPath(new URL('./python/check_client.py', import.meta.url));

interface Report {
  games: string[];
  runs: { run: Run; score: number; outcome: unknown; observation: unknown; submitted: number }[];
  errors: Record<string, unknown[] | number>;
  kept_key: boolean;
  fork: [Run, Run, number, number];
  env: {
    rewards: number[];
    score: number;
    terminated: boolean;
    truncated: boolean;
    steps: number;
    run: Run;
    legal_in_info: boolean;
    is_gym: boolean;
  };
  keep_alive: [number, boolean, number];
  ranked: Record<string, unknown>;
}

/** The replayed state of a run, or a failure naming it. */
function replayed(run: Run) {
  const game = registry.get(run.game)!;
  const r = replay(game, run);
  if (!r.ok) throw new Error(`the Python client's ${run.game} run does not replay: ${r.message}`);
  return { game, ...r };
}

describe.skipIf(!hasPython)(hasPython ? 'Python client' : 'Python client (skipped: no python3 on this machine)', () => {
  let app: FastifyInstance;
  let store: SqliteRunStore;
  let report: Report;
  let connections = 0;

  beforeAll(async () => {
    store = new SqliteRunStore(':memory:');
    app = await buildApp({ sealer: new StateSealer(['python-test-secret-0123456789']), store, webRoot: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.server.on('connection', () => connections++);
    const addr = app.server.address();
    if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
    const { python } = await pythonVenv();
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(python, [SCRIPT, `http://127.0.0.1:${addr.port}`], { timeout: 120_000 }, (err, out, errText) =>
        err ? reject(new Error(`python3 failed: ${errText || err.message}`)) : resolve(out),
      ),
    );
    report = JSON.parse(stdout) as Report;
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  it('lists the games', () => {
    expect(report.games).toEqual(registry.slugs());
  });

  it('plays every game: the history replays to the score, observation and outcome it shows', () => {
    expect(report.runs.map((r) => r.run.game)).toEqual(registry.slugs());
    for (const r of report.runs) {
      const { game, state, score, steps } = replayed(r.run);
      expect(steps).toBeGreaterThan(0);
      expect(r.score).toBe(score);
      expect(r.observation).toEqual(game.observe(state));
      expect(r.outcome).toEqual(game.outcome(state));
      expect(r.submitted).toBe(score);
    }
  });

  it('a refusal raises code refused with the reason and leaves the session as it was', () => {
    expect(report.errors.refused).toEqual(['refused', 'unknown_action', true, 0]);
    expect(report.errors.after_refusal).toBe(1);
  });

  it("raises the server's error codes, and network when nothing listens", () => {
    expect(report.errors.unknown_game).toEqual(['unknown_game', 404]);
    expect(report.errors.bad_seed).toEqual(['bad_seed', 400]);
    expect(report.errors.invalid_state).toEqual(['invalid_state', 400]);
    expect(report.errors.network).toEqual(['network', null]);
    expect(report.kept_key, 'the client keeps the key of the name its first submission claimed').toBe(true);
    expect(report.errors.name_owned).toEqual(['name_owned', 403]);
  });

  it('ranked sessions: start (the name claimed, its key kept for the next start), act, refusal, resume, status', () => {
    expect(report.ranked).toEqual({
      id: true,
      step: 1,
      turn_score: expect.any(Number),
      refused: 'refused',
      resumed_step: 1,
      resumed_game: 'whirlyard',
      status_step: 1,
      key_kept: true,
      second: true,
    });
  });

  it('a client keeps one connection alive for all its calls, and replaces one closed under it', () => {
    // [distinct local ports over 10 calls, a new port after the shutdown, games listed after it]
    expect(report.keep_alive).toEqual([1, true, registry.slugs().length]);
    // The script plays well over a hundred calls through five clients: one connection each (two for the
    // one whose connection was shut down), not one a call.
    expect(connections).toBeLessThanOrEqual(6);
  });

  it('fork gives two independent runs from one point', () => {
    const [a, b, scoreA, scoreB] = report.fork;
    expect(a.actions[0]).toEqual(b.actions[0]);
    expect(a.actions).toHaveLength(2);
    expect(b.actions).toHaveLength(2);
    expect(replayed(a).score).toBe(scoreA);
    expect(replayed(b).score).toBe(scoreB);
  });

  it('GameboardEnv: rewards are the score changes, legal actions in info, truncated at max_steps', () => {
    expect(report.env.is_gym, 'GameboardEnv is a gymnasium.Env').toBe(true);
    const env = report.env;
    const { game, state, score } = replayed(env.run);
    expect(env.legal_in_info).toBe(true);
    expect(env.rewards.reduce((a, b) => a + b, 0)).toBe(score);
    expect(env.score).toBe(score);
    expect(env.steps).toBe(env.run.actions.length);
    expect(env.terminated).toBe(game.isGameOver(state));
    expect(env.truncated).toBe(!env.terminated && env.steps === 25);
    // The script played the legal list of the moment, indexed by the step number.
    let s = game.init(env.run.seed);
    env.run.actions.forEach((a: GameAction, i: number) => {
      const legal = game.legalActions(s);
      expect(a).toEqual(legal[i % legal.length]);
      s = (game.step(s, a) as { state: unknown }).state;
    });
  });
});
