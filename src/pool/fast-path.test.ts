/**
 * The engine pool's fast paths (`encodeState`, `maskState` of a game's tensor, src/core/tensor.ts) give
 * exactly what the slow path gives, `encode(observe(state))` and the mask of `legalActions(state)`,
 * at every state of seeded random play of every game: planes byte for byte, features to the bit, the
 * mask index for index. The play picks among all legal actions (batched ticks and walks included), so
 * states the pool's index cannot reach in one step are covered too; ending a run by choice is picked
 * rarely, so that runs reach their later states.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../core/game.js';
import { actionMask, type GameTensor } from '../core/tensor.js';
import { heuristicFor, type AgentFactory } from '../agents/index.js';
import { generateNight } from '../games/briarwink/generate.js';
import type { BriarwinkState } from '../games/briarwink/types.js';
import { registry } from '../games/index.js';

/**
 * States checked per game, and the steps a run plays at most: runs start from seeds 0, 1, 2, ... until
 * that many states are seen (a run that ends sooner gives way to the next seed).
 */
const STATES = 3000;
const STEPS = 250;

function lcg(seed: number) {
  let r = seed >>> 0 || 1;
  return (n: number) => {
    r = (Math.imul(r, 1103515245) + 12345) >>> 0;
    return Math.floor((r / 2 ** 32) * n);
  };
}

/**
 * Where a run starts. Briarwink's later nights (moonless ones, sprouts, creep marks) are out of reach
 * of a few hundred random ticks, so its runs start on a night of each band (laid out as the game does
 * on reaching it), half of them with the calm nearly over.
 */
const NIGHTS = [1, 4, 8, 13, 15, 17, 21, 26, 31];
function start(game: AnyGame, seed: number): unknown {
  const state = game.init(seed);
  if (game.spec.slug === 'briarwink') {
    const s = state as BriarwinkState;
    generateNight(s, NIGHTS[seed % NIGHTS.length]);
    if (seed % 2 === 0) s.calmLeft = 12 + seed;
  }
  return state;
}

/** Every game's heuristic, from its agent folder. */
const HEURISTICS = new Map<string, AgentFactory | undefined>(
  await Promise.all(registry.slugs().map(async (s) => [s, await heuristicFor(s)] as const)),
);

/**
 * `STATES` states of runs, each at most `STEPS` steps: two runs in three random, the third played by
 * the game's built-in heuristic where it reads only the observation (one action in ten random), which
 * gets further (a Briarwink gate).
 */
function* states(game: AnyGame): Generator<unknown> {
  let seen = 0;
  for (let seed = 0; seen < STATES; seed++) {
    const pick = lcg(seed * 7919 + 1);
    // (Delvewick's heuristic searches the engine's state: too slow to play thousands of moves here.)
    const heuristic = HEURISTICS.get(game.spec.slug);
    const agent =
      seed % 3 === 2 && heuristic !== undefined && !heuristic.needsState
        ? heuristic({ game: game.spec.slug, seed })
        : undefined;
    let state: unknown = start(game, seed);
    yield state;
    seen++;
    for (let k = 0; k < STEPS && !game.isGameOver(state) && seen < STATES; k++) {
      const all = game.legalActions(state) as GameAction[];
      // Ending the run by choice is picked rarely, so that runs go on to later states.
      const going = all.filter((a) => !/^end/i.test(String(a.type)));
      const legal = going.length > 0 && pick(20) > 0 ? going : all;
      if (legal.length === 0) break;
      let action = legal[pick(legal.length)];
      if (agent !== undefined && pick(10) > 0) {
        const view = {
          game: game.spec.slug,
          observation: game.observe(state),
          legalActions: all,
          score: game.score(state),
          step: k,
        };
        const chosen = agent.act(view);
        if (chosen instanceof Promise) throw new Error('the heuristic answered asynchronously');
        action = chosen;
      }
      const r = game.step(state, action as never);
      if (!r.ok) throw new Error(`a legal action was refused: ${JSON.stringify(r)}`);
      state = r.state;
      yield state;
      seen++;
    }
  }
}

describe.each(registry.slugs())('%s: the pool fast paths equal the slow ones', (slug) => {
  const game = registry.get(slug)!;
  const t = game.tensor as GameTensor;
  const [c, h, w] = t.tensorSpec.planes.shape;

  it('encodeState writes what encode(observe(state)) gives, at every state of random play', () => {
    if (t.encodeState === undefined) return;
    const planes = new Uint8Array(c * h * w);
    const features = new Float32Array(t.tensorSpec.features.shape[0]).fill(Number.NaN);
    let n = 0;
    for (const state of states(game)) {
      const slow = t.encode(game.observe(state, { text: false }));
      planes.fill(0);
      features.fill(Number.NaN);
      t.encodeState(state, planes, features);
      if (!Buffer.from(planes).equals(Buffer.from(slow.planes))) {
        const at = planes.findIndex((x, i) => x !== slow.planes[i]);
        const ch = Math.floor(at / (h * w));
        expect.fail(`state ${n}: plane ${t.tensorSpec.planes.channels[ch]?.name} differs at ${at}`);
      }
      expect(Array.from(features), `state ${n}: features`).toEqual(Array.from(slow.features));
      n++;
    }
    expect(n).toBe(STATES);
  });

  it('maskState writes the mask of legalActions(state), at every state of random play', () => {
    if (t.maskState === undefined) return;
    const mask = new Int8Array(t.actionIndex.length);
    let n = 0;
    let ones = 0;
    for (const state of states(game)) {
      const slow = actionMask(t, state, game.legalActions(state) as GameAction[]);
      mask.fill(0);
      t.maskState(state, mask);
      expect(Array.from(mask), `state ${n}: mask`).toEqual(Array.from(slow));
      ones += slow.reduce((a, b) => a + b, 0);
      n++;
    }
    expect(ones).toBeGreaterThan(n);
  });
});

it('every game has both fast paths', () => {
  for (const slug of registry.slugs()) {
    const t = registry.get(slug)!.tensor as GameTensor;
    expect([slug, typeof t.encodeState, typeof t.maskState]).toEqual([slug, 'function', 'function']);
  }
});
