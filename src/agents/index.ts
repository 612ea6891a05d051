/**
 * The built-in agents, by name: `random` plays every game; `heuristic` is each game's own, from its agent
 * folder; `first` (a probe, every game) always takes the first listed action.
 * The CLI's `--agent NAME` looks names up here; anything else is loaded as a module path.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { first } from './first.js';
import { random } from './random.js';
import type { AgentFactory } from './types.js';

export type { AgentFactory } from './types.js';

/** The agents that play every game, by name. */
const EVERY_GAME: Readonly<Record<string, AgentFactory>> = { random, first };

/** Every built-in agent's name. */
export const BUILTIN_NAMES: readonly string[] = [...Object.keys(EVERY_GAME), 'heuristic'];

/** The folder of the games' agent folders: src/agents/. */
const AGENTS = fileURLToPath(new URL('.', import.meta.url));

/**
 * The heuristic agent of a game: the `heuristic` its agent folder's index exports
 * (`src/agents/<slug>/index.ts`), found by the slug, so that no list names the games. Undefined for a
 * game without one: `--agent heuristic` then refuses it by name ("The agent "heuristic" has no <slug>
 * player yet"). `dir` is another folder of agent folders (a test's).
 */
export async function heuristicFor(slug: string, dir: string = AGENTS): Promise<AgentFactory | undefined> {
  if (!/^[a-z][a-z0-9]*$/.test(slug)) return undefined;
  const file = ['index.ts', 'index.js'].map((f) => join(dir, slug, f)).find((f) => existsSync(f));
  if (!file) return undefined;
  const found = ((await import(pathToFileURL(file).href)) as { heuristic?: unknown }).heuristic;
  return typeof found === 'function' ? (found as AgentFactory) : undefined;
}

/** The built-in agent `name` for `game`, or undefined. */
export async function builtinAgent(name: string, game: string): Promise<AgentFactory | undefined> {
  if (name === 'heuristic') return heuristicFor(game);
  return Object.hasOwn(EVERY_GAME, name) ? EVERY_GAME[name] : undefined;
}
