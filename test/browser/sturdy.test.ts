/**
 * Ranked play as sturdy as free play, in Debian's Chromium against the real app: a server stopped and
 * started again on the same port and store is found again by the page on its own (it says so, and keys
 * work again without a reload); moves made while an answer is slow show as queued on the board and go
 * in order, and a refused one drops the rest and says so; ranked has the Sound toggle and Keys help of
 * free play, and its goal line promises no take-back.
 */
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../../src/server/state/seal.js';
import { buildApp } from '../../src/server/app.js';
import { SqliteRunStore } from '../../src/store/sqlite.js';
import { SHOTS, buildWeb, launchBrowser, newPage, seriousViolations } from './harness.js';

let dist: string;
let store: SqliteRunStore;
const sealer = StateSealer.random();
let app: FastifyInstance | null = null;
let port = 0;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

/** The app on `port` (0: any free one), with the one store and sealer every restart shares. */
async function startApp(): Promise<void> {
  app = await buildApp({ sealer, store, webRoot: dist, dailyQualify: false });
  await app.listen({ port, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}

async function stopApp(): Promise<void> {
  await app?.close();
  app = null;
}

beforeAll(async () => {
  dist = await buildWeb('gameboard-web-sturdy-');
  store = new SqliteRunStore(':memory:');
  await startApp();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stopApp();
  await store?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${port}`;
const step = (page: Page) => page.getByTestId('live-step').textContent();

/** A new ranked Delvewick session (the one this browser kept before is forgotten first). */
async function startRanked(page: Page, name: string) {
  await page.goto(`${base()}/rules/delvewick`);
  await page.evaluate(() => localStorage.removeItem('gameboard.live.v1.delvewick.ranked'));
  await page.goto(`${base()}/ranked/delvewick`);
  await page.getByTestId('live-name').fill(name);
  await page.getByTestId('live-start').click();
  await expect.poll(() => step(page)).toBe('0');
}

describe('ranked play survives a server restart', () => {
  it('retries on its own, says so, and takes keys again without a reload', async () => {
    const { page } = await newPage(browser.context);
    await startRanked(page, 'Sturdy Sam');
    await page.keyboard.press('.');
    await expect.poll(() => step(page)).toBe('1');
    const id = await page.evaluate(
      () => JSON.parse(localStorage.getItem('gameboard.live.v1.delvewick.ranked') ?? '{}').id as string,
    );

    await stopApp();
    // Two moves while the server is down: the first fails after the client's own retries, and the page
    // says it is trying again; both stay queued on the board.
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    const link = page.getByTestId('live-link');
    await expect.poll(() => link.textContent(), { timeout: 15_000 }).toContain('could not be reached');
    expect(await page.getByTestId('live-queued').textContent()).toContain('Queued (2)');
    expect(await page.getByTestId('live-error').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'ranked-reconnecting.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The same port and store again: the page finds it by itself (no click, no reload) and sends both.
    await startApp();
    await expect.poll(() => step(page), { timeout: 30_000 }).toBe('3');
    await expect.poll(() => link.textContent()).toContain('Back in touch with the server');
    expect(await page.getByTestId('live-queued').count()).toBe(0);
    // Keys work again, with the same session.
    await page.keyboard.press('.');
    await expect.poll(() => step(page)).toBe('4');
    const onServer = (await app!.inject(`/api/sessions/${id}`)).json() as { session: { step: number } };
    expect(onServer.session.step).toBe(4);
    await page.close();
  }, 90_000);

  it('a page opened while the server cannot be reached keeps trying to reopen the session', async () => {
    const { page } = await newPage(browser.context);
    // The page loads, but its requests to reopen the kept session find no server at first.
    let down = true;
    await page.route('**/api/sessions/*/resume', (route) =>
      down ? route.abort('connectionrefused') : route.continue(),
    );
    await page.goto(`${base()}/ranked/delvewick`);
    await expect
      .poll(() => page.getByTestId('live-resuming').textContent(), { timeout: 20_000 })
      .toContain('could not be reached');
    expect(await page.getByTestId('live-name').count()).toBe(0);
    down = false;
    // The session of the test before, kept by this browser, reopens at its step by itself.
    await expect.poll(() => step(page), { timeout: 30_000 }).toBe('4');
    await page.keyboard.press('.');
    await expect.poll(() => step(page)).toBe('5');
    await page.close();
  }, 90_000);
});

describe('slow answers', () => {
  it('shows moves as queued on the board, sends them in order, and drops the rest after a refusal', async () => {
    const { page, errors } = await newPage(browser.context);
    await startRanked(page, 'Queued Quinn');
    // 400 ms on every action's way back.
    await page.route('**/api/sessions/*/action', async (route) => {
      const answer = await route.fetch();
      await new Promise((r) => setTimeout(r, 400));
      await route.fulfill({ response: answer });
    });
    for (const k of ['.', '.', '.']) await page.keyboard.press(k);
    const queued = page.getByTestId('live-queued');
    await expect.poll(() => queued.textContent()).toMatch(/Queued \([23]\)/);
    await page.screenshot({ path: join(SHOTS, 'ranked-queued.png'), fullPage: true });
    await expect.poll(() => step(page), { timeout: 10_000 }).toBe('3');
    expect(await queued.count()).toBe(0);

    // Left is bedrock at the start of level 1: refused, and the two waits queued after it are dropped.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await expect
      .poll(() => page.getByTestId('outcome').textContent())
      .toContain('2 moves queued after it were dropped');
    expect(await step(page)).toBe('3');
    expect(await queued.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

describe('ranked has what free play has', () => {
  it('a Sound toggle, Keys help without take-back, and a goal line true for ranked', async () => {
    const { page, errors } = await newPage(browser.context);
    await startRanked(page, 'Helpful Hana');
    expect(await page.getByTestId('goal-line').textContent()).not.toMatch(/takes? back/i);
    expect(await page.getByTestId('goal-line').textContent()).toContain('no take-back');
    const sound = page.getByTestId('sound');
    const before = await sound.getAttribute('aria-pressed');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem('gameboard.sound'))).toBe(before === 'true' ? 'off' : 'on');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keys' });
    await expect.poll(() => dialog.count()).toBe(1);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('W A S D');
    expect(text).not.toContain('take back');
    expect(await seriousViolations(page)).toEqual([]);
    // Keys do not play while the help is open; Escape closes it and they play again.
    await page.keyboard.press('.');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await step(page)).toBe('0');
    await page.keyboard.press('.');
    await expect.poll(() => step(page)).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
