/**
 * `--agent llm` for `gameboard eval`: the LLM agent made from the CLI's options (`--base-url`,
 * `--model`, `--api-key-env`, `--no-menu`, `--retries`, `--max-batch`, `--strict-parse`,
 * `--temperature`, `--timeout-ms`, `--max-tokens`, `--max-failures`, `--backoff-ms`, `--backoff-max-ms`). Registered in the harness's AGENT_MAKERS, so worker threads make it from the same
 * plain options.
 */
import { AgentLoadError } from '../harness/errors.js';
import type { AgentOptions } from '../harness/options.js';
import { createLlmAgent, type LlmAgentFactory, type LlmAgentOptions } from './index.js';

const num = (v: unknown): number | undefined => (v === undefined ? undefined : Number(v));

/** The LLM agent for `options`; a missing endpoint or model is the user's mistake, said plainly. */
export function llmFromOptions(_slug: string, options: AgentOptions): LlmAgentFactory {
  return createLlmAgent(llmOptions(options));
}

/** The LLM agent's options from the CLI's (see `llmFromOptions`). */
export function llmOptions(options: AgentOptions): LlmAgentOptions {
  const { baseUrl, model } = options;
  if (typeof baseUrl !== 'string' || typeof model !== 'string') {
    throw new AgentLoadError(
      'The llm agent needs --base-url (an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1) and --model.',
    );
  }
  return {
    baseUrl,
    model,
    apiKeyEnv: typeof options.apiKeyEnv === 'string' ? options.apiKeyEnv : undefined,
    menu: options.menu !== false,
    retries: num(options.retries),
    maxBatch: num(options.maxBatch),
    strictParse: options.strictParse === true,
    temperature: num(options.temperature),
    timeoutMs: num(options.timeoutMs),
    maxTokens: num(options.maxTokens),
    maxFailures: num(options.maxFailures),
    backoffMs: num(options.backoffMs),
    backoffMaxMs: num(options.backoffMaxMs),
    replyFormat: options.replyFormat as LlmAgentOptions['replyFormat'],
    tokenBudget: num(options.tokenBudget),
    menuOrder: options.menuOrder as LlmAgentOptions['menuOrder'],
    compact: options.compact === true,
  };
}
