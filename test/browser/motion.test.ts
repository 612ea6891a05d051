/**
 * Every consequence seen (issue 28), in Chromium against the real app: Whirlyard's drones glide from
 * their old cell to their new one, a cleared board stays a beat before the next wave, reduced motion
 * shows the same in place at once, and held keys never fall behind; Delvewick's things slide and fall
 * from their old cell. The moves and the expected pictures come from the engines, run here.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { actionOf } from '../../src/agents/whirlyard/model.js';
import type { GameAction } from '../../src/core/game.js';
import { cragwake, type CragwakeObservation } from '../../src/games/cragwake/index.js';
import { delvewick, type DelvewickObservation } from '../../src/games/delvewick/index.js';
import { decodeActions, type SolutionsFile } from '../../src/games/delvewick/solutions.js';
import solutions from '../../src/games/delvewick/solutions.json' with { type: 'json' };
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import { wallChanges } from '../../src/web/games/cragwake/fx.js';
import { planDelvewick } from '../../src/web/games/delvewick/plan.js';
import { BEAT_MS } from '../../src/web/games/whirlyard/view.js';
import {
  launchBrowser,
  newPage,
  hasClass,
  recordAnimations,
  recordElements,
  startSite,
  type Site,
  type Started,
} from './harness.js';

const MOVE_KEYS: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };
const keyOf = (a: GameAction) => (a.type === 'move' ? MOVE_KEYS[String(a.direction)] : a.type === 'pulse' ? 'p' : 's');
const see = (s: unknown) => whirlyard.observe(s as never) as WhirlyardObservation;

let site: Site | undefined;
let base = '';

beforeAll(async () => {
  site = await startSite('gameboard-web-motion-');
  base = site.base;
});

afterAll(async () => {
  await site?.close();
});

/** Heuristic play on the engine from `seed` up to and including the first action that clears a wave. */
function toFirstClear(seed: number): {
  actions: GameAction[];
  before: WhirlyardObservation;
  after: WhirlyardObservation;
} {
  let s = whirlyard.init(seed);
  const actions: GameAction[] = [];
  for (let i = 0; i < 200; i++) {
    const before = see(s);
    const a = actionOf(chooseWhirlyard(before));
    const r = whirlyard.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    actions.push(a);
    s = r.state;
    if (r.events.some((e) => e.type === 'wave_cleared')) return { actions, before, after: see(s) };
  }
  throw new Error('no wave cleared');
}

function after(seed: number, actions: GameAction[]): WhirlyardObservation {
  let s = whirlyard.init(seed);
  for (const a of actions) {
    const r = whirlyard.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return see(s);
}

/** The cells the drones are drawn on now (their boxes' centres, animations included), sorted. */
function drawnDrones(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.board.wy') as SVGSVGElement;
    const box = svg.getBoundingClientRect();
    const unit = box.width / 362;
    return Array.from(svg.querySelectorAll('[data-drone]:not(.wy-ghost)'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const x = Math.floor(((r.left + r.width / 2 - box.left) / unit - 1) / 60);
        const y = Math.floor(((r.top + r.height / 2 - box.top) / unit - 1) / 60);
        return `${x},${y}`;
      })
      .sort();
  });
}

const cellsOf = (o: WhirlyardObservation) => o.drones.map((d) => `${d.x},${d.y}`).sort();

async function count(page: Page): Promise<number> {
  return Number(await page.getByTestId('action-count').first().textContent());
}

/** Until no animation on the page is running (one started by an earlier key press has ended). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The last animation each Whirlyard drone (by its `data-drone` id) started, among `started`. */
function glidesOf(started: Started[]): Map<string, Started> {
  const m = new Map<string, Started>();
  for (const a of started) if (a.kind === 'script' && a.data.drone !== undefined) m.set(a.data.drone, a);
  return m;
}

/**
 * Records the board's shown wave (and when it changed) from now on, and when a collision cell was first
 * marked (once the marks of earlier moves are gone): in the page, so that a loaded machine slow to answer
 * the test's reads cannot make it look after the cleared board's beat.
 */
