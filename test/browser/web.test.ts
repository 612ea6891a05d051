/**
 * The browser UI in a real browser: builds the web app with Vite (its own config, into a private temp
 * folder rather than dist/web, so a running server or a concurrent suite never sees a half-written
 * build), serves it from a tiny static server of our own (SPA fallback), and drives Debian's chromium
 * through playwright-core. Expected
 * values come from running the same engines here, in the test process.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { games, registry } from '../../src/games/index.js';
import { SHOTS, buildWeb, launchBrowser, newPage } from './harness.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

let server: Server;
let base = '';
let context: BrowserContext;
let closeBrowser: (() => Promise<void>) | undefined;
/** The build under test: a private folder, so a running server's dist/web or another suite is never touched. */
let DIST = '';

/** Serves dist/web; any path that is not a file gets index.html, as the real server does. */
function serveDist(): Promise<Server> {
  const s = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(DIST, path);
    if (!file.startsWith(DIST) || !statSync(file, { throwIfNoEntry: false })?.isFile()) file = join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => s.listen(0, '127.0.0.1', () => ok(s)));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function scoreOnPage(page: Page): Promise<number> {
  return Number(await page.getByTestId('score').first().textContent());
}

/** The run an engine records for these actions, and its state. */
function playInProcess(game: AnyGame, seed: number, actions: GameAction[]) {
  let state = game.init(seed);
  for (const a of actions) {
    const r = game.step(state, a);
    if (!r.ok) throw new Error(`the test's own action was refused: ${JSON.stringify(a)} ${r.message}`);
    state = r.state;
  }
  return state;
}

/**
 * Per game: which key plays which action, so the test can press keys for actions it chose from the
 * engine's legal list. Games without a renderer use the generic digit keys (1 = first legal action).
 */
const WHIRLYARD_KEYS: Record<string, string> = {
  'move:nw': 'q',
  'move:n': 'w',
  'move:ne': 'e',
  'move:w': 'a',
  'move:e': 'd',
  'move:sw': 'z',
  'move:s': 'x',
  'move:se': 'c',
  wait: 's',
  pulse: 'p',
};

const DELVEWICK_KEYS: Record<string, string> = {
  'move:up': 'ArrowUp',
  'move:down': 's',
  'move:left': 'a',
  'move:right': 'ArrowRight',
  wait: ' ',
};

/** Picks the `turn`-th scripted action for a game and plays it on the page from the keyboard. */
function keyFor(
  slug: string,
  legal: GameAction[],
  turn: number,
): { action: GameAction; press: (page: Page) => Promise<void> } {
  const key = (k: string) => (page: Page) => page.keyboard.press(k);
  if (slug === 'whirlyard') {
    const usable = legal.filter((a) => a.type === 'move' || a.type === 'wait');
    const a = usable[turn % usable.length];
    return { action: a, press: key(WHIRLYARD_KEYS[a.type === 'move' ? `move:${String(a.direction)}` : a.type]) };
  }
  if (slug === 'delvewick') {
    const a = legal[turn % legal.length];
    return { action: a, press: key(DELVEWICK_KEYS[a.type === 'move' ? `move:${String(a.dir)}` : a.type]) };
  }
  if (slug === 'cragwake') {
    // Odd turns breathe (B); even turns Tab to a reachable hold and press Enter.
    const moves = legal.filter((a) => a.type === 'move');
    if (turn % 2 === 1 || moves.length === 0) return { action: { type: 'breathe' }, press: key('b') };
    const a = moves[turn % moves.length];
    return {
      action: a,
      press: async (page) => {
        await page.locator(`.cw-target[data-row="${String(a.row)}"][data-col="${String(a.col)}"]`).focus();
        await page.keyboard.press('Enter');
      },
    };
  }
  const i = turn % Math.min(9, legal.length);
  return { action: legal[i], press: key(String(i + 1)) };
}

beforeAll(async () => {
  DIST = await buildWeb('gameboard-web-');
  server = await serveDist();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ context, close: closeBrowser } = await launchBrowser({ acceptDownloads: true }));
});

afterAll(async () => {
  await closeBrowser?.();
  await new Promise((ok) => server?.close(ok));
  if (DIST) rmSync(DIST, { recursive: true, force: true });
});

