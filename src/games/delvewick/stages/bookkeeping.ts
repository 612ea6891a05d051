/**
 * Stages 5-7: the chain clock, the lantern oil, and the boxed-in check.
 */
import { checkMove, MOVE_OK } from '../moves.js';
import { BOXED_IN, CHAIN_WINDOW, FALLING_BOULDER, OUT_OF_OIL, PLAYING } from '../types.js';
import type { Tick } from './tick.js';

/** The chain ages one tick without a gem, and breaks once CHAIN_WINDOW ticks pass without one. */
export function chainClock(t: Tick): void {
  const s = t.s;
  if (t.gotGem) {
    s.chainAge = 0;
  } else if (s.chain > 0 && ++s.chainAge >= CHAIN_WINDOW) {
    // A gem on the next tick would come CHAIN_WINDOW + 1 ticks after the last one: too late.
    t.events?.push({ type: 'chain_ended', length: s.chain });
    s.chain = 0;
    s.chainAge = 0;
  }
}

/** Every tick burns one unit of oil; at zero the run ends. */
export function burnOil(t: Tick): void {
  const s = t.s;
  s.oil -= 1;
  if (s.oil <= 0 && s.end === PLAYING) {
    s.end = OUT_OF_OIL;
    t.events?.push({ type: 'run_ended', reason: 'out_of_oil' });
  }
}

/** On a settled board (nothing falling) with no legal move, the run ends now instead of draining oil. */
export function boxedIn(t: Tick): void {
  const s = t.s;
  if (s.end !== PLAYING) return;
  for (let dir = 0; dir < 4; dir++) if (checkMove(s, dir) === MOVE_OK) return;
  if (!s.settled) {
    const g = s.grid;
    for (let i = 0; i < g.length; i++) if (g[i] >= FALLING_BOULDER) return;
  }
  s.end = BOXED_IN;
  t.events?.push({ type: 'run_ended', reason: 'boxed_in' });
}
