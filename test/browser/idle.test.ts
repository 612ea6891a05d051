/**
 * A game page that waits draws nothing: Briarwink's clock (30 ticks a second, driven by animation frames)
 * asks for frames only while the night runs. Before Start, while paused and after Resume, in Chromium
 * against the real app, the page's outstanding animation-frame requests are counted as the app makes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-idle-');
}, 120_000);
afterAll(() => site?.close());

/** Counts the page's animation-frame requests not yet run or cancelled, as `window.__frames()`. */
const COUNTER = `(() => {
  const open = new Set();
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    const id = request((now) => {
      open.delete(id);
      callback(now);
    });
    open.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    open.delete(id);
    cancel(id);
  };
  window.__frames = () => open.size;
})()`;

describe('a waiting game page', () => {
  it("Briarwink's clock asks for no animation frame before Start and while paused, and runs again on Resume", async () => {
    const { page, errors } = await newPage(site.context);
    await page.addInitScript(COUNTER);
    const frames = () => page.evaluate(() => (window as unknown as { __frames: () => number }).__frames());
    const time = page.locator('dd[data-exact]').last();
    const turn = async () => Number(await time.getAttribute('data-exact'));

    await page.goto(`${site.base}/play/briarwink?seed=7`);
    await page.locator('.board-wrap svg.board').waitFor();
    await expect.poll(frames, { message: 'frames asked for before Start' }).toBe(0);

    await page.keyboard.press('Enter');
    await page.getByTestId('pause').waitFor();
    const started = await turn();
    await expect.poll(turn, { message: 'the night runs after Start', timeout: 15_000 }).toBeGreaterThan(started);
    expect(await frames()).toBeGreaterThan(0);

    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('pause').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(frames, { message: 'frames asked for while paused' }).toBe(0);
    const paused = await turn();

    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('pause').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(turn, { message: 'the night runs again after Resume', timeout: 15_000 }).toBeGreaterThan(paused);
    expect(await frames()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
