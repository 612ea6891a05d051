/**
 * A minimal client for an OpenAI-compatible chat-completions endpoint (`POST <baseUrl>/chat/completions`):
 * what the LLM agent needs and nothing more. Works with OpenAI, vLLM, llama.cpp's server, Ollama's /v1,
 * LiteLLM and the like. Uses the global fetch; a slow reply is cut off after `timeoutMs`.
 *
 * Every request carries `max_tokens`. A reply is the first choice's text, or, for a tool-call reply
 * (`content: null` with `tool_calls`), the first call's `arguments`; its billed tokens are read whatever
 * it held, also when it held nothing usable (`ChatReply.content` null).
 */

/** One chat message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A reply: its text and, when the endpoint reports them, the tokens it counted. */
export interface ChatReply {
  /** The text (or the tool call's arguments); null when the answer held neither. */
  content: string | null;
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
  /** Sent as `max_tokens` in every request. */
  maxTokens?: number;
  /** More fields of the request body (`response_format`, `tools`, `tool_choice`...), sent as given. */
  extraBody?: Record<string, unknown>;
}

/**
 * Why a chat request failed (HTTP status, timeout, reset, malformed answer). `status` is the HTTP
 * status when there was an answer, null when there was none (refused connection, reset, timeout);
 * `retryAfterMs` what a `Retry-After` header asked for, when it did.
 */
export class ChatError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** 401, 403 and 404: a wrong key, a forbidden model, a wrong URL or model name. Retrying cannot help. */
export function isFatalStatus(status: number | null): boolean {
  return status === 401 || status === 403 || status === 404;
}

/**
 * A failure that waiting may mend: no answer at all (refused, reset, timeout), 408, 409, 425, 429 and
 * every 5xx. The other 4xx (400, 413, 422...) are the request's own fault and are not waited on.
 */
export function isTransient(err: ChatError): boolean {
  const s = err.status;
  return s === null || s === 408 || s === 409 || s === 425 || s === 429 || s >= 500;
}

/** A `Retry-After` header in milliseconds: delay-seconds or an HTTP date (`now` for tests); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
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

/** The request body `chat` sends (also what a result file records as sent). */
export function requestBody(opts: ChatOptions, messages: ChatMessage[]): Record<string, unknown> {
  return {
    model: opts.model,
    messages,
    temperature: opts.temperature ?? 0,
    ...(opts.maxTokens !== undefined ? { max_tokens: opts.maxTokens } : {}),
    ...opts.extraBody,
  };
}

/** Sends `messages` and returns the first choice's text and usage. Throws ChatError on any failure. */
export async function chat(opts: ChatOptions, messages: ChatMessage[]): Promise<ChatReply> {
  const url = opts.baseUrl.replace(/\/+$/, '') + '/chat/completions';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(requestBody(opts, messages)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') throw new ChatError(`no reply within ${timeoutMs} ms`);
    throw new ChatError(e.cause?.code ?? e.cause?.message ?? e.message);
  }
  const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError') throw new ChatError(`no reply within ${timeoutMs} ms`);
    throw new ChatError(
      `HTTP ${res.status}${res.ok ? ': not JSON' : ` ${res.statusText}`.trimEnd()}`,
      res.ok ? 502 : res.status,
      retryAfter,
    );
  }
  if (!res.ok)
    throw new ChatError(
      `HTTP ${res.status} ${res.statusText}: ${JSON.stringify(body).slice(0, 200)}`,
      res.status,
      retryAfter,
    );
  const b = body as {
    choices?: { message?: { content?: unknown; tool_calls?: { function?: { arguments?: unknown } }[] } }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  // A 200 without any choice is the endpoint's failure (some proxies answer errors so), not the model's reply.
  if (!Array.isArray(b.choices) || b.choices.length === 0)
    throw new ChatError(`HTTP ${res.status}: the answer has no choices: ${JSON.stringify(body).slice(0, 200)}`, 502);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const message = b.choices?.[0]?.message;
  const args = message?.tool_calls?.[0]?.function?.arguments;
  const content =
    typeof message?.content === 'string' && message.content.trim() !== ''
      ? message.content
      : typeof args === 'string'
        ? args
        : args && typeof args === 'object'
          ? JSON.stringify(args)
          : typeof message?.content === 'string'
            ? message.content
            : null;
  return {
    content,
    promptTokens: num(b.usage?.prompt_tokens),
    completionTokens: num(b.usage?.completion_tokens),
  };
}
