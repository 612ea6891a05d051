/**
 * Delvewick: a mole prospector digs through eight handcrafted levels of falling, rolling rock and gems.
 * Rules from seeds/001_96f0c49922c2c7ff.txt; decisions the seed left open are in README.md.
 */
import type { Game } from '../../core/game.js';
import { observe, type DelvewickObservation } from './observe.js';
import { init, legalActions, step } from './rules.js';
import { spec } from './spec.js';
import { shells } from './shells.js';
import { TENSOR } from './tensor.js';
import { END_REASONS, PLAYING, type DelvewickAction, type DelvewickState } from './types.js';
import { fromWire, toWire } from './wire.js';

export type { DelvewickAction, DelvewickState } from './types.js';
export type { DelvewickObservation } from './observe.js';

/** The game, on the shared contract. */
export const delvewick: Game<DelvewickState, DelvewickAction, DelvewickObservation> = {
  spec,
  init,
  legalActions,
  step,
  observe,
  progress: (s) => s.level,
  score: (s) => s.score,
  isGameOver: (s) => s.end !== PLAYING,
  // Every ending (won, crushed, out_of_oil, boxed_in) is the game's own.
  outcome: (s) => (s.end === PLAYING ? null : { kind: 'terminated', reason: END_REASONS[s.end]! }),
  seedOf: (s) => s.seed,
  toWire,
  fromWire,
  // "nothing fell last pass" lets gravity skip rows; read from the wire it is false ("scan every row").
  wireCaches: ['settled'],
  tensor: TENSOR,
  shells,
};
