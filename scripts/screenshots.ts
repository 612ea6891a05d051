/**
 * `npm run screenshots`: pictures of each game for the docs, at a 1366x850 desktop and a 390x844 touch
 * phone: at the start, mid-game, at a big moment (the first event of the type the game's shells.ts names:
 * Whirlyard's first wave cleared, Delvewick's first gem, ...) and at game over, saved as
 * docs/screenshots/<slug>-<desktop|phone>-<start|mid|moment|over>.png; the more pictures a game declares
 * (Delvewick's crush, as delvewick-<desktop|phone>-crush.png); and the turn a game declares with motion
 * on, frame by frame, as an animated PNG (Whirlyard's collision, docs/screenshots/whirlyard-collision.png).
 * What to take of each game is its shells.ts's `screenshots` (src/core/shells.ts ScreenshotSteps): the
 * script names no game.
 *
 * It builds the UI into a temp folder (as the browser tests do), serves it from the real app on a free
 * 127.0.0.1 port, and drives Debian's Chromium through playwright-core (never a downloaded browser).
 * The games are the same on every run: a fixed seed, actions chosen by a fixed rule on the engine, and
 * reduced motion, so no frame is caught mid-tween. Each game is opened the way a returning player finds
 * it: the browser keeps games in localStorage (src/web/persist.ts), so the script writes the game in
 * progress there (all its actions but the last; the page replays them itself), then plays the last
 * action through the page, by key, board cell or button, as a person would. Pictures are shrunk to a
 * 256-colour palette, and the animation assembled, with upng-js.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import UPNG from 'upng-js';
import type { AnyGame, GameAction } from '../src/core/game.js';
import type { ScreenshotRun, ScreenshotSteps } from '../src/core/shells.js';
import type { Run } from '../src/core/replay.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import type { SavedGame } from '../src/web/persist.js';
import { ROOT, buildWeb, launchBrowser, newPage } from '../test/browser/harness.js';

const OUT = join(ROOT, 'docs/screenshots');
const SEED = 7;
/** Fixed `savedAt`/`endedAt` stamps: nothing on the page depends on today's date. */
const STAMP = Date.UTC(2026, 0, 1);

