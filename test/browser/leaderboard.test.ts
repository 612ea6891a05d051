/**
 * Leaderboards end to end in a real browser, against the real app: `buildApp` with an in-memory run
 * store, serving a Vite build made here (into a private temp folder) on 127.0.0.1 at a random port. A
 * Whirlyard game is played to the end, submitted from the game-over panel, found on the leaderboard
 * page, and opened from there in the replay viewer. Expected values come from the same engine here.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { actionOf } from '../../src/agents/whirlyard/model.js';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { registry } from '../../src/games/index.js';
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import type { SqliteRunStore } from '../../src/store/sqlite.js';
import type { NameUse } from '../../src/store/store.js';
import { SHOTS, newPage, startSite, type Site } from './harness.js';

/** Runs stored straight into the store, under one owner's key hash. */
const KEY: NameUse = { keyHash: 'k', claimHash: 'k' };

const MOVE_KEYS: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };

let site: Site | undefined;
let app: FastifyInstance;
let store: SqliteRunStore;
let base = '';
let context: BrowserContext;

/** How far the server's day runs ahead of the system clock (the daily test moves it to tomorrow). */
let ahead = 0;
const serverNow = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  site = await startSite('gameboard-web-lb-', { clock: serverNow });
  ({ base, app, store, context } = site);
});

afterAll(async () => {
  await site?.close();
});

