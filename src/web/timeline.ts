/**
 * A replayed run, seekable: the engine re-runs the run once, keeping the score after every step and a
 * state checkpoint every few steps, so any step can be rebuilt quickly without holding every state.
 */
import type { AnyGame, GameEvent } from '../core/game.js';
import { replay, type Run } from '../core/replay.js';

const EVERY = 32;

/** A run replayed on its engine. `length` is the number of accepted actions. */
export class Timeline {
  readonly scores: number[] = [];
  readonly length: number;
  /** Set when the run stopped early (refused action); the timeline then holds the accepted prefix. */
  readonly error: string | null;
  readonly finalGameOver: boolean;
  private readonly checkpoints: unknown[] = [];

  constructor(
    readonly game: AnyGame,
    readonly run: Run,
  ) {
    const first = game.init(run.seed);
    this.checkpoints.push(first);
    this.scores.push(game.score(first));
    const res = replay(game, run, (state, i) => {
      this.scores.push(game.score(state));
      if ((i + 1) % EVERY === 0) this.checkpoints.push(state);
    });
    this.length = res.ok ? res.steps : Math.max(0, this.scores.length - 1);
    this.error = res.ok ? null : res.message;
    this.finalGameOver = res.ok ? res.gameOver : false;
  }

  /** The state after `i` accepted actions (0 = the opening). */
  stateAt(i: number): unknown {
    const n = Math.max(0, Math.min(this.length, Math.floor(i)));
    const c = Math.floor(n / EVERY);
    let state = this.checkpoints[c];
    for (let k = c * EVERY; k < n; k++) {
      const r = this.game.step(state, this.run.actions[k]);
      if (!r.ok) break;
      state = r.state;
    }
    return state;
  }

  /** The events of action `i` (the one that led to step i), or none at the opening. */
  eventsAt(i: number): GameEvent[] {
    if (i <= 0 || i > this.length) return [];
    const r = this.game.step(this.stateAt(i - 1), this.run.actions[i - 1]);
    return r.ok ? r.events : [];
  }
}