const SIZES = {
  desktop: { viewport: { width: 1366, height: 850 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

const isEnd = (a: GameAction) => a.type === 'endRun' || a.type === 'end_run';

/**
 * A fixed, greedy rule: the legal action (other than ending the run) whose next state scores most
 * and does not end the game; ties go round the legal list (the i-th action starts looking at index i),
 * so the player wanders instead of pressing the same key. Stops after `n` actions or when every action
 * would end the game.
 */
function greedy(game: AnyGame, seed: number, n: number): { actions: GameAction[]; state: unknown } {
  let s = game.init(seed);
  const actions: GameAction[] = [];
  while (actions.length < n && !game.isGameOver(s)) {
    let best: { a: GameAction; s: unknown; rank: number } | null = null;
    const legal = game.legalActions(s) as GameAction[];
    for (let k = 0; k < legal.length; k++) {
      const a = legal[(actions.length + k) % legal.length];
      if (isEnd(a)) continue;
      const r = game.step(s, a);
      if (!r.ok || game.isGameOver(r.state)) continue;
      const rank = game.score(r.state);
      if (!best || rank > best.rank) best = { a, s: r.state, rank };
    }
    if (!best) break;
    actions.push(best.a);
    s = best.s;
  }
  return { actions, state: s };
}

/** How the pictures of a game are taken: its shells.ts's `screenshots`, or a plain default. */
const stepsOf = (game: AnyGame): ScreenshotSteps => game.shells?.screenshots ?? { moment: '', midSteps: 8 };

/**
 * The actions up to and including the first one whose events hold the game's big moment (its
 * `screenshots.moment`), by the greedy rule. A game with an `onTop` action (Briarwink's `.` tick: the
 * bloom comes on its own) must end on it: the greedy actions go up to the one before the moment, and
 * `onTop` actions follow until one brings it.
 */
function toMoment(game: AnyGame, seed: number): GameAction[] {
  const slug = game.spec.slug;
  const { moment: want, onTop } = stepsOf(game);
  const has = (events: { type: string }[]) => events.some((e) => e.type === want);
  const plan = greedy(game, seed, 400).actions;
  let s = game.init(seed);
  const out: GameAction[] = [];
  for (const a of plan) {
    const r = game.step(s, a);
    if (!r.ok) break;
    if (has(r.events)) {
      if (!onTop) return [...out, a];
      for (let i = 0; i < 300; i++) {
        const t = game.step(s, onTop);
        if (!t.ok || game.isGameOver(t.state)) break;
        if (has(t.events)) return [...out, onTop];
        out.push(onTop);
        s = t.state;
      }
      break;
    }
    out.push(a);
    s = r.state;
  }
  throw new Error(`${slug}: no ${want} in the greedy run on seed ${seed}`);
}

/**
 * Plays on from a mid-game run to its end: the run's own end action where the game has one (and it
 * is legal now), else the game's first legal actions until it is over (Delvewick: waiting burns the
 * lamp's oil until it runs out).
 */
function finish(game: AnyGame, actions: GameAction[], state: unknown): GameAction[] {
  const out = [...actions];
  let s = state;
  for (let i = 0; i < 10_000 && !game.isGameOver(s); i++) {
    const legal = game.legalActions(s) as GameAction[];
    const a = legal.find(isEnd) ?? legal.find((x) => x.type === 'wait') ?? legal[0];
    const r = game.step(s, a);
    if (!r.ok) throw new Error(`${game.spec.slug}: the engine refused ${JSON.stringify(a)}`);
    out.push(a);
    s = r.state;
  }
  if (!game.isGameOver(s)) throw new Error(`${game.spec.slug}: the run did not end`);
  return out;
}

/** The state after `actions` from `seed` (the fixed seed by default). */
function replayed(game: AnyGame, actions: readonly GameAction[], seed = SEED): unknown {
  let s = game.init(seed);
  for (const a of actions) {
    const r = game.step(s, a);
    if (!r.ok) throw new Error(`${game.spec.slug}: the engine refused ${JSON.stringify(a)}`);
    s = r.state;
  }
  return s;
}

/** An action's fields in a fixed order, to compare two actions. */
const canonical = (a: GameAction) => JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y)));

/** The key of the game's own keys (its shells.ts, the same on the page as in the CLI) that plays `a`, or undefined. */
function keyOf(game: AnyGame, a: GameAction): string | undefined {
  return Object.entries(game.shells?.keys ?? {}).find(([, k]) => canonical(k) === canonical(a))?.[0];
}

/** Plays one action the way a person does: its key, its board cell or its button. */
async function playByUi(page: Page, game: AnyGame, a: GameAction): Promise<void> {
  if (isEnd(a)) {
    await page
      .getByRole('button', { name: /^end run|end the run/i })
      .first()
      .click();
    // Ending a run is asked first.
    await page.getByTestId('confirm-yes').click();
    return;
  }
  const click = stepsOf(game).click?.[a.type];
  if (click) {
    const selector = click.replace(/\{(\w+)\}/g, (_m, field: string) => String(a[field]));
    await page.locator(selector).click();
    return;
  }
  const key = keyOf(game, a);
  if (key === undefined) throw new Error(`${game.spec.slug}: no way to play ${JSON.stringify(a)} by the UI`);
  await page.keyboard.press(key);
}

/** A PNG shrunk to a 256-colour palette (the boards are flat colours: about a third of the bytes). */
function shrink(png: Buffer): Buffer {
  const img = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
  return Buffer.from(UPNG.encode(UPNG.toRGBA8(img), img.width, img.height, 256));
}