describe.skipIf(!registry.get('whirlyard'))('leaderboards in the browser', () => {
  it('a finished Whirlyard game is submitted, ranked, listed and replayed from the leaderboard', async () => {
    const game = registry.get('whirlyard') as AnyGame;
    const seed = 11;
    // An agent's run already on the board: it must show in the agents' table, not the humans'.
    const agentRun = {
      game: 'whirlyard',
      rulesVersion: game.spec.rulesVersion,
      seed: 5,
      actions: [{ type: 'end_run' }],
    };
    const agentPost = await app.inject({
      method: 'POST',
      url: '/api/runs',
      payload: { ...agentRun, player: { name: 'robo-7', kind: 'agent' } },
    });
    expect(agentPost.statusCode).toBe(200);

    const { page, errors } = await newPage(context);
    await page.goto(`${base}/leaderboard/whirlyard`);
    await expect.poll(() => page.getByTestId('leaderboard-human').textContent()).toContain('No runs yet');

    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    // A greedy one-step player chosen on the same engine, by keys, for up to 12 actions; then end the run.
    let state = game.init(seed);
    const played: GameAction[] = [];
    while (!game.isGameOver(state) && played.length < 12) {
      let best: GameAction = { type: 'wait' };
      let bestRank = -Infinity;
      for (const a of game.legalActions(state)) {
        if (a.type !== 'move' && a.type !== 'wait') continue;
        const r = game.step(state, a);
        if (!r.ok) continue;
        const rank = (game.isGameOver(r.state) ? -1e6 : 0) + game.score(r.state);
        if (rank > bestRank) [best, bestRank] = [a, rank];
      }
      await page.keyboard.press(best.type === 'move' ? MOVE_KEYS[String(best.direction)] : 's');
      const r = game.step(state, best);
      if (!r.ok) throw new Error(r.message);
      state = r.state;
      played.push(best);
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(played.length));
    }
    if (!game.isGameOver(state)) {
      await page.getByRole('button', { name: 'End run and bank the score' }).click();
      await page.getByTestId('confirm-yes').click();
      const r = game.step(state, { type: 'end_run' });
      if (!r.ok) throw new Error(r.message);
      state = r.state;
      played.push({ type: 'end_run' });
    }
    const final = game.score(state);
    await expect(page.getByTestId('final-score').textContent()).resolves.toBe(String(final));

    // Submit: a bad name (an emoji) is refused in the page, a good one (any script) is sent and ranked.
    await page.getByTestId('submit-open').click();
    await page.getByTestId('submit-name').fill('Fox 🦊');
    await page.getByTestId('submit-send').click();
    await expect.poll(() => page.getByTestId('gameover').getByRole('alert').textContent()).toContain('no emoji');
    await page.getByTestId('submit-name').fill('Zoë 李 Tester');
    await page.getByTestId('submit-send').click();
    await expect.poll(() => page.getByTestId('submit-rank').textContent()).toBe('#1');
    await page.screenshot({ path: join(SHOTS, 'submitted-whirlyard.png'), fullPage: true });
    await expect(page.getByTestId('submit-result').textContent()).resolves.toContain(`score ${final}`);
    expect(await store.count('whirlyard')).toBe(2);

    // The leaderboard page lists it among humans, and the agent's run among agents only.
    await page.getByTestId('submit-result').getByRole('link', { name: 'See the leaderboard' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Whirlyard leaderboard');
    const humans = page.getByTestId('leaderboard-human');
    await expect.poll(() => humans.locator('tbody tr').count()).toBe(1);
    const row = humans.locator('tbody tr').first();
    await expect(row.locator('.player').textContent()).resolves.toBe('Zoë 李 Tester');
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe(String(final));
    await expect(row.locator('td').nth(0).textContent()).resolves.toBe('1');
    await expect(row.locator('td').nth(4).textContent()).resolves.toMatch(/ended by the player|caught/);
    await expect(row.locator('td').nth(5).textContent()).resolves.toBe(String(played.length));
    await expect(page.getByTestId('board-label').textContent()).resolves.toMatch(/search/i);
    const agents = page.getByTestId('leaderboard-agent');
    await expect(agents.locator('tbody tr').count()).resolves.toBe(1);
    await expect(agents.locator('.player').textContent()).resolves.toBe('robo-7');
    await expect(humans.textContent()).resolves.not.toContain('robo-7');
    await page.screenshot({ path: join(SHOTS, 'leaderboard-whirlyard.png'), fullPage: true });

    // Its Replay link opens the stored run in the viewer, which replays it to the same score.
    await row.getByRole('link', { name: 'Watch' }).click();
    await expect.poll(() => page.getByTestId('stored-run').textContent()).toContain('Zoë 李 Tester');
    expect(page.url()).toMatch(/\/replay\?run=[A-Za-z0-9_-]+$/);
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(played.length));
    await expect(page.getByTestId('replay-final').textContent()).resolves.toContain(String(final));

    // A reload of that address opens it straight from the server; an unknown id says so.
    await page.reload();
    await expect.poll(() => page.getByTestId('stored-run').textContent()).toContain('verified score');
    expect(errors).toEqual([]);
    await page.goto(`${base}/replay?run=nosuchrun`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('could not be opened');
    // The browser logs the 404 of that fetch itself; nothing else may have gone wrong.
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await page.close();
  });

  it.skipIf(!registry.get('briarwink'))(
    "shows Briarwink's runs by the time they played, in minutes:seconds, not by their actions",
    async () => {
      const game = registry.get('briarwink') as AnyGame;
      const idle = (count: number) => ({ type: 'tick', move: null, plant: false, count });
      // 70 one-second batches and half a second more: 2115 ticks in 73 actions, 1:10 at 30 ticks a second.
      const actions = [{ type: 'start' }, ...Array.from({ length: 70 }, () => idle(30)), idle(15), { type: 'endRun' }];
      const run = { game: 'briarwink', rulesVersion: game.spec.rulesVersion, seed: 3, actions };
      const posted = await app.inject({
        method: 'POST',
        url: '/api/runs',
        payload: { ...run, player: { name: 'slow-ticker', kind: 'agent' } },
      });
      expect(posted.statusCode).toBe(200);
      // A run stored before the store kept the units spent has no time to show.
      await store.save(
        {
          run: { ...run, seed: 4, actions: [{ type: 'start' }, { type: 'endRun' }] },
          player: { name: 'old-timer', kind: 'agent' },
          score: 0,
          gameOver: true,
          steps: 2,
          spent: null,
          outcome: { kind: 'ended', reason: 'end_run' },
          progress: 1,
        },
        KEY,
      );
      const { page, errors } = await newPage(context);
      await page.goto(`${base}/leaderboard/briarwink?board=open`);
      const agents = page.getByTestId('leaderboard-agent');
      await expect.poll(() => agents.locator('tbody tr').count()).toBe(2);
      await expect(agents.locator('thead th').nth(5).textContent()).resolves.toBe('Time');
      const time = (name: string) =>
        agents
          .locator('tbody tr', { has: page.locator('.player', { hasText: name }) })
          .locator('td')
          .nth(5);
      await expect(time('slow-ticker').textContent()).resolves.toBe('1:10');
      await expect(time('old-timer').textContent()).resolves.toBe('–');
      // Other games keep their steps.
      await page.goto(`${base}/leaderboard/whirlyard?board=open`);
      await expect
        .poll(() => page.getByTestId('leaderboard-agent').locator('thead th').nth(5).textContent())
        .toBe('Steps');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('plays a daily challenge of a turn-based game to the end and finds it on the daily board', async () => {
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/whirlyard`);
    await page.getByTestId('daily-link').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Whirlyard · Daily challenge');
    await page.getByTestId('live-name').fill('Daily Dora');
    // A name that never played ranked before the day is refused, saying why and what to do.
    await page.getByTestId('live-start').click();
    await expect
      .poll(() => page.getByTestId('live-problem').textContent())
      .toContain('"Daily Dora" cannot play the Whirlyard daily challenge yet');
    await expect(page.getByTestId('live-problem').textContent()).resolves.toContain('the daily is yours from tomorrow');
    await expect(page.getByTestId('live-play-ranked').getAttribute('href')).resolves.toBe('/ranked/whirlyard');
    await page.screenshot({ path: join(SHOTS, 'daily-whirlyard-not-yet.png'), fullPage: true });
    // The browser drew Dora's key before that first request, and the refusal claimed nothing: a ranked
    // session today under that key claims the name and qualifies it for tomorrow's daily.
    const key = await page.evaluate(() => localStorage.getItem('gameboard.playerKey.daily dora'));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const qualifyingSteps = await playRankedWhirlyard('Daily Dora', key!, 20);
    ahead = 86_400_000;
    await page.getByTestId('live-start').click();
    await expect.poll(() => page.getByTestId('live-step').textContent()).toBe('0');
    // A few moves by key (each one a recorded request), then end the run.
    const live = await store.board({
      game: 'whirlyard',
      rulesVersion: registry.get('whirlyard')!.spec.rulesVersion,
      board: 'daily',
      date: serverNow().toISOString().slice(0, 10),
      kind: 'human',
      limit: 10,
    });
    expect(live).toEqual([]);
    let steps = 0;
    for (const key of ['s', 's']) {
      if ((await page.getByTestId('live-gameover').count()) > 0) break;
      await page.keyboard.press(key);
      steps++;
      await expect.poll(() => page.getByTestId('live-step').textContent()).toBe(String(steps));
    }
    if ((await page.getByTestId('live-gameover').count()) === 0) {
      await page.getByRole('button', { name: 'End run and bank the score' }).click();
      await page.getByTestId('confirm-yes').click();
      steps++;
    }
    await expect.poll(() => page.getByTestId('live-gameover').count()).toBe(1);
    const final = await page.getByTestId('live-final-score').textContent();
    await page.screenshot({ path: join(SHOTS, 'daily-whirlyard-over.png'), fullPage: true });
    await page.getByTestId('live-board-link').click();
    const humans = page.getByTestId('leaderboard-human');
    await expect.poll(() => humans.locator('tbody tr').count()).toBe(1);
    const row = humans.locator('tbody tr').first();
    await expect(row.locator('.player').textContent()).resolves.toBe('Daily Dora');
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe(final);
    await expect(row.locator('td').nth(5).textContent()).resolves.toBe(String(steps));
    await expect(page.getByTestId('board-label').textContent()).resolves.toContain('seed secret');
    await page.screenshot({ path: join(SHOTS, 'daily-whirlyard-board.png'), fullPage: true });
    // Not on the ranked board, which lists Dora's qualifying session alone: the boards never mix.
    await page.getByTestId('board-ranked').click();
    await expect.poll(() => page.getByTestId('leaderboard-human').locator('tbody tr').count()).toBe(1);
    await expect(
      page.getByTestId('leaderboard-human').locator('tbody tr').first().locator('td').nth(5).textContent(),
    ).resolves.toBe(String(qualifyingSteps));
    // The ranked board ranks by the mean of the newest attempts: its best run is a column, the mean beside it.
    const rankedTable = page.getByTestId('leaderboard-human');
    await expect(rankedTable.locator('thead th').nth(2).textContent()).resolves.toBe('Best');
    await expect(rankedTable.getByTestId('board-mean').first().textContent()).resolves.toMatch(
      /^[\d,.]+ of 1 \(provisional\)$/,
    );
    // The one failed request the console saw is the refused first start.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    await page.close();
  });

  it('replays a finished ranked session of a wide seed, and its "play this seed" link deals it in free play', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<any> =>
      (await app.inject({ method, url, ...(payload === undefined ? {} : { payload }) })).json();
    const s = await json('POST', '/api/games/whirlyard/sessions', { player: { name: 'wide-watcher', kind: 'agent' } });
    let t = s;
    for (let i = 0; !t.gameOver; i++)
      t = await json('POST', `/api/sessions/${s.session.id}/action`, {
        stateToken: t.stateToken,
        action: i < 4 ? t.legalActions[0] : { type: 'end_run' },
      });
    const stored = await json('GET', `/api/runs/${s.session.id}`);
    expect(stored.run.seed).toMatch(/^[0-9a-f]{32}$/);
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/replay?run=${s.session.id}`);
    await expect.poll(() => page.getByTestId('stored-run').textContent()).toContain('verified score');
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(stored.run.actions.length));
    await expect(page.getByTestId('replay-final').textContent()).resolves.toContain(String(stored.score));
    await page.getByRole('link', { name: 'Play this seed yourself' }).click();
    await expect.poll(() => page.getByTestId('seed').textContent()).toBe(stored.run.seed);
    await expect.poll(() => page.url()).toContain(`seed=${stored.run.seed}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * A line of `n` actions (end_run aside) that keeps the run going from `state`, or null when there is none:
 * a depth-first search that tries the heuristic agent's action first. The engine is deterministic, so the
 * line found is the line played. (A look a few actions ahead is not enough: some seeds corner the rover
 * beyond it, and the session's seed is drawn by the server.)
 */
function survivingLine(game: AnyGame, state: unknown, n: number, budget = { nodes: 200_000 }): GameAction[] | null {
  if (game.isGameOver(state)) return null;
  if (n === 0) return [];
  if (--budget.nodes < 0) throw new Error('no surviving line found within the search budget');
  const want = actionOf(chooseWhirlyard(whirlyard.observe(state as never) as WhirlyardObservation));
  const legal = game.legalActions(state).filter((a) => a.type !== 'end_run');
  const first = legal.filter((a) => a.type === want.type && (want.type !== 'move' || a.direction === want.direction));
  for (const a of [...first, ...legal.filter((x) => !first.includes(x))]) {
    const r = game.step(state, a);
    if (!r.ok) continue;
    const rest = survivingLine(game, r.state, n - 1, budget);
    if (rest) return [a, ...rest];
  }
  return null;
}

/**
 * A ranked Whirlyard session under `name` through the API, as a careful player: `actions` actions that
 * keep the rover free (found ahead of play: the test reads the session's seed from the store), then
 * end_run. Answers the steps recorded.
 */
async function playRankedWhirlyard(name: string, key: string, actions: number): Promise<number> {
  const game = registry.get('whirlyard')! as AnyGame;
  const post = async (url: string, payload: unknown) =>
    (
      await app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-player-key': key } })
    ).json() as { ok: boolean; session: { id: string; step: number; finished: boolean }; stateToken: string };
  const started = await post('/api/games/whirlyard/sessions', { player: { name, kind: 'human' } });
  expect(started.ok).toBe(true);
  const id = started.session.id;
  const line = survivingLine(game, game.init((await store.getSession(id))!.seed), actions);
  expect(line, `a line of ${actions} actions that keeps the rover free`).not.toBeNull();
  let token = started.stateToken;
  for (const action of line!) {
    const answer = await post(`/api/sessions/${id}/action`, { stateToken: token, action });
    expect(answer.ok).toBe(true);
    token = answer.stateToken;
  }
  const end = await post(`/api/sessions/${id}/action`, { stateToken: token, action: { type: 'end_run' } });
  expect(end.session.finished).toBe(true);
  expect(end.session.step).toBeGreaterThan(actions);
  return end.session.step;
}
