/**
 * Runs the browser suites share, played on the engines here: a short run to watch in the replay, the
 * heuristic Briarwink run up to its first relighting bloom, and the replay page opened on a run.
 */
import type { Locator, Page } from 'playwright-core';
import { CELLS, FLOOR } from '../../src/agents/briarwink/board.js';
import { chooseBriarwink } from '../../src/agents/briarwink/heuristic.js';
import type { AnyGame, GameAction } from '../../src/core/game.js';
import { briarwink, type BriarwinkObservation } from '../../src/games/briarwink/index.js';
import { planBriarwink, type BriarwinkPlan } from '../../src/web/games/briarwink/plan.js';

/**
 * Up to `max` actions `choose` picks on the engine from `seed`; stops early when it picks none, or
 * before an action the engine refuses or that ends the game.
 */
export function engineRun(
  game: AnyGame,
  seed: number,
  max: number,
  choose: (state: unknown) => GameAction | null | undefined,
): GameAction[] {
  let state = game.init(seed);
  const actions: GameAction[] = [];
  while (actions.length < max) {
    const a = choose(state);
    if (!a) break;
    const r = game.step(state, a);
    if (!r.ok || game.isGameOver(r.state)) break;
    actions.push(a);
    state = r.state;
  }
  return actions;
}

/** The replay page's link for a run (the run in the address's fragment). */
export function replayLink(base: string, game: AnyGame, seed: number, actions: GameAction[]): string {
  const run = { game: game.spec.slug, rulesVersion: game.spec.rulesVersion, seed, actions };
  return `${base}/replay#j${Buffer.from(JSON.stringify(run)).toString('base64url')}`;
}

/** Opens the replay of a run and waits for its controls, which it returns. */
export async function openReplay(
  page: Page,
  base: string,
  game: AnyGame,
  seed: number,
  actions: GameAction[],
): Promise<Locator> {
  await page.goto(replayLink(base, game, seed, actions));
  const controls = page.getByRole('group', { name: 'Replay controls' });
  await controls.waitFor();
  return controls;
}

/**
 * The heuristic agent's Briarwink run on `seed` up to and including its first step whose bloom
 * relights a dimling (and, with `burst`, also opens a new cross), with the pictures around that step.
 */
export function relightRun(
  seed: number,
  burst = false,
): { actions: GameAction[]; before: BriarwinkObservation; after: BriarwinkObservation; plan: BriarwinkPlan } {
  let s = briarwink.init(seed);
  const memory = new Uint8Array(CELLS).fill(FLOOR);
  const actions: GameAction[] = [];
  let o = briarwink.observe(s) as unknown as BriarwinkObservation;
  for (let i = 0; i < 2000; i++) {
    const a = chooseBriarwink(o, memory) as GameAction;
    const r = briarwink.step(s, a as never);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    actions.push(a);
    const q = briarwink.observe(s) as unknown as BriarwinkObservation;
    const plan = planBriarwink(o, q);
    if (plan?.relit.length && (!burst || plan.bursts.length)) return { actions, before: o, after: q, plan };
    o = q;
  }
  throw new Error('no relighting bloom');
}
