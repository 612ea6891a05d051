/**
 * What the shells know of each game beyond its spec lives in the game's own shells.ts (src/core/shells.ts),
 * read through the registry: no table outside a game's folder names a game. This holds every registered
 * game to carrying it. (The client's per-game types are read off the registry too: src/client/types.test.ts.)
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { GameAction } from '../src/core/game.js';
import type { ScreenshotRun } from '../src/core/shells.js';
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

describe("the runs a game's screenshots declare (shells.screenshots.more and .animation) play as declared", () => {
  const runs = registry.games.flatMap((g) => {
    const shots = g.shells?.screenshots;
    const declared: ScreenshotRun[] = [...(shots?.more ?? []), ...(shots?.animation ? [shots.animation] : [])];
    return declared.map((run) => [`${g.spec.slug} ${run.name}`, g, run] as const);
  });

  it.each(runs)('%s: every action accepted, the run still going before its last', (_name, game, run) => {
    // scripts/screenshots.ts plays it from the run's seed, or its own fixed seed (7) when it names none
    let state = game.init(run.seed ?? 7);
    run.actions.forEach((action: GameAction, i: number) => {
      expect(game.isGameOver(state), `over before action ${i}`).toBe(false);
      const r = game.step(state, action);
      expect(r.ok, `action ${i} ${JSON.stringify(action)} refused`).toBe(true);
      if (r.ok) state = r.state;
    });
    expect(run.shows).not.toBe('');
  });
});
