/**
 * Remembered readable states (Delvewick, Cragwake): the action route takes the game state of a
 * readable state it issued recently from memory when the state comes back exactly as issued. The
 * answers must be the same as a server that checks and decodes every state, and the memory must never
 * accept what the full check refuses.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { games } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { playout } from './helpers/playout.js';

const sealer = new StateSealer(['recent-readable-secret-0123456789']);
let remembering: FastifyInstance;
let forgetting: FastifyInstance;
beforeAll(async () => {
  remembering = await buildApp({ sealer, webRoot: null, logger: false });
  forgetting = await buildApp({ sealer, webRoot: null, logger: false, recentStates: 0 });
});
afterAll(async () => {
  await remembering.close();
  await forgetting.close();
});

const readableGames = games.filter((g) => g.spec.carry === 'state').map((g) => [g.spec.slug, g] as const);

const act = (app: FastifyInstance, slug: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/games/${slug}/action`, payload: payload as object });

/** An answer without its sealed parts (fresh IVs each time, so each tag differs too). */
const unsealed = (answer: { state: { sealed?: string; tag: string } }) => {
  const { sealed: _s, tag: _t, ...state } = answer.state;
  return { ...answer, state };
};

describe.each(readableGames)('%s: remembered readable states', (slug, game) => {
  it('a game gets the same answers remembered or checked, each server continuing the other one', async () => {
    const local = playout(game, 41, 40);
    const start = (a: FastifyInstance) => a.inject({ url: `/api/games/${slug}/init?seed=41` }).then((r) => r.json());
    let a = await start(remembering);
    let b = await start(forgetting);
    for (let i = 0; i < local.actions.length; i++) {
      // Alternate whose state each server continues: every other step the remembering one misses.
      const states = i % 2 ? [a.state, b.state] : [b.state, a.state];
      a = (await act(remembering, slug, { state: states[0], action: local.actions[i] })).json();
      b = (await act(forgetting, slug, { state: states[1], action: local.actions[i] })).json();
      expect(unsealed(a)).toEqual(unsealed(b));
      expect(a.observation).toEqual(game.observe(local.states[i + 1]));
    }
  });

  it('a remembered state with keys reordered is still accepted, as the tag check accepts it', async () => {
    const init = (await remembering.inject({ url: `/api/games/${slug}/init?seed=8` })).json();
    const action = init.legalActions[0];
    const expected = (await act(forgetting, slug, { state: init.state, action })).json();
    const data = Object.fromEntries(Object.entries(init.state.data as object).reverse());
    const reordered = Object.fromEntries(Object.entries({ ...init.state, data }).reverse());
    const r = await act(remembering, slug, { state: reordered, action });
    expect(r.statusCode).toBe(200);
    expect(unsealed(r.json())).toEqual(unsealed(expected));
  });

  it('a remembered state changed in any way is refused exactly as the full check refuses it', async () => {
    const init = (await remembering.inject({ url: `/api/games/${slug}/init?seed=9` })).json();
    const action = init.legalActions[0];
    const [key, value] = Object.entries(init.state.data as Record<string, unknown>).find(
      ([, v]) => typeof v === 'number',
    )!;
    const forged = [
      { ...init.state, data: { ...init.state.data, [key]: (value as number) + 1 } },
      { ...init.state, data: { ...init.state.data, extra: 1 } },
      { ...init.state, extra: true },
      { ...init.state, sealed: 'gb1.forged.AAAA' },
      { ...init.state, rulesVersion: 'other' },
    ];
    for (const state of forged) {
      const r = await act(remembering, slug, { state, action });
      const full = await act(forgetting, slug, { state, action });
      expect(r.statusCode).toBe(full.statusCode);
      expect(r.json().error).toBe(full.json().error);
      expect(r.statusCode).toBe(400);
    }
  });
});
