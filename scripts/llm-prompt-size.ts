/**
 * How much an LLM evaluation sends: plays one real run per game (the first seed of its dev suite,
 * under its published budget, Delvewick to its end) with the LLM agent, its model stood in for by the
 * game's heuristic agent (each reply is the heuristic's move as JSON, so the run is as long as a
 * decent player's), and counts the characters of every request the agent sends: the system message
 * (the rules, the same every move), the position messages, and their sum over the run. Tokens are
 * estimated at 4 characters a token (English prose and JSON run 3.5 to 4.5 with OpenAI's and Llama's
 * tokenizers; an endpoint's own `usage` is the real figure, and the eval table reports it).
 *
 *   npx tsx scripts/llm-prompt-size.ts            # a Markdown table, as docs/agents.md shows it
 *   npx tsx scripts/llm-prompt-size.ts --json     # the figures as JSON
 *   npx tsx scripts/llm-prompt-size.ts --no-menu  # the same in no-menu mode
 *   npx tsx scripts/llm-prompt-size.ts --compact  # with the fixed lines once in the system message
 *
 * No network: the chat endpoint is answered in this process (global fetch is replaced while it runs).
 */
import type { GameAction } from '../src/core/game.js';
import { registry } from '../src/games/index.js';
import { meterFor } from '../src/agents/budgets.js';
import { loadAgent } from '../src/agents/harness/load.js';
import { createLlmAgent } from '../src/agents/llm/index.js';
import { playRun } from '../src/agents/play.js';
import type { AgentFactory } from '../src/agents/types.js';

/** What one game's run sent. */
export interface PromptSize {
  game: string;
  seed: number;
  mode: 'menu' | 'no-menu';
  /** Requests sent (one per move: the stand-in never needs a retry). */
  requests: number;
  /** Characters of the system message. */
  systemChars: number;
  /** Characters of the position messages: mean and largest. */
  meanPositionChars: number;
  maxPositionChars: number;
  /** Characters of every request of the run, system messages included. */
  runChars: number;
  /** `runChars` / 4, rounded. */
  runTokens: number;
}

/** Characters a token, for the estimate. */
export const CHARS_PER_TOKEN = 4;

/** Measures one game's run. */
export async function measure(slug: string, menu = true, compact = false): Promise<PromptSize> {
  const game = registry.get(slug)!;
  const seed = game.spec.suites.dev[0];
  const heuristic = await loadAgent('heuristic', slug);
  const replies: string[] = [];
  const sizes: { system: number; position: number; total: number }[] = [];
  const realFetch = globalThis.fetch;
  let llmRuns: ReturnType<typeof createLlmAgent>['runs'] = [];
  globalThis.fetch = (async (_url: string, init: { body: string }) => {
    const { messages } = JSON.parse(init.body) as { messages: { role: string; content: string }[] };
    const system = messages[0].content.length;
    sizes.push({
      system,
      position: messages[1].content.length,
      total: messages.reduce((n, m) => n + m.content.length, 0),
    });
    const content = replies.shift() ?? '{"type":"none"}';
    return new Response(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  try {
    const llm = createLlmAgent({ baseUrl: 'http://stand-in.invalid/v1', model: 'heuristic', menu, compact });
    llmRuns = llm.runs;
    const both: AgentFactory = Object.assign(
      (ctx: { game: string; seed: number }) => {
        const h = heuristic(ctx);
        const l = llm(ctx);
        return {
          act: async (view: Parameters<typeof l.act>[0]) => {
            const move: GameAction = await h.act(view);
            replies.push(JSON.stringify(move));
            return l.act(view);
          },
        };
      },
      { needsState: heuristic.needsState },
    );
    await playRun(game, both, seed, { budget: meterFor(slug), maxSteps: meterFor(slug) ? Infinity : undefined });
  } finally {
    globalThis.fetch = realFetch;
  }
  // every reply was the heuristic's legal move: one request a move, nothing retried or forfeited
  const moves = llmRuns.at(-1)?.moves ?? [];
  if (moves.some((m) => m.retries > 0 || m.forfeit)) throw new Error(`${slug}: the stand-in's reply was not played`);
  const runChars = sizes.reduce((n, s) => n + s.total, 0);
  return {
    game: slug,
    seed,
    mode: menu ? 'menu' : 'no-menu',
    requests: sizes.length,
    systemChars: sizes[0]?.system ?? 0,
    meanPositionChars: Math.round(sizes.reduce((n, s) => n + s.position, 0) / Math.max(1, sizes.length)),
    maxPositionChars: Math.max(0, ...sizes.map((s) => s.position)),
    runChars,
    runTokens: Math.round(runChars / CHARS_PER_TOKEN),
  };
}

const fmt = (n: number) => n.toLocaleString('en-US');

if (import.meta.url === `file://${process.argv[1]}`) {
  const menu = !process.argv.includes('--no-menu');
  const all: PromptSize[] = [];
  const compact = process.argv.includes('--compact');
  for (const slug of registry.slugs()) all.push(await measure(slug, menu, compact));
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(all, null, 1) + '\n');
  else {
    process.stdout.write(
      '| game | seed | requests | system prompt | position, mean (max) | a run | tokens a run (est.) |\n' +
        '| --- | --- | --- | --- | --- | --- | --- |\n',
    );
    for (const s of all)
      process.stdout.write(
        `| ${s.game} | ${s.seed} | ${fmt(s.requests)} | ${fmt(s.systemChars)} chars | ${fmt(s.meanPositionChars)} (${fmt(s.maxPositionChars)}) chars | ` +
          `${fmt(s.runChars)} chars | ${fmt(s.runTokens)} |\n`,
      );
  }
}
