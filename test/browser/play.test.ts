/**
 * Human play as a person meets it, in Chromium against the real app: nothing a player did is lost
 * (reload mid-game and at game over, resume, submit from the replay of one's own run, a question
 * before anything is thrown away), Briarwink pausing when the window is left, reduced motion, refusals
 * and events in sentences, and a 390x844 phone played by touch. Expected values come from the same
 * engines, run here.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { registry } from '../../src/games/index.js';
import {
  hasClass,
  launchBrowser,
  newPage,
  recordAnimations,
  seriousViolations,
  startSite,
  type Site,
} from './harness.js';

const MOVE_KEYS: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };

let site: Site | undefined;
let base = '';
let context: BrowserContext;

beforeAll(async () => {
  site = await startSite('gameboard-web-play-');
  ({ base, context } = site);
});

afterAll(async () => {
  await site?.close();
});

function whirlyard(): AnyGame {
  return registry.get('whirlyard') as AnyGame;
}

/** Whirlyard actions that keep the rover alive for a while (a greedy one-step choice on the engine). */
function greedy(game: AnyGame, seed: number, n: number): GameAction[] {
  let s = game.init(seed);
  const out: GameAction[] = [];
  while (out.length < n && !game.isGameOver(s)) {
    let best: GameAction = { type: 'wait' };
    let rank = -Infinity;
    for (const a of game.legalActions(s) as GameAction[]) {
      if (a.type === 'end_run') continue;
      const r = game.step(s, a);
      if (!r.ok) continue;
      const k = (game.isGameOver(r.state) ? -1e6 : 0) + game.score(r.state);
      if (k > rank) [best, rank] = [a, k];
    }
    const r = game.step(s, best);
    if (!r.ok || game.isGameOver(r.state)) break;
    s = r.state;
    out.push(best);
  }
  return out;
}

function scoreAfter(game: AnyGame, seed: number, actions: GameAction[]): number {
  let s = game.init(seed);
  for (const a of actions) {
    const r = game.step(s, a);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return game.score(s);
}

/** The state after the first `n` moves right, right, down (Delvewick's opening in the tests). */
function playTo(game: AnyGame, seed: number, n: number): unknown {
  const moves: GameAction[] = ['right', 'right', 'down'].map((dir) => ({ type: 'move', dir }));
  let s = game.init(seed);
  for (const a of moves.slice(0, n)) {
    const r = game.step(s, a);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return s;
}

async function pressWhirlyard(page: Page, actions: GameAction[], from = 0): Promise<void> {
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    // A cleared wave's board takes no move until the next wave is drawn.
    await expect.poll(() => page.locator('svg.board.wy.holding').count()).toBe(0);
    await page.keyboard.press(a.type === 'move' ? MOVE_KEYS[String(a.direction)] : a.type === 'pulse' ? 'p' : 's');
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(from + i + 1));
  }
}

const text = (page: Page, id: string) => page.getByTestId(id).first().textContent();

