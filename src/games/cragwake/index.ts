/**
 * Cragwake: an endless six-column climbing wall where stamina is everything. Seed file:
 * shared/seeds/004_fad6ef1061ab6292.txt; decisions it leaves open are in README.md.
 */
import type { Game } from '../../core/game.js';
import { observe, type CragwakeObservation } from './observe.js';
import { init, legalActions, step } from './rules.js';
import { spec } from './spec.js';
import { shells } from './shells.js';
import { TENSOR } from './tensor.js';
import type { CragwakeAction, CragwakeState } from './types.js';
import { fromWire, toWire } from './wire.js';

export type { CragwakeAction, CragwakeState } from './types.js';
export type { CragwakeObservation } from './observe.js';

/** The Cragwake game. */
export const cragwake: Game<CragwakeState, CragwakeAction, CragwakeObservation> = {
  spec,
  init,
  legalActions,
  step,
  observe,
  progress: (s) => s.pitch,
  score: (s) => s.score,
  isGameOver: (s) => s.phase === 'over',
  // 'exhausted' and 'no_move' are the wall's doing; 'ended' is the player's endRun.
  outcome: (s) =>
    s.phase !== 'over' || s.end === null
      ? null
      : s.end === 'ended'
        ? { kind: 'ended', reason: 'end_run' }
        : { kind: 'terminated', reason: s.end },
  seedOf: (s) => s.seed,
  toWire,
  fromWire,
  tensor: TENSOR,
  shells,
};
