/**
 * Warming an evaluation worker thread up before its first run. V8 compiles the engine's hot paths only
 * after they have run a while, and a whole random `test` suite is often a few hundred steps: timed
 * cold, its steps-per-second figure would measure V8's first compilation, not the harness. So each
 * thread first plays throwaway runs through the same path as an evaluated run (`runLocal`, hence
 * `playRun`) on seeds no suite uses, for about a second, with two players: one of its own, uniform
 * over the legal actions that do not end the run (long runs: the mid-game paths), and the built-in
 * `random` (short runs: `init`, the first moves, the endings). The time goes into the start-up the
 * summary reports apart; an agent given as a module or with options is never called, and nothing is
 * kept.
 */
import type { AnyGame } from '../../core/game.js';
import { Rng } from '../../core/rng.js';
import { random } from '../random.js';
import type { AgentFactory } from '../types.js';
import { runLocal } from './local.js';

/** A throwaway player uniform over the actions that do not end the run (all of them if none). */
const wanderer: AgentFactory = ({ seed }) => {
  const rng = Rng.fromSeed(seed);
  return {
    act: (view) => {
      const going = view.legalActions.filter((a) => !/end/i.test(a.type));
      const from = going.length > 0 ? going : view.legalActions;
      return from[rng.int(from.length)];
    },
  };
};

/**
 * Plays throwaway runs of `game` until about `steps` steps or `ms` milliseconds, whichever comes first
 * (the engine bench warms up for 1.5 s; the hot paths take some tens of thousands of steps to settle).
 * Answers the steps played.
 */
export async function warmUp(game: AnyGame, steps = 200_000, ms = 1_000): Promise<number> {
  let played = 0;
  const until = performance.now() + ms;
  for (let i = 0; played < steps && performance.now() < until; i++) {
    const player = i % 2 === 0 ? wanderer : random;
    const run = await runLocal(game, player, (0x7a11_0000 + i) >>> 0, { maxSteps: Math.min(2_000, steps - played) });
    played += Math.max(1, run.steps);
  }
  return played;
}
