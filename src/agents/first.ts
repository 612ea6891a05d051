/**
 * The `first` probe: always the first legal action the game lists. It plays no game well on purpose: its
 * score is what the engine's menu order alone is worth, the floor a model that picks the first listed
 * action would reach (docs/baselines.md has its row); the LLM harness shuffles the menu by default so
 * that position carries no signal.
 */
import type { AgentFactory } from './types.js';

export const first: AgentFactory = () => ({ act: (view) => view.legalActions[0] });
