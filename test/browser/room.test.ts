/**
 * Room for the board, in Chromium against the real app: at 1366x850 the replay's sticky controls never
 * cover the board (its bottom row is above them, for every game, at the page's top), and Briarwink's
 * game over still shows the gardener where the last heart went.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { registry } from '../../src/games/index.js';
import { SHOTS, launchBrowser, newPage, seriousViolations, startSite, type Site } from './harness.js';
import { engineRun, openReplay } from './runs.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-room-');
}, 120_000);
afterAll(() => site?.close());

describe("the replay's controls", () => {
  it('never cover the board at 1366x850: its bottom row stands above them, for every game', async () => {
    const b = await launchBrowser({ viewport: { width: 1366, height: 850 } });
    try {
      const { page, errors } = await newPage(b.context);
      for (const game of registry.games as AnyGame[]) {
        const slug = game.spec.slug;
        // A short run: the game's first legal action, a few times.
        const actions = engineRun(game, 3, 4, (state) =>
          (game.legalActions(state as never) as GameAction[]).find((x) => x.type !== 'endRun'),
        );
        await openReplay(page, site.base, game, 3, actions);
        const { board, top } = await page.evaluate(() => ({
          board: document.querySelector('.board-wrap .board')!.getBoundingClientRect().bottom,
          top: document.querySelector('.replay-controls')!.getBoundingClientRect().top,
        }));
        expect(board, slug).toBeLessThanOrEqual(top);
        expect(top, slug).toBeLessThan(850);
        await page.screenshot({ path: join(SHOTS, `replay-room-${slug}.png`) });
      }
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe("Briarwink's game over", () => {
  it('shows the gardener where the last heart went', async () => {
    const b = await launchBrowser({ viewport: { width: 1366, height: 850 } });
    try {
      const { page, errors } = await newPage(b.context);
      // Seed 2: a gardener who never moves loses the last heart after about 800 ticks (under 30 s).
      await page.goto(`${site.base}/play/briarwink?seed=2`);
      await page.locator('.board-wrap .board.bw').waitFor();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('gameover').count(), { timeout: 90_000, interval: 500 }).toBe(1);
      expect(await page.getByTestId('gameover').textContent()).toMatch(/heart/i);
      const gardener = page.locator('.board-wrap [data-testid=bw-gardener]');
      expect(await gardener.count()).toBe(1);
      expect(await gardener.locator('[aria-label]').first().getAttribute('aria-label')).toContain('caught');
      const box = (await gardener.boundingBox())!;
      expect(box.width).toBeGreaterThan(20);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'briarwink-gameover-gardener.png') });
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  }, 150_000);
});
