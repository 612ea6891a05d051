/**
 * Moments that land, in Chromium against the real app: a cleared wave's words stand on the board
 * (never over a status value), count its points up and leave with the next move; Delvewick shows a
 * card between levels (the next level's name and lesson, the clear bonus and the oil tally) that any
 * key dismisses without playing; a "+N" float starts on the cell where it was earned (Cragwake's at the
 * climber, wherever the wall has scrolled). The moves come from the engines (and the stored solutions), run here.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { actionOf } from '../../src/agents/whirlyard/model.js';
import type { GameAction } from '../../src/core/game.js';
import { cragwake } from '../../src/games/cragwake/index.js';
import { LEVELS } from '../../src/games/delvewick/generate.js';
import { decodeActions, type SolutionsFile } from '../../src/games/delvewick/solutions.js';
import solutions from '../../src/games/delvewick/solutions.json' with { type: 'json' };
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import { MOMENT_MS } from '../../src/web/motion/fx.js';
import { SHOTS, newPage, recordElements, saveGame, seriousViolations, startSite, type Site } from './harness.js';

const WY_KEYS: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };
const wyKey = (a: GameAction) => (a.type === 'move' ? WY_KEYS[String(a.direction)] : a.type === 'pulse' ? 'p' : 's');
const DW_KEYS: Record<string, string> = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
const dwKey = (a: GameAction) => (a.type === 'move' ? DW_KEYS[String(a.dir)] : '.');
const count = async (page: Page) => Number(await page.getByTestId('action-count').textContent());

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-moments-');
}, 120_000);
afterAll(() => site?.close());

/** Heuristic Whirlyard from `seed` up to and including its first wave cleared. */
function toFirstClear(seed: number): GameAction[] {
  let s = whirlyard.init(seed);
  const out: GameAction[] = [];
  for (let i = 0; i < 200; i++) {
    const a: GameAction = actionOf(chooseWhirlyard(whirlyard.observe(s) as WhirlyardObservation));
    const r = whirlyard.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    out.push(a);
    s = r.state;
    if (r.events.some((e) => e.type === 'wave_cleared')) return out;
  }
  throw new Error('no wave cleared');
}

