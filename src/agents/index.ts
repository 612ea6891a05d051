/**
 * The built-in agents, by name: `random` plays every game; `heuristic` has one agent per game; `first`
 * (a probe, every game) always takes the first listed action.
 * The CLI's `--agent NAME` looks names up here; anything else is loaded as a module path.
 */
import { briarwinkHeuristic } from './briarwink/heuristic.js';
import { cragwakeHeuristic } from './cragwake/heuristic.js';
import { delvewickHeuristic } from './delvewick/heuristic.js';
import { first } from './first.js';
import { random } from './random.js';
import { whirlyardHeuristic } from './whirlyard/heuristic.js';
import type { Slug } from '../games/index.js';
import type { AgentFactory } from './types.js';

export type { AgentFactory } from './types.js';

/**
 * The heuristic agent of each game. Partial on purpose: a new game may have none yet, and then
 * `--agent heuristic` refuses it by name ("The agent "heuristic" has no <slug> player yet").
 */
export const HEURISTICS: Readonly<Partial<Record<Slug, AgentFactory>>> = {
  whirlyard: whirlyardHeuristic,
  delvewick: delvewickHeuristic,
  cragwake: cragwakeHeuristic,
  briarwink: briarwinkHeuristic,
};

/** Built-in agents: name -> game slug (or '*' for every game) -> factory. */
export const BUILTIN_AGENTS: Record<string, Readonly<Partial<Record<string, AgentFactory>>>> = {
  random: { '*': random },
  first: { '*': first },
  heuristic: HEURISTICS,
};

/** The built-in agent `name` for `game`, or undefined. */
export function builtinAgent(name: string, game: string): AgentFactory | undefined {
  const byGame = BUILTIN_AGENTS[name];
  return byGame?.[game] ?? byGame?.['*'];
}
