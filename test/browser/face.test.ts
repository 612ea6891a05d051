/**
 * A face for each game (issue 28), in Chromium against the real app: every piece and tile of the four
 * boards is a drawn sprite (an SVG `<use>` of a symbol in the one sprite sheet) with an accessible
 * name, and no board draws letters for pieces any more; sound is on by default, its toggle is visible
 * and remembered, and nothing sounds before the player's first real gesture; Briarwink's bloom opens
 * along its cross from the pod outward and a relit dimling turns into its firefly, while reduced
 * motion shows the same bloom and firefly at once. The expected pieces come from the engines, run here.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briarwink, type BriarwinkObservation } from '../../src/games/briarwink/index.js';
import { cragwake, type CragwakeObservation } from '../../src/games/cragwake/index.js';
import { delvewick, type DelvewickObservation } from '../../src/games/delvewick/index.js';
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import { holdName } from '../../src/web/games/cragwake/view.js';
import { BLOOM_STEP_MS } from '../../src/web/games/briarwink/fx.js';
import { hasClass, launchBrowser, newPage, recordAnimations, startSite, type Site, type Started } from './harness.js';
import { relightRun, replayLink } from './runs.js';

let site: Site | undefined;
let base = '';

beforeAll(async () => {
  site = await startSite('gameboard-web-face-');
  base = site.base;
});

afterAll(async () => {
  await site?.close();
});

const at = (x: number, y: number) => `(${x}, ${y})`;

/** The accessible names of the board's sprites, sorted, and checks that hold for every board. */
async function boardSprites(page: Page): Promise<string[]> {
  const board = page.locator('.board-wrap svg.board').first();
  await board.waitFor();
  const facts = await board.evaluate((svg) => {
    const uses = Array.from(svg.querySelectorAll('use[data-sprite]'));
    return {
      names: uses.map((u) => u.getAttribute('aria-label')).filter((n): n is string => !!n),
      // every placed sprite refers to a drawn symbol of the sheet
      missing: uses
        .map((u) => u.getAttribute('href')!.slice(1))
        .filter((id) => {
          const sym = document.getElementById(id);
          return !sym || sym.tagName !== 'symbol' || sym.children.length === 0;
        }),
      // named sprites are images; unnamed ones are hidden
      roles: uses.filter((u) =>
        u.getAttribute('aria-label') ? u.getAttribute('role') !== 'img' : u.getAttribute('aria-hidden') !== 'true',
      ).length,
      // the letters the boards used to draw for pieces (R, D, C, M, J, P, K, m, G, %...) are gone
      letters: Array.from(svg.querySelectorAll('text'))
        .map((t) => t.textContent ?? '')
        .filter((t) => /^[A-Za-z%#*@^+]$/.test(t.trim())),
    };
  });
  expect(facts.missing).toEqual([]);
  expect(facts.roles).toBe(0);
  expect(facts.letters).toEqual([]);
  return facts.names.sort();
}

/** The sprite named `name` is in the page's accessibility tree, as an image. */
async function exposed(page: Page, name: string): Promise<void> {
  await expect(page.locator('.board-wrap').getByRole('img', { name, exact: true }).first().isVisible()).resolves.toBe(
    true,
  );
}

describe('drawn sprites', () => {
  it('Whirlyard: the rover, every drone and every scrap', async () => {
    const o = whirlyard.observe(whirlyard.init(7)) as WhirlyardObservation;
    const { page, errors } = await newPage(site!.context);
    await page.goto(`${base}/play/whirlyard?seed=7`);
    const expected = [
      `Rover at ${at(o.rover.x, o.rover.y)}`,
      ...o.drones.map((d) => `${d.charged ? 'Charged drone' : 'Drone'} at ${at(d.x, d.y)}`),
      ...o.scrap.map((s) => `Scrap at ${at(s.x, s.y)}`),
    ].sort();
    expect(await boardSprites(page)).toEqual(expected);
    expect(o.drones.length).toBeGreaterThan(0);
    await exposed(
      page,
      expected.find((n) => n.startsWith('Rover'))!,
    );
    await exposed(
      page,
      expected.find((n) => n.startsWith('Drone') || n.startsWith('Charged'))!,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Delvewick: the mole and every tile of the level', async () => {
    const o = delvewick.observe(delvewick.init(1)) as DelvewickObservation;
    const names: Record<string, string> = {
      '#': 'Bedrock',
      '%': 'Soil',
      O: 'Boulder',
      o: 'Falling boulder',
      '*': 'Gem',
      v: 'Falling gem',
      G: 'Geode',
      g: 'Falling geode',
      X: 'Closed exit',
      E: 'Open exit',
      M: 'Mole (you)',
    };
    const expected: string[] = [];
    o.grid.forEach((row, y) => [...row].forEach((ch, x) => names[ch] && expected.push(`${names[ch]} at ${at(x, y)}`)));
    const { page, errors } = await newPage(site!.context);
    await page.goto(`${base}/play/delvewick`);
    expect(await boardSprites(page)).toEqual(expected.sort());
    for (const kind of ['Mole (you)', 'Gem', 'Boulder', 'Soil', 'Bedrock', 'Closed exit'])
      await exposed(
        page,
        expected.find((n) => n.startsWith(kind + ' at'))!,
      );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Cragwake: the climber, every hold, the fog and the belay ledge', async () => {
    const o = cragwake.observe(cragwake.init(7)) as unknown as CragwakeObservation;
    const expected = ['You, the climber'];
    for (const r of o.band) {
      if (r.fogged) expected.push(`Fog over row ${r.row}`);
      else if (r.row % 10 === 0)
        expected.push(r.row === o.belay ? `Belay ledge, row ${r.row}: the next belay` : `Belay ledge, row ${r.row}`);
      else for (const t of r.cells) if (t && t !== '.' && t !== '?') expected.push(holdName(t));
    }
    for (const c of o.gust ?? []) expected.push(`Gust in column ${c}: +2 to reach`);
    if (o.rockfall !== null && o.rockfall !== undefined)
      expected.push(`Rockfall in column ${o.rockfall} after your move`);
    const { page, errors } = await newPage(site!.context);
    await page.goto(`${base}/play/cragwake?seed=7`);
    expect(await boardSprites(page)).toEqual(expected.sort());
    await exposed(page, 'You, the climber');
    await exposed(
      page,
      expected.find((n) => /^(Jug|Plain hold|Crimp|Cracked)/.test(n))!,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Briarwink: the gardener, the dimlings and the garden, by night', async () => {
    const o = briarwink.observe(briarwink.init(7)) as unknown as BriarwinkObservation;
    const terrain: Record<string, string> = {
      '%': 'Briar',
      R: 'Briar',
      ',': 'Sprout',
      '#': 'Moonstone',
      H: 'Hedge',
      '~': 'Pond',
      X: 'Thicket',
      x: 'Creep mark',
    };
    const kind = (k: string) => k[0].toUpperCase() + k.slice(1);
    const expected: string[] = [];
    o.map.forEach((row, y) =>
      [...row].forEach((ch, x) => terrain[ch] && expected.push(`${terrain[ch]} at ${at(x, y)}`)),
    );
    for (const d of o.dimlings) expected.push(`${kind(d.kind)} at ${at(d.cell % 7, Math.floor(d.cell / 7))}`);
    if (o.player.x >= 0) expected.push('You, the gardener');
    const { page, errors } = await newPage(site!.context);
    await page.goto(`${base}/play/briarwink?seed=7`);
    expect(await boardSprites(page)).toEqual(expected.sort());
    await exposed(page, 'You, the gardener');
    await exposed(
      page,
      expected.find((n) => n.startsWith('Briar at'))!,
    );
    // a night garden: the ground is dark
    const ground = await page.evaluate(() => getComputedStyle(document.querySelector('svg.board.bw')!).backgroundColor);
    const [r, g, b] = ground.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(120);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('sound', () => {
  it('is on by default with a visible toggle, remembered, and silent until a real gesture', async () => {
    const b = await launchBrowser();
    const { page, errors } = await newPage(b.context);
    // Count the audio the page makes.
    await page.addInitScript(`(() => {
      const A = window.AudioContext;
      window.audio = { made: 0, tones: 0 };
      window.AudioContext = class extends A {
        constructor(...a) { super(...a); window.audio.made++; }
        createOscillator() { window.audio.tones++; return super.createOscillator(); }
      };
    })()`);
    const audio = () => page.evaluate(() => (window as unknown as { audio: { made: number; tones: number } }).audio);
    await page.goto(`${base}/play/delvewick`);
    const toggle = page.getByTestId('sound');
    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    // A move made by a script's key event (no gesture of the player's) plays but makes no sound.
    await page.evaluate(() =>
      document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true })),
    );
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('1');
    expect(await audio()).toEqual({ made: 0, tones: 0 });
    // The player's own key press: a blip.
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('2');
    await expect.poll(async () => (await audio()).tones).toBeGreaterThan(0);
    expect((await audio()).made).toBe(1);
    // Off, and remembered; then no more tones.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await expect.poll(() => page.getByTestId('sound').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('2');
    await page.keyboard.press('Space');
    // A move's sound is made in the same handler that counts the move (src/web/play/submit.ts), so
    // once the count shows it there is no later sound to wait for.
    await expect.poll(() => page.getByTestId('action-count').textContent()).toBe('3');
    expect(await audio()).toEqual({ made: 0, tones: 0 });
    expect(errors).toEqual([]);
    await b.close();
  });
});

describe('Briarwink motion', () => {
  it('opens a bloom along its cross from the pod outward and turns the relit dimling into its firefly; reduced motion lands at once', async () => {
    const { actions, after, plan } = relightRun(2, true);
    const burst = plan.bursts[0];
    const link = replayLink(base, briarwink, 2, actions);
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const b = await launchBrowser({ reducedMotion });
      const { page, errors } = await newPage(b.context);
      // Every animation the board starts is recorded when it starts: a loaded machine may let a
      // 150 ms opening end before the test could read it from getAnimations().
      const anims = await recordAnimations(page);
      await page.goto(link);
      await page.getByTestId('to-end').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(actions.length));
      await page.getByTestId('step-back').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(actions.length - 1));
      const started = anims.read;
      await anims.clear();
      await page.getByTestId('step-forward').click();
      await expect.poll(() => page.getByTestId('step').textContent()).toBe(String(actions.length));
      const seen = await page.evaluate(() => ({
        blooms: Array.from(document.querySelectorAll('svg.board.bw .bw-bloom')).map((el) =>
          Number(el.getAttribute('data-cell')),
        ),
        fireflies: Array.from(document.querySelectorAll('svg.board.bw .bw-firefly')).map((el) =>
          Number(el.getAttribute('data-cell')),
        ),
      }));
      // The picture is the engine's either way: every bloom cell and every firefly is there.
      const covered = [...new Set(after.blooms.flatMap((x) => x.cells))].sort((x, y) => x - y);
      expect(seen.blooms.sort((x, y) => x - y)).toEqual(covered);
      expect(seen.fireflies.sort((x, y) => x - y)).toEqual([...after.fireflies].sort((x, y) => x - y));
      const relitCell = plan.relit[0].cell;
      expect(after.fireflies).toContain(relitCell);
      const isBloom = (a: Started) => hasClass(a, 'bw-bloom');
      const isFirefly = (a: Started) => hasClass(a, 'bw-firefly');
      if (reducedMotion === 'reduce') {
        // Nothing moves: no bloom opens, no dimling turns, no firefly fades in.
        expect(await started()).toEqual([]);
        expect(await page.locator('svg.board.bw [data-testid=bw-relit]').count()).toBe(0);
      } else {
        // Each cell of the new cross opens one step after the cell nearer the pod.
        await expect
          .poll(async () => (await started()).filter(isBloom).length)
          .toBeGreaterThanOrEqual(burst.cells.length);
        const now = await started();
        for (const c of burst.cells)
          expect(now.filter((a) => isBloom(a) && a.data.cell === String(c.cell)).map((a) => a.delay)).toEqual([
            c.step * BLOOM_STEP_MS,
          ]);
        expect(Math.max(...burst.cells.map((c) => c.step))).toBeGreaterThan(0);
        // Each relit dimling is drawn for a moment and turns; its firefly fades in.
        await expect
          .poll(async () => new Set((await started()).filter((a) => a.data.ghost).map((a) => a.data.ghost)).size)
          .toBe(plan.relit.length);
        expect((await started()).some((a) => isFirefly(a) && a.data.cell === String(relitCell))).toBe(true);
        // The relit dimling is gone once it has turned.
        await expect.poll(() => page.locator('svg.board.bw [data-testid=bw-relit]').count(), { timeout: 3000 }).toBe(0);
      }
      expect(errors).toEqual([]);
      await b.close();
    }
  });
});
