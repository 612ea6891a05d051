/**
 * Losses invite the next try, in Chromium against the real app. Ending a run is asked, never done by one
 * stray click: in free play and in ranked play (where the question says it cannot be undone), "Keep it"
 * leaves the run going and "End the run" banks it. After a loss in free play, "Retry this wave / level"
 * replays the run up to the start of that part, and Delvewick's Undo takes a crush back. The moves
 * come from the engines, run here.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { actionOf } from '../../src/agents/whirlyard/model.js';
import type { GameAction } from '../../src/core/game.js';
import { delvewick } from '../../src/games/delvewick/index.js';
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import { SHOTS, newPage, seriousViolations, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-losses-');
}, 120_000);
afterAll(() => site?.close());

describe('End run asks first', () => {
  it('in free play: Keep it plays on, End the run banks the score said', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/whirlyard?seed=21`);
    for (let i = 0; i < 1; i++) {
      await page.keyboard.press('s');
      await expect.poll(() => page.getByTestId('action-count').textContent()).toBe(String(i + 1));
    }
    const score = (await page.getByTestId('score').textContent())!.trim();
    await page.getByRole('button', { name: 'End run and bank the score' }).click();
    const dialog = page.getByTestId('confirm');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByRole('heading').textContent()).toBe('End this run?');
    expect(await dialog.textContent()).toContain(
      `${Number(score).toLocaleString('en-US')} ${score === '1' ? 'point' : 'points'} will be banked.`,
    );
    expect(await dialog.textContent()).not.toContain('cannot be undone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('confirm-no').click();
    expect(await dialog.count()).toBe(0);
    expect(await page.getByTestId('gameover').count()).toBe(0);
    expect(await page.getByTestId('action-count').textContent()).toBe('1');
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('2');

    await page.getByRole('button', { name: 'End run and bank the score' }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
    expect(await page.getByTestId('action-count').textContent()).toBe('3');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('in ranked play the question says it cannot be undone, and nothing is sent before yes', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/ranked/whirlyard`);
    await page.getByTestId('live-name').fill('Asked Ann');
    await page.getByTestId('live-start').click();
    await expect.poll(() => page.getByTestId('live-step').textContent()).toBe('0');
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('live-step').textContent()).toBe('1');
    await page.getByRole('button', { name: 'End run and bank the score' }).click();
    const dialog = page.getByTestId('confirm');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByRole('heading').textContent()).toBe('End this run?');
    expect(await dialog.textContent()).toMatch(/\d[\d,]* points? will be banked\. This cannot be undone/);
    await page.screenshot({ path: join(SHOTS, 'ranked-end-run-asked.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    // Keys do not play behind the question.
    await page.keyboard.press('s');
    await page.getByTestId('confirm-no').click();
    expect(await page.getByTestId('live-gameover').count()).toBe(0);
    const id = await page.evaluate(
      () => JSON.parse(localStorage.getItem('gameboard.live.v1.whirlyard.ranked') ?? '{}').id as string,
    );
    const onServer = (await site.app.inject(`/api/sessions/${id}`)).json() as { session: { step: number } };
    expect(onServer.session.step).toBe(1);

    await page.getByRole('button', { name: 'End run and bank the score' }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('live-gameover').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

const WY_KEYS: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };
const wyKey = (a: GameAction) => (a.type === 'move' ? WY_KEYS[String(a.direction)] : a.type === 'pulse' ? 'p' : 's');
const count = async (page: Page) => Number(await page.getByTestId('action-count').textContent());

/** Whirlyard from `seed`: the heuristic up to its first wave cleared, then waits until caught. */
function clearThenCaught(seed: number): { actions: GameAction[]; waveStart: number } | null {
  let s = whirlyard.init(seed);
  const actions: GameAction[] = [];
  let waveStart = -1;
  for (let i = 0; i < 300 && !whirlyard.isGameOver(s); i++) {
    const a: GameAction =
      waveStart >= 0 ? { type: 'wait' } : actionOf(chooseWhirlyard(whirlyard.observe(s) as WhirlyardObservation));
    const r = whirlyard.step(s, a as never);
    if (!r.ok) return null;
    s = r.state;
    actions.push(a);
    if (waveStart < 0 && r.events.some((e) => e.type === 'wave_started')) waveStart = actions.length;
  }
  return whirlyard.isGameOver(s) && waveStart > 0 && actions.length > waveStart ? { actions, waveStart } : null;
}

