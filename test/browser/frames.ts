/**
 * Frame times while playing quickly on a phone (issue 28): for each game a scripted play by key in
 * Chromium at 390x844 (Whirlyard and Delvewick 20 moves 60 ms apart, Cragwake 10 climbs by arrow and
 * Enter, Briarwink about 4 s of real time walking and planting), with every requestAnimationFrame
 * delta recorded from the first press until the board is still again. Prints the median and 95th
 * percentile per game. A measurement, not a test: run it with `npx tsx test/browser/frames.ts` on a
 * quiet machine (`GAMES=whirlyard,briarwink` picks games, `MOTION=reduce` turns the animations off).
 */
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { actionOf } from '../../src/agents/whirlyard/model.js';
import { decodeActions, type SolutionsFile } from '../../src/games/delvewick/solutions.js';
import solutions from '../../src/games/delvewick/solutions.json' with { type: 'json' };
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import { launchBrowser, newPage, startSite } from './harness.js';

const WY: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };
const DW: Record<string, string> = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };

function whirlyardKeys(seed: number, n: number): string[] {
  let s = whirlyard.init(seed);
  const keys: string[] = [];
  while (keys.length < n) {
    const a = actionOf(chooseWhirlyard(whirlyard.observe(s) as WhirlyardObservation));
    const r = whirlyard.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    keys.push(a.type === 'move' ? WY[(a as { direction: string }).direction] : a.type === 'pulse' ? 'p' : 's');
  }
  return keys;
}

const delvewickKeys = (n: number) =>
  decodeActions((solutions as SolutionsFile).levels[0].actions)
    .slice(0, n)
    .map((a) => (a.type === 'move' ? DW[a.dir] : ' '));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** One scripted play: key presses (or `hold:Key:ms` for a key held down) with a pause after each. */
type Play = { game: string; path: string; keys: string[]; gap: number };

const plays: Play[] = [
  { game: 'whirlyard', path: '/play/whirlyard?seed=9', keys: whirlyardKeys(9, 20), gap: 60 },
  { game: 'delvewick', path: '/play/delvewick', keys: delvewickKeys(20), gap: 60 },
  // Cragwake by keyboard: the up arrow picks the nearest hold above, Enter climbs there (10 climbs).
  {
    game: 'cragwake',
    path: '/play/cragwake?seed=9',
    keys: Array.from({ length: 10 }, () => ['ArrowUp', 'Enter']).flat(),
    gap: 60,
  },
  // Briarwink in real time: start, plant, walk about for about 4 s (pods burst, dimlings wander).
  {
    game: 'briarwink',
    path: '/play/briarwink?seed=2',
    keys: [
      'Enter',
      ' ',
      'hold:ArrowDown:700',
      'hold:ArrowRight:700',
      ' ',
      'hold:ArrowUp:700',
      'hold:ArrowLeft:700',
      'hold:ArrowDown:900',
    ],
    gap: 60,
  },
];
const only = process.env.GAMES?.split(',');

const site = await startSite('gameboard-web-frames-');
try {
  for (const { game, keys, path, gap } of plays.filter((p) => !only || only.includes(p.game))) {
    const b = await launchBrowser({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      // MOTION=reduce measures the same play without animations, for comparison on a noisy machine.
      reducedMotion: process.env.MOTION === 'reduce' ? 'reduce' : 'no-preference',
    });
    const { page } = await newPage(b.context);
    await page.goto(site.base + path);
    await page.locator('svg.board').first().waitFor();
    await page.waitForTimeout(500);
    // A string, not a function: tsx would wrap the inner function in a helper the page does not have.
    await page.evaluate(`(() => {
      window.deltas = [];
      window.recording = true;
      let last = performance.now();
      const tick = (t) => {
        window.deltas.push(t - last);
        last = t;
        if (window.recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame((t) => {
        last = t;
        requestAnimationFrame(tick);
      });
    })()`);
    for (const k of keys) {
      if (k.startsWith('hold:')) {
        const [, key, ms] = k.split(':');
        await page.keyboard.down(key);
        await page.waitForTimeout(Number(ms));
        await page.keyboard.up(key);
      } else await page.keyboard.press(k);
      await page.waitForTimeout(gap);
    }
    await page.waitForTimeout(700);
    const deltas = await page.evaluate(() => {
      const w = window as unknown as { deltas: number[]; recording: boolean };
      w.recording = false;
      return w.deltas;
    });
    const moves = await page.getByTestId('action-count').first().textContent();
    console.log(
      `${game}${process.env.MOTION === 'reduce' ? ' (reduced motion)' : ''}: ${moves} moves, ${deltas.length} frames, median ${pct(deltas, 50).toFixed(1)} ms, p95 ${pct(deltas, 95).toFixed(1)} ms, max ${Math.max(...deltas).toFixed(1)} ms`,
    );
    await b.close();
  }
} finally {
  await site.close();
}
