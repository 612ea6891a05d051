/**
 * Whirlyard on the game contract: herd pursuing drones into each other and into scrap on an endless
 * 6x6 board. Rules in `rules.ts` (seed file shared/seeds/003_f0d0ced06f254d05.txt), decisions in README.md.
 */
import type { Game } from '../../core/game.js';
import { observe, type WhirlyardObservation } from './observe.js';
import { pack, unpack } from './pack.js';
import { init, legalActions, step } from './rules.js';
import { spec } from './spec.js';
import { shells } from './shells.js';
import { TENSOR } from './tensor.js';
import type { WhirlyardAction, WhirlyardState } from './types.js';
import { fromWire, toWire } from './wire.js';

export type { WhirlyardAction, WhirlyardState } from './types.js';
export type { WhirlyardObservation } from './observe.js';

/** The Whirlyard engine. */
export const whirlyard: Game<WhirlyardState, WhirlyardAction, WhirlyardObservation> = {
  spec,
  init: init,
  legalActions,
  step,
  observe,
  progress: (s) => s.wave,
  score: (s) => s.score,
  isGameOver: (s) => s.over,
  // Caught by a drone is the game's ending; 'ended' is the player's endRun.
  outcome: (s) =>
    !s.over || s.endReason === null
      ? null
      : s.endReason === 'ended'
        ? { kind: 'ended', reason: 'end_run' }
        : { kind: 'terminated', reason: s.endReason },
  seedOf: (s) => s.seed,
  toWire,
  fromWire,
  tensor: TENSOR,
  shells,
  pack,
  unpack,
};