describe('after a loss', () => {
  it('Whirlyard: "Retry this wave" replays the run up to the wave the rover was caught in', async () => {
    let seed = 1;
    let plan = clearThenCaught(seed);
    while (!plan) plan = clearThenCaught(++seed);
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/whirlyard?seed=${seed}`);
    for (const [i, a] of plan.actions.entries()) {
      // A cleared wave's board takes no move until the next wave is drawn.
      await expect.poll(() => page.locator('svg.board.wy.holding').count()).toBe(0);
      await page.keyboard.press(wyKey(a));
      await expect.poll(() => count(page)).toBe(i + 1);
    }
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
    const retry = page.getByTestId('retry-part');
    expect(await retry.textContent()).toBe('Retry this wave');
    // Beside Play again.
    expect(await page.getByTestId('gameover').getByRole('button', { name: 'Play again' }).count()).toBe(1);
    // Audited once the catch's animations are over (a fading picture is not what a reader meets).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await seriousViolations(page)).toEqual([]);
    await retry.click();
    expect(await page.getByTestId('gameover').count()).toBe(0);
    expect(await count(page)).toBe(plan.waveStart);
    expect(await page.getByTestId('seed').textContent()).toBe(String(seed));
    expect(await page.getByTestId('outcome').textContent()).toContain('start of this wave');
    // The wave plays on from its start: the same wait as before is taken.
    await expect.poll(() => page.locator('svg.board.wy.holding').count()).toBe(0);
    await page.keyboard.press('s');
    await expect.poll(() => count(page)).toBe(plan.waveStart + 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Delvewick: a crush is taken back by U, and "Retry this level" starts the level again', async () => {
    const keys: Record<string, string> = { r: 'ArrowRight', d: 'ArrowDown', '.': '.' };
    const moves = 'rrrrrrrdddrd.';
    // The engine agrees: the last wait drops the boulder on the mole.
    let s = delvewick.init(1);
    for (const c of moves) {
      const r = delvewick.step(
        s,
        (c === '.' ? { type: 'wait' } : { type: 'move', dir: c === 'r' ? 'right' : 'down' }) as never,
      );
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(delvewick.isGameOver(s)).toBe(true);
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/delvewick`);
    for (const [i, c] of [...moves].entries()) {
      await page.keyboard.press(keys[c]);
      await expect.poll(() => count(page)).toBe(i + 1);
    }
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
    expect(await page.getByTestId('retry-part').textContent()).toBe('Retry this level');
    await page.keyboard.press('u');
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(0);
    expect(await count(page)).toBe(moves.length - 1);
    // The same wait again crushes again; Retry this level goes back to the level's start (level 1: none).
    await page.keyboard.press('.');
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(1);
    await page.getByTestId('retry-part').click();
    await expect.poll(() => page.getByTestId('gameover').count()).toBe(0);
    expect(await count(page)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => count(page)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Briarwink waits for the player', () => {
  it('pauses when the pointer leaves the garden or the focus moves to another control, and says so', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/briarwink?seed=4`);
    const pause = page.getByTestId('pause');
    const said = page.locator('.bw-bar [aria-live]');
    const garden = page.locator('.board-wrap');
    await garden.waitFor();
    const box = (await garden.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('Enter');
    await expect.poll(async () => Number(await page.getByTestId('action-count').textContent())).toBeGreaterThan(5);
    expect(await pause.getAttribute('aria-pressed')).toBe('false');

    // The mouse goes to read the legend: the night waits.
    await page.mouse.move(box.x + box.width + 40, box.y + 10);
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('true');
    expect(await said.textContent()).toContain('the pointer left the garden');
    const held = await page.getByTestId('action-count').textContent();
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          let n = 0;
          const f = () => (++n >= 20 ? done() : requestAnimationFrame(f));
          requestAnimationFrame(f);
        }),
    );
    expect(await page.getByTestId('action-count').textContent()).toBe(held);
    expect(await seriousViolations(page)).toEqual([]);

    // Back in the garden, P resumes; then the focus moves to a link outside it: paused again.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('p');
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(async () => Number(await page.getByTestId('action-count').textContent()))
      .toBeGreaterThan(Number(held));
    await page.getByRole('link', { name: 'Rules' }).first().focus();
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('true');
    expect(await said.textContent()).toContain('the focus moved to another control');
    expect(errors).toEqual([]);
    await page.close();
  });
});
