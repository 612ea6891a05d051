/** The `random` baseline: uniform over the legal actions, from a generator seeded by the run's seed. */
import { Rng } from '../core/rng.js';
import type { AgentFactory } from './types.js';

export const random: AgentFactory = ({ seed }) => {
  const rng = Rng.fromSeed((seed ^ 0x5eed_a11e) >>> 0);
  return { act: (view) => view.legalActions[rng.int(view.legalActions.length)] };
};
