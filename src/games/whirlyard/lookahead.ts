/**
 * Test support: a fixed-depth lookahead player, strong enough to reach the late waves (10 drones, 4 of
 * them charged, from wave 13) that random play never sees. It searches every line of `depth` actions
 * through the real engine and takes the first action of the best line: alive first, then the wave
 * reached, then the score, then charges in hand. It plays through `step`, so it sees the next wave as
 * soon as one is laid out, exactly as the engine lays it; it is a way to reach deep states for golden
 * runs, not an agent for the API (those live in src/agents).
 */
import { legalActions, step } from './rules.js';
import type { WhirlyardAction, WhirlyardState } from './types.js';

const CAUGHT = -1e12;

function value(s: WhirlyardState): number {
  if (s.over) return CAUGHT;
  return s.wave * 1e6 + s.score * 10 + s.charges;
}

function search(s: WhirlyardState, depth: number): number {
  if (s.over || depth === 0) return value(s);
  let best = CAUGHT;
  for (const a of legalActions(s)) {
    if (a.type === 'end_run') continue;
    const r = step(s, a);
    if (!r.ok) continue;
    const v = search(r.state, depth - 1);
    if (v > best) best = v;
  }
  return best;
}

/** The action a `depth`-action lookahead takes from `s` (ties go to the first in legal order). */
export function lookaheadAction(s: WhirlyardState, depth: number): WhirlyardAction {
  let best: WhirlyardAction = { type: 'wait' };
  let bestValue = -Infinity;
  for (const a of legalActions(s)) {
    if (a.type === 'end_run') continue;
    const r = step(s, a);
    if (!r.ok) continue;
    const v = search(r.state, depth - 1);
    if (v > bestValue) {
      bestValue = v;
      best = a;
    }
  }
  return best;
}