describe('a cleared wave', () => {
  type Box = { x: number; y: number; width: number; height: number };
  type Seen = {
    shown: {
      at: number;
      text: string;
      pill: Box;
      board: Box;
      stats: { text: string; box: Box }[];
    };
    gone: number | null;
    key: number | null;
    points: string | null;
    movedFrame: number | null;
    goneFrame: number | null;
  };

  /**
   * One try: Whirlyard from `seed` restored up to a few moves before its first wave is cleared, those
   * moves by keys, and the next key as soon as the cleared board lets go. What the page saw comes back
   * as recorded in it, with any console errors.
   */
  async function clearAndMoveOn(seed: number, actions: GameAction[], shot: boolean) {
    const { page, errors } = await newPage(site.context);
    // The game in progress as the play page saves it, up to the last few moves (one key press and one
    // poll a move for every move made this test slow on a loaded machine); those are played by keys.
    const byKeys = 3;
    const saved = actions.slice(0, actions.length - byKeys);
    await saveGame(page, site.base, {
      game: 'whirlyard',
      rulesVersion: whirlyard.spec.rulesVersion,
      seed,
      actions: saved,
    });
    // The moment stands for MOMENT_MS: recorded in the page as it is added (its words, its box, the board's
    // and the status values' boxes) and as it is removed, and the next key's time, so that a loaded machine
    // slow to answer the test's reads cannot make it look at a moment already gone.
    await page.addInitScript(`(() => {
      const seen = (window.__moment = { shown: null, gone: null, key: null, points: null, movedFrame: null, goneFrame: null });
      // Animation frames counted, and the frame in which the action count first changed after the moment
      // appeared: the page takes the moment away in the frame after it draws the next move.
      let frame = 0;
      const tick = () => { frame++; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      let lastCount = null;
      const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
      addEventListener('keydown', () => { if (seen.shown && seen.key === null) seen.key = performance.now(); }, true);
      new MutationObserver((list) => {
        const counter = document.querySelector('[data-testid=action-count]');
        const now = counter ? counter.textContent : null;
        if (seen.shown && seen.movedFrame === null && lastCount !== null && now !== lastCount) seen.movedFrame = frame;
        lastCount = now;
        const points = document.querySelector('[data-testid=moment] .moment-points');
        if (points && seen.gone === null) seen.points = points.textContent;
        for (const m of list) {
          for (const n of m.addedNodes) {
            const el = n instanceof Element ? (n.matches('[data-testid=moment]') ? n : n.querySelector('[data-testid=moment]')) : null;
            if (!el || seen.shown) continue;
            const board = document.querySelector('.board-wrap');
            seen.shown = {
              at: performance.now(),
              text: el.textContent || '',
              pill: box(el),
              board: board && box(board),
              stats: [...document.querySelectorAll('.status .stat')].map((s) => ({ text: s.textContent, box: box(s) })),
            };
          }
          for (const n of m.removedNodes)
            if (seen.shown && seen.gone === null && n instanceof Element && (n.matches('[data-testid=moment]') || n.querySelector('[data-testid=moment]'))) {
              seen.gone = performance.now();
              seen.goneFrame = frame;
            }
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    })()`);
    const seen = () => page.evaluate(() => (window as unknown as { __moment: Seen }).__moment);
    await page.goto(`${site.base}/play/whirlyard?seed=${seed}`);
    await expect.poll(() => count(page)).toBe(saved.length);
    for (const [i, a] of actions.slice(saved.length).entries()) {
      await page.keyboard.press(wyKey(a));
      await expect.poll(() => count(page)).toBe(saved.length + i + 1);
    }
    // From here the moment's own timer runs: Playwright's waits (answered in the page, within a frame)
    // rather than polls that back off, so the next key comes as soon as the board takes it.
    const moment = page.getByTestId('moment');
    await page.waitForFunction(() => (window as unknown as { __moment: Seen }).__moment.shown !== null);
    // The picture for the docs, taken while the cleared board is still held (keys are not taken then).
    if (shot && (await moment.count())) await page.screenshot({ path: join(SHOTS, 'moment-wave-cleared.png') });
    await page.locator('svg.board.wy.holding').waitFor({ state: 'detached' });
    await page.keyboard.press('s');
    await expect.poll(() => count(page)).toBe(actions.length + 1);
    await expect.poll(() => moment.count()).toBe(0); // a safety net: the frames say why
    const result = await seen();
    await page.close();
    return { seen: result, errors };
  }

  it('is said on the board, over no status value, and its words leave with the next move', async () => {
    const seed = 3;
    const actions = toFirstClear(seed);
    // The next key can only be pressed once the cleared board lets go (up to about 0.85 s after the words
    // appear), and must come before their own MOMENT_MS run out, or nothing shows what took them away. A
    // loaded machine can miss that window; such a try shows nothing either way, and is made again (at most
    // three times). A moment that leaves before its time with no key fails at once.
    let tries = 0;
    let got: Awaited<ReturnType<typeof clearAndMoveOn>>;
    for (;;) {
      got = await clearAndMoveOn(seed, actions, tries === 0);
      tries++;
      const { shown, key } = got.seen;
      // (less a margin for the page to take the key and draw the move)
      const late = key !== null && key - shown.at >= MOMENT_MS - 400;
      if (!late) break;
      expect(tries, `the next key came after the moment's ${MOMENT_MS} ms in ${tries} tries`).toBeLessThan(3);
    }
    const { shown, gone, key, movedFrame, goneFrame, points } = got.seen;
    const { pill, board, stats, text } = shown;
    expect(text).toMatch(/^Wave 1 cleared/);
    // On the board...
    expect(pill.y).toBeGreaterThanOrEqual(board.y);
    expect(pill.y + pill.height).toBeLessThanOrEqual(board.y + board.height);
    // ...and over no status value.
    expect(stats.length).toBeGreaterThan(0);
    for (const { text: stat, box: b } of stats) {
      const apart =
        pill.x + pill.width <= b.x ||
        b.x + b.width <= pill.x ||
        pill.y + pill.height <= b.y ||
        b.y + b.height <= pill.y;
      expect(apart, `the moment covers ${stat}`).toBe(true);
    }
    // The next move (once the new wave is drawn) takes the words away, long before they would time out
    // (MOMENT_MS). What shows it is counted in animation frames, not in milliseconds a loaded machine
    // stretches: they leave within a few frames of the move being drawn, and the move was drawn first.
    expect(key, 'the next key came while the moment stood').not.toBeNull();
    expect(gone! - key!, 'the moment left after the next key').toBeGreaterThanOrEqual(0);
    expect(movedFrame, 'the next move was drawn while the moment stood').not.toBeNull();
    expect(
      goneFrame! - movedFrame!,
      `frames from the move to the moment leaving (not its ${MOMENT_MS} ms)`,
    ).toBeLessThanOrEqual(3);
    expect(goneFrame! - movedFrame!).toBeGreaterThanOrEqual(0);
    // The points counted up, as they were shown (recorded in the page).
    expect(points).toMatch(/^ ?\+\d+$/);
    expect(got.errors).toEqual([]);
  });
});

