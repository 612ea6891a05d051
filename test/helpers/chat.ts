/**
 * A stand-in OpenAI-compatible chat-completions endpoint on 127.0.0.1 for tests of the LLM agent through
 * the CLI: it reads the legal-action menu from the prompt when there is one (menu mode) and plays its
 * last non-ending action (as `{"action": ...}` when the request asks for a JSON reply or offers tools,
 * then in a tool call); without a menu (no-menu mode) it answers `fallback`. Set `status` to answer
 * every request with that HTTP status instead (a wrong key, a wrong URL, a broken server). It counts
 * the requests and whether each held a menu. `script` answers the next requests first (a status with a
 * Retry-After, say), and `dieAfter` makes it answer 503 to everything once it has answered that many.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACTIONS_HEADING } from '../../src/core/text.js';
import { MENU_HEADING } from '../../src/agents/llm/prompt.js';

/** A running stand-in: its `/v1` base URL, what it saw, and `close`. */
export interface ChatStandIn {
  baseUrl: string;
  requests: {
    model: string;
    menu: boolean;
    authorization?: string;
    body: Record<string, unknown>;
    at: number;
  }[];
  /** When set, every request is answered with this status and an error body. */
  status?: number;
  /** Answers for the next requests, before anything else: an error status, with a Retry-After header if given. */
  script: { status: number; retryAfter?: string }[];
  /** Once this many requests were answered with a reply, every later one is answered 503. */
  dieAfter?: number;
  /** Replies given so far. */
  answered: number;
  /** The reply when the prompt has no menu. */
  fallback: string;
  close(): Promise<void>;
}

/** The JSON actions listed after the last menu heading of `prompt` (Cragwake's lines carry a note after each). */
export function menuOf(prompt: string): string[] {
  const at = Math.max(prompt.lastIndexOf(MENU_HEADING), prompt.lastIndexOf(ACTIONS_HEADING));
  if (at < 0) return [];
  return prompt
    .slice(at)
    .split('\n')
    .slice(1)
    .map((l) => /^\s*(\{.*?\})(\s|$)/.exec(l)?.[1])
    .filter((l): l is string => l !== undefined);
}

/** Starts the stand-in; `fallback` is the reply when the prompt has no menu. */
export async function startChatStandIn(fallback = '{"type": "wait"}'): Promise<ChatStandIn> {
  const requests: ChatStandIn['requests'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      // the position is the conversation's first user message (feedback after a refusal follows it)
      const options = menuOf(body.messages[1]?.content ?? '').filter((l) => !/end_?run/i.test(l));
      requests.push({
        model: body.model,
        menu: options.length > 0,
        authorization: req.headers.authorization,
        body,
        at: performance.now(),
      });
      const scripted = standIn.script.shift();
      const dead = standIn.dieAfter !== undefined && standIn.answered >= standIn.dieAfter;
      const status = scripted?.status ?? (dead ? 503 : standIn.status);
      if (status !== undefined) {
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(scripted?.retryAfter ? { 'retry-after': scripted.retryAfter } : {}),
        });
        res.end(JSON.stringify({ error: { message: 'stand-in failure', type: 'invalid_request_error' } }));
        return;
      }
      standIn.answered++;
      const content = options.length > 0 ? `I pick:\n\`\`\`json\n${options.at(-1)}\n\`\`\`` : standIn.fallback;
      // asked for a JSON reply or a tool call: {"action": ...} as the content, or as the call's arguments
      const wrapped = `{"action": ${options.length > 0 ? options.at(-1) : standIn.fallback}}`;
      const b = body as { tools?: unknown; response_format?: unknown };
      const message = b.tools
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'act', arguments: wrapped } }],
          }
        : { role: 'assistant', content: b.response_format ? wrapped : content };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message }], usage: { prompt_tokens: 100, completion_tokens: 7 } }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const standIn: ChatStandIn = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    fallback,
    script: [],
    answered: 0,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
  return standIn;
}

/** What the CLI needs to call the stand-in: a key (any will do). */
export const STAND_IN_ENV = { OPENAI_API_KEY: 'sk-stand-in' };

/** `gameboard eval --agent llm` against `chat`, with the stand-in model, then `more`. */
export const llmEvalArgs = (chat: ChatStandIn, ...more: string[]): string[] => [
  'eval',
  '--agent',
  'llm',
  '--base-url',
  chat.baseUrl,
  '--model',
  'stand-in',
  ...more,
];
