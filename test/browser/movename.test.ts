/**
 * "Move my name to another device" in Chromium: the home page rotates the name's key on the server and
 * shows the new key once as a link; the old key is refused from then on; the link opened in another
 * browser (a fresh profile) keeps the key there, out of the address bar, and the name plays from it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-movename-');
}, 180_000);
afterAll(async () => {
  await site?.close();
});

async function start(name: string, key: string): Promise<number> {
  const r = await fetch(`${site.base}/api/games/whirlyard/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-player-key': key },
    body: JSON.stringify({ player: { name, kind: 'human' } }),
  });
  return r.status;
}

describe('moving a name to another device', () => {
  it('rotates the key, shows it once as a link, and the link carries the name to a fresh browser', async () => {
    const name = 'Mover Dee';
    const old = randomBytes(32).toString('base64url');
    expect(await start(name, old)).toBe(200);

    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/`);
    await page.evaluate(
      ([n, k]) => {
        localStorage.setItem('gameboard.playerName', n);
        localStorage.setItem(`gameboard.playerKey.${n.toLowerCase()}`, k);
      },
      [name, old],
    );
    await page.reload();
    await page.getByTestId('move-start').click();
    await expect.poll(() => page.getByTestId('move-warning').textContent()).toMatch(/Anyone who has the link owns/);
    await page.getByTestId('move-confirm').click();
    const link = await page.getByTestId('move-link').inputValue();
    expect(link).toMatch(new RegExp(`^${site.base}/#move=Mover\\+Dee&key=[A-Za-z0-9_-]{43}$`));
    const key = new URLSearchParams(link.split('#')[1]).get('key')!;
    // This browser keeps the new key; the old one is refused by the server.
    expect(await page.evaluate((n) => localStorage.getItem(`gameboard.playerKey.${n.toLowerCase()}`), name)).toBe(key);
    expect(await start(name, old)).toBe(403);
    // Shown once: hidden, it is not on the page any more.
    await page.getByTestId('move-done').click();
    expect(await page.getByTestId('move-link').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    expect(errors).toEqual([]);
    await page.close();

    // The other device: a fresh browser opens the link.
    const other = await launchBrowser();
    try {
      const { page: there, errors: thereErrors } = await newPage(other.context);
      await there.goto(link);
      await expect.poll(() => there.getByTestId('move-arrived').textContent()).toMatch(/Mover Dee/);
      expect(there.url()).toBe(`${site.base}/`);
      const kept = await there.evaluate((n) => localStorage.getItem(`gameboard.playerKey.${n.toLowerCase()}`), name);
      expect(kept).toBe(key);
      expect(await there.evaluate(() => localStorage.getItem('gameboard.playerName'))).toBe(name);
      expect(await start(name, kept!)).toBe(200);
      expect(thereErrors).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
