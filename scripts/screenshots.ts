/**
 * `npm run screenshots`: pictures of each game for the docs, at a 1366x768 desktop and a 390x844 touch
 * phone, mid-game and at game over, saved as docs/screenshots/<slug>-<desktop|phone>-<mid|over>.png.
 *
 * It builds the UI into a temp folder (as the browser tests do), serves it from the real app on a free
 * 127.0.0.1 port, and drives Debian's Chromium through playwright-core (never a downloaded browser).
 * The pictures are the same on every run: fixed seeds, actions chosen by a fixed rule on the engine,
 * and reduced motion, so no frame is caught mid-tween. Each game is opened the way a returning player
 * finds it: the browser keeps games in localStorage (src/web/persist.ts), so the script writes a game in
 * progress, or a finished run, there before loading the page. The run's actions are real engine
 * actions, replayed by the page itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { AnyGame, GameAction } from '../src/core/game.js';
import type { Run } from '../src/core/replay.js';
import { StateSealer } from '../src/core/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { runId, type FinishedRun, type SavedGame } from '../src/web/persist.js';
import { ROOT, buildWeb, launchBrowser, newPage } from '../test/browser/harness.js';

const OUT = join(ROOT, 'docs/screenshots');
const SEED = 7;
/** Fixed `savedAt`/`endedAt` stamps: nothing on the page depends on today's date. */
const STAMP = Date.UTC(2026, 0, 1);

const SIZES = {
  desktop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

/** Moves per game before the mid-game picture (Briarwink counts ticks: 150 are five seconds). */
const MID_STEPS: Record<string, number> = { whirlyard: 8, delvewick: 6, cragwake: 6, briarwink: 150 };

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

function scoreOf(game: AnyGame, run: Run): { score: number; state: unknown } {
  let s = game.init(run.seed);
  for (const a of run.actions) {
    const r = game.step(s, a);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return { score: game.score(s), state: s };
}

/**
 * Shrinks a picture with pngquant (lossy palette, much smaller files for docs) when it is installed;
 * without it the full PNG is kept.
 */
function shrink(file: string): void {
  const r = spawnSync('pngquant', ['--force', '--skip-if-larger', '--strip', '--quality=70-95', '--ext', '.png', file]);
  if (r.error) return; // not installed
  // 98 = the result would have been larger, 99 = quality too low: the original stays.
  if (r.status !== 0 && r.status !== 98 && r.status !== 99) throw new Error(`pngquant failed on ${file}`);
}

/**
 * Opens the play page on a prepared localStorage and saves a picture. The page runs on a paused fake
 * clock (see main), so Briarwink cannot tick on its own: time moves only by the fixed steps here, and
 * the window's blur pauses the game as it would for a player who looked away.
 */
async function shoot(page: Page, base: string, storage: Record<string, string>, slug: string, file: string) {
  await page.goto(`${base}/`);
  await page.evaluate((items) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage);
  await page.goto(`${base}/play/${slug}?seed=${SEED}`);
  await page.locator('[data-testid="score"]').first().waitFor();
  await page.clock.runFor(50); // effects and listeners are set up after the first frame
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.clock.runFor(500);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  shrink(file);
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
        await page.clock.install({ time: STAMP });
        await page.clock.pauseAt(STAMP + 1000);
        for (const entry of registry.games) {
          const game = entry as AnyGame;
          const slug = game.spec.slug;
          const mid = greedy(game, SEED, MID_STEPS[slug] ?? 8);
          const run: Run = { game: slug, rulesVersion: game.spec.rulesVersion, seed: SEED, actions: mid.actions };
          const saved: SavedGame = { run, score: game.score(mid.state), savedAt: STAMP };
          await shoot(
            page,
            base,
            { 'gameboard.unfinished.v1': JSON.stringify([saved]) },
            slug,
            join(OUT, `${slug}-${size}-mid.png`),
          );
          const over: Run = { ...run, actions: finish(game, mid.actions, mid.state) };
          const end = scoreOf(game, over);
          const done: FinishedRun = {
            id: runId(over),
            run: over,
            score: end.score,
            outcome: game.outcome(end.state),
            endedAt: STAMP,
          };
          await shoot(
            page,
            base,
            { 'gameboard.finished.v1': JSON.stringify([done]) },
            slug,
            join(OUT, `${slug}-${size}-over.png`),
          );
          console.log(`${slug} ${size}: mid after ${run.actions.length} actions, over after ${over.actions.length}`);
        }
        if (errors.length > 0) throw new Error(`page errors:\n${errors.join('\n')}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await app.close();
    await store.close();
    rmSync(dist, { recursive: true, force: true });
  }
  console.log(`saved to ${OUT}`);
}

await main();
