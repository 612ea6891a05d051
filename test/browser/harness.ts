/**
 * What the browser suites share: a private Vite build of the UI, Debian's Chromium launched through
 * playwright-core with the flags this closed network needs, pages that collect their own errors, and
 * `startSite`: the real app with a run store serving that build.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Run } from '../../src/core/replay.js';
import { inject } from 'vitest';
import { StateSealer } from '../../src/server/state/seal.js';
import { buildApp } from '../../src/server/app.js';
import { SqliteRunStore } from '../../src/store/sqlite.js';
import { viteBuild } from '../helpers/web-global.js';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Screenshots of every page the suites visit (git-ignored), for people to look at. */
export const SHOTS = join(ROOT, 'test-output/screenshots');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The UI built with its own Vite config, in a fresh temp folder of this caller's (never dist/web, so a
 * running server or a concurrent suite never sees a half-written build). Returns the folder. Under
 * `vitest run` it is a copy of the build the browser project made for the run (test/helpers/web-global.ts,
 * from the same source and config); elsewhere (watch mode, scripts/screenshots.ts) it is built here.
 */
export async function buildWeb(prefix: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const dist = mkdtempSync(join(tmpdir(), prefix));
  const shared = process.env.VITEST ? inject('webBuild') : undefined;
  if (shared) cpSync(shared, dist, { recursive: true });
  else await viteBuild(dist);
  return dist;
}

/** What a caller may ask of its browser; anything else is the default (1280x900, no touch, motion on). */
interface BrowserOptions {
  acceptDownloads?: boolean;
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  isMobile?: boolean;
  reducedMotion?: 'reduce' | 'no-preference';
}

/**
 * A browser of the caller's own, as a fresh one is: no storage, no history, its own options. Under
 * `vitest run` it is a new browser context in this worker's Chromium (`workerChromium`), about a third of
 * a launch's CPU; elsewhere, and with `own`, a Chromium of its own with a fresh profile. `close` ends it
 * (and removes that profile).
 */
