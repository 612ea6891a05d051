/**
 * The PPO-with-masks example (clients/python/examples/ppo_masked.py) trains end to end, briefly, on the
 * local engine pool (no server): in the package's test venv with torch added from a wheel on this
 * machine (skipped, saying so, where there is none: the test never downloads torch). A smoke run: the
 * random policy's returns first, a line an update, the trained and random policies on the same seeds.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasPython, torchVenv } from './helpers/python-venv.js';

const EXAMPLE = fileURLToPath(new URL('../clients/python/examples/ppo_masked.py', import.meta.url));
const ENVS = 8;
const STEPS = 16;
const UPDATES = 2;
const EVAL = 60;

describe.skipIf(!hasPython)(
  hasPython ? 'Python PPO-with-masks example' : 'Python PPO-with-masks example (skipped: no python3 on this machine)',
  () => {
    let skipped: string | undefined;
    let lines: string[] = [];

    beforeAll(async () => {
      const venv = await torchVenv();
      skipped = venv.skipped;
      if (venv.python === undefined) {
        console.warn(`test/python-ppo.test.ts skipped: ${skipped}`);
        return;
      }
      const args = [EXAMPLE, '--envs', `${ENVS}`, '--steps', `${STEPS}`, '--updates', `${UPDATES}`];
      const out = await new Promise<string>((resolve, reject) =>
        execFile(venv.python, [...args, '--eval-steps', `${EVAL}`], { timeout: 300_000 }, (err, stdout, errText) =>
          err ? reject(new Error(`ppo_masked.py failed: ${errText || err.message}`)) : resolve(stdout),
        ),
      );
      lines = out.trim().split('\n');
    }, 1_200_000);

    it('trains on the local pool: random returns first, one line an update (every sampled index legal: the envs raise on a masked-out one), then trained against random on the same seeds', (ctx) => {
      ctx.skip(skipped !== undefined, skipped);
      expect(lines).toHaveLength(UPDATES + 2);
      const random = lines[0].match(
        /^random policy: mean episode return (\S+) over (\d+) episodes \(seeds 0\.\.7, 60 steps\)$/,
      );
      expect(random, lines[0]).not.toBeNull();
      expect(Number(random![2])).toBeGreaterThan(0);
      let before = 0;
      lines.slice(1, -1).forEach((line, i) => {
        const m = line.match(
          /^update (\d+)\/(\d+): (\d+) env steps, loss (\S+), (\d+) episodes ended, mean episode return (\S+) \(random (\S+)\)$/,
        );
        expect(m, line).not.toBeNull();
        const [, n, of, steps, loss, , , versus] = m!;
        expect([Number(n), Number(of)]).toEqual([i + 1, UPDATES]);
        // Every env steps STEPS times an update, less the next-step autoresets left out of the loss.
        expect(Number(steps) - before).toBeGreaterThan(0);
        expect(Number(steps) - before).toBeLessThanOrEqual(ENVS * STEPS);
        before = Number(steps);
        expect(Number.isFinite(Number(loss))).toBe(true);
        expect(versus).toBe(random![1]);
      });
      expect(lines[lines.length - 1]).toMatch(
        /^same seeds \(10000\.\.10007, 60 steps\): trained mean episode return \S+ over \d+ episodes, random \S+ over \d+$/,
      );
    });
  },
);
