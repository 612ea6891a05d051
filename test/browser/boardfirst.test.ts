/**
 * The board first, in Chromium against the real app: on a 1366-wide desktop and a 390-wide phone, each
 * play page shows the score and at most four status values beside it, the rest behind one "More"
 * control, and no status label or value is cut off (nothing overflows its tile, nothing clamped). On a
 * phone and at 200 % zoom the board's top is in the screen's first half, with nothing above it but the
 * title and the status; the goal line's room goes with it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, launchBrowser, newPage, seriousViolations, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-boardfirst-');
}, 120_000);
afterAll(() => site?.close());

const GAMES = ['whirlyard', 'delvewick', 'cragwake', 'briarwink'];

describe('status values', () => {
  for (const width of [390, 1366])
    it(`at ${width} wide: four values at most beside the score, the rest behind More, none cut off`, async () => {
      const b = await launchBrowser({
        viewport: { width, height: width === 390 ? 844 : 850 },
        ...(width === 390 ? { hasTouch: true, isMobile: true } : {}),
      });
      try {
        const { page, errors } = await newPage(b.context);
        for (const slug of GAMES) {
          await page.goto(`${site.base}/play/${slug}?seed=4`);
          await page.locator('.board-wrap').waitFor();
          const main = page.locator('.status-bar > .status > .stat:not(.stat-filler)');
          expect(await main.count(), slug).toBeLessThanOrEqual(5);
          expect(await main.first().textContent(), slug).toMatch(/^Score/);
          // Every value is within reach: opened, "More" shows the rest.
          await page.getByTestId('status-more').locator('summary').click();
          const cut = await page.evaluate(() =>
            Array.from(document.querySelectorAll('.status .stat:not(.stat-filler)')).flatMap((tile) =>
              Array.from(tile.querySelectorAll('dt, dd'))
                .filter((el) => {
                  const e = el as HTMLElement;
                  const box = tile.getBoundingClientRect();
                  const r = e.getBoundingClientRect();
                  return (
                    e.scrollWidth > e.clientWidth + 1 ||
                    e.scrollHeight > e.clientHeight + 1 ||
                    r.right > box.right + 1 ||
                    r.bottom > box.bottom + 1
                  );
                })
                .map((e) => `${tile.getAttribute('data-label') ?? 'Score'}: ${e.textContent}`),
            ),
          );
          expect(cut, `${slug} at ${width}`).toEqual([]);
          expect(await seriousViolations(page), slug).toEqual([]);
          await page.screenshot({ path: join(SHOTS, `status-${slug}-${width}.png`) });
        }
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    });
});

describe('how the game ended', () => {
  for (const width of [390, 1366])
    it(`at ${width} wide: a sentence (Delvewick's crush) stands whole in its tile, or on a phone under the board`, async () => {
      const b = await launchBrowser({
        viewport: { width, height: width === 390 ? 844 : 850 },
        ...(width === 390 ? { hasTouch: true, isMobile: true } : {}),
      });
      try {
        const { page, errors } = await newPage(b.context);
        await page.goto(`${site.base}/play/delvewick`);
        await page.locator('.board-wrap').waitFor();
        const keys: Record<string, string> = { r: 'ArrowRight', d: 'ArrowDown', '.': '.' };
        for (const [i, c] of [...'rrrrrrrdddrd.'].entries()) {
          await page.keyboard.press(keys[c]);
          await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(i + 1));
        }
        await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
        if (width === 390) {
          // On a phone the game-over panel, right under the board, says it; the status row is unchanged.
          expect(await page.locator('.status-bar .stat[data-label="Ended"]').isVisible()).toBe(false);
          const ending = page.getByTestId('ending');
          expect(await ending.textContent()).toContain('Crushed');
          const board = (await page.locator('.board-wrap').boundingBox())!;
          const box = (await ending.boundingBox())!;
          expect(box.y).toBeGreaterThan(board.y + board.height);
          expect(box.y + box.height).toBeLessThanOrEqual(844);
          expect(errors).toEqual([]);
          return;
        }
        const ended = page.locator('.status-bar .stat[data-label="Ended"]');
        expect(await ended.textContent()).toContain('Crushed');
        const cut = await ended.evaluate((tile) => {
          const box = tile.getBoundingClientRect();
          const more = document.querySelector('.status-more summary')?.getBoundingClientRect();
          return Array.from(tile.querySelectorAll('dt, dd'))
            .filter((e) => {
              const r = e.getBoundingClientRect();
              return (
                r.bottom > box.bottom + 1 ||
                r.right > box.right + 1 ||
                (!!more && r.bottom > more.top && r.top < more.bottom)
              );
            })
            .map((e) => e.textContent);
        });
        expect(cut).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    });
});

describe('a Briarwink night on a small phone', () => {
  it('brings the whole garden into view when it starts', async () => {
    const b = await launchBrowser({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    try {
      const { page, errors } = await newPage(b.context);
      await page.goto(`${site.base}/play/briarwink?seed=2`);
      const garden = page.locator('.board-wrap .board.bw');
      await garden.waitFor();
      await page.getByRole('button', { name: /^Start the first night/ }).tap();
      await expect
        .poll(async () => {
          const r = (await garden.boundingBox())!;
          return r.y >= 0 && r.y + r.height <= 740 + 1;
        })
        .toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

/** What stands above the board on the page: every visible control, goal line or message before it. */
async function aboveTheBoard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const top = document.querySelector('.board-wrap')!.getBoundingClientRect().top;
    return Array.from(document.querySelectorAll('main.play :is(button, a, .goal-line, p, label, input)'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.bottom <= top && !e.closest('.board-wrap');
      })
      .map((e) => (e.textContent ?? '').trim().slice(0, 40));
  });
}

