/**
 * The page headers in Chromium: every web page (the UI's routes for every game, the API and agent
 * docs, a 404 page) is served with its Content-Security-Policy, anti-framing, Referrer-Policy and
 * nosniff headers, and loads under them with no console error and no CSP violation; a page of ours
 * framed by another origin is refused; API answers carry none of these headers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { newPage, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-csp-');
}, 180_000);
afterAll(async () => {
  await site?.close();
});

const PAGES = [
  '/',
  '/replay',
  ...games.flatMap((g) => [
    `/play/${g.spec.slug}`,
    `/rules/${g.spec.slug}`,
    `/leaderboard/${g.spec.slug}`,
    `/ranked/${g.spec.slug}`,
    `/docs/api/${g.spec.slug}`,
  ]),
  '/docs/api',
  '/docs/agents',
  '/no/such/page',
];

describe('web pages under their Content-Security-Policy', () => {
  it('serves every page with the page headers, and each loads with no console error or violation', async () => {
    const { page, errors } = await newPage(site.context);
    // Answers of 404 and what they were for: a console "Failed to load resource" line names no address.
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(new URL(r.url()).pathname);
    });
    // Installed by the browser before any page script runs (not subject to the page's policy).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    for (const path of PAGES) {
      const answer = await page.goto(`${site.base}${path}`, { waitUntil: 'load' });
      expect(answer, path).not.toBeNull();
      const headers = answer!.headers();
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self';/);
      expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
      expect(headers['content-security-policy'], path).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('no-referrer');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      // The UI has drawn itself (its script ran), or the server's own page is there.
      await page.waitForFunction(() => document.querySelector('main, h1') !== null);
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations, path).toEqual([]);
      // The 404 page's own status, and the favicon a page without one makes the browser ask for, are
      // the only 404s; no other console error.
      // (The browser's own favicon request shows no response event: a page without an icon link may log one.)
      const iconless = await page.evaluate(() => document.querySelector('link[rel~="icon"]') === null);
      const expected404 = missing.filter((m) => m === path).length + (iconless ? 1 : 0);
      expect(
        missing.filter((m) => m !== path && m !== '/favicon.ico'),
        path,
      ).toEqual([]);
      expect(
        errors.filter((e) => !/status of 404 \(Not Found\)/.test(e)),
        path,
      ).toEqual([]);
      expect(errors.length, path).toBeLessThanOrEqual(expected404);
      errors.length = 0;
      missing.length = 0;
    }
    await page.close();
  }, 180_000);

  it('refuses to be framed by another site, and leaves API answers unchanged', async () => {
    const framer: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><iframe id="f" src="${site.base}/"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    try {
      const { page } = await newPage(site.context);
      const port = (framer.address() as AddressInfo).port;
      // Another origin (localhost, not 127.0.0.1).
      await page.goto(`http://localhost:${port}/`);
      await expect.poll(() => page.frames().length).toBe(2);
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      // Blocked: the frame stays empty (Chromium shows its own error page there, without the app).
      await expect
        .poll(async () => frame.evaluate(() => document.querySelector('#app') === null).catch(() => true))
        .toBe(true);
      await page.close();
    } finally {
      framer.close();
    }
    const api = await fetch(`${site.base}/api/games`);
    expect(api.headers.get('content-security-policy')).toBeNull();
    expect(api.headers.get('x-frame-options')).toBeNull();
    expect(api.headers.get('referrer-policy')).toBeNull();
  });
});
