/**
 * The PPO-with-masks example (clients/python/examples/ppo_masked.py) trains end to end, briefly, against a
 * real server: in the package's test venv with torch added from a wheel on this machine (skipped, saying
 * so, where there is none: the test never downloads torch).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/seal.js';
import { buildApp } from '../src/server/app.js';
import { hasPython, torchVenv } from './helpers/python-venv.js';

const EXAMPLE = fileURLToPath(new URL('../clients/python/examples/ppo_masked.py', import.meta.url));
const ENVS = 8;
const STEPS = 16;
const UPDATES = 2;

describe.skipIf(!hasPython)(
  hasPython ? 'Python PPO-with-masks example' : 'Python PPO-with-masks example (skipped: no python3 on this machine)',
  () => {
    let app: FastifyInstance;
    let skipped: string | undefined;
    let lines: string[] = [];

    beforeAll(async () => {
      const venv = await torchVenv();
      skipped = venv.skipped;
      if (venv.python === undefined) {
        console.warn(`test/python-ppo.test.ts skipped: ${skipped}`);
        return;
      }
      app = await buildApp({ sealer: new StateSealer(['python-ppo-test-secret-0123456789']), webRoot: null });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.server.address();
      if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
      const args = [EXAMPLE, `http://127.0.0.1:${addr.port}`, '--envs', `${ENVS}`, '--steps', `${STEPS}`];
      const out = await new Promise<string>((resolve, reject) =>
        execFile(venv.python, [...args, '--updates', `${UPDATES}`], { timeout: 300_000 }, (err, stdout, errText) =>
          err ? reject(new Error(`ppo_masked.py failed: ${errText || err.message}`)) : resolve(stdout),
        ),
      );
      lines = out.trim().split('\n');
    }, 1_200_000);
    afterAll(async () => {
      await app?.close();
    });

    it('trains: one line an update, every sampled index legal (the envs raise on a masked-out one), finite losses', (ctx) => {
      ctx.skip(skipped !== undefined, skipped);
      expect(lines).toHaveLength(UPDATES);
      let before = 0;
      lines.forEach((line, i) => {
        const m = line.match(
          /^update (\d+)\/(\d+): (\d+) env steps, loss (\S+), mean reward per step (\S+), (\d+) episodes ended$/,
        );
        expect(m, line).not.toBeNull();
        const [, n, of, steps, loss, reward] = m!;
        expect([Number(n), Number(of)]).toEqual([i + 1, UPDATES]);
        // Every env steps STEPS times an update, less the next-step autoresets left out of the loss.
        expect(Number(steps) - before).toBeGreaterThan(0);
        expect(Number(steps) - before).toBeLessThanOrEqual(ENVS * STEPS);
        before = Number(steps);
        expect(Number.isFinite(Number(loss))).toBe(true);
        expect(Number.isFinite(Number(reward))).toBe(true);
      });
    });
  },
);
