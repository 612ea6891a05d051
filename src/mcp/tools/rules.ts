/**
 * The rules pages as resources and a prompt per game.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AnyGame } from '../../core/game.js';
import { gameRulesTxt } from '../../llms/pages.js';
import type { McpOptions } from '../server.js';

/** The rules pages as resources (`gameboard://rules/<slug>`) and a prompt per game (`play_<slug>`). */
export function registerRulesAndPrompts(server: McpServer, opts: McpOptions): void {
  const bySlug = (slug: unknown): AnyGame => {
    const g = opts.registry.get(String(slug));
    if (!g) throw new Error(`There is no game "${String(slug)}". Games: ${opts.registry.slugs().join(', ')}.`);
    return g;
  };
  server.registerResource(
    'rules',
    new ResourceTemplate('gameboard://rules/{slug}', {
      list: () => ({
        resources: opts.registry.games.map((g) => ({
          uri: `gameboard://rules/${g.spec.slug}`,
          name: `${g.spec.name} rules`,
          description: `${g.spec.name}: ${g.spec.description}`,
          mimeType: 'text/plain',
        })),
      }),
    }),
    { description: "A game's complete rules for agents", mimeType: 'text/plain' },
    (uri, { slug }) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: gameRulesTxt(bySlug(slug), opts.server ?? '') }],
    }),
  );
  for (const g of opts.registry.games) {
    const s = g.spec;
    server.registerPrompt(
      `play_${s.slug}`,
      {
        title: `Play ${s.name} well`,
        description: `Sets you to play ${s.name} with these tools, from its rules to the end of a run.`,
        argsSchema: { seed: z.string().optional().describe('free play: a seed 0-4294967295 (random if omitted)') },
      },
      ({ seed }) => ({
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Play ${s.name} as well as you can. Goal: ${s.goal}\n` +
                `First read the rules (resource gameboard://rules/${s.slug}, or the get_rules tool with game "${s.slug}"). ` +
                `Then call start_game with game "${s.slug}"${seed ? ` and seed ${seed}` : ''}, and play one act at a time, ` +
                'each action one of the legal actions the last answer listed, thinking about what each does before you choose. ' +
                'A refused action changes nothing and says why. Use compact: true once you know the rules, to keep answers short. ' +
                'Stop when gameOver is true and report the score.',
            },
          },
        ],
      }),
    );
  }
}
