/**
 * Briarwink's walk preview, in Chromium against the real app: the pointer over a cell draws the path a
 * click would walk (the engine's search, run here on the page's state), the cells of it a dimling may
 * reach first are marked and said in words, reduced motion marks the same, and the view passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briarwink, type BriarwinkObservation, type BriarwinkState } from '../../src/games/briarwink/index.js';
import { dimlingFirst, walkPath } from '../../src/web/games/briarwink/path.js';
import { launchBrowser, newPage, seriousViolations, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-walkpreview-');
}, 120_000);
afterAll(() => site?.close());

const see = (s: BriarwinkState) => briarwink.observe(s) as unknown as BriarwinkObservation;

/** Seed 7 started, then `n` ticks with no input: what the page shows after running that long. */
function stateAfter(n: number): BriarwinkState {
  let s = briarwink.init(7);
  for (const a of [{ type: 'start' }, ...Array.from({ length: n }, () => ({ type: 'tick', move: null }))]) {
    const r = briarwink.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

describe("Briarwink's walk preview", () => {
  it('draws the path under the pointer, marks where a dimling may get first, in words too, the same with reduced motion', async () => {
    const start = see(stateAfter(0)).turn;
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const b = await launchBrowser({ reducedMotion, viewport: { width: 1366, height: 900 } });
      try {
        const { page, errors } = await newPage(b.context);
        await page.goto(`${site.base}/play/briarwink?seed=7`);
        await page.locator('.board-wrap svg.board').waitFor();
        await page.keyboard.press('Enter');
        await page.getByTestId('pause').waitFor();
        await page.keyboard.press('p');
        await expect.poll(() => page.getByTestId('pause').getAttribute('aria-pressed')).toBe('true');
        const time = page.locator('dd[data-exact]').last();
        const turn = Number(await time.getAttribute('data-exact'));
        const o = see(stateAfter(turn - start));
        expect(o.turn).toBe(turn);
        // a cell whose path a dimling may cross first, and one whose path none does
        const plans = Array.from({ length: 63 }, (_, t) => {
          const path = walkPath(o, t);
          return { t, path, marked: dimlingFirst(o, path) };
        }).filter((p) => p.path.length > 2 && p.path[p.path.length - 1] === p.t);
        const risky = plans.find((p) => p.marked.size > 0)!;
        const safe = plans.find((p) => p.marked.size === 0)!;
        expect(risky).toBeDefined();
        expect(safe).toBeDefined();

        await page.locator(`.bw-hit[data-cell="${safe.t}"]`).hover();
        await expect.poll(() => page.getByTestId('bw-path').getAttribute('data-cells')).toBe(safe.path.join(' '));
        expect(await page.getByTestId('bw-risk').count()).toBe(0);
        const words = page.locator('.bw-bar [aria-live]');
        expect(await words.textContent()).toContain(
          `Path to (${safe.t % 7}, ${Math.floor(safe.t / 7)}), ${safe.path.length - 1} steps.`,
        );

        await page.locator(`.bw-hit[data-cell="${risky.t}"]`).hover();
        await expect.poll(() => page.getByTestId('bw-path').getAttribute('data-cells')).toBe(risky.path.join(' '));
        const cells = await page
          .getByTestId('bw-risk')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-cell'))));
        expect(cells.sort((a, c) => a - c)).toEqual([...risky.marked].sort((a, c) => a - c));
        expect(await words.textContent()).toContain('a dimling may get there first');
        // a click makes it the walk target: the status line warns as it walks
        await page.locator(`.bw-hit[data-cell="${risky.t}"]`).click();
        await expect
          .poll(() => words.textContent())
          .toContain(`Walking to (${risky.t % 7}, ${Math.floor(risky.t / 7)}). A dimling may get there first.`);
        // nothing of the marking moves, with or without reduced motion
        const moving = await page
          .getByTestId('bw-risk')
          .evaluateAll((els) => els.flatMap((e) => e.getAnimations()).filter((a) => a.playState === 'running').length);
        expect(moving).toBe(0);
        expect(await page.getByRole('img', { name: /A dimling may get to/ }).count()).toBe(risky.marked.size);
        if (reducedMotion === 'reduce') expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  }, 120_000);
});