export async function launchBrowser(
  options: BrowserOptions & { own?: boolean } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const { own, ...asked } = options;
  const shared = own ? undefined : workerChromium();
  if (shared !== undefined) {
    const context = await (await shared).browser()!.newContext({ viewport: { width: 1280, height: 900 }, ...asked });
    return { context, close: () => context.close() };
  }
  const profile = mkdtempSync(join(tmpdir(), 'gameboard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
    ...asked,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * This test worker's Chromium under `vitest run`, as its persistent context (a profile on disk, so a page
 * loaded again reuses its compiled script): launched on first use, kept for the worker's later files (the
 * browser project does not isolate its files), ended with the worker. A launch and its first page cost
 * about 3.6 s of CPU here, a new page in a running Chromium about 0.6 s, a new browser context about 1.2 s.
 * The sites open their pages in this context, and never share storage through it: each listens on a port
 * of its own, so each is an origin of its own (the app keeps its state in localStorage and sets no cookie).
 * A site closes the pages opened in it while it ran. Outside Vitest (or in watch mode) there is none: each
 * site and browser has a Chromium of its own, as a script would otherwise keep running with the shared one.
 */
let workerContext: Promise<BrowserContext> | undefined;

function workerChromium(): Promise<BrowserContext> | undefined {
  const root = process.env.VITEST ? inject('browserRoot') : null;
  if (!root) return undefined;
  if (workerContext === undefined) {
    const launched = chromium.launchPersistentContext(mkdtempSync(join(root, 'gameboard-chromium-sites-')), {
      executablePath: CHROMIUM,
      args: ARGS,
      headless: true,
      viewport: { width: 1280, height: 900 },
    });
    workerContext = launched;
    // A Chromium that ended (or never started) is launched again by the next site.
    const forget = () => {
      if (workerContext === launched) workerContext = undefined;
    };
    launched.then((context) => context.on('close', forget), forget);
  }
  return workerContext;
}

/** A fresh page whose uncaught errors and console errors are collected in `errors`. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { page, errors };
}

/** The real app with an in-memory run store, serving a private UI build, and a browser to visit it. */
export interface Site {
  base: string;
  app: FastifyInstance;
  store: SqliteRunStore;
  context: BrowserContext;
  /** Closes the browser, the app and the store, and removes the build. */
  close: () => Promise<void>;
}

/** Starts a `Site` on 127.0.0.1 at a random port; `prefix` names its build folder. */
export async function startSite(
  prefix: string,
  options: { clock?: () => Date; dailyQualify?: boolean } = {},
): Promise<Site> {
  const dist = await buildWeb(prefix);
  const store = new SqliteRunStore(':memory:');
  const app = await buildApp({
    sealer: StateSealer.random(),
    store,
    webRoot: dist,
    clock: options.clock,
    dailyQualify: options.dailyQualify,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const shared = workerChromium();
  const own = shared === undefined ? await launchBrowser() : undefined;
  const context = own?.context ?? (await shared!);
  // The pages this site opened in the shared Chromium, closed with the site.
  const pages = new Set<Page>();
  const opened = (page: Page) => pages.add(page);
  if (own === undefined) context.on('page', opened);
  return {
    base,
    app,
    store,
    context,
    close: async () => {
      if (own !== undefined) await own.close();
      else {
        context.off('page', opened);
        await Promise.all([...pages].map((page) => page.close()));
      }
      await app.close();
      await store.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/**
 * axe-core's serious and critical WCAG 2.0/2.1 A and AA violations on the page as it is now, one line
 * each (rule id and the first elements), for suites that audit a state a11y.test.ts does not reach.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    // Evaluated through the debugging protocol, not added as a <script>: the pages' CSP allows no inline script.
    await page.evaluate(readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    type Found = { id: string; impact?: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (d: Document, o: unknown) => Promise<{ violations: Found[] }> } })
      .axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      );
  });
}

/** One animation as it started: what it moved and how, recorded by `recordAnimations`. */
export interface Started {
  /** `script` for Element.animate, `css` for a CSS animation (then `name` is its @keyframes name). */
  kind: 'script' | 'css';
  name: string;
  /** The element's class attribute and its data-* attributes (without the `data-` prefix). */
  cls: string;
  data: Record<string, string>;
  /** The data-testid of the element and of each of its ancestors, nearest first. */
  within: string[];
  delay: number;
  duration: number;
  /** The first and last keyframes' transform, if they set one. */
  from: string | null;
  to: string | null;
  /** performance.now() when it was recorded. */
  at: number;
}

/** The page-side recorder; a string, so that no build helper of the test's own code reaches the page. */
const RECORDER = `(() => {
  const started = [];
  const seen = new WeakSet();
  window.__started = started;
  const record = (el, a) => {
    if (!a || seen.has(a) || !(el instanceof Element)) return;
    seen.add(a);
    const t = a.effect && a.effect.getTiming ? a.effect.getTiming() : {};
    const k = a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [];
    const data = {};
    for (const n of el.getAttributeNames()) if (n.startsWith('data-')) data[n.slice(5)] = el.getAttribute(n) || '';
    const within = [];
    for (let p = el; p; p = p.parentElement) if (p.hasAttribute('data-testid')) within.push(p.getAttribute('data-testid'));
    const tf = (f) => (f && typeof f.transform === 'string' ? f.transform : null);
    started.push({
      kind: typeof CSSAnimation !== 'undefined' && a instanceof CSSAnimation ? 'css' : 'script',
      name: a.animationName || a.id || '',
      cls: el.getAttribute('class') || '',
      data,
      within,
      delay: Number(t.delay || 0),
      duration: Number(t.duration) || 0,
      from: tf(k[0]),
      to: tf(k[k.length - 1]),
      at: performance.now(),
    });
  };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const a = animate.call(this, frames, options);
    record(this, a);
    return a;
  };
  // CSS animations start when an element is added or its class or style changes; a mutation
  // observer runs before the next frame, so it sees each one before it can end.
  const look = (node) => {
    if (!(node instanceof Element)) return;
    for (const a of node.getAnimations({ subtree: true }))
      record(a.effect && a.effect.target ? a.effect.target : node, a);
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.type === 'attributes') look(m.target);
      else m.addedNodes.forEach(look);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})()`;

/**
 * Records every animation the page starts, as it starts (Element.animate and CSS animations), so
 * that a test checks what moved and how even when a loaded machine lets a short animation end
 * before the test could read it from getAnimations(). Call before `goto`; `clear` forgets what was
 * recorded so far, `read` returns the records in the order they started.
 */
export async function recordAnimations(page: Page): Promise<{
  clear: () => Promise<void>;
  read: () => Promise<Started[]>;
}> {
  await page.addInitScript(RECORDER);
  return {
    clear: () =>
      page.evaluate(() => {
        (window as unknown as { __started: Started[] }).__started.length = 0;
      }),
    read: () => page.evaluate(() => (window as unknown as { __started: Started[] }).__started.slice()),
  };
}

/** Whether a recorded animation's element has `name` among its classes. */
export const hasClass = (a: Started, name: string): boolean => a.cls.split(/\s+/).includes(name);

/** An element as it was added to the page: its attributes then, recorded by `recordElements`. */
export interface Added {
  attrs: Record<string, string>;
  text: string;
  /** performance.now() when it was recorded. */
  at: number;
}

/**
 * Records every element matching `selector` as it is added to the page (with its attributes then), so
 * that a test checks a mark shown "for a moment" even when a loaded machine removes it before the
 * test could look. Call before `goto`; `clear` and `read` as for `recordAnimations`.
 */
export async function recordElements(
  page: Page,
  selector: string,
): Promise<{ clear: () => Promise<void>; read: () => Promise<Added[]> }> {
  const key = JSON.stringify(selector);
  await page.addInitScript(`(() => {
    const added = [];
    (window.__added = window.__added || {})[${key}] = added;
    const take = (el) => {
      const attrs = {};
      for (const n of el.getAttributeNames()) attrs[n] = el.getAttribute(n) || '';
      added.push({ attrs, text: el.textContent || '', at: performance.now() });
    };
    new MutationObserver((list) => {
      for (const m of list)
        m.addedNodes.forEach((n) => {
          if (!(n instanceof Element)) return;
          if (n.matches(${key})) take(n);
          n.querySelectorAll(${key}).forEach(take);
        });
    }).observe(document, { subtree: true, childList: true });
  })()`);
  return {
    clear: () =>
      page.evaluate((s) => {
        (window as unknown as { __added: Record<string, Added[]> }).__added[s].length = 0;
      }, selector),
    read: () =>
      page.evaluate((s) => (window as unknown as { __added: Record<string, Added[]> }).__added[s].slice(), selector),
  };
}

/** Puts a game in progress into this browser's saved games at `base`, as the play page saves it. */
export async function saveGame(page: Page, base: string, run: Run): Promise<void> {
  await page.goto(`${base}/`);
  const json = JSON.stringify([{ run, score: 0, savedAt: Date.now() }]);
  await page.evaluate((v: string) => localStorage.setItem('gameboard.unfinished.v1', v), json);
}
