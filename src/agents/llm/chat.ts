/**
 * A minimal client for an OpenAI-compatible chat-completions endpoint (`POST <baseUrl>/chat/completions`):
 * what the LLM agent needs and nothing more. Works with OpenAI, vLLM, llama.cpp's server, Ollama's /v1,
 * LiteLLM and the like. Uses the global fetch; a slow reply is cut off after `timeoutMs`.
 */

/** One chat message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A reply: its text and, when the endpoint reports them, the tokens it counted. */
export interface ChatReply {
  content: string;
  promptTokens: number | null;
  completionTokens: number | null;
}

/** Where and how to ask. */
export interface ChatOptions {
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token when given (local endpoints often need none). */
  apiKey?: string;
  /** Per request; default 60 s. */
  timeoutMs?: number;
  temperature?: number;
}

/**
 * Why a chat request failed (HTTP status, timeout, malformed answer): the agent retries on it, except
 * on the statuses that no retry mends (see `isFatalStatus`). `status` is the HTTP status when there was
 * an answer, null when there was none (refused connection, timeout).
 */
export class ChatError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** 401, 403 and 404: a wrong key, a forbidden model, a wrong URL or model name. Retrying cannot help. */
export function isFatalStatus(status: number | null): boolean {
  return status === 401 || status === 403 || status === 404;
}

/** The endpoint as it may be shown: the base URL without any user or password in it. */
export function endpointName(baseUrl: string): string {
  try {
    const u = new URL(baseUrl);
    u.username = '';
    u.password = '';
    u.search = '';
    return u.href.replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
}

/** Sends `messages` and returns the first choice's text. Throws ChatError on any failure. */
export async function chat(opts: ChatOptions, messages: ChatMessage[]): Promise<ChatReply> {
  const url = opts.baseUrl.replace(/\/+$/, '') + '/chat/completions';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: opts.model, messages, temperature: opts.temperature ?? 0 }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
    });
  } catch (err) {
    const e = err as Error;
    throw new ChatError(e.name === 'TimeoutError' ? `no reply within ${opts.timeoutMs ?? 60_000} ms` : e.message);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError') throw new ChatError(`no reply within ${opts.timeoutMs ?? 60_000} ms`);
    throw new ChatError(`HTTP ${res.status}${res.ok ? ': not JSON' : ` ${res.statusText}`.trimEnd()}`, res.status);
  }
  if (!res.ok)
    throw new ChatError(`HTTP ${res.status} ${res.statusText}: ${JSON.stringify(body).slice(0, 200)}`, res.status);
  const b = body as {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const content = b.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new ChatError('the answer has no choices[0].message.content', res.status);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return { content, promptTokens: num(b.usage?.prompt_tokens), completionTokens: num(b.usage?.completion_tokens) };
}