async function watchWave(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('wy-hit').count()).toBe(0);
  await page.evaluate(() => {
    const w = window as unknown as { waves: [number, string][]; hitAt: number | null };
    w.waves = [];
    w.hitAt = null;
    const svg = document.querySelector('svg.board.wy')!;
    new MutationObserver(() => {
      const v = svg.getAttribute('data-wave-shown')!;
      const last = w.waves[w.waves.length - 1];
      if (!last || last[1] !== v) w.waves.push([performance.now(), v]);
    }).observe(svg, { attributes: true, attributeFilter: ['data-wave-shown'] });
    new MutationObserver(() => {
      if (w.hitAt === null && svg.querySelector('[data-testid=wy-hit]')) w.hitAt = performance.now();
    }).observe(svg, { childList: true, subtree: true, attributes: true });
  });
}

/** What watchWave recorded. */
const watched = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { waves: [number, string][]; hitAt: number | null };
    return { waves: w.waves, hitAt: w.hitAt };
  });

describe('Whirlyard: every consequence seen', () => {
  it('drones glide from their old cell to their new one, and a cleared board stays a beat before the next wave', async () => {
    // A seed whose first wave takes a few actions, one of them dismantling nothing.
    const quiet = (seed: number, actions: GameAction[], k: number) =>
      after(seed, actions.slice(0, k + 1)).drones.length === after(seed, actions.slice(0, k)).drones.length;
    let seed = 1;
    while (((a) => a.length < 4 || !a.slice(0, -1).some((_, k) => quiet(seed, a, k)))(toFirstClear(seed).actions))
      seed++;
    const { actions, before, after: next } = toFirstClear(seed);
    const { page, errors } = await newPage(site!.context);
    // Each glide is recorded as it starts: read later, a loaded machine may have let it end.
    const anims = await recordAnimations(page);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    // The first action that dismantles nothing: every drone that moved glides from its old cell.
    let k = 0;
    while (!quiet(seed, actions, k)) k++;
    for (const a of actions.slice(0, k)) await page.keyboard.press(keyOf(a));
    await expect.poll(() => count(page)).toBe(k);
    await settled(page);
    await anims.clear();
    const first = after(seed, actions.slice(0, k + 1));
    const start = after(seed, actions.slice(0, k));
    await page.keyboard.press(keyOf(actions[k]));
    await expect.poll(() => count(page)).toBe(k + 1);
    const ids = await page.evaluate(() =>
      Array.from(document.querySelectorAll('svg.board.wy [data-drone]')).map((el) => el.getAttribute('data-drone')!),
    );
    expect(ids.length).toBe(first.drones.length);
    const offsets = start.drones.map(
      (d, i) => `translate(${(d.x - first.drones[i].x) * 60}px, ${(d.y - first.drones[i].y) * 60}px)`,
    );
    const moved = offsets.filter((o) => o !== 'translate(0px, 0px)').length;
    expect(moved).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const g = glidesOf(await anims.read());
        return ids.filter((id) => g.has(id)).length;
      })
      .toBe(moved);
    const glides = glidesOf(await anims.read());
    for (const [i, id] of ids.entries()) {
      const g = glides.get(id);
      if (g) expect([g.from, g.to]).toEqual([offsets[i], 'translate(0px, 0px)']);
    }
    // After the glide, every drone is drawn on the engine's cell.
    await expect.poll(() => drawnDrones(page)).toEqual(cellsOf(first));
    // Up to the clearing action, then the clear: the old board (the rover where it went, no live drone,
    // the collision cell marked) stays a beat before the new wave appears.
    for (const a of actions.slice(k + 1, -1)) await page.keyboard.press(keyOf(a));
    await expect.poll(() => count(page)).toBe(actions.length - 1);
    await settled(page);
    await watchWave(page);
    const pressed = await page.evaluate(() => performance.now());
    await page.keyboard.press(keyOf(actions[actions.length - 1]));
    await expect.poll(() => page.locator('svg.board.wy').getAttribute('data-wave-shown')).toBe(String(next.wave));
    // As recorded in the page: the old wave stayed shown (the only change was to the next wave) for a beat
    // after the key, and its collision cell was marked while it did.
    const { waves, hitAt } = await watched(page);
    expect(waves.map((w) => w[1])).toEqual([String(next.wave)]);
    expect(waves[0][0] - pressed).toBeGreaterThanOrEqual(BEAT_MS);
    expect(hitAt, 'a collision cell marked on the held board').not.toBeNull();
    expect(hitAt!).toBeLessThan(waves[0][0]);
    void before;
    await expect.poll(() => drawnDrones(page)).toEqual(cellsOf(next));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with reduced motion, everything is in its end place at once, and the collision cell and the beat still show', async () => {
    let seed = 1;
    while (toFirstClear(seed).actions.length < 3) seed++;
    const { actions, after: next } = toFirstClear(seed);
    const b = await launchBrowser({ reducedMotion: 'reduce' });
    const { page, errors } = await newPage(b.context);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    for (const [i, a] of actions.slice(0, -1).entries()) {
      await page.keyboard.press(keyOf(a));
      await expect.poll(() => count(page)).toBe(i + 1);
      await expect(page.evaluate(() => document.getAnimations().length)).resolves.toBe(0);
      await expect(drawnDrones(page)).resolves.toEqual(cellsOf(after(seed, actions.slice(0, i + 1))));
    }
    await watchWave(page);
    const pressed = await page.evaluate(() => performance.now());
    await page.keyboard.press(keyOf(actions[actions.length - 1]));
    await expect.poll(() => count(page)).toBe(actions.length);
    await expect(page.evaluate(() => document.getAnimations().length)).resolves.toBe(0);
    await expect.poll(() => page.locator('svg.board.wy').getAttribute('data-wave-shown')).toBe(String(next.wave));
    // As recorded in the page: the old wave stayed shown for the beat, its collision cell marked meanwhile.
    const { waves, hitAt } = await watched(page);
    expect(waves.map((w) => w[1])).toEqual([String(next.wave)]);
    expect(waves[0][0] - pressed).toBeGreaterThanOrEqual(BEAT_MS);
    expect(hitAt, 'a collision cell marked on the held board').not.toBeNull();
    expect(hitAt!).toBeLessThan(waves[0][0]);
    await expect(drawnDrones(page)).resolves.toEqual(cellsOf(next));
    expect(errors).toEqual([]);
    await b.close();
  });

  it("held keys never fall behind: after 20 quick presses the board shows the engine's state after 20 moves", async () => {
    const seed = 9;
    let s = whirlyard.init(seed);
    const actions: GameAction[] = [];
    while (actions.length < 20) {
      const a = actionOf(chooseWhirlyard(see(s)));
      const r = whirlyard.step(s, a as never);
      if (!r.ok || whirlyard.isGameOver(r.state)) throw new Error('the heuristic lost');
      actions.push(a);
      s = r.state;
    }
    const { page, errors } = await newPage(site!.context);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    await page.locator('svg.board.wy').waitFor();
    // Quick presses, except across a wave change: a cleared board takes no key until the next wave is
    // drawn (wave.test.ts), so the key after a clear waits for it.
    for (const a of actions) {
      if (await page.locator('svg.board.wy.holding').count())
        await expect.poll(() => page.locator('svg.board.wy.holding').count()).toBe(0);
      await page.keyboard.press(keyOf(a));
    }
    // Nothing is queued: no running board animation is longer than one calm turn and its marks.
    const longest = await page.evaluate(() =>
      Math.max(
        0,
        ...document
          .querySelector('svg.board.wy')!
          .getAnimations({ subtree: true })
          .map((a) => Number(a.effect?.getComputedTiming().endTime ?? 0)),
      ),
    );
    expect(longest).toBeLessThanOrEqual(1000);
    await expect.poll(() => count(page), { timeout: 2000 }).toBe(20);
    await expect.poll(() => drawnDrones(page), { timeout: 2000 }).toEqual(cellsOf(see(s)));
    expect(errors).toEqual([]);
    await page.close();
  });
});

