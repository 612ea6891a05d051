/**
 * docs/agents.md's "What a run costs" table stays true: each game's row is measured again with
 * scripts/llm-prompt-size.ts (one real run per game, the LLM agent's requests counted), so a change to
 * the prompt, the rules text or a game fails here until the table is regenerated with the command the
 * page shows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/games/index.js';
import { CHARS_PER_TOKEN, measure } from '../scripts/llm-prompt-size.js';

const page = readFileSync(new URL('../docs/agents.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('### What a run costs'));
const fmt = (n: number) => n.toLocaleString('en-US');

describe('the prompt sizes docs/agents.md gives', () => {
  it.each(registry.slugs())(
    '%s',
    async (slug) => {
      const s = await measure(slug);
      expect(s.runTokens).toBe(Math.round(s.runChars / CHARS_PER_TOKEN));
      const row =
        `| ${s.game} | ${s.seed} | ${fmt(s.requests)} | ${fmt(s.systemChars)} chars | ` +
        `${fmt(s.meanPositionChars)} (${fmt(s.maxPositionChars)}) chars | ${fmt(s.runChars)} chars | ${fmt(s.runTokens)} |`;
      expect(section).toContain(row);
    },
    60_000,
  );
});
