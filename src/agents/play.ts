/**
 * Plays one run of an agent on an engine, in this process: the loop the evaluation harness and the
 * agents' own tests share. The agent sees what it would see over HTTP (observation, legal actions,
 * score), plus the engine's state when it declares `needsState`.
 */
import type { AnyGame, GameAction, Outcome } from '../core/game.js';
import type { AgentFactory, AgentView } from './types.js';

/** What one run gave. */
export interface RunRecord {
  game: string;
  rulesVersion: string;
  seed: number;
  actions: GameAction[];
  score: number;
  steps: number;
  /** How it ended; `truncated` with reason `max_steps` when the step cap stopped it. */
  outcome: Outcome;
  /** The final engine state (in-process only; not serialised into results). */
  state: unknown;
}

export interface PlayOptions {
  /** Stop after this many accepted actions (the run is then `truncated`). Default 100,000. */
  maxSteps?: number;
}

/**
 * Plays `factory`'s agent on `game` from `seed` until the game is over or `maxSteps`. An action the
 * engine refuses throws (an agent must choose among the legal actions).
 */
export async function playRun(
  game: AnyGame,
  factory: AgentFactory,
  seed: number,
  opts: PlayOptions = {},
): Promise<RunRecord> {
  const maxSteps = opts.maxSteps ?? 100_000;
  const agent = factory({ game: game.spec.slug, seed });
  let state = game.init(seed);
  const actions: GameAction[] = [];
  while (!game.isGameOver(state) && actions.length < maxSteps) {
    const view: AgentView = {
      game: game.spec.slug,
      observation: game.observe(state),
      legalActions: game.legalActions(state),
      score: game.score(state),
      step: actions.length,
    };
    if (factory.needsState) view.state = state;
    const action = await agent.act(view);
    const r = game.step(state, action);
    if (!r.ok) throw new Error(`the agent chose a refused action ${JSON.stringify(action)}: ${r.reason}: ${r.message}`);
    state = r.state;
    actions.push(action);
  }
  return {
    game: game.spec.slug,
    rulesVersion: game.spec.rulesVersion,
    seed,
    actions,
    score: game.score(state),
    steps: actions.length,
    outcome: game.outcome(state) ?? { kind: 'truncated', reason: 'max_steps' },
    state,
  };
}
