/**
 * Gymnasium to the letter (test/python/check_letter.py, in the package's test venv), on the local engine
 * pool (the default) and over HTTP:
 * Gymnasium's own vectorizers (make_vec sync and async, SyncVectorEnv, AsyncVectorEnv) through 1,000
 * random masked steps of every game with environments ending at different steps; envs that pickle and
 * deep-copy and continue from the same state; actions checked as Discrete.contains checks them; the
 * budget as spec.max_episode_steps; seedless games; the client's retries across a real server restart
 * and its one warning on a 429.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/server/config.js';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { registry } from '../src/games/index.js';
import { hasPython, pythonVenv } from './helpers/python-venv.js';

const SCRIPT = fileURLToPath(new URL('./python/check_letter.py', import.meta.url));
const SECRET = 'python-letter-test-secret-0123456789';

interface Play {
  type: string;
  ends: number[];
  first_ends: (number | null)[];
  uneven: number;
  in_space: boolean;
  kinds: string[];
}
interface GameReport {
  vectorizers: Record<string, Play>;
  copies_continue: boolean[];
  copy_steps: number;
  action_checks: [string, string, boolean?][];
  steps_after_checks: number;
  contains: boolean[];
  vector_check: unknown;
  vector_steps_after: number[];
  max_episode_steps: number | null;
  max_episode_steps_50: number | null;
  wrappers: string[];
  seedless: boolean;
  seedless_warnings: string[];
}
interface Report {
  games: Record<string, GameReport>;
  set_retries: [number, number];
  default_retry_window: number;
  rate_warnings: string[];
  shaping: [number, number, string][][];
}

async function serve(port = 0, limited = false): Promise<FastifyInstance> {
  const app = await buildApp({
    sealer: new StateSealer([SECRET]),
    webRoot: null,
    rateLimits: limited ? { ...DEFAULT_RATE_LIMITS, reads: { max: 2, windowMs: 1000 } } : null,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

function portOf(app: FastifyInstance): number {
  const addr = app.server.address();
  if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
  return addr.port;
}

describe.skipIf(!hasPython)(
  hasPython ? 'Gymnasium to the letter' : 'Gymnasium to the letter (skipped: no python3 on this machine)',
  () => {
    let app: FastifyInstance;
    let limited: FastifyInstance;
    const reports: Record<string, Report> = {};
    let report: Report;
    let python: string;

    beforeAll(async () => {
      app = await serve();
      limited = await serve(0, true);
      python = (await pythonVenv()).python;
      const runs = {
        http: [SCRIPT, 'http', `http://127.0.0.1:${portOf(app)}`, `http://127.0.0.1:${portOf(limited)}`],
        local: [SCRIPT, 'local'],
      };
      for (const [backend, args] of Object.entries(runs)) {
        const stdout = await new Promise<string>((resolve, reject) =>
          execFile(python, args, { timeout: 600_000, maxBuffer: 64 << 20 }, (err, out, errText) =>
            err ? reject(new Error(`check_letter.py ${backend} failed: ${errText || err.message}`)) : resolve(out),
          ),
        );
        reports[backend] = JSON.parse(stdout) as Report;
      }
      report = reports.http;
    }, 900_000);
    afterAll(async () => {
      await app?.close();
      await limited?.close();
    });

    describe.each(registry.slugs().flatMap((slug) => ['local', 'http'].map((backend) => [slug, backend])))(
      '%s, %s envs',
      (slug, backend) => {
        const g = () => reports[backend].games[slug];
        const n = registry.get(slug)!.tensor!.actionIndex.length;

        it.each(['make_vec_sync', 'make_vec_async', 'SyncVectorEnv', 'AsyncVectorEnv'])(
          '%s runs 1,000 random masked steps with environments ending at different steps',
          (mode) => {
            const p = g().vectorizers[mode];
            expect(p.type).toBe(
              mode.includes('async') || mode === 'AsyncVectorEnv' ? 'AsyncVectorEnv' : 'SyncVectorEnv',
            );
            expect(p.in_space).toBe(true);
            for (const e of p.ends) expect(e).toBeGreaterThan(0);
            // make_vec gives both environments one config: Delvewick's random runs all last its 40 turns there,
            // so only the two configs given to SyncVectorEnv/AsyncVectorEnv end it unevenly.
            if (slug !== 'delvewick' || !mode.startsWith('make_vec'))
              expect(p.uneven, 'steps where one environment ended and the other did not').toBeGreaterThan(0);
          },
        );

        it('a deep copy and a pickled copy continue from the same state as the original, each on its own', () => {
          expect(g().copies_continue).toEqual([true, true]);
          expect(g().copy_steps).toBeGreaterThan(1);
        });

        it('actions outside Discrete(n) raise InvalidActionError naming 0..n-1 and are never played', () => {
          for (const [what, code, named] of g().action_checks)
            expect([what, code, named]).toEqual([what, 'invalid_action', true]);
          expect(g().action_checks.map(([what]) => what)).toEqual([
            '1.5',
            'True',
            "'1'",
            '-1',
            String(n),
            'None',
            'np.float32(1.0)',
            'array([1])',
          ]);
          expect(g().steps_after_checks, 'only the numpy integer index was played').toBe(1);
          expect(g().contains).toEqual([false, false, false, true]);
          expect(g().vector_check).toEqual(['invalid_action', true, true]);
          expect(g().vector_steps_after).toEqual([1, 1]);
        });

        it('spec.max_episode_steps is the budget where it counts steps, and max_steps; no TimeLimit wrapper', () => {
          const budget = registry.get(slug)!.spec.rankedBudget as {
            limit: number;
            counted?: string[];
            countField?: string;
          } | null;
          const steps = budget && !budget.counted && !budget.countField ? budget.limit : null;
          expect(g().max_episode_steps).toBe(steps);
          expect(g().max_episode_steps_50).toBe(50);
          expect(g().wrappers).toEqual([
            'OrderEnforcing',
            'PassiveEnvChecker',
            backend === 'local' ? 'LocalGameboardEnv' : 'GameboardEnv',
          ]);
        });

        it('a seedless game says so, and warns once when reset with different seeds', () => {
          const seedless = registry.get(slug)!.spec.seedless === true;
          expect(g().seedless).toBe(seedless);
          expect(g().seedless_warnings).toHaveLength(seedless ? 1 : 0);
        });
      },
    );

    it.each(['local', 'http'])(
      'reward shaping is off by default; LossPenalty subtracts its penalty on the step the game ends the run only (%s)',
      (backend) => {
        const [shaped, plain] = reports[backend].shaping;
        expect(shaped.length).toBe(plain.length);
        const last = plain.length - 1;
        expect(plain[last][2]).toBe('terminated');
        shaped.forEach(([r, shaping], i) => {
          expect(shaping).toBe(i === last ? -100 : 0);
          expect(r).toBe(plain[i][0] + (i === last ? -100 : 0));
        });
        for (const [, shaping] of plain) expect(shaping).toBe(0);
      },
    );

    it('retries and timeout are settable through gym.make; the default retries wait at least 30 s in all', () => {
      expect(report.set_retries).toEqual([0, 5]);
      expect(report.default_retry_window).toBeGreaterThanOrEqual(30);
    });

    it('the first wait on a 429 warns once, naming GAMEBOARD_RATE_LIMIT=off', () => {
      expect(report.rate_warnings).toHaveLength(1);
      expect(report.rate_warnings[0]).toMatch(/429.*GAMEBOARD_RATE_LIMIT=off/s);
    });

    it('an env steps across a real server restart with the default retries', async () => {
      const port = portOf(app);
      const child = spawn(python, [SCRIPT, 'restart', `http://127.0.0.1:${port}`], { stdio: 'pipe' });
      let out = '';
      let err = '';
      // One listener a stream; each wait resolves once its text has arrived (or fails if the child exits).
      const waits: { stream: 'out' | 'err'; text: string; resolve: () => void }[] = [];
      const check = () => {
        for (const w of waits.splice(0))
          if ((w.stream === 'out' ? out : err).includes(w.text)) w.resolve();
          else waits.push(w);
      };
      child.stdout.on('data', (d: Buffer) => ((out += d.toString()), check()));
      child.stderr.on('data', (d: Buffer) => ((err += d.toString()), check()));
      const saw = (stream: 'out' | 'err', text: string) =>
        new Promise<void>((resolve, reject) => {
          waits.push({ stream, text, resolve });
          check();
          child.on('exit', (code) => reject(new Error(`check_letter.py restart exited ${code}: ${err}`)));
        });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await saw('out', 'ready');
      await app.close(); // the server goes down while the env holds a run
      child.stdin.write('go\n');
      await saw('err', 'down');
      app = await serve(port); // and comes back on the same port, with the same secret
      expect(await exited).toBe(0);
      const answer = JSON.parse(out.trim().split('\n').pop()!) as { steps: number; failed_first: boolean };
      expect(answer).toMatchObject({ steps: 1, failed_first: true });
    }, 120_000);
  },
);
