/**
 * An automated accessibility audit of every page of the browser UI, in a real browser against the real
 * app: `buildApp` with an in-memory run store (so leaderboards and stored replays have runs to show),
 * serving a Vite build made here. Each page is loaded, waited on until it has rendered, and checked with
 * axe-core against the WCAG 2.0 and 2.1 A and AA rules; a violation of impact "serious" or "critical"
 * fails the test, and the message names each rule, its impact, its help text and where it was found.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { games, registry } from '../../src/games/index.js';
import { ROOT, SHOTS, newPage, startSite, type Site } from './harness.js';

const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

let site: Site | undefined;
let app: FastifyInstance;
let base = '';
let context: BrowserContext;
/** A stored run per game, for its replay page. */
const storedRun = new Map<string, string>();

/** A short legal run on seed 3: the first legal action that keeps the game going, up to eight times. */
function shortRun(game: AnyGame): GameAction[] {
  let state = game.init(3);
  const actions: GameAction[] = [];
  while (actions.length < 8 && !game.isGameOver(state)) {
    const legal = game.legalActions(state) as GameAction[];
    let next: { a: GameAction; s: unknown } | undefined;
    for (const a of legal) {
      const r = game.step(state, a);
      if (r.ok && !game.isGameOver(r.state)) {
        next = { a, s: r.state };
        break;
      }
    }
    if (!next) break;
    actions.push(next.a);
    state = next.s;
  }
  return actions;
}

/**
 * `actions`, then played on to the end: an end-run action when one is legal, else the first legal one
 * (the last one with `last`, so two players' runs differ: a copy would be refused).
 */
function finished(game: AnyGame, actions: GameAction[], last = false): GameAction[] {
  let state = game.init(3);
  const out = [...actions];
  for (const a of actions) state = (game.step(state, a) as { state: unknown }).state;
  while (!game.isGameOver(state) && out.length < 20_000) {
    const legal = game.legalActions(state) as GameAction[];
    const a = legal.find((x) => /end/i.test(x.type)) ?? legal[last ? legal.length - 1 : 0];
    const r = game.step(state, a);
    if (!r.ok) throw new Error(r.message);
    out.push(a);
    state = r.state;
  }
  return out;
}

/** The player keys of the names these tests claimed (names are owned). */
const keys = new Map<string, string>();

async function submit(game: AnyGame, actions: GameAction[], name: string, kind: 'human' | 'agent'): Promise<string> {
  const key = keys.get(name);
  const res = await app.inject({
    method: 'POST',
    url: '/api/runs',
    headers: key ? { 'x-player-key': key } : {},
    payload: {
      game: game.spec.slug,
      rulesVersion: game.spec.rulesVersion,
      seed: 3,
      actions,
      player: { name, kind },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { id: string; playerKey?: string };
  if (body.playerKey) keys.set(name, body.playerKey);
  return body.id;
}

beforeAll(async () => {
  site = await startSite('gameboard-web-a11y-');
  ({ base, app, context } = site);
  for (const g of games) {
    const actions = shortRun(g);
    storedRun.set(g.spec.slug, await submit(g, actions, 'Ada Tester', 'human'));
    // Boards list finished runs only, one per player.
    await submit(g, finished(g, actions), 'Ada Tester', 'human');
    await submit(g, finished(g, actions.slice(0, 2), true), 'robo-7', 'agent');
  }
});

afterAll(async () => {
  await site?.close();
});

/** Runs axe-core on the page as it is now and returns its violations. */
async function audit(page: Page): Promise<AxeResults['violations']> {
  // Evaluated through the debugging protocol, not added as a <script>: the pages' CSP allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS } };
  return page.evaluate(async (opts) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: RunOptions) => Promise<AxeResults> } }).axe;
    return (await axe.run(document, opts)).violations;
  }, options);
}

/** One line per rule: id, impact, help, how many elements, and the first few selectors. */
function summarize(violations: AxeResults['violations']): string[] {
  return violations.map((v) => {
    const targets = v.nodes
      .slice(0, 4)
      .map((n) => n.target.join(' '))
      .join(' | ');
    return `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} element(s): ${targets}`;
  });
}

/**
 * Audits the page and fails on any serious or critical violation, naming each one; lesser findings are
 * printed. `errors` are the page's own errors, which must be none.
 */
async function expectAccessible(page: Page, errors: string[], shotName: string): Promise<void> {
  const violations = await audit(page);
  const failing = violations.filter((v) => v.impact && FAILING.has(v.impact));
  const minor = violations.filter((v) => !failing.includes(v));
  if (minor.length) console.log(`${page.url()}: minor findings (not failing):\n${summarize(minor).join('\n')}`);
  await page.screenshot({ path: join(SHOTS, `a11y-${shotName}.png`), fullPage: true });
  expect(summarize(failing), `serious or critical violations on ${page.url()}`).toEqual([]);
  expect(errors).toEqual([]);
}

/** Opens a page of the app and waits until `ready` holds. */
async function open(path: string, ready: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(context);
  await opened.page.goto(base + path);
  await ready(opened.page);
  return opened;
}

const h1Is = (text: string) => (page: Page) => expect.poll(() => page.locator('h1').textContent()).toBe(text);

