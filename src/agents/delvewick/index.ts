/** Delvewick's own agents, found by the slug of this folder (src/agents/index.ts): its heuristic player. */
export { delvewickHeuristic as heuristic } from './heuristic.js';
