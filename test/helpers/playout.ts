/**
 * Seeded random play over the game contract, shared by the conformance suite and the benchmarks.
 */
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import type { Seed } from '../../src/core/seed.js';

/** Picks a random legal action, avoiding run-ending actions most of the time so games get deep. */
export function randomPolicy(rng: Rng): (legal: GameAction[]) => GameAction {
  return (legal) => {
    const keep = legal.filter((a) => !/end/i.test(a.type));
    if (keep.length > 0 && !rng.chance(0.01)) return rng.pick(keep);
    return rng.pick(legal);
  };
}

export interface Playout {
  seed: Seed;
  states: unknown[];
  actions: GameAction[];
}

/**
 * Plays from `init(seed)` until game over or `maxSteps`, recording every state and action. The policy
 * draws from `policySeed`: by default the seed itself, or a wide seed's first eight hex digits.
 */
export function playout(
  game: AnyGame,
  seed: Seed,
  maxSteps: number,
  policySeed = typeof seed === 'number' ? seed : parseInt(seed.slice(0, 8), 16),
): Playout {
  const choose = randomPolicy(Rng.fromSeed(policySeed, 17));
  let state = game.init(seed);
  const states = [state];
  const actions: GameAction[] = [];
  for (let i = 0; i < maxSteps && !game.isGameOver(state); i++) {
    const legal = game.legalActions(state);
    if (legal.length === 0) break;
    const action = choose(legal);
    const r = game.step(state, action);
    if (!r.ok) throw new Error(`legal action ${JSON.stringify(action)} was refused: ${r.reason}: ${r.message}`);
    state = r.state;
    states.push(state);
    actions.push(action);
  }
  return { seed, states, actions };
}