describe('the board takes the screen', () => {
  const views = [
    { name: 'a 390x844 phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    { name: '200 % zoom (1366x850 at twice the scale)', viewport: { width: 683, height: 425 }, deviceScaleFactor: 2 },
  ];
  for (const { name, ...options } of views)
    it(`on ${name}: the board's top in the first half, nothing above it but the title and the status`, async () => {
      const b = await launchBrowser(options);
      try {
        const { page, errors } = await newPage(b.context);
        for (const slug of GAMES) {
          await page.goto(`${site.base}/play/${slug}?seed=4`);
          const wrap = page.locator('.board-wrap');
          await wrap.waitFor();
          const box = (await wrap.boundingBox())!;
          expect(box.y, slug).toBeLessThan(options.viewport.height / 2);
          expect(await aboveTheBoard(page), slug).toEqual([]);
          // The page's tools and the goal line are still there, under the board.
          expect(await page.getByTestId('sound').isVisible(), slug).toBe(true);
          expect(await page.getByTestId('goal-line').count(), slug).toBe(1);
          expect(await seriousViolations(page), slug).toEqual([]);
          await page.screenshot({ path: join(SHOTS, `boardfirst-${slug}-${options.viewport.width}.png`) });
        }
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    });
});

describe('the goal line', () => {
  it('gives its room back when it goes: the side column closes up, the board stays put', async () => {
    const b = await launchBrowser({ viewport: { width: 1366, height: 850 } });
    try {
      const { page, errors } = await newPage(b.context);
      await page.goto(`${site.base}/play/delvewick?seed=4`);
      const wrap = page.locator('.board-wrap');
      await wrap.waitFor();
      const before = (await wrap.boundingBox())!;
      const line = (await page.getByTestId('goal-line').boundingBox())!;
      expect(line.height).toBeGreaterThan(20);
      for (let i = 1; i <= 3; i++) {
        await page.keyboard.press('.');
        await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(i));
      }
      expect(await page.getByTestId('goal-line').count()).toBe(0);
      expect(await page.locator('.goal-line').count()).toBe(0);
      expect((await wrap.boundingBox())!.y).toBe(before.y);
      // No dead band: the side column's first panel now starts level with the board.
      const first = (await page.locator('aside.side > *').first().boundingBox())!;
      expect(Math.abs(first.y - before.y)).toBeLessThan(2);
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
