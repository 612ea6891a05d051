/**
 * The built-in agents, by name: `random` plays every game; `heuristic` has one agent per game.
 * The CLI's `--agent NAME` looks names up here; anything else is loaded as a module path.
 */
import { briarwinkHeuristic } from './briarwink/heuristic.js';
import { cragwakeHeuristic } from './cragwake/heuristic.js';
import { delvewickHeuristic } from './delvewick/heuristic.js';
import { random } from './random.js';
import { whirlyardHeuristic } from './whirlyard/heuristic.js';
import type { AgentFactory } from './types.js';

export type { Agent, AgentContext, AgentFactory, AgentView } from './types.js';

/** Built-in agents: name -> game slug (or '*' for every game) -> factory. */
export const BUILTIN_AGENTS: Record<string, Record<string, AgentFactory>> = {
  random: { '*': random },
  heuristic: {
    whirlyard: whirlyardHeuristic,
    delvewick: delvewickHeuristic,
    cragwake: cragwakeHeuristic,
    briarwink: briarwinkHeuristic,
  },
};

/** The built-in agent `name` for `game`, or undefined. */
export function builtinAgent(name: string, game: string): AgentFactory | undefined {
  const byGame = BUILTIN_AGENTS[name];
  return byGame?.[game] ?? byGame?.['*'];
}