const DW_KEYS: Record<string, string> = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
const dwKey = (a: GameAction) => (a.type === 'move' ? DW_KEYS[String(a.dir)] : ' ');
const dwSee = (s: unknown) => delvewick.observe(s as never) as unknown as DelvewickObservation;

/** The stored solutions as one run, with the picture before and after each of its actions. */
function solved(): { actions: GameAction[]; obs: DelvewickObservation[] } {
  const actions = decodeActions((solutions as SolutionsFile).levels.map((l) => l.actions).join('')) as GameAction[];
  let s = delvewick.init(1);
  const obs = [dwSee(s)];
  for (const a of actions) {
    const r = delvewick.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    obs.push(dwSee(s));
  }
  return { actions, obs };
}

describe('Whirlyard: a pulse', () => {
  it('shows its ring around the rover for a moment, with reduced motion too, standing still', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const b = await launchBrowser({ reducedMotion });
      const { page, errors } = await newPage(b.context);
      // The ring and its animation are recorded as they appear: shown for a moment, they may be gone
      // before a loaded machine lets the test look.
      const anims = await recordAnimations(page);
      const rings = await recordElements(page, '[data-testid=wy-ring]');
      await page.goto(`${base}/play/whirlyard?seed=3`);
      await page.keyboard.press('p');
      await expect.poll(() => count(page)).toBe(1);
      await expect.poll(async () => (await rings.read()).length).toBe(1);
      const ring = (await rings.read())[0].attrs;
      const moving = (await anims.read()).filter((a) => a.data.testid === 'wy-ring').length;
      const rover = see(whirlyard.init(3)).rover;
      expect([Number(ring.cx), Number(ring.cy)]).toEqual([rover.x * 60 + 30, rover.y * 60 + 30]);
      expect(moving > 0).toBe(reducedMotion === 'no-preference');
      await expect.poll(() => page.getByTestId('wy-ring').count(), { timeout: 3000 }).toBe(0);
      expect(errors).toEqual([]);
      await b.close();
    }
  });
});

