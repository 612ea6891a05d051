/**
 * Briarwink on the game contract: relight a night garden in real time, one seed-pod cascade at a time.
 * Rules in `rules.ts` (seed file shared/seeds/000_f24a9fe9a6231248.txt), decisions in README.md.
 */
import type { Game } from '../../core/game.js';
import { observe, type BriarwinkObservation } from './observe.js';
import { pack, unpack } from './pack.js';
import { init, legalActions, step, stepV1 } from './rules.js';
import { spec } from './spec.js';
import { shells } from './shells.js';
import { TENSOR } from './tensor.js';
import { OVER, type BriarwinkAction, type BriarwinkState } from './types.js';
import { fromWire, toWire } from './wire.js';

export type { BriarwinkAction, BriarwinkState } from './types.js';
export type { BriarwinkObservation } from './observe.js';

/** Briarwink on the game contract, under the current rules (`briarwink-2`). */
export const briarwink: Game<BriarwinkState, BriarwinkAction, BriarwinkObservation> = {
  spec,
  init,
  legalActions,
  step,
  observe,
  progress: (s) => s.night,
  score: (s) => s.score,
  isGameOver: (s) => s.status === OVER,
  // A run ends at 0 hearts (the game ends it) or by endRun (the player does).
  outcome: (s) =>
    s.status !== OVER
      ? null
      : s.hearts <= 0
        ? { kind: 'terminated', reason: 'out_of_hearts' }
        : { kind: 'ended', reason: 'end_run' },
  seedOf: (s) => s.seed,
  toWire,
  fromWire,
  tensor: TENSOR,
  shells,
  // only single ticks are listed; walkTo and count are accepted on any tick (rules: "accepted variants")
  variants: { types: ['tick'], countField: 'count' },
  pack,
  unpack,
};

/**
 * Briarwink under rules `briarwink-1`, kept only so that runs stored under that version replay as
 * they were played (the registry hands it out for replays, never for new games or leaderboards). It
 * differs in one rule: walkTo mid-step turned back whenever its search's first step was not onward.
 */
export const briarwinkV1: Game<BriarwinkState, BriarwinkAction, BriarwinkObservation> = {
  ...briarwink,
  spec: { ...spec, rulesVersion: 'briarwink-1' },
  step: stepV1,
};
