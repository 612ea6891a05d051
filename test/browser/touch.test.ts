/**
 * Touch targets on a 390x844 phone, in Chromium with real touch events: Cragwake's reachable holds are
 * at least 44 px with cost digits of at least 12 px, and a tap climbs; Delvewick's 20-wide levels cannot
 * give 44 px cells, so a tap picks a cell and a second tap on it steps the mole toward it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, launchBrowser, newPage, seriousViolations, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-touch-');
}, 120_000);
afterAll(() => site?.close());

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const count = (page: Page) => page.getByTestId('action-count').textContent();

describe("Cragwake's holds on a phone", () => {
  it('are at least 44 px, with cost digits of at least 12 px, and a tap climbs', async () => {
    const b = await launchBrowser(PHONE);
    try {
      const { page, errors } = await newPage(b.context);
      await page.goto(`${site.base}/play/cragwake?seed=4`);
      const targets = page.locator('.board-wrap .cw-target');
      await targets.first().waitFor();
      const sizes = await page.evaluate(() => {
        const svg = document.querySelector('.board-wrap svg.board')!;
        const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
        return Array.from(svg.querySelectorAll('.cw-target')).map((g) => {
          const r = g.querySelector('rect')!.getBoundingClientRect();
          const digits = parseFloat(getComputedStyle(g.querySelector('text')!).fontSize) * scale;
          return { width: r.width, height: r.height, digits };
        });
      });
      expect(sizes.length).toBeGreaterThan(2);
      for (const s of sizes) {
        expect(s.width).toBeGreaterThanOrEqual(44);
        expect(s.height).toBeGreaterThanOrEqual(44);
        expect(s.digits).toBeGreaterThanOrEqual(12);
      }
      await targets.first().tap();
      await expect.poll(() => count(page)).toBe('1');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'touch-cragwake-390.png') });
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

/** The mole's cell, as the board names it for screen readers. */
async function mole(page: Page): Promise<{ x: number; y: number }> {
  const label = (await page.locator('.board-wrap svg.board').getAttribute('aria-label')) ?? '';
  const m = /mole at \((\d+), (\d+)\)/.exec(label);
  expect(m, label).not.toBeNull();
  return { x: Number(m![1]), y: Number(m![2]) };
}

/** Taps the centre of cell (x, y) of the Delvewick board with a finger. */
async function tapCell(page: Page, x: number, y: number) {
  const svg = page.locator('.board-wrap svg.board');
  const box = (await svg.boundingBox())!;
  const [w, h] = await svg.evaluate((e) => {
    const v = (e as SVGSVGElement).viewBox.baseVal;
    return [v.width / 32, v.height / 32];
  });
  await page.touchscreen.tap(box.x + ((x + 0.5) * box.width) / w, box.y + ((y + 0.5) * box.height) / h);
}

describe("Delvewick's small cells on a phone", () => {
  it('take a tap to pick a cell and a second tap on it to step toward it', async () => {
    const b = await launchBrowser(PHONE);
    try {
      const { page, errors } = await newPage(b.context);
      await page.goto(`${site.base}/play/delvewick`);
      const svg = page.locator('.board-wrap svg.board');
      await svg.waitFor();
      // Too small for a finger on its own: this is why a tap only picks.
      const cell = (await svg.boundingBox())!.width / 20;
      expect(cell).toBeLessThan(44);
      const start = await mole(page);
      const target = { x: start.x + 2, y: start.y };
      await tapCell(page, target.x, target.y);
      await expect.poll(() => page.getByTestId('dw-pick').count()).toBe(1);
      expect(await count(page)).toBe('0');
      expect(await mole(page)).toEqual(start);
      // The second tap on the picked cell steps toward it; the pick stays until the mole is there.
      await tapCell(page, target.x, target.y);
      await expect.poll(() => count(page)).toBe('1');
      expect(await mole(page)).toEqual({ x: start.x + 1, y: start.y });
      expect(await page.getByTestId('dw-pick').count()).toBe(1);
      await tapCell(page, target.x, target.y);
      await expect.poll(() => count(page)).toBe('2');
      expect(await mole(page)).toEqual(target);
      await expect.poll(() => page.getByTestId('dw-pick').count()).toBe(0);
      // A tap on another cell picks it instead, and moves nothing.
      await tapCell(page, target.x, target.y + 2);
      await expect.poll(() => page.getByTestId('dw-pick').count()).toBe(1);
      expect(await count(page)).toBe('2');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'touch-delvewick-390.png') });
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