describe('Whirlyard: caught', () => {
  it('the drone that reaches the rover glides onto its cell before the catch is drawn', async () => {
    // Waiting until a drone arrives, on the engine.
    const seed = 6;
    let s = whirlyard.init(seed);
    let waits = 0;
    let before = see(s);
    while (!whirlyard.isGameOver(s)) {
      before = see(s);
      const r = whirlyard.step(s, { type: 'wait' } as never);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      waits++;
    }
    const last = see(s);
    const { rover } = last;
    const b = await launchBrowser();
    const { page, errors } = await newPage(b.context);
    const anims = await recordAnimations(page);
    await page.goto(`${base}/play/whirlyard?seed=${seed}`);
    for (let i = 1; i < waits; i++) await page.keyboard.press('s');
    await expect.poll(() => count(page)).toBe(waits - 1);
    await settled(page);
    await anims.clear();
    await page.keyboard.press('s');
    await expect.poll(() => page.locator('.wy-caught').count()).toBe(1);
    // A drone drawn on the rover's cell came there from its old cell, and the catch waits for it.
    const onRover = before.drones.flatMap((d, i) =>
      last.drones[i].x === rover.x && last.drones[i].y === rover.y ? [d] : [],
    );
    expect(onRover.length).toBeGreaterThan(0);
    const starts = [...glidesOf(await anims.read()).values()].map((a) => a.from);
    for (const d of onRover)
      expect(starts).toContain(`translate(${(d.x - rover.x) * 60}px, ${(d.y - rover.y) * 60}px)`);
    const late = await page.locator('.wy-caught').evaluate((el) => getComputedStyle(el).animationDelay);
    expect(parseFloat(late)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await b.close();
  });
});

/**
 * Presses the solution's keys for actions [from, to); after a level's last action the card between
 * levels comes up and takes the next key, so it is put away (Escape) before going on.
 */
async function pressSolution(page: Page, actions: GameAction[], obs: DelvewickObservation[], from: number, to: number) {
  for (let i = from; i < to; i++) {
    await page.keyboard.press(dwKey(actions[i]));
    if (obs[i + 1].level !== obs[i].level) {
      await expect.poll(() => count(page)).toBe(i + 1);
      await page.getByTestId('level-card').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('level-card').count()).toBe(0);
    }
  }
}

