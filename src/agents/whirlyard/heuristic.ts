/**
 * The Whirlyard heuristic: an exhaustive two-action lookahead on the agent's own model of the turn
 * (`model.ts`, built from the observation only), scored at the leaves by how safe the rover stands
 * and how well the drones are herded.
 *
 * - Being caught anywhere in the lookahead is ruled out first; among the surviving lines the agent
 *   takes the one that pays most (kills, step bonuses, a wave clear), discounted by how far off it is.
 * - A leaf counts the rover's safe actions one more turn ahead (so capture is checked three actions
 *   deep), and rewards drones whose straight pursuit path runs into scrap or into another drone's
 *   path at the same moment: that is herding, and it pays in the next turns.
 * - A pulse is priced at a charge plus the lost no-pulse bonus, so it is fired only when nothing else
 *   survives, or when it clears enough to be worth it. `end_run` is never chosen: nothing is ever lost
 *   by being caught, so banking early only forfeits points.
 */
import type { WhirlyardObservation } from '../../games/whirlyard/index.js';
import type { AgentFactory } from '../types.js';
import { PULSE, WAIT, actionOf, isLegal, play, simOf, toward, chebyshev, type Sim } from './model.js';

const DEPTH = 2;
const CAUGHT = -10_000;
/** Per-level discount, so a kill now beats the same kill later. */
const DISCOUNT = 0.9;
/** What a fired pulse costs beyond the model's points: a charge, and the +50 when still unspent. */
const CHARGE_VALUE = 45;
/** Extra credit for clearing a wave: the next one restores a charge and pays again. */
const CLEAR_EXTRA = 60;
const SAFE_ACTION = 6;
const NO_SAFE_ACTION = -400;
const HERD = 14;

/** Reused scratch: pursuit paths, 6 steps per drone at most. */
const path = new Int8Array(16 * 6);

/** How promising a position is when the lookahead stops. */
function leaf(s: Sim): number {
  let safe = 0;
  for (let code = 0; code <= WAIT; code++) {
    if (isLegal(s, code) && !play(s, code).caught) safe++;
  }
  let v = safe === 0 ? (s.charges > 0 ? NO_SAFE_ACTION / 4 : NO_SAFE_ACTION) : SAFE_ACTION * Math.min(safe, 4);
  v += s.charges * CHARGE_VALUE * 0.5;
  // Each drone's path toward a rover that stood still: meeting scrap or another drone is a kill to come.
  const n = s.drones.length;
  for (let i = 0; i < n; i++) {
    let at = s.drones[i];
    const d = chebyshev(at, s.rover);
    for (let t = 0; t < 6; t++) {
      if (t < d - 1) {
        at = toward(at, s.rover);
        path[i * 6 + t] = at;
        if (s.scrap[at]) v += HERD / (t + 1);
      } else path[i * 6 + t] = -1 - i;
    }
    for (let j = 0; j < i; j++) {
      for (let t = 0; t < 6; t++) {
        if (path[i * 6 + t] >= 0 && path[i * 6 + t] === path[j * 6 + t]) {
          v += HERD / (t + 1);
          break;
        }
      }
    }
  }
  // Drones hugging the rover leave little room: keep them at arm's length.
  for (let i = 0; i < n; i++) if (chebyshev(s.drones[i], s.rover) <= 2) v -= 2;
  return v;
}

function search(s: Sim, depth: number): number {
  if (depth === 0) return leaf(s);
  let best = -Infinity;
  for (let code = 0; code <= PULSE; code++) {
    if (!isLegal(s, code)) continue;
    const v = valueOf(s, code, depth);
    if (v > best) best = v;
  }
  return best === -Infinity ? CAUGHT : best;
}

function valueOf(s: Sim, code: number, depth: number): number {
  const out = play(s, code);
  if (out.caught) return CAUGHT * (depth + 1);
  let v = out.points;
  if (code === PULSE) v -= CHARGE_VALUE + (s.pulseUsed ? 0 : 50);
  if (out.cleared) return v + CLEAR_EXTRA;
  return v + DISCOUNT * search(out.sim, depth - 1);
}

/** The best action code for an observation. */
export function chooseWhirlyard(o: WhirlyardObservation): number {
  const s = simOf(o);
  let best = WAIT;
  let bestValue = -Infinity;
  for (let code = 0; code <= PULSE; code++) {
    if (!isLegal(s, code)) continue;
    const v = valueOf(s, code, DEPTH);
    if (v > bestValue) {
      bestValue = v;
      best = code;
    }
  }
  return best;
}

/** Herds drones into scrap and each other with a short exact lookahead; reads the observation only. */
export const whirlyardHeuristic: AgentFactory = () => ({
  act(view) {
    const o = view.observation as WhirlyardObservation;
    const want = actionOf(chooseWhirlyard(o));
    const found = view.legalActions.find(
      (a) => a.type === want.type && (want.type !== 'move' || a.direction === want.direction),
    );
    // The model agrees with the engine on legality; the fallback only guards a model/engine mismatch.
    return found ?? view.legalActions.find((a) => a.type !== 'end_run') ?? view.legalActions[0];
  },
});
whirlyardHeuristic.games = ['whirlyard'];
