/**
 * `AgentView.refusal` over HTTP: why the server would refuse an action now, asked without playing it.
 * The in-process view answers from the engine itself (play.ts).
 */
import { GameboardError, type GameSession } from '../client/index.js';
import type { GameAction } from '../core/game.js';

/**
 * Why the server would refuse `action` now (`AgentView.refusal`): a listed action is accepted without
 * asking; any other is tried on a fork of the session (free play is stateless: the fork is dropped).
 */
export async function refusalOnServer(
  session: GameSession,
  action: GameAction,
): Promise<{ reason: string; message: string } | null> {
  const json = JSON.stringify(action);
  if (session.legalActions.some((a) => JSON.stringify(a) === json)) return null;
  try {
    await session.fork().act(action);
    return null;
  } catch (err) {
    if (err instanceof GameboardError && err.code === 'refused')
      return { reason: err.reason ?? 'refused', message: err.message };
    throw err;
  }
}
