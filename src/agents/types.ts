/**
 * The agent interface: what the evaluation harness, the CLI and the HTTP runner hand an agent, and
 * what it answers. The same agent plays in-process (on the engine) and over the HTTP API; only an
 * agent that declares `needsState` also gets the engine's state, which exists in-process only.
 */
import type { GameAction, Observation } from '../core/game.js';

/** What an agent sees before each move. */
export interface AgentView<O extends Observation = Observation, A extends GameAction = GameAction> {
  /** The game's slug. */
  game: string;
  observation: O;
  /** Every action the game accepts now (never empty while the game goes on). */
  legalActions: A[];
  score: number;
  /** How many actions were accepted so far in this run. */
  step: number;
  /** The engine's state: in-process runs only, and only for an agent with `needsState`. */
  state?: unknown;
  /**
   * Optional (the harness gives it, in-process and over HTTP): why the game would refuse `action` now,
   * in the engine's words (`reason` a snake_case code, `message` a sentence), or null when it would
   * accept it. It plays nothing: the state is untouched. In-process it is synchronous; over HTTP it
   * asks the server only for an action outside `legalActions`. An LLM agent tells its model the
   * reason after an illegal reply.
   */
  refusal?(
    action: GameAction,
  ): { reason: string; message: string } | null | Promise<{ reason: string; message: string } | null>;
}

/** An agent plays one run: a fresh one is made for each run, so it may keep memory between moves. */
export interface Agent<A extends GameAction = GameAction> {
  /** Picks the next action; it should be one of `view.legalActions`. */
  act(view: AgentView): A | Promise<A>;
  /**
   * Optional: what the last `act` call did, for `--trajectories` (an LLM agent answers its prompt,
   * reply, latencyMs, tokens, retries and repaired spellings). Plain JSON; called right after `act`.
   */
  stepInfo?(): Record<string, unknown> | undefined;
  /**
   * Optional: asked before each move; a reason (e.g. `token_budget`) ends the run there, as `truncated`
   * with that reason, before the agent is asked for the move.
   */
  stopReason?(): string | undefined;
}

/** Where and what an agent is about to play. */
interface AgentContext {
  game: string;
  seed: number;
}

/**
 * Makes an agent for one run. A user's module passed as `--agent ./my-agent.js` default-exports one
 * of these (or exports it as `createAgent`).
 */
export interface AgentFactory {
  (ctx: AgentContext): Agent;
  /** True when the agent reads `view.state` (the engine's state): it can then only run in-process. */
  needsState?: boolean;
  /** Games this agent can play; absent means every game. */
  games?: readonly string[];
  /**
   * The agent's own figures for the run of `seed` it just played (plain data: they cross worker
   * threads), reported with the run; `columns` turns every run's figures into the evaluation's rows.
   */
  runStats?(seed: number): unknown;
  /** Rows the evaluation summary adds for this agent (name → formatted value), from `runStats`. */
  columns?(stats: unknown[]): Record<string, string>;
}