describe('Delvewick between levels', () => {
  it('shows the next level card with its lesson and tally; any key dismisses it without playing', async () => {
    const level1 = decodeActions((solutions as SolutionsFile).levels[0].actions) as GameAction[];
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/delvewick`);
    for (const [i, a] of level1.entries()) {
      await page.keyboard.press(dwKey(a));
      await expect.poll(() => count(page)).toBe(i + 1);
    }
    const card = page.getByTestId('level-card');
    await expect.poll(() => card.count()).toBe(1);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`Level 2 of ${LEVELS.length}: ${LEVELS[1].name}`);
    expect(text).toContain(LEVELS[1].lesson);
    expect(text).toContain('clear bonus +100');
    expect(text).toMatch(/Oil left \d+ × 5: \+\d+/);
    await page.screenshot({ path: join(SHOTS, 'delvewick-level-card.png') });
    expect(await seriousViolations(page)).toEqual([]);
    // Any key puts it away and plays nothing; the next key plays.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => card.count()).toBe(0);
    expect(await count(page)).toBe(level1.length);
    await page.keyboard.press('.');
    await expect.poll(() => count(page)).toBe(level1.length + 1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('points float from where they were earned', () => {
  it("Cragwake's new height: the +N starts on the climber's hold", async () => {
    const seed = 5;
    // The first move up the engine pays new height for.
    const s = cragwake.init(seed);
    const a = (cragwake.legalActions(s) as GameAction[]).find((x) => {
      const r = cragwake.step(s, x as never);
      return r.ok && r.events.some((e) => e.type === 'height');
    })!;
    expect(a).toBeDefined();
    const { page, errors } = await newPage(site.context);
    // The +N is recorded as it appears: it rises for a moment and is gone, maybe before a loaded
    // machine lets the test look.
    const floats = await recordElements(page, '[data-testid=fx-float]');
    await page.goto(`${site.base}/play/cragwake?seed=${seed}`);
    await page.locator(`.cw-target[data-row="${String(a.row)}"][data-col="${String(a.col)}"]`).click();
    await expect.poll(async () => (await floats.read()).length).toBeGreaterThan(0);
    const [first] = await floats.read();
    // Where it started: its left and top (in pixels) within the moments' layer, which stays.
    const px = (name: string) =>
      parseFloat(new RegExp(`(?:^|;)\\s*${name}:\\s*([-\\d.]+)px`).exec(first.attrs.style)![1]);
    const layer = (await page.locator('.fx-layer').boundingBox())!;
    const start = { x: layer.x + px('left'), y: layer.y + px('top'), text: first.text };
    expect(start.text).toMatch(/^\+\d+$/);
    // Where the climber stands once its glide is over.
    const climber = page.locator('.board.cw').getByRole('img', { name: 'You, the climber' });
    await page.waitForFunction(() =>
      document
        .querySelector('.board.cw')!
        .getAnimations({ subtree: true })
        .every((x) => x.playState !== 'running'),
    );
    const box = (await climber.boundingBox())!;
    const cell = ((await page.locator('.board.cw').boundingBox())!.width / (34 + 6 * 56 + 4)) * 56;
    expect(Math.abs(start.x - (box.x + box.width / 2))).toBeLessThan(cell / 2);
    expect(Math.abs(start.y - (box.y + box.height / 2))).toBeLessThan(cell / 2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
