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
