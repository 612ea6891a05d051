/**
 * Immutability conformance, as a function of the games it runs over (test/immutability.test.ts runs it
 * on the registry, test/sixth-game.test.ts on a test registry): no game may write into a state it was
 * given. Over long seeded random playouts, each state (and each action) is deep-frozen before `step`,
 * `observe`, `legalActions`, `score`, `isGameOver` and `outcome` see it, so any write into the input,
 * or into an array or record the input shares with the output, throws (engines are ES modules, which
 * run in strict mode). The server's recent-token memory hands one state object to several requests,
 * so such a write would silently change another player's game.
 *
 * Typed arrays cannot be frozen (`Object.freeze` refuses a non-empty one); a state holding one is
 * reported instead of silently left writable.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { entryFor } from '../../src/core/registry.js';
import { Rng } from '../../src/core/rng.js';
import type { Slug } from '../../src/games/index.js';
import { randomPolicy } from './playout.js';

/** At least this many seeds per game, each played until game over or `PER_SEED` steps... */
const SEEDS = Number(process.env.IMMUTABILITY_SEEDS ?? 30);
const PER_SEED = 400;
/** ...and more seeds until the game has taken at least this many steps. */
const STEPS = Number(process.env.IMMUTABILITY_STEPS ?? 4000);

/** Freeze `x` and everything reachable from it; the paths of any typed arrays go to `unfreezable`. */
function deepFreeze(x: unknown, unfreezable: string[], path = 'state'): void {
  if (x === null || typeof x !== 'object' || Object.isFrozen(x)) return;
  if (ArrayBuffer.isView(x)) {
    unfreezable.push(path);
    return;
  }
  Object.freeze(x);
  for (const [k, v] of Object.entries(x)) deepFreeze(v, unfreezable, `${path}.${k}`);
}

/**
 * Variants of listed actions drawn for games that accept them (`Game.variants`), so that those paths
 * are covered too. Partial on purpose: a game with no variants plays its listed actions only.
 */
const VARIANTS: Partial<Record<Slug, (a: GameAction, rng: Rng) => GameAction>> = {
  // Briarwink lists single ticks but accepts walkTo and count on any of them
  briarwink: (a, rng) =>
    a.type !== 'tick'
      ? a
      : rng.chance(0.4)
        ? { type: 'tick', walkTo: rng.int(63), plant: rng.chance(0.3), count: 1 + rng.int(30) }
        : rng.chance(0.2)
          ? { ...a, count: 1 + rng.int(30) }
          : a,
};

/** A random action: legal, and for games that accept variants of listed actions, sometimes one of those. */
function chooser(game: AnyGame, seed: number): (legal: GameAction[]) => GameAction {
  const pick = randomPolicy(Rng.fromSeed(seed, 23));
  const rng = Rng.fromSeed(seed, 29);
  const variant = entryFor(VARIANTS, game.spec.slug);
  return (legal) => {
    const a = pick(legal);
    return variant ? variant(a, rng) : a;
  };
}

/** The immutability suite over `games` (the project's registry, or a test registry). */
export function immutabilitySuite(games: readonly AnyGame[]): void {
  describe.each(games.map((g) => [g.spec.slug, g] as const))('%s immutability', (slug, game) => {
    it(`never writes into a deep-frozen state over ${SEEDS}+ seeds and ${STEPS}+ steps of random play`, () => {
      const perSeed = PER_SEED;
      let steps = 0;
      for (let seed = 1; seed <= SEEDS || (steps < STEPS && seed <= 100 * SEEDS); seed++) {
        const choose = chooser(game, seed);
        let state: unknown = game.init(seed * 7919);
        for (let i = 0; i < perSeed && !game.isGameOver(state); i++) {
          const where = `${slug}, seed ${seed * 7919}, step ${i}`;
          const unfreezable: string[] = [];
          deepFreeze(state, unfreezable);
          expect(unfreezable, `${where}: the state holds typed arrays, which cannot be frozen`).toEqual([]);
          game.observe(state);
          game.score(state);
          game.outcome(state);
          const legal = game.legalActions(state);
          if (legal.length === 0) break;
          const action = choose(legal);
          deepFreeze(action, unfreezable, 'action');
          let r;
          try {
            r = game.step(state, action);
          } catch (err) {
            throw new Error(`${where}: step(${JSON.stringify(action)}) wrote into its frozen input: ${String(err)}`);
          }
          expect(r.ok, `${where}: ${JSON.stringify(action)} was refused`).toBe(true);
          if (!r.ok) break;
          state = r.state;
          steps++;
        }
      }
      expect(steps).toBeGreaterThanOrEqual(STEPS);
    });
  });
}
