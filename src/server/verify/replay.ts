/**
 * Verifying a submitted run: replay it on the engine and rank it on its state at the game's ranked
 * budget (or its end). Pure and synchronous; the route runs it inline for short runs and on a worker
 * thread (verify/pool.ts) for long ones, so one big submission never stalls other clients' moves.
 */
import { BudgetMeter, progressOf } from '../../core/budget.js';
import type { AnyGame, Outcome } from '../../core/game.js';
import { replay, type Run } from '../../core/replay.js';

/** What verification found: the ranked figures, or why the run does not replay (a sentence). */
export type Verdict =
  | {
      ok: true;
      score: number;
      gameOver: boolean;
      steps: number;
      /** Budget units spent up to the ranked state (Briarwink: ticks). */
      spent: number;
      outcome: Outcome | null;
      progress: number | null;
    }
  | { ok: false; message: string; threw?: boolean };

/** Replays `run` on `game`; never throws (an engine that throws is a verdict too). */
export function verifyRun(game: AnyGame, run: Run): Verdict {
  let result;
  let meter: BudgetMeter;
  try {
    const m = (meter = new BudgetMeter(game, game.init(run.seed)));
    result = replay(game, run, (state, i) => m.feed(run.actions[i], state));
  } catch {
    return {
      ok: false,
      threw: true,
      message: 'The run does not replay: the engine could not play one of its actions.',
    };
  }
  if (!result.ok) {
    const why =
      result.error === 'refused_action'
        ? result.message.replace(/^action/, 'Action')
        : `The run does not replay: ${result.message}.`;
    return { ok: false, message: why.endsWith('.') ? why : `${why}.` };
  }
  // Ranked on the state at the budget (or the end); the whole run was replayed for validity.
  const ranked = meter.result();
  return {
    ok: true,
    score: ranked.score,
    gameOver: game.isGameOver(ranked.state),
    steps: ranked.steps,
    spent: ranked.spent,
    outcome: ranked.outcome,
    progress: progressOf(game, ranked.state)?.value ?? null,
  };
}
