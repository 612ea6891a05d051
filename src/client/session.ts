/**
 * One run played through the HTTP API. The session carries the state (`state` or `stateToken`, as the
 * game names it) from answer to answer, keeps the accepted actions, and exposes the latest
 * observation, legal actions, score and outcome, typed per game.
 */
import type { GameAction, Outcome } from '../core/game.js';
import { GameboardError } from './errors.js';
import { liveActionAnswer, resumeAnswer } from './calls.js';
import { requestJson, submitAs, type Transport } from './http.js';
import type { Answer, LiveAnswer, Player, SessionInfo, SubmitResult } from './types.js';

/** The readable part of a session, as `act` answers it. */
export interface Turn<A extends GameAction, O> {
  observation: O;
  legalActions: A[];
  score: number;
  gameOver: boolean;
  outcome: Outcome | null;
  events: unknown[];
}

/**
 * A run's outcome from an answer. Older servers send none: it is then read from the observation's
 * end fields (`endReason`, `end`, Briarwink's hearts), and `ended` when the player chose to stop.
 */
function outcomeOf(answer: Answer, last: GameAction | undefined): Outcome | null {
  if (answer.outcome !== undefined) return answer.outcome;
  if (!answer.gameOver) return null;
  const obs = (answer.observation ?? {}) as { endReason?: unknown; end?: unknown; player?: { hearts?: unknown } };
  const named = typeof obs.endReason === 'string' ? obs.endReason : typeof obs.end === 'string' ? obs.end : undefined;
  if ((last && /^end_?run$/i.test(last.type)) || named === 'ended') return { kind: 'ended', reason: 'end_run' };
  if (named) return { kind: 'terminated', reason: named };
  if (obs.player?.hearts === 0) return { kind: 'terminated', reason: 'out_of_hearts' };
  return { kind: 'terminated', reason: 'game_over' };
}

/** A live run. Make one with `GameboardClient.start`. */
export class GameSession<A extends GameAction = GameAction, O = unknown> {
  observation!: O;
  legalActions!: A[];
  score!: number;
  gameOver!: boolean;
  outcome!: Outcome | null;
  /** The events of the last accepted action. */
  events: unknown[] = [];
  private carried: unknown;

  /** @internal Built by the client and by `fork`. */
  constructor(
    private readonly transport: Transport,
    readonly game: string,
    readonly seed: number | string,
    readonly rulesVersion: string,
    readonly carry: 'state' | 'stateToken',
    answer: Answer,
    /** The accepted actions, in order: with `game`, `rulesVersion` and `seed`, the whole run. */
    readonly history: A[] = [],
  ) {
    this.apply(answer);
  }

  private apply(answer: Answer): void {
    const carried = answer[this.carry] ?? answer.state ?? answer.stateToken;
    if (carried === undefined || answer.observation === undefined) {
      throw new GameboardError('bad_answer', `The server's ${this.game} answer holds no state or observation.`);
    }
    this.carried = carried;
    this.observation = answer.observation as O;
    this.legalActions = (answer.legalActions ?? []) as A[];
    this.score = answer.score ?? 0;
    this.gameOver = answer.gameOver ?? this.legalActions.length === 0;
    this.outcome = outcomeOf(answer, this.history.at(-1));
    this.events = answer.events ?? [];
  }

  private turn(): Turn<A, O> {
    const { observation, legalActions, score, gameOver, outcome, events } = this;
    return { observation, legalActions, score, gameOver, outcome, events };
  }

  /**
   * Plays `action`. A refused action throws `GameboardError('refused')` with the game's `reason` and
   * the legal actions, and leaves the session as it was (the server changed nothing either).
   */
  async act(action: A): Promise<Turn<A, O>> {
    const answer = (await requestJson(this.transport, 'POST', `api/games/${encodeURIComponent(this.game)}/action`, {
      [this.carry]: this.carried,
      action,
    })) as Answer;
    if (!answer.ok) {
      if (answer.legalActions) this.legalActions = answer.legalActions as A[];
      throw new GameboardError(
        'refused',
        answer.message ?? `The action ${JSON.stringify(action)} was refused: ${answer.reason ?? 'no reason given'}.`,
        { reason: answer.reason ?? 'refused', legalActions: answer.legalActions },
      );
    }
    this.history.push(action);
    this.apply(answer);
    return this.turn();
  }

