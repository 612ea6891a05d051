/**
 * The board first, in Chromium against the real app: on a 1366-wide desktop, each
 * play page shows the score and at most four status values beside it, the rest behind one "More"
 * control, and no status label or value is cut off (nothing overflows its tile, nothing clamped).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, launchBrowser, newPage, seriousViolations, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-boardfirst-');
}, 120_000);
afterAll(() => site?.close());

const GAMES = ['whirlyard', 'delvewick', 'cragwake', 'briarwink'];

describe('status values', () => {
  for (const width of [1366])
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
