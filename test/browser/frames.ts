/**
 * Frame times while playing quickly on a phone (issue 28): for Whirlyard and Delvewick, 20 moves by
 * key, 60 ms apart, in Chromium at 390x844, with every requestAnimationFrame delta recorded from the
 * first press until the board is still again. Prints the median and 95th percentile per game. A
 * measurement, not a test: run it with `npx tsx test/browser/frames.ts` on a quiet machine.
 */
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { DIRECTIONS } from '../../src/agents/whirlyard/model.js';
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
    const code = chooseWhirlyard(whirlyard.observe(s) as WhirlyardObservation);
    const a =
      code === 8 ? { type: 'wait' } : code === 9 ? { type: 'pulse' } : { type: 'move', direction: DIRECTIONS[code] };
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

const site = await startSite('gameboard-web-frames-');
try {
  for (const [game, keys, path] of [
    ['whirlyard', whirlyardKeys(9, 20), '/play/whirlyard?seed=9'],
    ['delvewick', delvewickKeys(20), '/play/delvewick'],
  ] as const) {
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
      await page.keyboard.press(k);
      await page.waitForTimeout(60);
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
