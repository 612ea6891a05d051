/**
 * The pages for language models and agent builders: `/llms.txt`, `/llms/<slug>.txt` (one game's full
 * rules, as the LLM agent and the MCP server use them) and `/docs/agents` (docs/agents.md, the agents
 * quickstart, as a simple HTML page). The text pages are built in src/llms/pages.ts.
 */
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from '../../core/registry.js';
import { gameRulesTxt, llmsTxt } from '../../llms/pages.js';
import { ApiError } from '../errors.js';
import type { SchemaTypes } from '../schemas/types.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Inline markdown: code spans, then links, on escaped text. */
function inline(text: string): string {
  return esc(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/**
 * A small markdown renderer, enough for docs/agents.md: headings, fenced code, lists, paragraphs, inline
 * code and links. (No dependency for one page; anything it does not know is shown as plain text.)
 */
export function markdownToHtml(md: string): string {
  const out: string[] = [];
  const lines = md.split('\n');
  let para: string[] = [];
  let list = false;
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
    if (list) out.push('</ul>');
    list = false;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      out.push(`<pre><code class="language-${fence[1] || 'text'}">${esc(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,4}) (.*)$/.exec(line);
    if (heading) {
      flush();
      out.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (/^[-*] /.test(line)) {
      if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
      para = [];
      if (!list) out.push('<ul>');
      list = true;
      out.push(`<li>${inline(line.slice(2))}</li>`);
    } else if (line.trim() === '') flush();
    else if (list && /^\s+/.test(line))
      out[out.length - 1] = out[out.length - 1].replace(/<\/li>$/, ` ${inline(line.trim())}</li>`);
    else para.push(line);
  }
  flush();
  return out.join('\n');
}

/** docs/agents.md, read once (the page is part of the source tree). */
let agentsMd: string | undefined;
function agentsPage(): string {
  agentsMd ??= readFileSync(new URL('../../../docs/agents.md', import.meta.url), 'utf8');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agents quickstart · Gameboard</title>
<style>
body{font:16px/1.55 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2330;background:#fbfbf8}
code,pre{font:14px/1.45 ui-monospace,monospace;background:#eef0f3;border-radius:4px}
code{padding:0 .25rem} pre{padding:.75rem;overflow:auto} a{color:#1748a6}
</style></head><body>
<nav><a href="/">Games</a> · <a href="/docs/api">API</a> · <a href="/llms.txt">llms.txt</a></nav>
${markdownToHtml(agentsMd)}
</body></html>`;
}

/** The public base URL as the client reached us (used in examples). */
function baseOf(req: { protocol: string; host: string }): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * A game's page, `<slug>.txt`: any name is accepted as text (one that names no page is answered 404
 * unknown_game by the handler, listing the pages).
 */
const pageParams = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string' } },
} as const;

/** The pages for language models (/llms.txt, /llms/:slug.txt and /docs/agents) as a Fastify plugin. */
export const llmsRoutes: FastifyPluginAsync<{ registry: Registry }> = async (app, { registry }) => {
  const hide = { schema: { hide: true } };
  const text = 'text/plain; charset=utf-8';
  const pages = app.withTypeProvider<SchemaTypes>();
  pages.get('/llms.txt', hide, async (req, reply) => {
    return reply.type(text).send(llmsTxt(registry, baseOf(req)));
  });
  pages.get('/llms/:file', { schema: { hide: true, params: pageParams } }, async (req, reply) => {
    const slug = req.params.file.replace(/\.txt$/, '');
    const game = registry.get(slug);
    if (!game || !req.params.file.endsWith('.txt')) {
      throw new ApiError(
        'unknown_game',
        `There is no page "${req.params.file.slice(0, 64)}". Pages: ${registry
          .slugs()
          .map((s) => `/llms/${s}.txt`)
          .join(', ')}.`,
      );
    }
    return reply.type(text).send(gameRulesTxt(game, baseOf(req)));
  });
  pages.get('/docs/agents', hide, async (_req, reply) => {
    return reply.type('text/html; charset=utf-8').send(agentsPage());
  });
};
