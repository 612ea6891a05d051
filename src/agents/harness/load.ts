/**
 * Finds an agent by what the user typed after `--agent`: a built-in name from the registry
 * (`random`, `heuristic`), an agent someone plugged in with options (see `AGENT_MAKERS`), a path
 * to a module (`.js`, `.mjs`, `.cjs`, `.ts`, `.mts`, from any folder) that default-exports an
 * AgentFactory (or exports it as `createAgent`), or `cmd:COMMAND`, a child process (see cmd.ts).
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILTIN_NAMES, builtinAgent } from '../index.js';
import { llmFromOptions } from '../llm/maker.js';
import type { AgentFactory } from '../types.js';
import { cmdAgent } from './cmd.js';
import { AgentLoadError } from './errors.js';
import type { AgentOptions } from './options.js';

export { AgentLoadError } from './errors.js';
export type { AgentOptions } from './options.js';

/**
 * Agents made from options, by name; consulted before the built-ins. An agent that needs settings
 * (an LLM's base URL, model, key variable) registers a maker here, and the CLI declares its options.
 */
const AGENT_MAKERS: Record<string, (slug: string, options: AgentOptions) => AgentFactory | undefined> = {
  llm: llmFromOptions,
};

/** True when `spec` names a file rather than a built-in agent or a `cmd:` command. */
export function isAgentPath(spec: string): boolean {
  if (spec.startsWith('cmd:')) return false;
  return spec.startsWith('.') || isAbsolute(spec) || /\.(m?[jt]s|cjs)$/.test(spec);
}

/** Every agent name `--agent` accepts without a path. */
function agentNames(): string[] {
  return [...new Set([...Object.keys(AGENT_MAKERS), ...BUILTIN_NAMES])];
}

/** The factory `spec` names for `slug`; throws AgentLoadError with a message for the user. */
export async function loadAgent(spec: string, slug: string, options: AgentOptions = {}): Promise<AgentFactory> {
  let factory: AgentFactory | undefined;
  if (spec.startsWith('cmd:')) {
    const command = spec.slice(4).trim();
    if (!command) throw new AgentLoadError('--agent "cmd:COMMAND" needs a command, e.g. "cmd:python3 my_agent.py".');
    factory = cmdAgent(command, slug);
  } else if (isAgentPath(spec)) {
    const url = pathToFileURL(resolve(spec)).href;
    let mod: { default?: unknown; createAgent?: unknown };
    try {
      mod = (await import(url)) as typeof mod;
    } catch (err) {
      // One line: a compiler's message spans several.
      const why = String((err as Error)?.message ?? err)
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      throw new AgentLoadError(`Cannot load the agent module ${spec}: ${why}`);
    }
    const found = typeof mod.default === 'function' ? mod.default : mod.createAgent;
    if (typeof found !== 'function') {
      throw new AgentLoadError(
        `The agent module ${spec} must default-export an agent factory (ctx) => ({ act(view) }), or export it as createAgent.`,
      );
    }
    factory = found as AgentFactory;
  } else {
    factory = AGENT_MAKERS[spec]?.(slug, options) ?? (await builtinAgent(spec, slug));
    if (!factory) {
      const plays = await Promise.all(
        agentNames().map(async (n) => Boolean(AGENT_MAKERS[n]) || (await builtinAgent(n, slug)) !== undefined),
      );
      const known = agentNames().filter((_n, i) => plays[i]);
      throw new AgentLoadError(
        BUILTIN_NAMES.includes(spec) || AGENT_MAKERS[spec]
          ? `The agent "${spec}" has no ${slug} player yet. Agents for ${slug}: ${known.join(', ')}.`
          : `There is no agent "${spec}". Agents: ${known.join(', ')}; or give a module path such as ./my-agent.js.`,
      );
    }
  }
  if (factory.games && !factory.games.includes(slug)) {
    throw new AgentLoadError(`The agent ${spec} plays ${factory.games.join(', ')}, not ${slug}.`);
  }
  return factory;
}