describe('Delvewick: every consequence seen', () => {
  it('a falling thing slides from its old cell to its new one, dug soil fades, and a collected gem is marked', async () => {
    const { actions, obs } = solved();
    // the first action after which something falls or rolls
    const k = actions.findIndex((_, i) => planDelvewick(obs[i], obs[i + 1])?.moves.some((m) => !m.push));
    expect(k).toBeGreaterThanOrEqual(0);
    const { page, errors } = await newPage(site!.context);
    // The slide and the gem's mark are recorded as they start: both last a moment only.
    const anims = await recordAnimations(page);
    const gems = await recordElements(page, '[data-testid=dw-mark-gem]');
    await page.goto(`${base}/play/delvewick`);
    await pressSolution(page, actions, obs, 0, k);
    await expect.poll(() => count(page)).toBe(k);
    await settled(page);
    await anims.clear();
    await page.keyboard.press(dwKey(actions[k]));
    const plan = planDelvewick(obs[k], obs[k + 1])!;
    const m = plan.moves.find((x) => !x.push)!;
    const slides = async () => (await anims.read()).filter((a) => a.data.at === `${m.to.x},${m.to.y}`);
    await expect.poll(async () => (await slides()).length).toBe(1);
    const [slide] = await slides();
    expect(slide.from).toBe(`translate(${(m.from.x - m.to.x) * 32}px, ${(m.from.y - m.to.y) * 32}px)`);
    expect(slide.to).toBe('translate(0px, 0px)');
    // the soil the mole dug fades where it was
    if (plan.dug.length) await expect(page.locator('svg.board.dw .dw-dug').count()).resolves.toBe(plan.dug.length);
    // a gem walked into is marked where the mole took it
    const g = actions.findIndex((_, i) => i > k && obs[i + 1].gems > obs[i].gems);
    expect(g).toBeGreaterThan(k);
    await pressSolution(page, actions, obs, k + 1, g);
    await expect.poll(() => count(page)).toBe(g);
    await gems.clear();
    await page.keyboard.press(dwKey(actions[g]));
    await expect.poll(async () => (await gems.read()).length).toBe(1);
    await expect.poll(() => page.getByTestId('dw-mark-gem').count(), { timeout: 3000 }).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with reduced motion nothing moves but the gem is still marked; held keys never fall behind', async () => {
    const { actions, obs } = solved();
    const b = await launchBrowser({ reducedMotion: 'reduce' });
    const { page, errors } = await newPage(b.context);
    // The gem's mark lasts a moment with reduced motion too: recorded as it appears.
    const gems = await recordElements(page, '[data-testid=dw-mark-gem]');
    await page.goto(`${base}/play/delvewick`);
    const g = actions.findIndex((_, i) => obs[i + 1].gems > obs[i].gems);
    for (const [i, a] of actions.slice(0, g + 1).entries()) {
      await page.keyboard.press(dwKey(a));
      await expect.poll(() => count(page)).toBe(i + 1);
      await expect(page.evaluate(() => document.getAnimations().length)).resolves.toBe(0);
    }
    await expect.poll(async () => (await gems.read()).length).toBe(1);
    expect(errors).toEqual([]);
    await b.close();
    // Held keys, with motion: 20 quick presses, and soon the board is the engine's after 20 with nothing moving.
    const b2 = await launchBrowser();
    const { page: p2, errors: e2 } = await newPage(b2.context);
    await p2.goto(`${base}/play/delvewick`);
    await p2.locator('svg.board.dw').waitFor();
    for (const a of actions.slice(0, 20)) await p2.keyboard.press(dwKey(a));
    await expect.poll(() => count(p2), { timeout: 2000 }).toBe(20);
    await expect
      .poll(() => p2.locator('svg.board.dw').getAttribute('aria-label'))
      .toContain(`The text map: ${obs[20].grid.join(' / ')}`);
    await expect
      .poll(() =>
        p2.evaluate(
          () =>
            document
              .querySelector('svg.board.dw')!
              .getAnimations({ subtree: true })
              .filter((a) => a.playState === 'running').length,
        ),
      )
      .toBe(0);
    expect(e2).toEqual([]);
    await b2.close();
  });
});

