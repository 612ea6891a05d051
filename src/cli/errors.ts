/**
 * Errors the CLI shows as one line, without a stack: a user's mistake or an unreachable server is
 * not a bug. Anything else is a bug, and keeps its stack.
 */
import { AgentLoadError } from '../agents/harness/index.js';
import { GameboardError } from '../client/index.js';

/** A failure to report as a plain message, with an exit code. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }

  /** `err` as a UserError when it is a known kind of failure; otherwise `err` unchanged. */
  static from(err: unknown): unknown {
    if (err instanceof UserError) return err;
    if (err instanceof AgentLoadError) return new UserError(err.message, 2);
    if (err instanceof GameboardError) return new UserError(`${err.message} (${err.code})`, 1);
    return err;
  }
}
