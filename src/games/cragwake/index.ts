/**
 * Cragwake: an endless six-column climbing wall where stamina is everything. Seed file:
 * shared/seeds/004_fad6ef1061ab6292.txt; decisions it leaves open are in README.md.
 */
import type { Game } from '../../core/game.js';
import type { Seed } from '../../core/seed.js';
import { difficulty } from './difficulty.js';
import { newState } from './fresh.js';
import { gustOn, initialBand, rockfallOn } from './generate.js';
import { observe } from './observe.js';
import { legalActions, step } from './rules.js';
import { spec } from './spec.js';
import type { Action, State } from './types.js';
import { fromWire, toWire } from './wire.js';
import { TENSOR } from './tensor.js';

export type { BandRow, CragwakeObservation } from './observe.js';

/** A fresh run: row 0, column 3, pitch 1, a full tank, turn 1. */
export function init(seed: Seed): State {
  return startAt(seed, 1, 3);
}

/**
 * A climber on turn 1 standing on the ledge that starts `pitch`, in column `col`, with that pitch's
 * full tank and nothing earned: `init` is pitch 1, column 3; the tests start deeper pitches from it.
 */
export function startAt(seed: Seed, pitch: number, col: number): State {
  const floor = 10 * (pitch - 1);
  const p = difficulty(pitch);
  const { cells, overhang, pristineTop } = initialBand(seed, floor);
  // made by `newState`, not a literal: see fresh.ts
  return newState({
    seed,
    pitch,
    phase: 'climbing',
    end: null,
    row: floor,
    col,
    high: floor,
    floor,
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
  tensor: TENSOR,
};
