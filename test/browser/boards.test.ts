/**
 * Boards that show you, in Debian's Chromium against the real app: the ranked game over shows the
 * run's rank (the one the board's API gives that session's id); the leaderboard opens on the board of
 * this browser's latest run and marks its rows "you" (a ranked session, then a free-play run submitted
 * from game over), and on Open while Ranked is empty; the home page offers Continue for the game in
 * progress, today's daily challenge and your best.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cragwake } from '../../src/games/cragwake/index.js';
import type { GameAction } from '../../src/core/game.js';
import { join } from 'node:path';
import { SHOTS, launchBrowser, newPage, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  // A fresh name plays the daily here: the rule that it must have played ranked first has its own tests.
  site = await startSite('gameboard-web-boards-', { dailyQualify: false });
}, 120_000);
afterAll(() => site?.close());

interface Entry {
  id: string;
  rank: number;
  player: { name: string };
  score: number;
}

async function board(slug: string, name: string): Promise<{ human: Entry[]; agent: Entry[] }> {
  const r = await site.app.inject({ method: 'GET', url: `/api/games/${slug}/leaderboard?board=${name}&limit=100` });
  expect(r.statusCode).toBe(200);
  return r.json() as { human: Entry[]; agent: Entry[] };
}

/** A rival's whole ranked Whirlyard session through the API: start, then end the run. */
async function rivalSession(name: string): Promise<string> {
  const start = await site.app.inject({
    method: 'POST',
    url: '/api/games/whirlyard/sessions',
    payload: { player: { name, kind: 'human' } },
  });
  expect(start.statusCode).toBe(200);
  const s = start.json() as { session: { id: string }; stateToken: string };
  const end = await site.app.inject({
    method: 'POST',
    url: `/api/sessions/${s.session.id}/action`,
    payload: { stateToken: s.stateToken, action: { type: 'end_run' } },
  });
  expect(end.statusCode).toBe(200);
  return s.session.id;
}

/** A whole Cragwake run on a seed: the first hold offered each turn (climbing on at a belay) to the end. */
function cragwakeRun(seed: number) {
  let state = cragwake.init(seed);
  const actions: GameAction[] = [];
  while (!cragwake.isGameOver(state) && actions.length < 500) {
    const legal = cragwake.legalActions(state);
    const a = legal.find((x) => x.type === 'move') ?? legal.find((x) => x.type === 'climbOn') ?? legal[0];
    const r = cragwake.step(state, a);
    if (!r.ok) throw new Error(r.message);
    state = r.state;
    actions.push(a);
  }
  expect(cragwake.isGameOver(state)).toBe(true);
  return { state, run: { game: 'cragwake', rulesVersion: cragwake.spec.rulesVersion, seed, actions } };
}

const youRows = (page: Page) =>
  page.$$eval('[data-testid=leaderboard-human] tbody tr', (rows) =>
    rows.map((r) => ({ id: r.getAttribute('data-run'), you: r.classList.contains('you') })),
  );

