/**
 * A game being played in the browser: the engine's state, the run recorded as it is played (seed and
 * every accepted action), and the outcome of the last action. Only the game contract is used.
 */
import type { AnyGame, GameAction, GameEvent, Observation, Outcome } from '../core/game.js';
import type { Run } from '../core/replay.js';
import type { Seed } from '../core/seed.js';
import { Session } from '../core/session.js';

/** What the last action did, for the events panel and the screen-reader announcement. */
export type LastOutcome =
  | { kind: 'none' }
  | { kind: 'accepted'; action: GameAction; events: GameEvent[] }
  | { kind: 'refused'; action: GameAction; reason: string; message: string };

/**
 * One game in progress: the core run library's `Session` (src/core/session.ts), with what the page
 * shows besides (the last action's outcome, the score graph, each step's events). Mutable on purpose:
 * the page re-renders after each `act`.
 */
export class PlaySession {
  last: LastOutcome = { kind: 'none' };
  /** The score before the first action and after each accepted one (the game-over graph). */
  readonly scores: number[];
  /** The events of each accepted action, in order (for restart level). */
  private readonly events: GameEvent[][] = [];
  private readonly run_: Session;

  constructor(
    readonly game: AnyGame,
    readonly seed: Seed,
  ) {
    this.run_ = new Session(game, seed);
    this.scores = [this.run_.answer().score];
  }

  /**
   * Rebuilds a saved game by replaying its actions on the engine (exact: engines are deterministic).
   * Replay stops at the first action the engine refuses, keeping what came before.
   */
  static resume(game: AnyGame, run: Run): PlaySession {
    const s = new PlaySession(game, run.seed);
    for (const a of run.actions) if (!s.act(a)) break;
    s.last = { kind: 'none' };
    return s;
  }

  /** The engine state now. */
  get state(): unknown {
    return this.run_.state;
  }

  /** The accepted actions, in order. */
  get actions(): GameAction[] {
    return this.run_.actions;
  }

  /** This game with only its first `n` actions (undo, restart level): the same seed, replayed. */
  cut(n: number): PlaySession {
    return PlaySession.resume(this.game, { ...this.run(), actions: this.actions.slice(0, n) });
  }

  /**
   * How many actions led to the start of the current level: the index just after the last action
   * whose events include `eventType` (0 when none did).
   */
  levelStart(eventType: string): number {
    for (let i = this.events.length - 1; i >= 0; i--)
      if (this.events[i].some((e) => e.type === eventType)) return i + 1;
    return 0;
  }

  /**
   * Where the part of the game now under way began (see `GameView.retry`): the index just after the
   * last action with `eventType`, or at it with `before`; 0 when none had it.
   */
  partStart(eventType: string, before = false): number {
    const after = this.levelStart(eventType);
    return before && after > 0 ? after - 1 : after;
  }

  /** The events of the i-th accepted action (0-based). */
  eventsAt(i: number): GameEvent[] {
    return this.events[i] ?? [];
  }

  /** How the run ended (null while it goes on). */
  outcome(): Outcome | null {
    return this.run_.outcome();
  }

  /** Applies an action through `step`; a refusal changes nothing but `last`. */
  act(action: GameAction): boolean {
    let r;
    try {
      r = this.run_.step(action);
    } catch (err) {
      r = { ok: false as const, reason: 'engine_error', message: String(err) };
    }
    if (!r.ok) {
      this.last = { kind: 'refused', action, reason: r.reason, message: r.message };
      return false;
    }
    this.scores.push(this.game.score(this.run_.state));
    this.events.push(r.events);
    this.last = { kind: 'accepted', action, events: r.events };
    return true;
  }

  legal(): GameAction[] {
    return this.run_.answer().legalActions;
  }

  observation(): Observation {
    return this.run_.answer().observation;
  }

  score(): number {
    return this.game.score(this.run_.state);
  }

  isOver(): boolean {
    return this.game.isGameOver(this.run_.state);
  }

  /** The run so far, as a downloadable, replayable record. */
  run(): Run {
    return this.run_.run();
  }
}

/** A fresh random seed (0..2^32-1). The browser may use its own randomness; engines never do. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
