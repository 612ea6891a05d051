/**
 * The client's per-game types are read off the registry's games (types.ts `GameTypes`): each registered
 * game gets its own action and observation types, a slug the client does not know gets the generic ones,
 * and a wrong action is a type error. `tsc --noEmit` checks them (expectTypeOf does nothing at run time);
 * a new game adds no line here or in types.ts.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { GameAction, Observation } from '../core/game.js';
import type { Slug as RegistrySlug } from '../games/index.js';
import type { BriarwinkAction, BriarwinkObservation } from '../games/briarwink/index.js';
import type { CragwakeAction, CragwakeObservation } from '../games/cragwake/index.js';
import type { DelvewickAction, DelvewickObservation } from '../games/delvewick/index.js';
import type { WhirlyardAction, WhirlyardObservation } from '../games/whirlyard/index.js';
import type { GameboardClient } from './client.js';
import type { ActionOf, GameTypes, ObservationOf, Slug } from './types.js';

/** Never called: what a session of each game is typed as, read by the compiler. */
async function sessions(client: GameboardClient) {
  const whirlyard = await client.start('whirlyard');
  expectTypeOf(whirlyard.legalActions).toEqualTypeOf<WhirlyardAction[]>();
  expectTypeOf(whirlyard.observation).toEqualTypeOf<WhirlyardObservation>();
  const cragwake = await client.startRanked('cragwake', 'bot');
  expectTypeOf(cragwake.legalActions).toEqualTypeOf<CragwakeAction[]>();
  expectTypeOf(cragwake.observation).toEqualTypeOf<CragwakeObservation>();
  // @ts-expect-error Whirlyard has no "fly" action.
  await whirlyard.act({ type: 'fly' });
  const other = await client.start('somegame' as string);
  expectTypeOf(other.legalActions).toEqualTypeOf<GameAction[]>();
}

describe("the client's per-game types", () => {
  it("name every registered game's action and observation types", () => {
    expectTypeOf<Slug>().toEqualTypeOf<RegistrySlug>();
    expectTypeOf<ActionOf<'whirlyard'>>().toEqualTypeOf<WhirlyardAction>();
    expectTypeOf<ActionOf<'delvewick'>>().toEqualTypeOf<DelvewickAction>();
    expectTypeOf<ActionOf<'cragwake'>>().toEqualTypeOf<CragwakeAction>();
    expectTypeOf<ActionOf<'briarwink'>>().toEqualTypeOf<BriarwinkAction>();
    expectTypeOf<ObservationOf<'whirlyard'>>().toEqualTypeOf<WhirlyardObservation>();
    expectTypeOf<ObservationOf<'delvewick'>>().toEqualTypeOf<DelvewickObservation>();
    expectTypeOf<ObservationOf<'cragwake'>>().toEqualTypeOf<CragwakeObservation>();
    expectTypeOf<ObservationOf<'briarwink'>>().toEqualTypeOf<BriarwinkObservation>();
    expectTypeOf<GameTypes['delvewick']>().toEqualTypeOf<{
      action: DelvewickAction;
      observation: DelvewickObservation;
    }>();
    // a slug the client does not know: any action, any observation
    expectTypeOf<ActionOf<'nogame'>>().toEqualTypeOf<GameAction>();
    expectTypeOf<ObservationOf<'nogame'>>().toEqualTypeOf<Observation>();
    expectTypeOf(sessions).toBeFunction();
  });
});
