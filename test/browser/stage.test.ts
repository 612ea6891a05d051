/**
 * A steady stage and plain words, in Debian's Chromium: every play page states the goal and how to play
 * until the first moves (taps on a phone: Briarwink says to tap a cell to walk); a moment's banner lies
 * in its own slot, never over the board or a control; Undo says what it took back; a score of 0 is
 * never "your best"; Delvewick, whose levels are fixed, never speaks of seeds; a ranked game over says
 * how the run ended in words, not outcome codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/games/index.js';
import { launchBrowser, newPage, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-stage-');
}, 120_000);
afterAll(() => site?.close());

describe('the play page', () => {
  it('states the goal and the controls until the first moves, on every game', async () => {
    const { page, errors } = await newPage(site.context);
    for (const game of registry.games) {
      await page.goto(`${site.base}/play/${game.spec.slug}?seed=3`);
      const line = page.getByTestId('goal-line');
      await expect.poll(() => line.count()).toBe(1);
      const text = (await line.textContent()) ?? '';
      expect(text, game.spec.slug).toMatch(/^Goal: \S/);
      expect(text, game.spec.slug).toContain(game.spec.goal.split('. ')[0]);
      expect(text.length, game.spec.slug).toBeGreaterThan(game.spec.goal.split('. ')[0].length + 20);
    }
    // Delvewick: three waits, and the line gives way to the game.
    await page.goto(`${site.base}/play/delvewick`);
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press('.');
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(i));
    }
    expect(await page.getByTestId('goal-line').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells a phone player to tap a cell to walk in Briarwink', async () => {
    const b = await launchBrowser({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await b.context.newPage();
      await page.goto(`${site.base}/play/briarwink?seed=2`);
      await expect.poll(() => page.getByTestId('goal-line').textContent()).toContain('tap a cell to walk');
    } finally {
      await b.close();
    }
  });

  it("puts a moment's banner on the board, clear of the status values and of every control, taking no click", async () => {
    const { page, errors } = await newPage(site.context);
    for (const slug of ['whirlyard', 'briarwink']) {
      await page.goto(`${site.base}/play/${slug}?seed=4`);
      await page.locator('.board-wrap').waitFor();
      const clash = await page.evaluate(() => {
        const slot = document.querySelector('.moment-slot')!;
        const p = document.createElement('p');
        p.className = 'moment good';
        p.innerHTML = '<strong>Wave 23 cleared</strong><span class="moment-points"> +100</span>';
        slot.appendChild(p);
        const r = p.getBoundingClientRect();
        const overlaps = (e: Element) => {
          const o = e.getBoundingClientRect();
          return o.width > 0 && r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom;
        };
        // Over the board (its cells take clicks through it), never over a status value or a control
        // outside the board, nor Briarwink's Start, Pause and Plant.
        const hits = Array.from(
          document.querySelectorAll('.status .stat, .side button, .side a.btn, .play-head .btn, .bw-bar button, input'),
        ).filter(overlaps);
        const wrap = document.querySelector('.board-wrap')!.getBoundingClientRect();
        const onBoard = r.top >= wrap.top && r.bottom <= wrap.bottom && r.left >= wrap.left && r.right <= wrap.right;
        const clickThrough = getComputedStyle(slot).pointerEvents === 'none';
        p.remove();
        return {
          height: r.height,
          onBoard,
          clickThrough,
          hits: hits.map((e) => e.textContent?.trim().slice(0, 30) ?? e.className),
        };
      });
      expect(clash.height, slug).toBeGreaterThan(10);
      expect(clash.hits, slug).toEqual([]);
      expect(clash.onBoard, slug).toBe(true);
      expect(clash.clickThrough, slug).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says what Undo took back, never "your best" for a score of 0, and never speaks of seeds in Delvewick', async () => {
    const { page, errors } = await newPage(site.context);
    // A fresh game (the first test left one in progress in this browser, on another seed).
    await page.goto(`${site.base}/play/delvewick?seed=12345`);
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('0');
    await page.keyboard.press('.');
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('1');
    await page.keyboard.press('u');
    await expect.poll(() => page.getByTestId('outcome').textContent()).toBe('Taken back to the start.');
    const words = await page.evaluate(() => document.querySelector('main')!.innerText);
    expect(words.split('\n').filter((l) => /seed/i.test(l))).toEqual([]);
    // A Whirlyard run banked at once scores 0: the game over says so without praise.
    await page.goto(`${site.base}/play/whirlyard?seed=9`);
    await page.getByRole('button', { name: /^End run/ }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
    await expect(page.getByTestId('final-score').textContent()).resolves.toBe('0');
    expect(await page.getByTestId('gameover').textContent()).not.toContain('Your best');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ends a ranked session in words, not outcome codes', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/ranked/whirlyard`);
    await page.getByTestId('live-name').fill('Plain Words');
    await page.getByTestId('live-start').click();
    await page.getByRole('button', { name: /^End run/ }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('live-gameover').count()).toBe(1);
    const text = (await page.getByTestId('live-gameover').textContent()) ?? '';
    expect(text).not.toMatch(/terminated|ended:|end_run|truncated/);
    expect(text).toContain('recorded by the server and ranked');
    expect(errors).toEqual([]);
    await page.close();
  });
});
