/**
 * Cragwake: an endless six-column climbing wall where stamina is everything. Seed file:
 * shared/seeds/004_fad6ef1061ab6292.txt; decisions it leaves open are in README.md.
 */
import type { Game } from '../../core/game.js';
import { difficulty } from './difficulty.js';
import { newState } from './fresh.js';
import { gustOn, initialBand, rockfallOn } from './generate.js';
import { observe } from './observe.js';
import { legalActions, step } from './rules.js';
import { spec } from './spec.js';
import type { Action, State } from './types.js';
import { fromWire, toWire } from './wire.js';

export type { BandRow, CragwakeObservation } from './observe.js';

/** A fresh run: row 0, column 3, pitch 1, a full tank, turn 1. */
export function init(seed: number): State {
  const p = difficulty(1);
  const { cells, overhang, pristineTop } = initialBand(seed);
  // made by `newState`, not a literal: see fresh.ts
  const s = newState({
    seed,
    pitch: 1,
    phase: 'climbing',
    end: null,
    row: 0,
    col: 3,
    high: 0,
    floor: 0,
    stamina: p.tank,
    turn: 1,
    score: 0,
    streak: 0,
    dipped: false,
    spindrift: 0,
    gust: gustOn(seed, 1, p),
    rockfall: rockfallOn(seed, 1, p),
    overhang,
    cells,
    pristineTop,
  });
  return s;
}

/** The Cragwake game. */
export const cragwake: Game<State, Action> = {
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
};