/** `shoot` with every action of `run` but the last saved, and the last played through the UI. */
function shootRun(
  page: Page,
  base: string,
  game: AnyGame,
  run: readonly GameAction[],
  file: string,
  settleMs = 500,
  seed = SEED,
) {
  return shoot(page, base, game, run.slice(0, -1), run[run.length - 1], file, settleMs, seed);
}

/**
 * Opens the play page on a game in progress left in localStorage (every action but the last), plays
 * the last action through the UI, checks the page counted them all, and saves a picture. The page runs
 * on a paused fake clock and loads as a hidden tab (see main), so Briarwink cannot tick on its own:
 * time moves only by the fixed steps here, and the window's blur pauses the game, as it would for a
 * player who looked away, before the tab shows.
 */
async function shoot(
  page: Page,
  base: string,
  game: AnyGame,
  actions: GameAction[],
  last: GameAction | null,
  file: string,
  settleMs = 500,
  seed = SEED,
) {
  const slug = game.spec.slug;
  const run: Run = { game: slug, rulesVersion: game.spec.rulesVersion, seed, actions };
  const saved: SavedGame = { run, score: game.score(replayed(game, actions, seed)), savedAt: STAMP };
  await page.goto(`${base}/`);
  await page.evaluate(
    (v) => {
      localStorage.clear();
      if (v) localStorage.setItem('gameboard.unfinished.v1', v);
    },
    actions.length ? JSON.stringify([saved]) : '',
  );
  await page.goto(`${base}/play/${slug}?seed=${seed}`);
  await page.locator('[data-testid="score"]').first().waitFor();
  await page.clock.runFor(50); // effects and listeners are set up after the first frame
  await page.evaluate("window.dispatchEvent(new Event('blur')); window.shotHidden = false;");
  await page.clock.runFor(100);
  if (last) await playByUi(page, game, last);
  await page.clock.runFor(settleMs);
  const count = await page.getByTestId('action-count').first().textContent();
  const want = actions.length + (last ? 1 : 0);
  if (count !== String(want)) throw new Error(`${slug}: the page shows ${count} actions, not ${want}`);
  await page.evaluate(() => document.fonts.ready);
  writeFileSync(file, shrink(await page.screenshot({ animations: 'disabled', caret: 'hide' })));
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const dist = await buildWeb('gameboard-screenshots-');
  const store = new SqliteRunStore(':memory:');
  const app = await buildApp({ sealer: StateSealer.random(), store, webRoot: dist, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    for (const [size, options] of Object.entries(SIZES)) {
      const browser = await launchBrowser({ ...options, reducedMotion: 'reduce' });
      try {
        const { page, errors } = await newPage(browser.context);
        // The page loads as a hidden tab (Briarwink runs no tick while hidden) until shoot has paused it.
        // (A string: tsx's compiled functions name helpers the page does not have.)
        await page.addInitScript(
          "window.shotHidden = true; Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.shotHidden });",
        );
        await page.clock.install({ time: STAMP });
        await page.clock.pauseAt(STAMP + 1000);
        for (const entry of registry.games) {
          const game = entry as AnyGame;
          const slug = game.spec.slug;
          const shots = stepsOf(game);
          const mid = greedy(game, SEED, shots.midSteps).actions;
          // A game's `onTop` action (Briarwink's paused page's one idle tick) is played on top of every move.
          const [before, last] = shots.onTop ? [mid, shots.onTop] : [mid.slice(0, -1), mid[mid.length - 1]];
          await shoot(page, base, game, [], null, join(OUT, `${slug}-${size}-start.png`));
          await shoot(page, base, game, before, last, join(OUT, `${slug}-${size}-mid.png`));
          const moment = toMoment(game, SEED);
          // Shot at once, while the moment's banner stands and the cleared board is held.
          await shootRun(page, base, game, moment, join(OUT, `${slug}-${size}-moment.png`), 100);
          const over = finish(game, mid, replayed(game, mid));
          await shootRun(page, base, game, over, join(OUT, `${slug}-${size}-over.png`));
          if (!(await page.getByTestId('gameover').isVisible())) throw new Error(`${slug}: no game over shown`);
          console.log(
            `${slug} ${size}: mid-game after ${before.length + 1} actions, ${shots.moment} after ${moment.length}, over after ${over.length}`,
          );
          // The more pictures the game declares (Delvewick's crush), each checked for what it is for.
          for (const more of shots.more ?? []) {
            await shootRun(
              page,
              base,
              game,
              more.actions,
              join(OUT, `${slug}-${size}-${more.name}.png`),
              500,
              more.seed,
            );
            await shows(page, slug, more);
          }
        }
        if (errors.length > 0) throw new Error(`page errors:\n${errors.join('\n')}`);
      } finally {
        await browser.close();
      }
    }
    for (const game of registry.games) await animation(base, game as AnyGame);
  } finally {
    await app.close();
    await store.close();
    rmSync(dist, { recursive: true, force: true });
  }
  console.log(`saved to ${OUT}`);
}

/** Frames of the collision and the time between them, in ms of the page's animations. */
const FRAMES = 14;
const FRAME_MS = 40;

/** Throws unless the page shows what the picture of `run` is for (its `shows` test id). */
async function shows(page: Page, slug: string, run: ScreenshotRun): Promise<void> {
  if ((await page.getByTestId(run.shows).count()) === 0) throw new Error(`${slug}: no ${run.shows} in ${run.name}`);
}

/**
 * The turn a game's shells.ts declares (`screenshots.animation`: Whirlyard's collision) with motion on, on
 * the 390x844 phone, the board only: the run's actions but the last played on the page, then the last
 * one with the turn's animations paused and set to each frame's time in turn (the page's timers held
 * meanwhile, so the marks stay), assembled into an animated PNG that plays them at their own pace, with
 * the board before the turn and after it held a moment.
 */
async function animation(base: string, game: AnyGame): Promise<void> {
  const run = stepsOf(game).animation;
  if (!run) return;
  const slug = game.spec.slug;
  replayed(game, run.actions, run.seed); // throws if the engine refuses the declared run
  const b = await launchBrowser({ ...SIZES.phone, reducedMotion: 'no-preference' });
  try {
    const { page, errors } = await newPage(b.context);
    await page.goto(`${base}/`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${base}/play/${slug}?seed=${run.seed}`);
    for (const a of run.actions.slice(0, -1)) await playByUi(page, game, a);
    const board = page.locator('.board-wrap');
    await page.waitForTimeout(1500);
    const shots = [await board.screenshot()];
    await page.evaluate('window.__timeout = window.setTimeout; window.setTimeout = () => 0;');
    await playByUi(page, game, run.actions[run.actions.length - 1]!);
    await page.evaluate('document.getAnimations().forEach((a) => a.pause())');
    await shows(page, slug, run);
    for (let f = 0; f < FRAMES; f++) {
      await page.evaluate(`document.getAnimations().forEach((a) => { a.currentTime = ${f * FRAME_MS}; })`);
      shots.push(await board.screenshot());
    }
    await page.evaluate('window.setTimeout = window.__timeout;');
    if (errors.length > 0) throw new Error(`page errors:\n${errors.join('\n')}`);
    const frames = shots.map((png) =>
      UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer),
    );
    const { width, height } = frames[0];
    if (frames.some((f) => f.width !== width || f.height !== height)) throw new Error('the board changed size');
    const delays = frames.map((_, i) => (i === 0 ? 700 : i === frames.length - 1 ? 1500 : FRAME_MS));
    const apng = UPNG.encode(
      frames.map((f) => UPNG.toRGBA8(f)[0]),
      width,
      height,
      256,
      delays,
    );
    writeFileSync(join(OUT, `${slug}-${run.name}.png`), Buffer.from(apng));
    console.log(`${slug} ${run.name}: seed ${run.seed}, ${run.actions.length} actions, ${frames.length} frames`);
  } finally {
    await b.close();
  }
}

await main();
