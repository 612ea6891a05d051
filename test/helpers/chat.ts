/**
 * A stand-in OpenAI-compatible chat-completions endpoint on 127.0.0.1 for tests of the LLM agent through
 * the CLI: it reads the legal-action menu from the prompt when there is one (menu mode) and plays its
 * last non-ending action; without a menu (no-menu mode) it answers `fallback`. It counts the requests
 * and whether each held a menu.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACTIONS_HEADING } from '../../src/core/text.js';

/** A running stand-in: its `/v1` base URL, what it saw, and `close`. */
export interface ChatStandIn {
  baseUrl: string;
  requests: { model: string; menu: boolean }[];
  close(): Promise<void>;
}

/** Starts the stand-in; `fallback` is the reply when the prompt has no menu. */
export async function startChatStandIn(fallback = '{"type": "wait"}'): Promise<ChatStandIn> {
  const requests: ChatStandIn['requests'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      const prompt = body.messages.map((m) => m.content).join('\n');
      // The agent's menu (menu mode), or the observation text's own list when the agent left it in.
      const at = Math.max(prompt.lastIndexOf('Legal actions (send one exactly):'), prompt.lastIndexOf(ACTIONS_HEADING));
      const options =
        at < 0
          ? []
          : prompt
              .slice(at)
              .split('\n')
              .filter((l) => l.startsWith('{') && !/end_?run/i.test(l));
      requests.push({ model: body.model, menu: options.length > 0 });
      const content = options.length > 0 ? `I pick:\n\`\`\`json\n${options.at(-1)}\n\`\`\`` : fallback;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 100, completion_tokens: 7 },
        }),
      );
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
