/**
 * The smaller things, in Chromium against the real app: a page says it is loading while its bundle is
 * on a slow way, and a malformed share link says what went wrong in plain words, with a way to the
 * replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, seriousViolations, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-smaller-');
}, 120_000);
afterAll(() => site?.close());

describe('no blank page', () => {
  it('says it is loading while the bundle is held back, then shows the app', async () => {
    const { page, errors } = await newPage(site.context);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // A module script holds DOMContentLoaded back: the page is looked at as soon as it arrives.
    await page.goto(`${site.base}/play/delvewick`, { waitUntil: 'commit' });
    await expect.poll(() => page.getByText('Loading Gameboard…').count()).toBe(1);
    release();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Delvewick');
    expect(await page.getByText('Loading Gameboard…').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a malformed share link', () => {
  it('says plainly what went wrong and links to the replays', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/replay#z!!not-a-run`);
    const problem = page.getByTestId('replay-problem');
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.textContent()).toContain('This replay link is damaged or incomplete');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('replay-list-link').click();
    await expect.poll(() => problem.count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe('/replay');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('"Your games"', () => {
  it('no longer lists a run as "not on a leaderboard yet" once it is submitted', async () => {
    const { page, errors } = await newPage(site.context);
    // Two finished runs on two seeds: the first waits in "Your games" while the second is over.
    for (const seed of [31, 32]) {
      await page.goto(`${site.base}/play/whirlyard?seed=${seed}`);
      await page.getByRole('button', { name: 'End run and bank the score' }).click();
      await page.getByTestId('confirm-yes').click();
      await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
    }
    const yours = page.getByTestId('your-runs');
    await expect.poll(() => yours.getByTestId('watch-own').count()).toBe(2);
    await page.getByTestId('submit-open').click();
    await page.getByTestId('submit-name').fill('Listed Lou');
    await page.getByTestId('submit-send').click();
    await expect.poll(() => page.getByTestId('submit-result').count()).toBe(1);
    // At once, without a reload: only the other run still waits.
    await expect.poll(() => yours.getByTestId('watch-own').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("Briarwink's game over", () => {
  it('counts the run in ticks and seconds, not in actions', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/briarwink?seed=6`);
    await page.keyboard.press('Enter');
    await expect.poll(async () => Number(await page.getByTestId('action-count').textContent())).toBeGreaterThan(5);
    await page.getByRole('button', { name: /end the run/i }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
    const final = (await page.getByTestId('gameover').locator('.final').textContent()) ?? '';
    expect(final).toMatch(/after \d+ ticks \(\d+ s of play\)\./);
    expect(final).not.toContain('action');
    expect(errors).toEqual([]);
    await page.close();
  });
});
