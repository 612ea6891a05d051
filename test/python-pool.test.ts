/**
 * The local engine pool behind the Python package's Gymnasium envs (clients/python/src/gameboard/pool.py,
 * local.py; the pool program src/pool/, shipped bundled in the package): installed with the package into
 * the test venv (pip install, no npm), it plays every game exactly as the HTTP server does (a local and
 * an HTTP vector env, and a single env of each, stepped side by side with the same seeds and random
 * masked actions: observations, rewards, flags, masks and infos equal at every step, in next-step and
 * same-step autoreset), its runs replay on the server to the same score, and without Node it says so.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { registry } from '../src/games/index.js';
import { hasPython, pythonVenv } from './helpers/python-venv.js';

const SCRIPT = fileURLToPath(new URL('./python/check_same.py', import.meta.url));

interface Compared {
  diffs: string[];
  ends?: number;
  refused?: number;
  truncated?: number;
  errors?: number;
  /** Masked-out indices sent (none in a game whose every index is always legal: Whirlyard). */
  chosen?: number;
  steps?: number;
  runs?: number;
}
interface Report {
  bundle: string;
  bundle_in_package: boolean;
  unknown_game: unknown;
  games: Record<
    string,
    {
      next_step: Compared;
      same_step: Compared;
      refusals: Compared;
      refusals_same_step: Compared;
      strict_disabled: Compared;
      single: Compared;
      threads: { diffs: string[]; threads: number[]; small: number };
      submitted: { local_score: number; server_score: number; actions: number; rules: string };
    }
  >;
}

function exec(
  cmd: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) =>
    execFile(cmd, args, { timeout: 600_000, maxBuffer: 64 << 20, env }, (err, out, errText) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errText }),
    ),
  );
}

describe.skipIf(!hasPython)(
  hasPython ? 'Python local engine pool' : 'Python local engine pool (skipped: no python3 on this machine)',
  () => {
    let app: FastifyInstance;
    let store: SqliteRunStore;
    let report: Report;
    let python: string;

    beforeAll(async () => {
      store = new SqliteRunStore(':memory:');
      app = await buildApp({ sealer: new StateSealer(['python-pool-test-secret-0123456789']), store, webRoot: null });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.server.address();
      if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
      python = (await pythonVenv()).python;
      const r = await exec(python, [SCRIPT, `http://127.0.0.1:${addr.port}`]);
      if (r.code !== 0) throw new Error(`check_same.py failed: ${r.err}`);
      report = JSON.parse(r.out) as Report;
    }, 900_000);
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    it('the pool is installed with the package (its bundle inside the installed package, not the checkout)', () => {
      expect(report.bundle_in_package).toBe(true);
      expect(report.bundle).toMatch(/site-packages\/gameboard\/_pool\/pool\.mjs$/);
    });

    describe.each(registry.slugs())('%s', (slug) => {
      const g = () => report.games[slug];

      it('a local and an HTTP vector env give the same observations, rewards, flags, masks and infos (next-step autoreset)', () => {
        expect(g().next_step.diffs).toEqual([]);
        expect(g().next_step.ends).toBeGreaterThan(0);
      });

      it('the same in same-step autoreset (final_obs and final_info too)', () => {
        expect(g().same_step.diffs).toEqual([]);
        expect(g().same_step.ends).toBeGreaterThan(0);
      });

      it('the same with masked-out indices now and then: refused for that env alone, with refused_reward, counted towards max_steps (both autoreset modes)', () => {
        for (const c of [g().refusals, g().refusals_same_step]) {
          expect(c.diffs).toEqual([]);
          expect(c.refused! > 0).toBe(c.chosen! > 0);
          expect(c.truncated).toBeGreaterThan(0);
          expect(c.errors).toBe(0);
        }
      });

      it('strict envs with autoreset disabled raise alike (a masked-out index; stepping an ended run) and reset_mask resets alike', () => {
        const c = g().strict_disabled;
        expect(c.diffs).toEqual([]);
        expect(c.errors).toBeGreaterThan(1);
        expect(c.ends).toBeGreaterThan(0);
      });

      it('a local and an HTTP GameboardEnv give the same answers, refused masked-out indices included', () => {
        expect(g().single.diffs).toEqual([]);
        expect(g().single.runs).toBe(3);
        expect(g().single.steps).toBeGreaterThan(3);
      });

      it('256 environments split across 2 threads play as on the main thread alone (workers=2 against workers=0); 64 are not split', () => {
        expect(g().threads).toEqual({ diffs: [], threads: [0, 2], small: 0 });
      });

      it("a local run submitted to the server replays to the local score under the engine's rules version", () => {
        const s = g().submitted;
        expect(s.actions).toBeGreaterThan(0);
        expect(s.server_score).toBe(s.local_score);
        expect(s.rules).toBe(registry.get(slug)!.spec.rulesVersion);
      });
    });

    it('an unknown game is an error naming the games', () => {
      expect(report.unknown_game).toEqual(['unknown_game', true]);
    });

    it('without node on PATH a local env is a clear error naming Node.js', async () => {
      const probe =
        'import gameboard\n' +
        'try:\n    gameboard.GameboardEnv("whirlyard")\n    print("made")\n' +
        'except gameboard.GameboardError as err:\n    print(err.code, err.message)';
      const r = await exec(python, ['-c', probe], { ...process.env, PATH: '/nonexistent', GAMEBOARD_NODE: '' });
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^no_node .*Node\.js 20 or later/);
    });
  },
);
