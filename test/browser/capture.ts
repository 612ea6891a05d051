/**
 * A short capture of one Whirlyard collision, frame by frame: the rover moves, the drones glide, two
 * meet on one cell, the burst and the mark play there. Saved as docs/screenshots/whirlyard-collision-
 * NN.png (390x844 phone, the board only), 40 ms of animation apart. Run it with
 * `npx tsx test/browser/capture.ts`.
 */
import { join } from 'node:path';
import { chooseWhirlyard } from '../../src/agents/whirlyard/heuristic.js';
import { DIRECTIONS } from '../../src/agents/whirlyard/model.js';
import { whirlyard, type WhirlyardObservation } from '../../src/games/whirlyard/index.js';
import { ROOT, launchBrowser, newPage, startSite } from './harness.js';

const WY: Record<string, string> = { nw: 'q', n: 'w', ne: 'e', w: 'a', e: 'd', sw: 'z', s: 'x', se: 'c' };
const FRAMES = 12;
const STEP_MS = 40;

/** Heuristic keys from `seed` up to and including the first turn where two drones meet and drones remain. */
function toCollision(seed: number): string[] | null {
  let s = whirlyard.init(seed);
  const keys: string[] = [];
  for (let i = 0; i < 60; i++) {
    const code = chooseWhirlyard(whirlyard.observe(s) as WhirlyardObservation);
    const a =
      code === 8 ? { type: 'wait' } : code === 9 ? { type: 'pulse' } : { type: 'move', direction: DIRECTIONS[code] };
    const r = whirlyard.step(s, a as never);
    if (!r.ok) return null;
    s = r.state;
    keys.push(a.type === 'move' ? WY[(a as { direction: string }).direction] : a.type === 'pulse' ? 'p' : 's');
    const met = r.events.filter((e) => e.type === 'dismantled' && e.cause === 'collision').length;
    if (met >= 2 && !r.events.some((e) => e.type === 'wave_cleared') && i > 0) return keys;
  }
  return null;
}

let seed = 1;
let keys = toCollision(seed);
while (!keys) keys = toCollision(++seed);
const site = await startSite('gameboard-web-capture-');
try {
  const b = await launchBrowser({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const { page } = await newPage(b.context);
  await page.goto(`${site.base}/play/whirlyard?seed=${seed}`);
  for (const k of keys.slice(0, -1)) await page.keyboard.press(k);
  await page.waitForTimeout(1500);
  // Timers off while the frames are taken (the marks would go in real time), then every animation
  // paused and set to each frame's time in turn.
  await page.evaluate('window.__timeout = window.setTimeout; window.setTimeout = () => 0;');
  await page.keyboard.press(keys[keys.length - 1]);
  await page.evaluate('document.getAnimations().forEach((a) => a.pause())');
  const board = page.locator('.board-wrap');
  for (let f = 0; f < FRAMES; f++) {
    await page.evaluate(`document.getAnimations().forEach((a) => { a.currentTime = ${f * STEP_MS}; })`);
    await board.screenshot({
      path: join(ROOT, `docs/screenshots/whirlyard-collision-${String(f).padStart(2, '0')}.png`),
    });
  }
  await page.evaluate('window.setTimeout = window.__timeout;');
  console.log(`seed ${seed}, ${keys.length} actions, ${FRAMES} frames ${STEP_MS} ms apart`);
  await b.close();
} finally {
  await site.close();
}