describe('Cragwake: the wall changes', () => {
  it('the rockfall sweeps its column and a changed hold is marked; with reduced motion the marks stand still', async () => {
    // Climbing the highest reachable hold each turn, on the engine, until a rockfall sweeps.
    const climb = (seed: number) => {
      let s = cragwake.init(seed);
      const moves: GameAction[] = [];
      for (let i = 0; i < 120 && !cragwake.isGameOver(s); i++) {
        const p = cragwake.observe(s) as unknown as CragwakeObservation;
        const legal = cragwake.legalActions(s) as GameAction[];
        const a =
          legal
            .filter((x) => x.type === 'move')
            .sort((x, y) => Number(y.row) - Number(x.row) || Number(x.col) - Number(y.col))[0] ??
          legal.find((x) => x.type === 'climbOn');
        if (!a) return null;
        const r = cragwake.step(s, a as never);
        if (!r.ok) return null;
        s = r.state;
        moves.push(a);
        if (p.rockfall !== null && p.rockfall !== undefined)
          return { moves, swept: p, after: cragwake.observe(s) as unknown as CragwakeObservation };
      }
      return null;
    };
    let seed = 1;
    while (!climb(seed) && seed < 50) seed++;
    const { moves, swept, after: wall } = climb(seed) ?? { moves: [], swept: null, after: null };
    expect(swept).not.toBeNull();
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const b = await launchBrowser({ reducedMotion });
      const { page, errors } = await newPage(b.context);
      // The sweep, the marks and the rock's fall are recorded as they appear: they last a moment only.
      const anims = await recordAnimations(page);
      const sweeps = await recordElements(page, '[data-testid=cw-sweep]');
      const marks = await recordElements(page, '.cw-change');
      await page.goto(`${base}/play/cragwake?seed=${seed}`);
      for (const [i, a] of moves.entries()) {
        if (i === moves.length - 1) {
          // The last move's marks are told apart from earlier ones: those are gone first.
          await expect.poll(() => page.locator('.cw-fx > *').count(), { timeout: 3000 }).toBe(0);
          await Promise.all([anims.clear(), sweeps.clear(), marks.clear()]);
        }
        if (a.type === 'climbOn') await page.keyboard.press('c');
        else await page.locator(`.cw-target[data-row="${a.row}"][data-col="${a.col}"]`).click();
        await expect.poll(() => count(page)).toBe(i + 1);
      }
      await expect
        .poll(async () => (await sweeps.read()).map((x) => x.attrs['data-col']))
        .toEqual([String(swept!.rockfall)]);
      const changed = wallChanges(swept!, wall!)!.changes;
      expect(changed.length).toBeGreaterThan(0);
      expect((await marks.read()).length).toBe(changed.filter((c) => wall!.band.some((r) => r.row === c.row)).length);
      const moving = (await anims.read()).filter((x) => hasClass(x, 'cw-sweep-rock')).length;
      expect(moving > 0).toBe(reducedMotion === 'no-preference');
      await expect.poll(() => page.getByTestId('cw-sweep').count(), { timeout: 3000 }).toBe(0);
      expect(errors).toEqual([]);
      await b.close();
    }
  });
});