describe.skipIf(!registry.get('whirlyard'))('nothing a player did is lost', () => {
  it('a reload mid-game and a reload at game over both keep the game; Back from the replay too', async () => {
    const game = whirlyard();
    const seed = 21;
    const moves = greedy(game, seed, 5);
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    await pressWhirlyard(page, moves.slice(0, 3));
    await page.reload();
    await expect.poll(() => text(page, 'action-count')).toBe('3');
    await expect(text(page, 'score')).resolves.toBe(String(scoreAfter(game, seed, moves.slice(0, 3))));
    await expect(text(page, 'outcome')).resolves.toContain('Welcome back');
    // It goes on from where it was: the next moves are the engine's next moves.
    await pressWhirlyard(page, moves.slice(3), 3);
    await page.getByRole('button', { name: /^End run/ }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('gameover').isVisible()).toBe(true);
    const final = await text(page, 'final-score');
    expect(final).toBe(String(scoreAfter(game, seed, [...moves, { type: 'end_run' }])));
    await page.reload();
    await expect.poll(() => page.getByTestId('gameover').isVisible()).toBe(true);
    await expect(text(page, 'final-score')).resolves.toBe(final);
    await expect(text(page, 'ending')).resolves.toMatch(/^You banked your score on wave \d+\.$/);
    // The summary names the steps that gained most, in words.
    if (Number(final) > 0)
      await expect(page.getByTestId('best-moments').locator('li').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId('best-moments').textContent()).resolves.not.toMatch(/[{}"]/);
    // Watch the replay, then Back: the finished game is still there, still to submit.
    await page.getByTestId('gameover').getByRole('button', { name: 'Watch replay' }).click();
    await expect.poll(() => page.url()).toContain('/replay#');
    await page.goBack();
    await expect.poll(() => page.getByTestId('gameover').isVisible()).toBe(true);
    await expect(text(page, 'final-score')).resolves.toBe(final);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a new seed sets the game aside; the game page without a seed resumes the latest; the list resumes any', async () => {
    const game = whirlyard();
    const seed = 22;
    const moves = greedy(game, seed, 2);
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    await pressWhirlyard(page, moves);
    await page.locator('.run').getByRole('button', { name: 'New seed' }).click();
    await expect.poll(() => text(page, 'action-count')).toBe('0');
    expect(await text(page, 'seed')).not.toBe(String(seed));
    await expect(page.getByTestId('confirm').count()).resolves.toBe(0); // nothing was lost: no question
    await page
      .getByTestId('your-runs')
      .getByRole('link', { name: `Resume seed ${seed}` })
      .click();
    await expect.poll(() => text(page, 'seed')).toBe(String(seed));
    await expect.poll(() => text(page, 'action-count')).toBe('2');
    // Away to the rules and home, then the game's own page: the latest game in progress comes back.
    await page.goto(`${base}/rules/whirlyard`);
    await page.goto(`${base}/play/whirlyard`);
    await expect.poll(() => text(page, 'seed')).toBe(String(seed));
    await expect.poll(() => text(page, 'action-count')).toBe('2');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks before throwing a game away, and before discarding a finished run', async () => {
    const game = whirlyard();
    const seed = 23;
    const moves = greedy(game, seed, 2);
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    await pressWhirlyard(page, moves);
    const again = page.locator('.run').getByRole('button', { name: 'Same seed again' });
    await again.click();
    await expect.poll(() => page.getByRole('alertdialog').isVisible()).toBe(true);
    await expect(page.getByRole('alertdialog').textContent()).resolves.toContain('2 actions');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('confirm-no').click();
    await expect(text(page, 'action-count')).resolves.toBe('2');
    await again.click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => text(page, 'action-count')).toBe('0');
    // A finished run waits in "Your games"; discarding it asks too.
    await page.getByRole('button', { name: /^End run/ }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('gameover').isVisible()).toBe(true);
    await page.getByTestId('gameover').getByRole('button', { name: 'Play again' }).click();
    const discard = page.getByTestId('your-runs').getByTestId('discard-run');
    const before = await discard.count();
    expect(before).toBeGreaterThan(0);
    await discard.first().click();
    await expect.poll(() => page.getByRole('alertdialog').isVisible()).toBe(true);
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('discard-run').count()).toBe(before - 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the replay of one’s own finished run offers to submit it, and then it is marked submitted', async () => {
    const game = whirlyard();
    const seed = 24;
    const moves = greedy(game, seed, 3);
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    await pressWhirlyard(page, moves);
    await page.getByRole('button', { name: /^End run/ }).click();
    await page.getByTestId('confirm-yes').click();
    const final = Number(await text(page, 'final-score'));
    await page.getByTestId('gameover').getByRole('button', { name: 'Play again' }).click();
    await page.getByTestId('your-runs').getByTestId('watch-own').first().click();
    await expect.poll(() => page.getByTestId('own-run').isVisible()).toBe(true);
    await page.getByTestId('own-run').getByTestId('submit-open').click();
    await page.getByTestId('submit-name').fill('Replay Submitter');
    await page.getByTestId('submit-send').click();
    await expect.poll(() => page.getByTestId('submit-result').textContent()).toContain(`score ${final}`);
    // Opened again, the same run no longer asks to be submitted.
    await page.reload();
    await expect.poll(() => page.locator('.transport').count()).toBe(1);
    await expect(page.getByTestId('own-run').count()).resolves.toBe(0);
    // The Replays page offers runs to watch: one's own, and the top runs of the open boards.
    await page.goto(`${base}/replay`);
    await expect.poll(() => page.getByTestId('watch-mine').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('watchlist').textContent()).toContain('Replay Submitter');
    await page.getByTestId('watchlist').getByRole('link', { name: 'Watch' }).first().click();
    await expect.poll(() => page.locator('.transport').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('words and motion', () => {
  it.skipIf(!registry.get('delvewick'))('a refusal is a sentence, and events are sentences, never JSON', async () => {
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/delvewick?seed=1`);
    // Level 1: the mole starts under the bedrock ceiling.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => text(page, 'outcome')).toMatch(/^You can't move up: bedrock is in the way/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => text(page, 'outcome')).toMatch(/^You moved right\./);
    const visible = await page.locator('main').innerText();
    expect(visible).not.toMatch(/[{}]|"type"/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.skipIf(!registry.get('cragwake'))('Cragwake’s game over says how the run ended', async () => {
    const game = registry.get('cragwake') as AnyGame;
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/cragwake?seed=5`);
    // Climb the cheapest reachable hold until the belay, then end the run there.
    let s = game.init(5);
    for (let i = 0; i < 40 && !game.legalActions(s).some((a: GameAction) => a.type === 'endRun'); i++) {
      const legal = game.legalActions(s) as GameAction[];
      const a = legal.find((x) => x.type === 'move') ?? legal[0];
      await page.locator(`.cw-target[data-row="${String(a.row)}"][data-col="${String(a.col)}"]`).click();
      const r = game.step(s, a);
      if (!r.ok) throw new Error('refused');
      s = r.state;
      if (game.isGameOver(s)) break;
    }
    if (!game.isGameOver(s)) {
      await page.getByRole('button', { name: /end the run/i }).click();
      await page.getByTestId('confirm-yes').click();
    }
    await expect.poll(() => page.getByTestId('gameover').isVisible()).toBe(true);
    const ending = await text(page, 'ending');
    expect(ending).toMatch(/^(Out of stamina|No move left|You ended the run)/);
    await expect(page.locator('.stat[data-label="Ended"] dd').textContent()).resolves.toBe(ending);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.skipIf(!registry.get('whirlyard'))('moves animate, and reduced motion makes every change instant', async () => {
    const game = whirlyard();
    const moves = greedy(game, 25, 2);
    const counts: { all: number; rover: number }[] = [];
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const b = await launchBrowser({ reducedMotion });
      const { page, errors } = await newPage(b.context);
      // Recorded as they start: read later, a loaded machine may have let the glide end.
      const anims = await recordAnimations(page);
      await page.goto(`${base}/play/whirlyard?seed=25`);
      await page.locator('svg.board.wy').waitFor();
      await anims.clear();
      await pressWhirlyard(page, moves.slice(0, 1));
      const started = await anims.read();
      counts.push({ all: started.length, rover: started.filter((a) => hasClass(a, 'glide')).length });
      expect(errors).toEqual([]);
      await b.close();
    }
    expect(counts[0].rover).toBeGreaterThan(0); // the rover glides
    expect(counts[1].all).toBe(0);
  });
});

describe.skipIf(!registry.get('delvewick'))('Delvewick in free play', () => {
  it('takes back a move (U and the button), restarts the level after asking, gauges the oil, and has no seed controls', async () => {
    const game = registry.get('delvewick') as AnyGame;
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/delvewick?seed=2`);
    for (const k of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(k);
    await expect.poll(() => text(page, 'action-count')).toBe('3');
    const oil = (n: number) => (game.observe(playTo(game, 2, n)) as unknown as { oil: number }).oil;
    await expect(page.locator('.stat[data-label="Oil"] meter').getAttribute('aria-label')).resolves.toBe(
      `Oil ${oil(3)} of 40`,
    );
    await page.keyboard.press('u');
    await expect.poll(() => text(page, 'action-count')).toBe('2');
    await expect(text(page, 'score')).resolves.toBe(String(game.score(playTo(game, 2, 2))));
    await page.getByRole('button', { name: 'Undo (U)' }).click();
    await expect.poll(() => text(page, 'action-count')).toBe('1');
    await page.getByRole('button', { name: 'Restart level' }).click();
    await expect.poll(() => page.getByRole('alertdialog').isVisible()).toBe(true);
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => text(page, 'action-count')).toBe('0');
    await expect(page.locator('.seedform').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New seed' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('keyboard focus', () => {
  it.skipIf(!registry.get('whirlyard') || !registry.get('cragwake'))(
    'stays on the board after a move, and a second Enter never makes a move nobody chose',
    async () => {
      const { page, errors } = await newPage(context);
      await page.goto(`${base}/play/whirlyard?seed=31`);
      const target = page.locator('.wy-target').first();
      const dir = await target.getAttribute('data-dir');
      await target.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => text(page, 'action-count')).toBe('1');
      const where = () =>
        page.evaluate(() => {
          const a = document.activeElement;
          return {
            inBoard: !!a?.closest('.board-wrap'),
            dir: a?.getAttribute('data-dir') ?? null,
            row: a?.getAttribute('data-row') ?? null,
          };
        });
      const w = await where();
      expect(w.inBoard).toBe(true);
      if (w.dir !== null) expect(w.dir).toBe(dir); // the same direction, or the board itself
      // Cragwake: the hold moved to is gone, so the board has the focus, not another hold.
      await page.goto(`${base}/play/cragwake?seed=32`);
      await page.locator('.cw-target').first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => text(page, 'action-count')).toBe('1');
      const c = await where();
      expect(c.inBoard).toBe(true);
      expect(c.row).toBeNull();
      await page.keyboard.press('Enter');
      // This proves an absence (Enter on the board itself plays nothing): no event to wait for, so a
      // short wait before looking that the count has not moved.
      await page.waitForTimeout(200);
      await expect(text(page, 'action-count')).resolves.toBe('1');
      // A reachable hold's highlight never paints over the hold (its letter keeps its contrast), hovered too.
      const hold = page.locator('.cw-target').first();
      const fill = () => hold.locator('rect').evaluate((r) => getComputedStyle(r).fill);
      expect(await fill()).toBe('rgba(0, 0, 0, 0)');
      await hold.hover();
      expect(await fill()).toBe('rgba(0, 0, 0, 0)');
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});

describe('sound', () => {
  // Issue 28 turned sound on by default (at a low volume); it was off on a first visit before.
  it('is on on a first visit, and the toggle is remembered', async () => {
    const b = await launchBrowser();
    const { page, errors } = await newPage(b.context);
    await page.goto(`${base}/play/${registry.games[0].spec.slug}?seed=1`);
    const toggle = page.getByTestId('sound');
    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await expect.poll(() => page.getByTestId('sound').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('sound').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('sound').getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await b.close();
  });
});

describe.skipIf(!registry.get('briarwink'))('Briarwink', () => {
  it('pauses when the window loses focus or the tab is hidden', async () => {
    const { page, errors } = await newPage(context);
    await page.goto(`${base}/play/briarwink?seed=4`);
    await page.keyboard.press('Enter');
    await expect.poll(async () => Number(await text(page, 'action-count'))).toBeGreaterThan(10);
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await expect.poll(() => page.getByTestId('pause').getAttribute('aria-pressed')).toBe('true');
    const held = await text(page, 'action-count');
    // This proves an absence (no tick while paused): no event to wait for, so 12 ticks' worth of time.
    await page.waitForTimeout(400);
    await expect(text(page, 'action-count')).resolves.toBe(held);
    // Resumed, it runs again; hiding the tab pauses it as well.
    await page.getByTestId('pause').click();
    await expect.poll(async () => Number(await text(page, 'action-count'))).toBeGreaterThan(Number(held) + 5);
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => page.getByTestId('pause').getAttribute('aria-pressed')).toBe('true');
    // Time shows in seconds, never ticks.
    expect(await page.locator('.status-bar').innerText()).not.toMatch(/ticks/);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe.skipIf(!registry.get('whirlyard'))('a 390x844 phone', () => {
  it('plays Whirlyard by touch with every control in reach and nothing wider than the screen', async () => {
    const game = whirlyard();
    const seed = 26;
    const moves = greedy(game, seed, 3);
    const b = await launchBrowser({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const { page, errors } = await newPage(b.context);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    for (let i = 0; i < moves.length; i++) {
      const a = moves[i];
      if (a.type === 'move')
        await page
          .locator(`.wy-target[data-dir="${String(a.direction)}"]`)
          .first()
          .tap();
      else await page.getByRole('button', { name: /^Wait/ }).tap();
      await expect.poll(() => text(page, 'action-count')).toBe(String(i + 1));
    }
    await expect(text(page, 'score')).resolves.toBe(String(scoreAfter(game, seed, moves)));
    // After a tap, no move target stays highlighted.
    const fills = await page.locator('.wy-target rect').evaluateAll((rs) => rs.map((r) => getComputedStyle(r).fill));
    expect(new Set(fills).size).toBeLessThanOrEqual(1);
    const wide = await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      const over = Array.from(document.querySelectorAll('main *'))
        .filter((e) => e.getBoundingClientRect().right > w + 1 && e.getClientRects().length > 0)
        .filter((e) => !e.closest('details:not([open])'))
        .map((e) => e.tagName + '.' + String(e.getAttribute('class') ?? ''));
      return { scroll: document.documentElement.scrollWidth, w, over: over.slice(0, 5) };
    });
    expect(wide.over).toEqual([]);
    expect(wide.scroll).toBeLessThanOrEqual(wide.w);
    // The open leaderboard (runs submitted by the tests above) fits the phone too.
    await page.goto(`${base}/leaderboard/whirlyard?board=open`);
    await site!.app.inject({
      method: 'POST',
      url: '/api/runs',
      payload: {
        ...{ game: 'whirlyard', rulesVersion: game.spec.rulesVersion, seed: 5, actions: [{ type: 'end_run' }] },
        player: { name: 'A Rather Long Player Name 123', kind: 'human' },
      },
    });
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="leaderboard-human"] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    expect(await seriousViolations(page)).toEqual([]);
    // Mid-game, without scrolling, the board and every button are on the screen.
    const inView = async (names: RegExp[]) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const name of names) {
        const box = await page.getByRole('button', { name }).first().boundingBox();
        expect(box, String(name)).not.toBeNull();
        expect(box!.y + box!.height, String(name)).toBeLessThanOrEqual(844);
      }
    };
    await inView([/^Wait/, /^Pulse/, /^End run/]);
    // No "Press ?" on a touch screen.
    await expect(page.getByRole('button', { name: /Keys/ }).isVisible()).resolves.toBe(false);
    if (registry.get('cragwake')) {
      await page.goto(`${base}/play/cragwake?seed=3`);
      await inView([/^Breathe/]);
    }
    // Delvewick's buttons keep their places: a double tap on "Move right" moves right twice.
    if (registry.get('delvewick')) {
      await page.goto(`${base}/play/delvewick?seed=1`);
      await inView([/^Move up/, /^Move left/, /^Move right/, /^Move down/, /^Wait/]);
      const right = page.getByRole('button', { name: 'Move right' });
      await right.tap();
      await right.tap();
      await expect.poll(() => text(page, 'action-count')).toBe('2');
      await expect(page.getByRole('button', { name: 'Move up' }).isDisabled()).resolves.toBe(true);
    }
    expect(errors).toEqual([]);
    await b.close();
  });
});
