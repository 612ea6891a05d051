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
import type { AnyGame, GameAction, Json } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
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

/** A property's schema, as far as the variant drawer reads one. */
interface PropertySchema {
  const?: unknown;
  enum?: unknown[];
  type?: string;
  minimum?: number;
  maximum?: number;
}

/** An object branch of an action grammar. */
interface BranchSchema {
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

/** The object branches of `game`'s action grammar whose `type` is the constant `type`. */
function branchesOf(game: AnyGame, type: string): BranchSchema[] {
  const schema = game.spec.actionSchema as BranchSchema & { oneOf?: BranchSchema[]; anyOf?: BranchSchema[] };
  return (schema.oneOf ?? schema.anyOf ?? [schema]).filter((b) => b.properties?.type?.const === type);
}

/** A value `p` allows, or undefined for a property schema this drawer cannot read. */
function draw(p: PropertySchema, rng: Rng): Json | undefined {
  if (p.const !== undefined) return p.const as Json;
  if (p.enum) return rng.pick(p.enum) as Json;
  if (p.type === 'boolean') return rng.chance(0.5);
  if (p.type === 'integer' && p.minimum !== undefined && p.maximum !== undefined)
    return p.minimum + rng.int(p.maximum - p.minimum + 1);
  return undefined;
}

/**
 * For a game that accepts variants of listed actions (`Game.variants`: Briarwink lists single ticks but
 * accepts `walkTo` and `count` on any of them), a drawer of such variants read from its action grammar,
 * so that those paths are covered too: now and then a whole new action of the listed type (a random
 * branch of the grammar, every field drawn), now and then the listed action with a count. Undefined for
 * a game with no variants, which plays its listed actions only.
 */
function variantsOf(game: AnyGame): ((a: GameAction, rng: Rng) => GameAction) | undefined {
  const v = game.variants;
  if (!v) return undefined;
  return (a, rng) => {
    if (!v.types.includes(a.type)) return a;
    const branches = branchesOf(game, a.type);
    if (branches.length === 0) throw new Error(`${game.spec.slug}: no branch of the action grammar is "${a.type}"`);
    if (rng.chance(0.4)) {
      const branch = rng.pick(branches);
      const out: GameAction = { type: a.type };
      for (const [key, p] of Object.entries(branch.properties!)) {
        if (key === 'type' || (!branch.required?.includes(key) && rng.chance(0.3))) continue;
        const value = draw(p, rng);
        if (value === undefined && branch.required?.includes(key))
          throw new Error(`${game.spec.slug}: cannot draw the required field "${key}" of a "${a.type}"`);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    const count = v.countField && branches.find((b) => b.properties?.[v.countField!])?.properties?.[v.countField];
    const n = count ? draw(count, rng) : undefined;
    return n !== undefined && rng.chance(0.35) ? { ...a, [v.countField!]: n } : a;
  };
}

/** A random action: legal, and for games that accept variants of listed actions, sometimes one of those. */
function chooser(game: AnyGame, seed: number): (legal: GameAction[]) => GameAction {
  const pick = randomPolicy(Rng.fromSeed(seed, 23));
  const rng = Rng.fromSeed(seed, 29);
  const variant = variantsOf(game);
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
      let variants = 0;
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
          if (!legal.some((l) => JSON.stringify(l) === JSON.stringify(action))) variants++;
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
      if (game.variants) expect(variants, 'variants of listed actions played').toBeGreaterThan(STEPS / 10);
    });
  });
}
