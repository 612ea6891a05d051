/**
 * Replay: a run (game, rules version, seed, actions) determines everything. Replaying re-runs the
 * engine from `init(seed)` and stops at the first refused action, so a forged run cannot score.
 */
import { clip } from './clip.js';
import type { AnyGame, GameAction } from './game.js';
import type { Seed } from './seed.js';

/** A complete, verifiable record of one game. */
export interface Run {
  game: string;
  rulesVersion: string;
  /** A free seed (free play) or a wide one (a ranked or daily session's). */
  seed: Seed;
  actions: GameAction[];
}

export type ReplayResult =
  | { ok: true; state: unknown; score: number; gameOver: boolean; steps: number }
  | { ok: false; error: 'wrong_game' | 'wrong_rules_version' | 'refused_action'; message: string; steps: number };

/** Re-run `run` on `game`; `onStep` sees every accepted state in order. */
export function replay(game: AnyGame, run: Run, onStep?: (state: unknown, index: number) => void): ReplayResult {
  if (run.game !== game.spec.slug) {
    return {
      ok: false,
      error: 'wrong_game',
      message: `the run is for "${clip(run.game)}", not "${game.spec.slug}"`,
      steps: 0,
    };
  }
  if (run.rulesVersion !== game.spec.rulesVersion) {
    return {
      ok: false,
      error: 'wrong_rules_version',
      message: `the run was played on rules "${clip(run.rulesVersion)}"; this engine runs "${game.spec.rulesVersion}"`,
      steps: 0,
    };
  }
  let state: unknown = game.init(run.seed);
  for (let i = 0; i < run.actions.length; i++) {
    const r = game.step(state, run.actions[i]);
    if (!r.ok) {
      return {
        ok: false,
        error: 'refused_action',
        // Both parts are bounded: the action is client input, and a game's message may quote it.
        message: `action ${i} (${clip(JSON.stringify(run.actions[i]) ?? 'undefined')}) was refused: ${r.reason}: ${clip(r.message, 400)}`,
        steps: i,
      };
    }
    state = r.state;
    onStep?.(state, i);
  }
  return { ok: true, state, score: game.score(state), gameOver: game.isGameOver(state), steps: run.actions.length };
}
