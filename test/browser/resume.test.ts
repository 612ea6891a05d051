/**
 * Nothing that matters is lost in ranked play: in Debian's Chromium, a ranked session goes on after a
 * reload, after Back, in a second tab and in a browser page opened after the first was closed, always at
 * the step the server recorded; a reloaded daily challenge resumes instead of spending the day's attempt.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, newPage, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  // A fresh name plays the daily here: the rule that it must have played ranked first has its own tests.
  site = await startSite('gameboard-web-resume-', { dailyQualify: false });
}, 120_000);
afterAll(() => site?.close());

const step = (page: Page) => page.getByTestId('live-step').textContent();

/** One Delvewick wait by key, and the step the page then shows. */
async function wait(page: Page, expected: number) {
  await page.keyboard.press('.');
  await expect.poll(() => step(page)).toBe(String(expected));
}

describe('a live session survives the browser', () => {
  it('goes on after a reload, Back, a second tab and a closed tab, at the recorded step', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/ranked/delvewick`);
    await page.getByTestId('live-name').fill('Resuming Rita');
    await page.getByTestId('live-start').click();
    await expect.poll(() => step(page)).toBe('0');
    await wait(page, 1);
    await wait(page, 2);
    const id = await page.evaluate(
      () => JSON.parse(localStorage.getItem('gameboard.live.v1.delvewick.ranked') ?? '{}').id as string,
    );
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);

    // A reload reopens the session: the name form never shows, the step is the server's.
    await page.reload();
    await expect.poll(() => step(page)).toBe('2');
    expect(await page.getByTestId('live-name').count()).toBe(0);
    await expect(page.getByTestId('outcome').textContent()).resolves.toContain('goes on at step 2');
    await wait(page, 3);

    // Back from another page, then a second tab: the same session, at the same step.
    await page.goto(`${site.base}/leaderboard/delvewick`);
    await page.goBack();
    await expect.poll(() => step(page)).toBe('3');
    const second = await newPage(site.context);
    await second.page.goto(`${site.base}/ranked/delvewick`);
    await expect.poll(() => step(second.page)).toBe('3');
    await wait(second.page, 4);
    // The first tab is now behind: a different move from it (the same one would be a safe retry of the
    // recorded step) catches up with the record instead of failing, and plays nothing.
    await page.keyboard.press('d');
    await expect.poll(() => page.getByTestId('outcome').textContent()).toContain('played on elsewhere');
    await expect.poll(() => step(page)).toBe('4');
    await second.page.close();

    // Closed and opened again.
    await page.close();
    const reopened = await newPage(site.context);
    await reopened.page.goto(`${site.base}/ranked/delvewick`);
    await expect.poll(() => step(reopened.page)).toBe('4');
    await reopened.page.screenshot({ path: join(SHOTS, 'ranked-delvewick-resumed.png'), fullPage: true });
    const onServer = (await site.app.inject(`/api/sessions/${id}`)).json() as { session: { step: number } };
    expect(onServer.session.step).toBe(4);
    // Chromium logs the one refused request (409 stale_state) that the first tab recovered from.
    const logged = [...errors, ...second.errors, ...reopened.errors];
    expect(logged.filter((e) => !/status of 409/.test(e))).toEqual([]);
    expect(logged.filter((e) => /status of 409/.test(e))).toHaveLength(1);
    await reopened.page.close();
  });

  it("a reloaded daily challenge resumes: the day's one attempt is not spent", async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/ranked/cragwake?daily=1`);
    await page.getByTestId('live-name').fill('Daily Resumer');
    await page.getByTestId('live-start').click();
    await expect.poll(() => step(page)).toBe('0');
    await page.keyboard.press('b');
    await expect.poll(() => step(page)).toBe('1');
    await page.reload();
    await expect.poll(() => step(page)).toBe('1');
    expect(await page.getByTestId('live-problem').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
