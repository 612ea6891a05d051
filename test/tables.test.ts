/**
 * What the shells know of each game beyond its spec lives in the game's own shells.ts (src/core/shells.ts),
 * read through the registry: no table outside a game's folder names a game. This holds every registered
 * game to carrying it. (The client's per-game types are read off the registry too: src/client/types.test.ts.)
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/games/index.js';

describe('every registered game carries its shells data', () => {
  it.each(registry.games.map((g) => [g.spec.slug, g] as const))(
    '%s: keys, guide, margin cap, reference, screenshots',
    (slug, game) => {
      const shells = game.shells;
      expect(shells, `src/games/${slug}/shells.ts, exported as the game's \`shells\``).toBeDefined();
      expect(shells!.guide.actions.length).toBeGreaterThan(0);
      expect(shells!.marginCap).toBeGreaterThan(0);
      expect(shells!.reference?.rulesVersion).toBe(game.spec.rulesVersion);
      const ajv = new Ajv({ strict: false });
      const valid = ajv.compile(game.spec.actionSchema);
      for (const [key, action] of Object.entries(shells!.keys))
        expect(valid(action), `key ${key}: ${JSON.stringify(action)}: ${ajv.errorsText(valid.errors)}`).toBe(true);
    },
  );
});
