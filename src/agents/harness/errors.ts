/** A user mistake in `--agent` (an unknown name, a bad module, missing options): shown with no stack. */
export class AgentLoadError extends Error {}

/**
 * Thrown by an agent when no run of the evaluation can succeed (its model endpoint answers 401, 403 or
 * 404, or its first requests all fail): the harness stops the whole evaluation at once instead of
 * counting a forfeit per run, and the CLI prints the message as one line and exits 1. Its `name` is kept
 * when it crosses a worker thread, so the harness recognises it there too.
 */
export class EvaluationAbort extends Error {
  override name = 'EvaluationAbort';
  /**
   * When set, the run it stopped is reported too, as an error run with this reason (e.g.
   * `model_unavailable`), before the evaluation stops: the run is never counted as completed, and
   * `--resume` plays it again.
   */
  readonly reason?: string;
  /** That run, as the harness reported it (set by the harness, carried to `onRun`). */
  result?: unknown;
}