describe('the browser UI', () => {
  it('the home page shows a card per registered game with play, rules and API links', async () => {
    const { page, errors } = await newPage(context);
    await page.goto(base + '/');
    await expect(page.locator('.card').count()).resolves.toBe(games.length);
    for (const g of games) {
      const card = page.locator(`.card[data-slug="${g.spec.slug}"]`);
      await expect(card.locator('h2').textContent()).resolves.toBe(g.spec.name);
      await expect(card.locator(`a[href="/play/${g.spec.slug}"]`).count()).resolves.toBeGreaterThan(0);
      await expect(card.locator(`a[href="/rules/${g.spec.slug}"]`).count()).resolves.toBe(1);
      await expect(card.locator(`a[href="/docs/api/${g.spec.slug}"]`).count()).resolves.toBe(1);
      await expect(card.locator(`a[href="/leaderboard/${g.spec.slug}"]`).count()).resolves.toBe(1);
    }
    await shot(page, 'home');
    // In-app links route without a reload: Rules, then the leaderboard (this static server has no API,
    // so the page says it could not load; test/browser/leaderboard.test.ts runs it against the real app).
    if (games.length) {
      const g = games[0];
      await page.locator(`.card[data-slug="${g.spec.slug}"] a[href="/rules/${g.spec.slug}"]`).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe(g.spec.name);
      await page.goto(`${base}/leaderboard/${g.spec.slug}`);
      await expect(page.locator('h1').textContent()).resolves.toBe(`${g.spec.name} leaderboard`);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('could not be loaded');
    }
    await page.goto(`${base}/no/such/page`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Not found');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const game of games) {
    const slug = game.spec.slug;
    // Briarwink runs in real time: its own test is further down.
    if (slug !== 'briarwink')
      it(`${slug}: keyboard play on a fixed seed moves the score and turn exactly as the engine does`, async () => {
        const seed = 7;
        const { page, errors } = await newPage(context);
        await page.goto(`${base}/play/${slug}?seed=${seed}`);
        await expect(page.locator('h1').textContent()).resolves.toBe(game.spec.name);
        // A game whose levels are fixed (Delvewick) never speaks of seeds.
        if (game.spec.seedless === true) expect(await page.getByTestId('seed').count()).toBe(0);
        else await expect(page.getByTestId('seed').textContent()).resolves.toBe(String(seed));
        let state = game.init(seed);
        const played: GameAction[] = [];
        for (let t = 0; t < 4 && !game.isGameOver(state); t++) {
          // Prefer actions that keep the game going, so a few of them can be played.
          const legal = game.legalActions(state) as GameAction[];
          const alive = legal.filter((a) => {
            const r = game.step(state, a);
            return r.ok && !game.isGameOver(r.state);
          });
          const { press, action } = keyFor(slug, alive.length ? alive : legal, t);
          // A cleared Whirlyard wave takes no key until the next wave is drawn.
          await expect.poll(() => page.locator('svg.board.wy.holding').count()).toBe(0);
          await press(page);
          played.push(action);
          state = playInProcess(game, seed, played);
          await expect.poll(() => scoreOnPage(page)).toBe(game.score(state));
          // The counter each action moves: the turn, or Delvewick's oil (one per accepted action).
          const obs = game.observe(state) as { turn?: unknown; oil?: unknown };
          const [label, value] = typeof obs.turn === 'number' ? ['Turn', obs.turn] : ['Oil', obs.oil];
          // (A future game with neither is checked on its score alone.)
          if (typeof value === 'number')
            await expect.poll(() => page.locator(`.stat[data-label="${label}"] dd`).textContent()).toBe(String(value));
        }
        expect(played.length).toBeGreaterThan(0);
        await shot(page, `play-${slug}`);
        // The agent's view of the same position: the observation text, exactly.
        await page.locator('.agent-view summary').click();
        await expect(page.locator('.agent-view pre').textContent()).resolves.toBe(game.observe(state).text);
        // The run as recorded by the page is exactly what was played.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.locator('.run button', { hasText: 'Download run' }).click(),
        ]);
        const run = JSON.parse(readFileSync(await download.path(), 'utf8'));
        expect(run).toEqual({ game: slug, rulesVersion: game.spec.rulesVersion, seed, actions: played });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.keyboard.press('?');
        await expect(page.getByRole('dialog').isVisible()).resolves.toBe(true);
        await page.screenshot({ path: join(SHOTS, `help-${slug}.png`) }); // the viewport, where the dialog is
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog').count()).resolves.toBe(0);
        expect(errors).toEqual([]);
        await page.close();
      });

    it(`${slug}: the text view plays the legal actions by number, as an agent would`, async () => {
      const seed = 3;
      const { page, errors } = await newPage(context);
      await page.goto(`${base}/play/${slug}?seed=${seed}&view=text`);
      let state = game.init(seed);
      const played: GameAction[] = [];
      for (const digit of ['1', '2', '1']) {
        const legal = game.legalActions(state) as GameAction[];
        const a = legal[Number(digit) - 1] ?? legal[0];
        await page.keyboard.press(legal[Number(digit) - 1] ? digit : '1');
        played.push(a);
        state = playInProcess(game, seed, played);
        await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(played.length));
        if (game.isGameOver(state)) break;
      }
      await expect(page.locator('.board-wrap pre').textContent()).resolves.toBe(game.observe(state).text);
      await expect(scoreOnPage(page)).resolves.toBe(game.score(state));
      expect(page.url()).toContain('view=text');
      await shot(page, `text-${slug}`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${slug}: the rules page shows every rule and an illustrated example`, async () => {
      const { page, errors } = await newPage(context);
      await page.goto(`${base}/rules/${slug}`);
      await expect(page.locator('h1').textContent()).resolves.toBe(game.spec.name);
      await expect(page.locator('ol.ruled > li').count()).resolves.toBe(game.spec.rules.length);
      await expect(page.locator('.examples figure').count()).resolves.toBeGreaterThan(0);
      await shot(page, `rules-${slug}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it.skipIf(!registry.get('whirlyard'))(
    'whirlyard: a click on a neighbour cell moves there, and Space then waits',
    async () => {
      const game = registry.get('whirlyard')!;
      const seed = 5;
      const { page, errors } = await newPage(context);
      await page.goto(`${base}/play/whirlyard?seed=${seed}`);
      const target = page.locator('.wy-target').first();
      const dir = await target.getAttribute('data-dir');
      await target.click();
      await page.keyboard.press(' ');
      const played: GameAction[] = [{ type: 'move', direction: dir }, { type: 'wait' }];
      const state = playInProcess(game, seed, played);
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('2');
      await expect(page.locator('.stat[data-label="Turn"] dd').textContent()).resolves.toBe(
        String((game.observe(state) as { turn?: unknown }).turn),
      );
      await expect(scoreOnPage(page)).resolves.toBe(game.score(state));
      // Typing a seed starts that game afresh (and typing digits plays no keys).
      await page.getByLabel('Seed').fill('42');
      await page.getByRole('button', { name: 'Play this seed' }).click();
      await expect.poll(() => page.getByTestId('seed').textContent()).toBe('42');
      await expect(page.getByTestId('action-count').textContent()).resolves.toBe('0');
      expect(page.url()).toContain('/play/whirlyard?seed=42');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.skipIf(!registry.get('cragwake'))('cragwake: clicking holds climbs to the belay, where C climbs on', async () => {
    const game = registry.get('cragwake')!;
    const seed = 7;
    const { page, errors } = await newPage(context);
    // The keyboard test played this seed already, and the page would resume it: start afresh.
    await page.goto(base);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${base}/play/cragwake?seed=${seed}`);
    let state = game.init(seed);
    const played: GameAction[] = [];
    // Click the highest reachable hold (cheapest on a tie), as the engine lists them, until a ledge.
    while (!game.legalActions(state).some((a: GameAction) => a.type === 'climbOn') && played.length < 30) {
      const moves = (game.observe(state) as unknown as { moves: { action: GameAction; cost: number }[] }).moves
        .filter((m) => m.action.type === 'move')
        .sort((a, b) => Number(b.action.row) - Number(a.action.row) || a.cost - b.cost);
      const a = moves[0].action;
      await page.locator(`.cw-target[data-row="${String(a.row)}"][data-col="${String(a.col)}"]`).click();
      played.push(a);
      state = playInProcess(game, seed, played);
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(played.length));
    }
    await expect(page.getByRole('button', { name: 'End the run here' }).count()).resolves.toBe(1);
    await expect(scoreOnPage(page)).resolves.toBe(game.score(state));
    await shot(page, 'ledge-cragwake');
    await page.keyboard.press('c');
    played.push({ type: 'climbOn' });
    state = playInProcess(game, seed, played);
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(played.length));
    await expect(page.locator('.stat[data-label="Pitch"] dd').textContent()).resolves.toContain(
      String((game.observe(state) as unknown as { pitch: number }).pitch),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  describe.skipIf(!registry.get('briarwink'))('Briarwink in real time', () => {
    it('starts on Enter, walks while an arrow is held, pauses on P, ticks once on "." and matches the engine', async () => {
      const game = registry.get('briarwink')!;
      const seed = 7;
      const { page, errors } = await newPage(context);
      await page.goto(`${base}/play/briarwink?seed=${seed}`);
      await page.keyboard.press('Enter');
      await expect.poll(async () => Number(await page.getByTestId('action-count').textContent())).toBeGreaterThan(0);
      // Walk toward the middle from the spawn corner (its pocket is clear floor).
      const x0 = (game.observe(game.init(seed)) as unknown as { player: { x: number } }).player.x;
      const [arrow, dir] = x0 > 3 ? ['ArrowLeft', 'left'] : ['ArrowRight', 'right'];
      // Held until a few real-time ticks have gone by (30 a second), not for a fixed time.
      const held = Number(await page.getByTestId('action-count').textContent());
      await page.keyboard.down(arrow);
      await expect
        .poll(async () => Number(await page.getByTestId('action-count').textContent()))
        .toBeGreaterThan(held + 5);
      await page.keyboard.up(arrow);
      await page.keyboard.press('p');
      await expect.poll(() => page.getByTestId('pause').textContent()).toContain('Resume');
      const before = Number(await page.getByTestId('action-count').textContent());
      expect(before).toBeGreaterThan(5); // 30 ticks a second ran while the key was held
      for (let i = 0; i < 3; i++) await page.keyboard.press('.');
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(before + 3));
      // Space plants on the next tick; a click on a cell walks there (one tick each, still paused).
      await page.keyboard.press(' ');
      await page.keyboard.press('.');
      await page.locator('.bw-hit[data-cell="24"]').click();
      await page.keyboard.press('.');
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(before + 5));
      await shot(page, 'play-briarwink');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('.run button', { hasText: 'Download run' }).click(),
      ]);
      const run = JSON.parse(readFileSync(await download.path(), 'utf8'));
      expect(run.actions[0]).toEqual({ type: 'start' });
      expect(run.actions.some((a: GameAction) => a.type === 'tick' && a.move === dir)).toBe(true);
      expect(run.actions.slice(-2)).toEqual([
        { type: 'tick', move: null, plant: true },
        { type: 'tick', walkTo: 24, plant: false },
      ]);
      const state = playInProcess(game, seed, run.actions);
      const obs = game.observe(state) as unknown as { turn: number; player: { x: number } };
      expect(obs.turn).toBe(before + 5 - 1);
      expect(obs.player.x).not.toBe(x0);
      await expect(page.locator('.stat[data-label="Time"] dd').getAttribute('data-exact')).resolves.toBe(
        String(obs.turn),
      );
      await expect(scoreOnPage(page)).resolves.toBe(game.score(state));
      // Its share link opens the replay viewer on the same run, which ends on the same turn.
      await page.locator('.run button', { hasText: 'Share link' }).click();
      const link = await page.getByTestId('share-link').inputValue();
      await page.goto(link);
      await page.getByTestId('to-end').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(run.actions.length));
      await expect(page.locator('.stat[data-label="Time"] dd').getAttribute('data-exact')).resolves.toBe(
        String(obs.turn),
      );
      await shot(page, 'replay-briarwink');
      expect(errors).toEqual([]);
      await page.close();
    });
  });

  describe.skipIf(!registry.get('whirlyard'))('a whole Whirlyard game', () => {
    it('is played to the end, downloaded, replayed to the same final score, and shared as a link', async () => {
      const game = registry.get('whirlyard')!;
      const seed = 11;
      const { page, errors } = await newPage(context);
      await page.goto(`${base}/play/whirlyard?seed=${seed}`);
      // A greedy one-step player (chosen here, on the same engine) plays by keys for up to 30 actions,
      // then banks the run with the End run button if the drones have not caught it by then.
      const pick = (s: unknown): GameAction => {
        let best: GameAction = { type: 'wait' };
        let bestRank = -Infinity;
        for (const a of game.legalActions(s) as GameAction[]) {
          if (a.type === 'end_run') continue;
          const r = game.step(s, a);
          if (!r.ok) continue;
          const rank = (game.isGameOver(r.state) ? -1e6 : 0) + game.score(r.state);
          if (rank > bestRank) [best, bestRank] = [a, rank];
        }
        return best;
      };
      let state = game.init(seed);
      const played: GameAction[] = [];
      while (!game.isGameOver(state) && played.length < 30) {
        const a = pick(state);
        // A cleared wave takes no key until the next wave is drawn.
        await expect.poll(() => page.locator('svg.board.wy.holding').count()).toBe(0);
        await page.keyboard.press(WHIRLYARD_KEYS[a.type === 'move' ? `move:${String(a.direction)}` : a.type]);
        played.push(a);
        state = playInProcess(game, seed, played);
        await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(played.length));
      }
      if (!game.isGameOver(state)) {
        await page.getByRole('button', { name: 'End run and bank the score' }).click();
        await page.getByTestId('confirm-yes').click();
        played.push({ type: 'end_run' });
        state = playInProcess(game, seed, played);
      }
      expect(game.isGameOver(state)).toBe(true);
      const final = game.score(state);
      await expect(page.getByTestId('final-score').textContent()).resolves.toBe(String(final));
      await shot(page, 'gameover-whirlyard');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('gameover').getByRole('button', { name: 'Download run' }).click(),
      ]);
      const file = await download.path();
      const run = JSON.parse(readFileSync(file, 'utf8'));
      expect(run).toEqual({ game: 'whirlyard', rulesVersion: game.spec.rulesVersion, seed, actions: played });

      // "Watch replay" opens the viewer on this run straight away.
      await page.getByTestId('gameover').getByRole('button', { name: 'Watch replay' }).click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe('0');
      expect(page.url()).toMatch(/\/replay#z/);

      // The replay viewer: open the file, step through to the end.
      await page.goto(`${base}/replay`);
      await shot(page, 'replay-empty');
      // Pasting the run's JSON opens it too.
      await page.getByTestId('paste-run').fill(readFileSync(file, 'utf8'));
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe('0');
      await page.goto(`${base}/replay`);
      await page.getByTestId('run-file').setInputFiles(file);
      await expect.poll(() => page.getByTestId('step').textContent()).toBe('0');
      await page.getByTestId('step-forward').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe('1');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByTestId('step').textContent()).toBe('2');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => page.getByTestId('step').textContent()).toBe('1');
      for (let i = 1; i < played.length; i++) await page.getByTestId('step-forward').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(played.length));
      await expect(scoreOnPage(page)).resolves.toBe(final);
      await expect(page.getByTestId('replay-final').textContent()).resolves.toContain(String(final));
      await shot(page, 'replay-whirlyard');
      // Loading the file put the run in the address bar: that is the share link.
      const link = page.url();
      expect(link).toMatch(/\/replay#[zj][A-Za-z0-9_-]+$/);

      const other = await newPage(context);
      await other.page.goto(link);
      await other.page.getByTestId('to-end').click();
      await expect.poll(() => other.page.getByTestId('step').textContent()).toBe(String(played.length));
      await expect(scoreOnPage(other.page)).resolves.toBe(final);
      await other.page.getByTestId('timeline').fill('0');
      await expect.poll(() => other.page.getByTestId('step').textContent()).toBe('0');
      // Play at 16x runs to the end by itself.
      await other.page.getByLabel('Speed').selectOption('16');
      await other.page.getByTestId('play-pause').click();
      await expect.poll(() => other.page.getByTestId('step').textContent()).toBe(String(played.length));
      await expect(other.page.getByTestId('play-pause').textContent()).resolves.toContain('Play');
      // A damaged link says so instead of showing anything.
      await other.page.goto(`${base}/replay#zAAAA`);
      await expect.poll(() => other.page.getByRole('alert').textContent()).toContain('damaged');
      expect(other.errors).toEqual([]);
      await other.page.close();
      expect(errors).toEqual([]);
      await page.close();
    });
  });
});
