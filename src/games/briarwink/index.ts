/** Briarwink: the night garden. The Game object the registry holds. */
import type { Game } from '../../core/game.js';
import type { State } from './types.js';
import { OVER } from './types.js';
import type { Action } from './rules.js';
import { legalActions, step } from './rules.js';
import { SPEC } from './spec.js';
import { newState } from './state.js';
import { observe } from './observe.js';
import { pack, unpack } from './pack.js';
import { fromWire, toWire } from './wire.js';

export type { State } from './types.js';
export type { Action } from './rules.js';
export type { BriarwinkObservation } from './observe.js';

/** Briarwink on the game contract. */
export const briarwink: Game<State, Action> = {
  spec: SPEC,
  init: newState,
  legalActions,
  step,
  observe,
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
  pack,
  unpack,
};
