/**
 * Moments shown on the board, in Chromium against the real app: Delvewick's crush (the rock lands, the
 * mole lies struck under it, and stays so at the game over), with reduced motion the same picture
 * standing still, the words and a sound; a relit Briarwink dimling flashes with light bigger than its
 * cell, sized to the moment.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briarwink } from '../../src/games/briarwink/index.js';
import { delvewick } from '../../src/games/delvewick/index.js';
import {
  SHOTS,
  launchBrowser,
  newPage,
  recordAnimations,
  recordElements,
  seriousViolations,
  startSite,
  type Site,
} from './harness.js';
import { relightRun, replayLink } from './runs.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-struck-');
}, 120_000);
afterAll(() => site?.close());

/** Level 1's moves to a crush: the last wait drops the boulder on the mole. */
const CRUSH = 'rrrrrrrdddrd.';
const KEYS: Record<string, string> = { r: 'ArrowRight', d: 'ArrowDown', '.': '.' };

/** Counts the tones the page makes (a wrapped AudioContext), before any of its scripts run. */
async function countTones(page: Page) {
  await page.addInitScript(`(() => {
    const A = window.AudioContext;
    window.audio = { tones: 0 };
    window.AudioContext = class extends A {
      createOscillator() { window.audio.tones++; return super.createOscillator(); }
    };
  })()`);
  return () => page.evaluate(() => (window as unknown as { audio: { tones: number } }).audio.tones);
}

describe("Delvewick's crush", () => {
  it('is shown: the mole lies struck under the rock; with reduced motion the same, still, with words and a sound', async () => {
    // The engine agrees: these moves end in a crush.
    let s = delvewick.init(1);
    for (const c of CRUSH) {
      const r = delvewick.step(
        s,
        (c === '.' ? { type: 'wait' } : { type: 'move', dir: c === 'r' ? 'right' : 'down' }) as never,
      );
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(delvewick.isGameOver(s)).toBe(true);
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const b = await launchBrowser({ reducedMotion, viewport: { width: 1366, height: 850 } });
      try {
        const { page, errors } = await newPage(b.context);
        const tones = await countTones(page);
        // The fall is recorded as it starts: a loaded machine may let it end before the test looks.
        const anims = await recordAnimations(page);
        let before = 0;
        await page.goto(`${site.base}/play/delvewick`);
        await page.locator('.board-wrap svg.board').waitFor();
        for (const [i, c] of [...CRUSH].entries()) {
          await page.keyboard.press(KEYS[c]);
          await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(i + 1));
          if (i === CRUSH.length - 2) before = await tones();
        }
        await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
        const struck = page.getByTestId('dw-struck');
        expect(await struck.count()).toBe(1);
        const seen = await struck.evaluate((g) => {
          const cell = (g as unknown as SVGGElement).ownerSVGElement!.getBoundingClientRect().width / 20;
          const mole = g.querySelector('.dw-struck-mole')!;
          return {
            cell,
            label: g.querySelector('[aria-label]')?.getAttribute('aria-label') ?? '',
            flat: mole.getBoundingClientRect().height,
          };
        });
        expect(seen.label).toContain('struck by a falling rock');
        // The words say it, and the crush sounded (tones after the last key, whatever the motion).
        expect(await page.getByTestId('outcome').textContent()).toMatch(/crushed/i);
        await expect.poll(() => tones()).toBeGreaterThan(before);
        const moving = (await anims.read()).filter((a) => a.within.includes('dw-struck')).length;
        if (reducedMotion === 'reduce') expect(moving).toBe(0);
        else expect(moving).toBeGreaterThan(0);
        // Pressed flat, once it has landed (at once with reduced motion): under half a cell high.
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        const flat = await page.locator('.dw-struck-mole').evaluate((m) => m.getBoundingClientRect().height);
        expect(flat).toBeLessThan(seen.cell * 0.6);
        expect(flat).toBeGreaterThan(seen.cell * 0.2);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `crush-${reducedMotion}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  });
});

describe('a relit Briarwink dimling', () => {
  it('flashes with light larger than its cell, sized to the moment', async () => {
    const { actions, plan } = relightRun(2);
    const relit = plan.relit.length;
    const b = await launchBrowser({ viewport: { width: 1366, height: 850 } });
    try {
      const { page, errors } = await newPage(b.context);
      // The flash and its animation are recorded as they appear: a moment, they may be gone before
      // a loaded machine lets the test look.
      const anims = await recordAnimations(page);
      const flashes = await recordElements(page, '[data-testid=bw-relit-flash]');
      await page.goto(replayLink(site.base, briarwink, 2, actions));
      await page.getByTestId('to-end').click();
      await page.getByTestId('step-back').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(actions.length - 1));
      await Promise.all([anims.clear(), flashes.clear()]);
      await page.getByTestId('step-forward').click();
      await expect.poll(async () => (await flashes.read()).length).toBe(relit);
      await expect
        .poll(async () => (await anims.read()).filter((a) => a.data.testid === 'bw-relit-flash').length)
        .toBe(relit);
      const seen = { r: Number((await flashes.read())[0].attrs.r), unit: 52 };
      // Wider than the cell (a firefly is 24 of its 52 units), larger still when several relight at once.
      expect(seen.r * 2).toBeGreaterThan(seen.unit * 1.5);
      expect(seen.r).toBeCloseTo(52 * (0.8 + 0.35 * Math.min(relit, 4)), 5);
      // A moment, not a mark: gone once it has played.
      await expect.poll(() => page.getByTestId('bw-relit-flash').count(), { timeout: 3000 }).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
