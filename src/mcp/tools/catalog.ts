/**
 * The catalogue tools: the games there are and a game's rules.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { gameRulesTxt } from '../../llms/pages.js';
import { guarded, type ToolContext } from './context.js';

/** list_games and get_rules. */
export function registerCatalogTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_games',
    {
      description: 'List the Gameboard games: slug, name, what you do, and the rules version.',
      outputSchema: {
        games: z.array(
          z.object({ slug: z.string(), name: z.string(), description: z.string(), rulesVersion: z.string() }),
        ),
      },
    },
    () =>
      guarded(() => {
        const list = ctx.registry.games.map((g) => ({
          slug: g.spec.slug,
          name: g.spec.name,
          description: g.spec.description,
          rulesVersion: g.spec.rulesVersion,
        }));
        return {
          content: [{ type: 'text', text: list.map((g) => `${g.slug}: ${g.name}. ${g.description}`).join('\n') }],
          structuredContent: { games: list },
        };
      }),
  );

  server.registerTool(
    'get_rules',
    {
      description: "A game's complete rules for agents: goal, scoring, every action with an example, how a run ends.",
      inputSchema: { game: z.string().describe('the game slug, e.g. whirlyard') },
      outputSchema: { game: z.string(), rulesVersion: z.string(), resource: z.string() },
    },
    ({ game }) =>
      guarded(() => {
        const g = ctx.games.engine(game);
        return {
          content: [{ type: 'text', text: gameRulesTxt(g, ctx.serverUrl) }],
          structuredContent: {
            game: g.spec.slug,
            rulesVersion: g.spec.rulesVersion,
            resource: `gameboard://rules/${g.spec.slug}`,
          },
        };
      }),
  );
}
