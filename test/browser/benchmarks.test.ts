/**
 * The benchmark board in a real browser against the real app (a Vite build served by `buildApp`): an
 * evaluation of Cragwake's dev suite (the built-in random agent, played here) is submitted through the
 * API and replayed by the server; the home page links to the board, which lists it with its label
 * (a "/" in it) beside the built-in rows; its per-seed table opens, and a seed's Watch link replays
 * that run. axe-core finds no serious or critical violation on the board with its seeds open.
 */
import type { FastifyInstance } from 'fastify';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterFor } from '../../src/agents/budgets.js';
import { builtinAgent } from '../../src/agents/index.js';
import { playRun } from '../../src/agents/play.js';
import { seedSuites } from '../../src/core/suites.js';
import { registry } from '../../src/games/index.js';
import { newPage, seriousViolations, startSite, type Site } from './harness.js';

let site: Site | undefined;
let app: FastifyInstance;
let base = '';
let context: BrowserContext;

beforeAll(async () => {
  site = await startSite('gameboard-web-bench-');
  ({ base, app, context } = site);
});
afterAll(async () => {
  await site?.close();
});

describe('the benchmark board in the browser', () => {
  it('lists a replayed evaluation, opens its seeds and replays one; axe clean', async () => {
    const game = registry.get('cragwake')!;
    const seeds = seedSuites('cragwake').dev;
    const runs = [];
    for (const seed of seeds) {
      const r = await playRun(game, (await builtinAgent('random', 'cragwake'))!, seed, {
        budget: meterFor('cragwake'),
      });
      runs.push({ seed, score: r.score, steps: r.steps, outcome: r.outcome, progress: null, actions: r.actions });
    }
    const label = 'org/model-7b (menu, t=0)';
    const sent = await app.inject({
      method: 'POST',
      url: '/api/evaluations',
      payload: {
        label,
        player: { name: 'Browser Lab', kind: 'agent' },
        meta: { model: 'org/model-7b', note: 'played by the built-in random agent' },
        result: {
          header: { game: 'cragwake', rulesVersion: game.spec.rulesVersion, suite: 'dev', seeds, maxSteps: null },
          runs,
        },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().id as string;
    await expect
      .poll(async () => (await app.inject({ url: `/api/evaluations/${id}` })).json().status)
      .toBe('published');

    const { page, errors } = await newPage(context);
    await page.goto(`${base}/`);
    await page.getByRole('navigation', { name: 'Cragwake links' }).getByRole('link', { name: 'Benchmarks' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Cragwake benchmarks');
    const board = page.getByTestId('benchmarks');
    const row = board.locator(`tr[data-evaluation="${id}"]`);
    await expect.poll(() => row.locator('.player').textContent()).toBe(label);
    await expect(row.textContent()).resolves.toContain('Browser Lab');
    await expect(board.textContent()).resolves.toContain('random (built-in)');
    await expect(board.textContent()).resolves.toContain('heuristic (built-in)');

    await row.getByRole('button', { name: /Seeds/ }).click();
    const table = page.getByTestId('seed-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(seeds.length);
    expect(await seriousViolations(page)).toEqual([]);

    await table.getByRole('link', { name: `Watch seed ${seeds[0]}` }).click();
    await expect.poll(() => page.getByTestId('stored-run').textContent()).toContain('Browser Lab');
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(runs[0].steps));
    await expect(page.getByTestId('replay-final').textContent()).resolves.toContain(String(runs[0].score));
    expect(errors).toEqual([]);
    await page.close();
  });
});
