/**
 * Whirlyard's wave change is never blind, in Chromium against the real app: from the clearing move
 * until the next wave's drones are drawn, the board offers no move and takes no key (every frame is
 * sampled: no frame shows move targets without drones), and the first key after that plays. The moves
 * come from the engine's heuristic player, run here.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { actionOf } from '../../src/agents/whirlyard/model.js';
import type { GameAction } from '../../src/core/game.js';
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import { newPage, startSite, type Site } from './harness.js';

const MOVE_KEYS: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };
const keyOf = (a: GameAction) => (a.type === 'move' ? MOVE_KEYS[String(a.direction)] : a.type === 'pulse' ? 'p' : 's');
const see = (s: unknown) => whirlyard.observe(s as never) as WhirlyardObservation;

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-wave-');
}, 120_000);
afterAll(() => site?.close());

/** Heuristic play from `seed` up to and including the first action that clears a wave. */
function toFirstClear(seed: number): GameAction[] {
  let s = whirlyard.init(seed);
  const actions: GameAction[] = [];
  for (let i = 0; i < 200; i++) {
    const a = actionOf(chooseWhirlyard(see(s)));
    const r = whirlyard.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    actions.push(a);
    s = r.state;
    if (r.events.some((e) => e.type === 'wave_cleared')) return actions;
  }
  throw new Error('no wave cleared');
}

const count = async (page: Page) => Number(await page.getByTestId('action-count').textContent());

/** From now on, every animation frame's drones drawn, move targets offered and actions played. */
async function sampleFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { frames: { drones: number; targets: number; actions: number }[] };
    w.frames = [];
    const each = () => {
      const svg = document.querySelector('svg.board.wy');
      if (svg)
        w.frames.push({
          drones: svg.querySelectorAll('[data-drone]:not(.wy-ghost)').length,
          targets: svg.querySelectorAll('.wy-target').length,
          actions: Number(document.querySelector('[data-testid=action-count]')?.textContent),
        });
      requestAnimationFrame(each);
    };
    requestAnimationFrame(each);
  });
}

describe('the Whirlyard wave change', () => {
  it('takes no move until the next wave is drawn, then the next key plays', async () => {
    const seed = 3;
    const actions = toFirstClear(seed);
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/whirlyard?seed=${seed}`);
    for (const [i, a] of actions.slice(0, -1).entries()) {
      await page.keyboard.press(keyOf(a));
      await expect.poll(() => count(page)).toBe(i + 1);
    }
    await sampleFrames(page);
    const board = page.locator('svg.board.wy');
    const wave = Number(await board.getAttribute('data-wave-shown'));
    await page.keyboard.press(keyOf(actions[actions.length - 1]));
    // The cleared board is held: keys pressed now play nothing.
    await expect.poll(() => board.getAttribute('data-wave-shown')).toBe(String(wave));
    await expect.poll(() => count(page)).toBe(actions.length);
    expect(await page.locator('svg.board.wy.holding').count()).toBe(1);
    for (const k of ['s', 'w', 'd']) await page.keyboard.press(k);
    expect(await page.locator('svg.board.wy .wy-target').count()).toBe(0);
    // Then the next wave is drawn, and takes moves.
    await expect.poll(() => board.getAttribute('data-wave-shown'), { timeout: 5000 }).toBe(String(wave + 1));
    expect(await count(page)).toBe(actions.length);
    await expect.poll(() => page.locator('svg.board.wy .wy-target').count()).toBeGreaterThan(0);
    await page.keyboard.press('s');
    await expect.poll(() => count(page)).toBe(actions.length + 1);

    const frames = await page.evaluate(
      () => (window as unknown as { frames: { drones: number; targets: number; actions: number }[] }).frames,
    );
    expect(frames.length).toBeGreaterThan(10);
    // No frame offers moves on a board without drones, and the drone-less frames came with no action.
    expect(frames.filter((f) => f.drones === 0 && f.targets > 0)).toEqual([]);
    const blind = frames.filter((f) => f.drones === 0);
    expect(blind.length).toBeGreaterThan(0);
    expect(new Set(blind.map((f) => f.actions))).toEqual(new Set([actions.length]));
    expect(errors).toEqual([]);
    await page.close();
  });
});