describe('accessibility (axe-core, WCAG 2.0/2.1 A and AA; serious and critical fail)', () => {
  it('home page /', async () => {
    const { page, errors } = await open('/', async (p) => {
      await expect.poll(() => p.locator('.card').count()).toBe(games.length);
    });
    await expectAccessible(page, errors, 'home');
    await page.close();
  });

  for (const game of games) {
    const slug = game.spec.slug;
    it(`play page /play/${slug}`, async () => {
      const { page, errors } = await open(`/play/${slug}?seed=7`, async (p) => {
        await h1Is(game.spec.name)(p);
        if (game.spec.seedless === true) await expect.poll(() => p.getByTestId('goal-line').count()).toBe(1);
        else await expect.poll(() => p.getByTestId('seed').textContent()).toBe('7');
      });
      await expectAccessible(page, errors, `play-${slug}`);
      await page.close();
    });

    it(`text view /play/${slug}?view=text`, async () => {
      const { page, errors } = await open(`/play/${slug}?seed=7&view=text`, async (p) => {
        await h1Is(game.spec.name)(p);
        await expect.poll(() => p.locator('.board-wrap pre').textContent()).toBe(game.observe(game.init(7)).text);
      });
      await expectAccessible(page, errors, `text-${slug}`);
      await page.close();
    });

    it(`rules page /rules/${slug}`, async () => {
      const { page, errors } = await open(`/rules/${slug}`, async (p) => {
        await h1Is(game.spec.name)(p);
        await expect.poll(() => p.locator('ol.ruled > li').count()).toBe(game.spec.rules.length);
      });
      // Open every fold-out (the published tables), so what is inside them is audited too.
      await page.locator('details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await expectAccessible(page, errors, `rules-${slug}`);
      await page.close();
    });

    it(`leaderboard page /leaderboard/${slug}?board=open`, async () => {
      const { page, errors } = await open(`/leaderboard/${slug}?board=open`, async (p) => {
        await h1Is(`${game.spec.name} leaderboard`)(p);
        await expect.poll(() => p.getByTestId('leaderboard-human').locator('tbody tr').count()).toBe(1);
        await expect.poll(() => p.getByTestId('leaderboard-agent').locator('tbody tr').count()).toBe(1);
      });
      await expectAccessible(page, errors, `leaderboard-${slug}`);
      await page.close();
    });

    it(`ranked page /ranked/${slug}, before and during a live session`, async () => {
      const { page, errors } = await open(`/ranked/${slug}`, async (p) => {
        await h1Is(`${game.spec.name} · Ranked`)(p);
        await expect.poll(() => p.getByTestId('live-start').count()).toBe(1);
      });
      await expectAccessible(page, errors, `ranked-form-${slug}`);
      await page.getByTestId('live-name').fill(`a11y ${slug}`);
      await page.getByTestId('live-start').click();
      await expect.poll(() => page.getByTestId('live-step').count()).toBe(1);
      await expectAccessible(page, errors, `ranked-live-${slug}`);
      await page.close();
    });

    it(`replay page of a stored ${slug} run /replay?run=<id>`, async () => {
      const { page, errors } = await open(`/replay?run=${storedRun.get(slug)}`, async (p) => {
        await expect.poll(() => p.getByTestId('stored-run').textContent()).toContain('Ada Tester');
        await expect.poll(() => p.getByTestId('step').textContent()).toBe('0');
      });
      // Halfway through, so the events and the score graph have something to show.
      await page.getByTestId('step-forward').click();
      await page.getByTestId('step-forward').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe('2');
      await expectAccessible(page, errors, `replay-${slug}`);
      await page.close();
    });
  }

  it('replay page /replay (no run open)', async () => {
    const { page, errors } = await open('/replay', async (p) => {
      await h1Is('Replay viewer')(p);
      await expect.poll(() => p.getByTestId('paste-run').count()).toBe(1);
    });
    await expectAccessible(page, errors, 'replay-empty');
    await page.close();
  });

  it('API docs page /docs/api (served by the server)', async () => {
    const opened = await newPage(context);
    const page = opened.page;
    const sources: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') sources.push(new URL(m.location().url || base).pathname);
    });
    await page.goto(`${base}/docs/api`);
    await h1Is('The Gameboard API')(page);
    // The page names its icon, so the browser asks for nothing that is not there: no error at all.
    await page.waitForLoadState('networkidle');
    expect(sources).toEqual([]);
    await expectAccessible(page, opened.errors, 'docs-api');
    await page.close();
  });

  const first = games[0];
  it.skipIf(!first)(`help overlay (?) on /play/${first?.spec.slug}`, async () => {
    const { page, errors } = await open(`/play/${first.spec.slug}?seed=7`, h1Is(first.spec.name));
    await page.keyboard.press('?');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await expectAccessible(page, errors, `help-${first.spec.slug}`);
    await page.close();
  });

  it.skipIf(!registry.get('whirlyard'))('game-over panel and submit form on /play/whirlyard', async () => {
    const { page, errors } = await open('/play/whirlyard?seed=7', h1Is('Whirlyard'));
    await page.getByRole('button', { name: 'End run and bank the score' }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('gameover').isVisible()).toBe(true);
    await page.getByTestId('submit-open').click();
    await page.getByTestId('submit-name').fill('<bad>');
    await page.getByTestId('submit-send').click();
    await expect.poll(() => page.getByTestId('gameover').getByRole('alert').textContent()).toContain('1 to 32');
    await expectAccessible(page, errors, 'gameover-whirlyard');
    await page.close();
  });
});
