/**
 * Collecting a gem, shared by the action stage (walked into) and the gravity stage (caught falling):
 * both pay the same points and feed the same chain.
 */
import { GEM_POINTS, chainBonus } from '../types.js';
import type { Tick } from './tick.js';

/** Collects the gem at `cell`: +25, plus the chain bonus when a chain is still running. */
export function collectGem(t: Tick, cell: number, how: 'collected' | 'caught'): void {
  const s = t.s;
  // A live chain (chain > 0) has not yet gone CHAIN_WINDOW ticks without a gem: this gem extends it.
  s.chain = s.chain > 0 ? s.chain + 1 : 1;
  const bonus = chainBonus(s.chain);
  s.score += GEM_POINTS + bonus;
  s.gems += 1;
  t.gotGem = true;
  if (t.events) {
    const x = cell % s.w;
    t.events.push({ type: 'gem', how, x, y: (cell - x) / s.w, points: GEM_POINTS + bonus, chain: s.chain });
  }
}