describe('boards that show you', () => {
  it('shows the rank at a ranked game over, then opens the leaderboard on that board with your row marked', async () => {
    const rival = await rivalSession('Rival Rae');
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/ranked/whirlyard`);
    await page.getByTestId('live-name').fill('Marked Mo');
    await page.getByTestId('live-start').click();
    await page.getByRole('button', { name: /^End run/ }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('live-gameover').count()).toBe(1);
    const id = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('gameboard.mine.v1') ?? '[]') as { id: string }[])[0]?.id,
    );
    const b = await board('whirlyard', 'ranked');
    const mine = b.human.find((e) => e.id === id);
    expect(mine).toBeDefined();
    await expect
      .poll(() => page.getByTestId('live-rank').textContent())
      .toBe(`You are #${mine!.rank} of ${b.human.length} humans on the ranked board.`);
    expect(b.human.length).toBe(2);

    // The leaderboard, asked for no board, opens on Ranked (where the latest run is) and marks it.
    await page.goto(`${site.base}/leaderboard/whirlyard`);
    await expect.poll(() => page.getByTestId('board-ranked').getAttribute('aria-current')).toBe('page');
    await expect.poll(() => youRows(page)).toHaveLength(2);
    const rows = await youRows(page);
    expect(rows.find((r) => r.id === id)?.you).toBe(true);
    expect(rows.find((r) => r.id === rival)?.you).toBe(false);
    expect(await page.locator('tr.you').getAttribute('aria-label')).toBe(`You: Marked Mo, rank ${mine!.rank}`);
    await page.screenshot({ path: join(SHOTS, 'leaderboard-you.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens on Open after a free-play run submitted from game over, with that run marked', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/whirlyard?seed=21`);
    await page.getByRole('button', { name: 'End run and bank the score' }).click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('submit-open').click();
    await page.getByTestId('submit-name').fill('Marked Mo');
    await page.getByTestId('submit-send').click();
    await expect.poll(() => page.getByTestId('submit-rank').textContent()).toMatch(/^#\d+$/);
    const open = await board('whirlyard', 'open');
    expect(open.human).toHaveLength(1);
    await page.goto(`${site.base}/leaderboard/whirlyard`);
    await expect.poll(() => page.getByTestId('board-open').getAttribute('aria-current')).toBe('page');
    await expect.poll(() => youRows(page)).toEqual([{ id: open.human[0].id, you: true }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a name held by another browser in plain words, never a header name or a code', async () => {
    await rivalSession('Held Hana');
    const b = await launchBrowser();
    try {
      const page = await b.context.newPage();
      await page.goto(`${site.base}/ranked/whirlyard`);
      await page.getByTestId('live-name').fill('Held Hana');
      await page.getByTestId('live-start').click();
      const problem = page.getByTestId('live-problem');
      await expect.poll(() => problem.textContent()).toMatch(/someone else/);
      expect(await problem.textContent()).not.toMatch(/x-player-key|header|name_owned|_/);
    } finally {
      await b.close();
    }
  });

  it('opens on Open while Ranked is empty, for a browser that has played nothing', async () => {
    const posted = await site.app.inject({
      method: 'POST',
      url: '/api/runs',
      payload: { ...cragwakeRun(2).run, player: { name: 'Open Olly', kind: 'human' } },
    });
    expect(posted.statusCode).toBe(200);
    const b = await launchBrowser();
    try {
      const page = await b.context.newPage();
      expect((await board('cragwake', 'ranked')).human).toHaveLength(0);
      await page.goto(`${site.base}/leaderboard/cragwake`);
      await expect.poll(() => page.getByTestId('board-open').getAttribute('aria-current')).toBe('page');
      expect(page.url()).toMatch(/\?board=open$/);
      await expect.poll(() => page.locator('[data-testid=leaderboard-human] tbody tr').count()).toBe(1);
      // Not this browser's: nothing is marked.
      expect(await page.locator('tr.you').count()).toBe(0);
    } finally {
      await b.close();
    }
  });

  it("offers Continue for the game in progress, today's daily challenge and your best on the home page", async () => {
    const b = await launchBrowser();
    try {
      const page = await b.context.newPage();
      await page.goto(`${site.base}/`);
      expect(await page.getByTestId('home-continue').count()).toBe(0);
      expect(await page.getByTestId('home-best').count()).toBe(0);
      const daily = page.getByTestId('home-daily');
      await expect.poll(() => daily.locator('a[href="/ranked/whirlyard?daily=1"]').count()).toBe(1);

      // A finished Cragwake run (the cheapest hold each turn until it ends), kept as the play page keeps
      // one, then a game in progress on another seed, played here.
      const { state, run } = cragwakeRun(5);
      const best = cragwake.score(state);
      expect(best).toBeGreaterThan(0);
      const kept = JSON.stringify([
        { id: 'r1', run, score: best, outcome: cragwake.outcome(state), endedAt: Date.now() },
      ]);
      await page.evaluate((v: string) => localStorage.setItem('gameboard.finished.v1', v), kept);
      await page.goto(`${site.base}/play/cragwake?seed=7`);
      await page.locator('.cw-target').first().waitFor();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('1');
      const score = Number(await page.getByTestId('score').textContent());
      expect(score).toBeGreaterThan(0);
      await page.goto(`${site.base}/`);
      await expect
        .poll(() => page.getByTestId('home-best').locator('li[data-slug=cragwake]').textContent())
        .toBe(`Cragwake: ${best}`);
      const cont = page.getByTestId('home-continue');
      await expect.poll(() => cont.textContent()).toContain(`Cragwake: score ${score} after 1 action`);
      await cont.getByRole('link', { name: 'Continue Cragwake' }).click();
      await expect.poll(() => page.url()).toMatch(/\/play\/cragwake\?seed=7$/);
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('1');

      // The daily challenge, played from here: the home page then says it is played today.
      await page.goto(`${site.base}/`);
      await daily.locator('a[href="/ranked/whirlyard?daily=1"]').click();
      await page.getByTestId('live-name').fill('Daily Dee');
      await page.getByTestId('live-start').click();
      await page.getByRole('button', { name: /^End run/ }).click();
      await page.getByTestId('confirm-yes').click();
      await expect.poll(() => page.getByTestId('live-gameover').count()).toBe(1);
      await page.goto(`${site.base}/`);
      await expect.poll(() => daily.locator('li[data-slug=whirlyard]').textContent()).toContain('played today');
      await page.screenshot({ path: join(SHOTS, 'home-comeback.png') });
    } finally {
      await b.close();
    }
  });
});
