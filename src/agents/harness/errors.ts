/** A user mistake in `--agent` (an unknown name, a bad module, missing options): shown with no stack. */
export class AgentLoadError extends Error {}
