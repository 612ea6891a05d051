/**
 * A steady stage, in Debian's Chromium against the real app: on a 390x844 and a 360x740 phone the board
 * keeps its size and place while the message under it changes (every game); a status tile appearing
 * (Cragwake's "At the belay") moves nothing; at 1366x850 Cragwake's climber is in view from the start to
 * the belay, and the replay's transport controls are in view; Delvewick's moves are a d-pad, and a swipe
 * on its board moves the mole one step that way (real touch events through the DevTools protocol).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { registry } from '../../src/games/index.js';
import { launchBrowser, newPage, seriousViolations, startSite, type Site } from './harness.js';
import { engineRun, openReplay } from './runs.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-layout-');
}, 120_000);
afterAll(() => site?.close());

type Box = { x: number; y: number; width: number; height: number };
const round = (b: Box) => [b.x, b.y, b.width, b.height].map((v) => Math.round(v)).join(',');

/** The board's box (its frame and its drawing) and the message under it, as the page shows them now. */
async function stage(page: Page): Promise<{ box: string; said: string }> {
  return page.evaluate(() => {
    const r = (e: Element) => {
      const b = e.getBoundingClientRect();
      return [b.x, b.y + scrollY, b.width, b.height].map((v) => Math.round(v)).join(',');
    };
    return {
      box: `${r(document.querySelector('.board-wrap')!)} ${r(document.querySelector('.board-wrap .board')!)}`,
      said: document.querySelector('[data-testid=outcome]')!.textContent ?? '',
    };
  });
}

const count = (page: Page) => page.getByTestId('action-count').textContent();

/** Plays a game a few moves on the phone (keys, taps on holds, a refused tap), noting the stage each time. */
async function playNoting(page: Page, slug: string): Promise<{ boxes: Set<string>; said: Set<string> }> {
  const boxes = new Set<string>();
  const said = new Set<string>();
  const note = async () => {
    const s = await stage(page);
    boxes.add(s.box);
    said.add(s.said);
  };
  await page.goto(`${site.base}/play/${slug}?seed=5`);
  await page.locator('.board-wrap .board').waitFor();
  await note();
  const press = async (keys: string[]) => {
    for (const k of keys) {
      const before = await count(page);
      await page.keyboard.press(k);
      // Accepted (one more action), refused (said so) or the game is over.
      await expect
        .poll(
          async () =>
            (await count(page)) !== before ||
            (await page.locator('.outcome.refused').count()) > 0 ||
            (await page.getByTestId('gameover').count()) > 0,
        )
        .toBe(true);
      await note();
    }
  };
  if (slug === 'whirlyard') await press(['w', 'p', 'a', 'd', 's', 'x', 'q', 'c']);
  if (slug === 'delvewick') await press(['ArrowRight', 'ArrowUp', 'ArrowDown', '.', 'ArrowLeft', 'ArrowDown']);
  if (slug === 'cragwake') {
    for (let i = 0; i < 5; i++) {
      await page.locator('.cw-target').first().tap();
      await expect.poll(() => count(page)).toBe(String(i + 1));
      await note();
    }
    // A tap on a hold out of reach is refused in words; the board stays.
    await page.locator('.cw-miss').first().tap();
    await expect.poll(() => page.locator('.outcome.refused').count()).toBe(1);
    await note();
    await press(['b']);
  }
  if (slug === 'briarwink') {
    await page.keyboard.press('Enter');
    await expect.poll(async () => Number(await count(page))).toBeGreaterThan(0);
    for (const k of ['ArrowRight', 'ArrowUp', 'ArrowLeft']) {
      await page.keyboard.down(k);
      // Noted after each of a few real-time ticks while the key is held (or at the game over).
      for (let i = 0; i < 4; i++) {
        const before = await count(page);
        await expect
          .poll(async () => (await count(page)) !== before || (await page.getByTestId('gameover').count()) > 0)
          .toBe(true);
        await note();
      }
      await page.keyboard.up(k);
    }
  }
  return { boxes, said };
}

describe('on a phone the board keeps its size and place', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ])
    it(`at ${size.width}x${size.height}, for every game, whatever the message under it`, async () => {
      const b = await launchBrowser({ viewport: size, hasTouch: true, isMobile: true });
      try {
        const { page, errors } = await newPage(b.context);
        for (const game of registry.games) {
          const slug = game.spec.slug;
          const { boxes, said } = await playNoting(page, slug);
          expect([...boxes], slug).toHaveLength(1);
          // The messages did change (Briarwink's real-time line says a tick's events, or the same).
          if (slug !== 'briarwink') expect(said.size, slug).toBeGreaterThanOrEqual(3);
          // The board takes the column's full width (the page's padding on each side).
          const [, , w] = [...boxes][0].split(' ')[0].split(',').map(Number);
          expect(w, slug).toBe(size.width - 24);
        }
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    });
});