  /**
   * An independent copy of this run at this point: the server continues any state it issued, so both
   * sessions can go on separately (search, undo). Forked runs are still verified by replay.
   */
  fork(): GameSession<A, O> {
    return new GameSession<A, O>(
      this.transport,
      this.game,
      this.seed,
      this.rulesVersion,
      this.carry,
      { ok: true, [this.carry]: this.carried, ...this.turn() } as Answer,
      this.history.slice(),
    );
  }

  /** The run so far, as `POST /api/runs` and `gameboard replay` take it. */
  run(): { game: string; rulesVersion: string; seed: number | string; actions: A[] } {
    return { game: this.game, rulesVersion: this.rulesVersion, seed: this.seed, actions: this.history.slice() };
  }

  /**
   * Submits the run to the open leaderboard: the server replays it and keeps the score it replays.
   * `player` is a name (an agent) or a full player.
   */
  async submit(player: string | Player): Promise<SubmitResult> {
    const who = typeof player === 'string' ? { name: player, kind: 'agent' as const } : player;
    return (await submitAs(this.transport, this.run(), who)) as SubmitResult;
  }
}

/**
 * A live (ranked or daily) session on a server, which draws the seed, records every action and meters
 * the ranked budget. Make one with `GameboardClient.startRanked` (or `resume`). Unlike free play it
 * cannot fork: the server refuses a state behind its record (resending the latest request is a safe
 * retry).
 */
export class LiveSession<A extends GameAction = GameAction, O = unknown> {
  observation!: O;
  legalActions!: A[];
  score!: number;
  gameOver!: boolean;
  outcome!: Outcome | null;
  /** The events of the last accepted action. */
  events: unknown[] = [];
  /** Where the session stands: step, budget spent, finished, and its run's links once finished. */
  session!: SessionInfo;
  /** The latest answer as the server sent it. */
  last!: LiveAnswer;
  private token!: string;

  /** @internal Built by the client. */
  constructor(
    private readonly transport: Transport,
    readonly game: string,
    answer: LiveAnswer,
  ) {
    this.apply(answer);
  }

  /** The session's id on the server. */
  get id(): string {
    return this.session.id;
  }

  /** The actions the server recorded. */
  get steps(): number {
    return this.session.step;
  }

  /** The state token of the latest answer (what `act` and `resume` send). */
  get stateToken(): string {
    return this.token;
  }

  private apply(answer: LiveAnswer): void {
    if (typeof answer.stateToken !== 'string' || !answer.session || answer.observation === undefined) {
      throw new GameboardError('bad_answer', `The server's live ${this.game} answer holds no session or state token.`);
    }
    this.last = answer;
    this.token = answer.stateToken;
    this.session = answer.session;
    this.observation = answer.observation as O;
    this.legalActions = (answer.legalActions ?? []) as A[];
    this.score = answer.score ?? 0;
    this.gameOver = answer.gameOver ?? this.legalActions.length === 0;
    this.outcome = answer.outcome ?? null;
    this.events = answer.events ?? [];
  }

  private turn(): Turn<A, O> {
    const { observation, legalActions, score, gameOver, outcome, events } = this;
    return { observation, legalActions, score, gameOver, outcome, events };
  }

  /**
   * Plays `action`; the server records it. A refused action (outside the grammar, illegal, or over the
   * budget) throws `GameboardError('refused')` with the `reason` and the legal actions, and changes
   * nothing; a finished or expired session throws the server's `session_over`.
   */
  async act(action: A): Promise<Turn<A, O>> {
    const answer = await liveActionAnswer(this.transport, this.id, this.token, action);
    if (!answer.ok) {
      if (answer.legalActions) this.legalActions = answer.legalActions as A[];
      if (answer.session) this.session = { ...this.session, ...answer.session };
      throw new GameboardError(
        'refused',
        answer.message ?? `The action ${JSON.stringify(action)} was refused: ${answer.reason ?? 'no reason given'}.`,
        { reason: answer.reason ?? 'refused', legalActions: answer.legalActions },
      );
    }
    this.apply(answer);
    return this.turn();
  }

  /** Asks the server for the session's latest position (after a lost answer, or in another process). */
  async resume(): Promise<Turn<A, O>> {
    this.apply(await resumeAnswer(this.transport, this.id, this.token));
    return this.turn();
  }
}
