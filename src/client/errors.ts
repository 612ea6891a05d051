/**
 * The client's one error class. `code` is the server's machine-readable `error` (`invalid_state`,
 * `bad_seed`, `unknown_game`, …), `refused` for an action the game refused (with the game's
 * `reason`), or `network` when the server could not be reached even after the retries.
 */
import type { GameAction } from '../core/game.js';

/** What went wrong, as `GameboardError.code`. */
export type GameboardErrorCode = 'refused' | 'network' | 'bad_answer' | (string & {});

/** Anything a client call can throw. */
export class GameboardError extends Error {
  override readonly name = 'GameboardError';
  /** The HTTP status, when the server answered. */
  readonly status?: number;
  /** For `refused`: the game's reason code (e.g. `blocked`, `unknown_action`). */
  readonly reason?: string;
  /** For `refused`: the actions the game accepts instead. */
  readonly legalActions?: GameAction[];

  constructor(
    readonly code: GameboardErrorCode,
    message: string,
    extra: { status?: number; reason?: string; legalActions?: GameAction[]; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.status = extra.status;
    this.reason = extra.reason;
    this.legalActions = extra.legalActions;
  }
}