/** Climbs Cragwake by clicking the highest reachable hold until the belay; calls `each` after every move. */
async function climbToBelay(page: Page, seed: number, each: () => Promise<void>): Promise<void> {
  const game = registry.get('cragwake') as AnyGame;
  let state = game.init(seed);
  const played: GameAction[] = [];
  while (!game.legalActions(state).some((a: GameAction) => a.type === 'climbOn') && played.length < 30) {
    const moves = (game.observe(state) as unknown as { moves: { action: GameAction; cost: number }[] }).moves
      .filter((m) => m.action.type === 'move')
      .sort((a, b) => Number(b.action.row) - Number(a.action.row) || a.cost - b.cost);
    const a = moves[0].action;
    await page.locator(`.cw-target[data-row="${String(a.row)}"][data-col="${String(a.col)}"]`).click();
    played.push(a);
    const r = game.step(state, a);
    if (!r.ok) throw new Error('refused');
    state = r.state;
    await expect.poll(() => count(page)).toBe(String(played.length));
    await each();
  }
}

describe('at 1366x850', () => {
  it.skipIf(!registry.get('cragwake'))(
    "keeps Cragwake's climber in view from the start to the belay, and the board still when the belay's tile appears",
    async () => {
      const b = await launchBrowser({ viewport: { width: 1366, height: 850 } });
      try {
        const { page, errors } = await newPage(b.context);
        await page.goto(`${site.base}/play/cragwake?seed=7`);
        await page.locator('.board-wrap .cw-you').waitFor();
        const inView = async () => {
          const you = await page.locator('.board-wrap .cw-you').boundingBox();
          expect(you).not.toBeNull();
          expect(you!.y).toBeGreaterThanOrEqual(0);
          expect(you!.y + you!.height).toBeLessThanOrEqual(850);
        };
        await inView();
        const boxes = new Set([(await stage(page)).box]);
        await climbToBelay(page, 7, async () => {
          await inView();
          boxes.add((await stage(page)).box);
        });
        await expect.poll(() => page.locator('.stat[data-label="At the belay"]').count()).toBe(1);
        await inView();
        // The tile came, and neither the status bar's height nor the board moved.
        expect([...boxes]).toHaveLength(1);
        const statusBefore = await page.locator('.status-bar').boundingBox();
        await page.keyboard.press('c');
        await expect.poll(() => page.locator('.stat[data-label="At the belay"]').count()).toBe(0);
        expect(round((await page.locator('.status-bar').boundingBox())!)).toBe(round(statusBefore!));
        expect((await stage(page)).box).toBe([...boxes][0]);
        await inView();
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    },
  );

  it("keeps the replay's transport controls in view, at the top of the page and scrolled", async () => {
    const b = await launchBrowser({ viewport: { width: 1366, height: 850 } });
    try {
      const { page, errors } = await newPage(b.context);
      for (const slug of ['whirlyard', 'cragwake'].filter((s) => registry.get(s))) {
        const game = registry.get(slug) as AnyGame;
        // A run to watch: Cragwake climbed to its first belay, Whirlyard a few waits.
        const actions = engineRun(game, 3, 12, (state) => {
          if ((game.legalActions(state as never) as GameAction[]).some((a) => a.type === 'climbOn')) return null;
          return slug === 'cragwake'
            ? (game.observe(state as never) as unknown as { moves: { action: GameAction }[] }).moves
                .map((m) => m.action)
                .filter((x) => x.type === 'move')
                .sort((x, y) => Number(y.row) - Number(x.row))[0]
            : { type: 'wait' };
        });
        const controls = await openReplay(page, site.base, game, 3, actions);
        for (const y of [0, 200]) {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          const box = (await controls.boundingBox())!;
          expect(box.y, `${slug} scrolled ${y}`).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height, `${slug} scrolled ${y}`).toBeLessThanOrEqual(850);
          const slider = (await page.getByTestId('timeline').boundingBox())!;
          expect(slider.y + slider.height, `${slug} scrolled ${y}`).toBeLessThanOrEqual(850);
        }
        // In view means usable: the step forward button is hit where it is drawn.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByTestId('step-forward').click();
        await expect.poll(() => page.getByTestId('step').textContent()).toBe('1');
      }
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe.skipIf(!registry.get('delvewick'))("Delvewick's touch controls", () => {
  it('are a d-pad: the arrows in a cross around Wait', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 360, height: 740 },
      { width: 1366, height: 850 },
    ]) {
      const b = await launchBrowser({ viewport, hasTouch: viewport.width < 600, isMobile: viewport.width < 600 });
      try {
        const { page, errors } = await newPage(b.context);
        await page.goto(`${site.base}/play/delvewick`);
        const at = async (name: RegExp) => {
          const r = (await page.getByRole('button', { name }).boundingBox())!;
          return { cx: r.x + r.width / 2, cy: r.y + r.height / 2, r };
        };
        const [up, down, left, right, wait] = await Promise.all(
          [/^Move up/, /^Move down/, /^Move left/, /^Move right/, /^Wait/].map(at),
        );
        const near = (a: number, b2: number) => Math.abs(a - b2) < 2;
        // Up and down share Wait's column, left and right its row...
        expect(near(up.cx, wait.cx) && near(down.cx, wait.cx), 'column').toBe(true);
        expect(near(left.cy, wait.cy) && near(right.cy, wait.cy), 'row').toBe(true);
        // ...and each is on its own side of it, without overlapping.
        expect(up.r.y + up.r.height).toBeLessThanOrEqual(wait.r.y);
        expect(down.r.y).toBeGreaterThanOrEqual(wait.r.y + wait.r.height);
        expect(left.r.x + left.r.width).toBeLessThanOrEqual(wait.r.x);
        expect(right.r.x).toBeGreaterThanOrEqual(wait.r.x + wait.r.width);
        // On the phone the whole pad is on the screen.
        expect(down.r.y + down.r.height).toBeLessThanOrEqual(viewport.height);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  });

  it('moves the mole one step for each swipe on the board, and not for a tap', async () => {
    const game = registry.get('delvewick') as AnyGame;
    const b = await launchBrowser({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const { page, errors } = await newPage(b.context);
      await page.goto(`${site.base}/play/delvewick`);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${site.base}/play/delvewick`);
      await expect.poll(() => count(page)).toBe('0');
      const cdp = await b.context.newCDPSession(page);
      const board = (await page.locator('.board-wrap .board').boundingBox())!;
      const cx = board.x + board.width / 2;
      const cy = board.y + board.height / 2;
      const touch = async (dx: number, dy: number) => {
        const steps = 5;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: cx, y: cy }] });
        for (let i = 1; i <= steps; i++)
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: [{ x: cx + (dx * i) / steps, y: cy + (dy * i) / steps }],
          });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      const swipes: [number, number, string][] = [
        [80, 0, 'right'],
        [0, 70, 'down'],
        [-80, 6, 'left'],
        [0, -70, 'up'],
        [70, -4, 'right'],
      ];
      const played: GameAction[] = [];
      for (const [dx, dy, dir] of swipes) {
        await touch(dx, dy);
        played.push({ type: 'move', dir });
        // Each swipe is that move, accepted ("You moved right") or refused ("You can't move up").
        await expect.poll(() => page.getByTestId('outcome').textContent()).toMatch(new RegExp(`move[d]? ${dir}`));
      }
      // A tap and a diagonal drag are no swipes.
      await touch(3, 2);
      await touch(60, 60);
      const now = await count(page);
      // This proves an absence (a tap and a diagonal drag make no move): no event to wait for, so a
      // short wait before looking that the count has not moved.
      await page.waitForTimeout(300);
      expect(await count(page)).toBe(now);
      // The page recorded exactly those moves, and its score is the engine's for them.
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('gameboard.unfinished.v1') ?? '[]'));
      const { run } = (saved as { run: { game: string; actions: GameAction[] } }[]).find(
        (g) => g.run.game === 'delvewick',
      )!;
      // A swipe into bedrock is refused (and not recorded) like its key: compare with the engine's answers.
      let s = game.init(1);
      const accepted: GameAction[] = [];
      for (const a of played) {
        const r = game.step(s, a);
        if (r.ok) {
          accepted.push(a);
          s = r.state;
        }
      }
      expect(run.actions).toEqual(accepted);
      await expect(page.getByTestId('score').textContent()).resolves.toBe(String(game.score(s)));
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
