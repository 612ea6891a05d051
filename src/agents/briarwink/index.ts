/** Briarwink's own agents, found by the slug of this folder (src/agents/index.ts): its heuristic player. */
export { briarwinkHeuristic as heuristic } from './heuristic.js';
