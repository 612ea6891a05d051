/**
 * The player knows what to do, in Debian's Chromium: Cragwake by keyboard (the arrows move a visible pick
 * among the reachable holds, Enter climbs to it, and the engine agrees); a refused click or tap says why
 * in the outcome line (Cragwake and Whirlyard); Briarwink labels "Start night N" by the night it starts,
 * comes back paused after a reload, and says nothing of coming back once the run is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameAction } from '../../src/core/game.js';
import { chooseBriarwink } from '../../src/agents/briarwink/heuristic.js';
import { CELLS, FLOOR } from '../../src/agents/briarwink/board.js';
import { briarwink } from '../../src/games/briarwink/index.js';
import type { BriarwinkObservation } from '../../src/games/briarwink/observe.js';
import { cragwake } from '../../src/games/cragwake/index.js';
import { newPage, saveGame, startSite, type Site } from './harness.js';

let site: Site;
beforeAll(async () => {
  site = await startSite('gameboard-web-ux-');
}, 120_000);
afterAll(() => site?.close());

const picked = async (page: Page) => {
  const g = page.locator('.cw-target.picked');
  if ((await g.count()) !== 1) return null;
  return { row: Number(await g.getAttribute('data-row')), col: Number(await g.getAttribute('data-col')) };
};

describe('Cragwake by keyboard', () => {
  it('moves a visible pick among the reachable holds with the arrows, and Enter climbs to it', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/cragwake?seed=3`);
    await page.locator('.cw-target').first().waitFor();
    expect(await picked(page)).toBeNull();
    await page.keyboard.press('ArrowUp');
    const first = await picked(page);
    expect(first).not.toBeNull();
    // Every pick is a hold the engine lists as a legal move from the start.
    const state = cragwake.init(3);
    const legal = cragwake.legalActions(state).map((a) => JSON.stringify(a));
    const seen = new Set<string>();
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'ArrowRight']) {
      const p = await picked(page);
      expect(p).not.toBeNull();
      expect(legal).toContain(JSON.stringify({ type: 'move', row: p!.row, col: p!.col }));
      seen.add(`${p!.row}:${p!.col}`);
      await page.keyboard.press(key);
    }
    expect(seen.size).toBeGreaterThan(1);
    const target = (await picked(page))!;
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('1');
    const after = cragwake.step(state, { type: 'move', row: target.row, col: target.col });
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    const o = cragwake.observe(after.state) as unknown as { row: number; col: number; stamina: number; tank: number };
    expect([o.row, o.col]).toEqual([target.row, target.col]);
    expect(await page.locator('[data-label=Stamina] dd').textContent()).toBe(`${o.stamina} of ${o.tank}`);
    expect(await page.getByTestId('score').textContent()).toBe(String(cragwake.score(after.state)));
    // The pick is gone after the move: the next arrow starts from the climber again.
    expect(await picked(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a refused click says why', () => {
  it('on a Cragwake hold out of reach', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/cragwake?seed=4`);
    const miss = page.locator('.cw-miss').first();
    await miss.waitFor();
    const row = Number(await miss.getAttribute('data-row'));
    const col = Number(await miss.getAttribute('data-col'));
    const refusal = cragwake.step(cragwake.init(4), { type: 'move', row, col });
    expect(refusal.ok).toBe(false);
    await miss.click();
    const out = page.getByTestId('outcome');
    await expect.poll(() => out.getAttribute('class')).toContain('refused');
    const text = (await out.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`^You can't reach row ${row}, column ${col}: \\w.*\\.$`));
    expect(text).not.toMatch(/_/);
    expect(await page.getByTestId('action-count').textContent()).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a Whirlyard cell that is no move, near or far', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/whirlyard?seed=3`);
    await page.locator('.wy-target').first().waitFor();
    const cells = page.locator('.wy-miss');
    const n = await cells.count();
    expect(n).toBeGreaterThan(20);
    const out = page.getByTestId('outcome');
    // The far corner from the rover: never a move.
    const rover = await page.evaluate(() => {
      const t = document.querySelector('.board.wy')?.getAttribute('aria-label') ?? '';
      const m = /rover at \((\d+), (\d+)\)/.exec(t)!;
      return { x: Number(m[1]), y: Number(m[2]) };
    });
    const fx = rover.x < 3 ? 5 : 0;
    const fy = rover.y < 3 ? 5 : 0;
    await page.locator(`.wy-miss[data-x="${fx}"][data-y="${fy}"]`).click();
    await expect.poll(() => out.getAttribute('class')).toContain('refused');
    expect(await out.textContent()).toBe(
      `You can't reach (${fx}, ${fy}) in one move: the rover moves one cell at a time, onto a marked cell next to it.`,
    );
    await page.locator(`.wy-miss[data-x="${rover.x}"][data-y="${rover.y}"]`).click();
    await expect.poll(() => out.textContent()).toMatch(/^That is your rover/);
    expect(await page.getByTestId('action-count').textContent()).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a refused click in ranked play', () => {
  it('says why a far Whirlyard cell is no move, sends nothing and the session goes on', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/ranked/whirlyard`);
    await page.getByTestId('live-name').fill('Clicky Cleo');
    await page.getByTestId('live-start').click();
    await page.locator('.wy-target').first().waitFor();
    const rover = await page.evaluate(() => {
      const m = /rover at \((\d+), (\d+)\)/.exec(
        document.querySelector('.board.wy')?.getAttribute('aria-label') ?? '',
      )!;
      return { x: Number(m[1]), y: Number(m[2]) };
    });
    const fx = rover.x < 3 ? 5 : 0;
    const fy = rover.y < 3 ? 5 : 0;
    await page.locator(`.wy-miss[data-x="${fx}"][data-y="${fy}"]`).click();
    await expect.poll(() => page.getByTestId('outcome').textContent()).toMatch(/^You can't reach \(/);
    expect(await page.getByTestId('live-step').textContent()).toBe('0');
    expect(await page.getByTestId('live-error').count()).toBe(0);
    // A real move still goes through.
    await page.locator('.wy-target').first().click();
    await expect.poll(() => page.getByTestId('live-step').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Briarwink', () => {
  it('says why a tapped cell cannot be stood on, and walks as near as it can', async () => {
    const seed = 3;
    const started = briarwink.step(briarwink.init(seed), { type: 'start' } as never);
    if (!started.ok) throw new Error('start refused');
    const o = briarwink.observe(started.state) as unknown as BriarwinkObservation;
    const cell = o.map.join('').indexOf('#');
    expect(cell).toBeGreaterThanOrEqual(0);
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/briarwink?seed=${seed}`);
    await page.locator('.bw-bar .btn.primary').click();
    await page.getByTestId('pause').click();
    await page.locator(`.bw-hit[data-cell="${cell}"]`).click();
    await expect
      .poll(() => page.locator('.bw-bar [aria-live]').textContent())
      .toContain(`You can't stand on (${cell % 7}, ${Math.floor(cell / 7)}): it is a moonstone.`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('labels the Start button with the night it starts, the one the status shows', async () => {
    // The heuristic agent clears the first night; the game waits before night 2.
    const seed = briarwink.spec.suites.dev[0];
    let state = briarwink.init(seed);
    const memory = new Uint8Array(CELLS).fill(FLOOR);
    const actions: GameAction[] = [];
    let o = briarwink.observe(state) as unknown as BriarwinkObservation;
    for (let i = 0; i < 3000 && !(o.player.nightsCleared >= 1 && o.status === 'waiting'); i++) {
      const a = chooseBriarwink(o, memory);
      const r = briarwink.step(state, a as never);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      state = r.state;
      actions.push(a);
      o = briarwink.observe(state) as unknown as BriarwinkObservation;
    }
    expect(o.player.nightsCleared).toBe(1);
    expect(o.status).toBe('waiting');
    const { page, errors } = await newPage(site.context);
    await saveGame(page, site.base, { game: 'briarwink', rulesVersion: briarwink.spec.rulesVersion, seed, actions });
    await page.goto(`${site.base}/play/briarwink?seed=${seed}`);
    const start = page.locator('.bw-bar .btn.primary');
    await start.waitFor();
    expect(await page.locator('[data-label=Night] dd').textContent()).toMatch(new RegExp(`^${o.player.night}\\b`));
    expect(await start.textContent()).toBe(`Start night ${o.player.night} (Enter)`);
    expect(o.player.night).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('comes back paused after a reload in the middle of a night', async () => {
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/play/briarwink?seed=5`);
    await page.locator('.bw-bar .btn.primary').click();
    const time = page.locator('[data-label=Time] dd');
    // A loaded machine draws fewer frames, and the clock runs at most two ticks a frame: a safety net of
    // 15 s, not a measure of the night's pace.
    await expect
      .poll(async () => Number(await time.getAttribute('data-exact')), { timeout: 15_000 })
      .toBeGreaterThan(20);
    await page.reload();
    const pause = page.getByTestId('pause');
    await pause.waitFor();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.bw-bar [aria-live]').textContent()).toContain('Paused.');
    const at = Number(await time.getAttribute('data-exact'));
    // Many frames later the night has not moved on...
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          let n = 0;
          const f = () => (++n >= 30 ? done() : requestAnimationFrame(f));
          requestAnimationFrame(f);
        }),
    );
    expect(Number(await time.getAttribute('data-exact'))).toBe(at);
    // ...until the player resumes it.
    await pause.click();
    await expect
      .poll(async () => Number(await time.getAttribute('data-exact')), { timeout: 15_000 })
      .toBeGreaterThan(at);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says nothing of coming back once the run is over', async () => {
    // Start, then stand until every heart is gone (the creep and the dimlings do the rest), capped.
    const seed = 6;
    let state = briarwink.init(seed);
    const actions: GameAction[] = [{ type: 'start' }];
    let r = briarwink.step(state, { type: 'start' } as never);
    if (!r.ok) throw new Error('start refused');
    state = r.state;
    for (let i = 0; i < 2000 && !briarwink.isGameOver(state); i++) {
      const o = briarwink.observe(state) as unknown as BriarwinkObservation;
      // Stand in place, or end the run between nights.
      const a: GameAction = o.status === 'waiting' ? { type: 'endRun' } : { type: 'tick', move: null, count: 30 };
      r = briarwink.step(state, a as never);
      if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}`);
      state = r.state;
      actions.push(a);
    }
    expect(briarwink.isGameOver(state)).toBe(true);
    // The engine still counts down a way back that will never come: the page must not show it.
    const last = briarwink.observe(state) as unknown as BriarwinkObservation;
    expect(last.player.respawnIn + last.player.grace).toBeGreaterThan(0);
    const { page, errors } = await newPage(site.context);
    await page.goto(`${site.base}/`);
    const run = { game: 'briarwink', rulesVersion: briarwink.spec.rulesVersion, seed, actions };
    const json = JSON.stringify([{ id: 'x1', run, score: 0, outcome: null, endedAt: Date.now() }]);
    await page.evaluate((v: string) => {
      localStorage.removeItem('gameboard.unfinished.v1');
      localStorage.setItem('gameboard.finished.v1', v);
    }, json);
    await page.goto(`${site.base}/play/briarwink?seed=${seed}`);
    await page.locator('[data-label=Night]').waitFor();
    await expect.poll(() => page.locator('.gameover, [data-testid=gameover]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-label="Back in"]').count()).toBe(0);
    expect(await page.locator('[data-label=Grace]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
