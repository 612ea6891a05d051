/**
 * Every registered game through the real HTTP routes: init, a full game played over the API, and the
 * answers agreeing with the in-process engine step for step (the server adds nothing and loses nothing).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/core/seal.js';
import { games } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { playout } from './helpers/playout.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ sealer: StateSealer.random(), webRoot: null });
});
afterAll(() => app.close());

describe.each(games.map((g) => [g.spec.slug, g] as const))('%s over HTTP', (slug, game) => {
  const carry = game.spec.carry;

  it('init answers the fields of the contract, equal to the engine', async () => {
    const r = await app.inject({ url: `/api/games/${slug}/init?seed=7` });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Object.keys(body).sort()).toEqual(
      ['ok', 'game', 'seed', carry, 'observation', 'legalActions', 'spec', 'score', 'gameOver'].sort(),
    );
    const local = game.init(7);
    expect(body.observation).toEqual(game.observe(local));
    expect(body.legalActions).toEqual(game.legalActions(local));
    expect(body.spec).toEqual(JSON.parse(JSON.stringify(game.spec)));
  });

  it('a game played over the API matches the engine at every step', async () => {
    for (const seed of [7, 1234]) {
      const local = playout(game, seed, 60);
      let body = (await app.inject({ url: `/api/games/${slug}/init?seed=${seed}` })).json();
      for (let i = 0; i < local.actions.length; i++) {
        const r = await app.inject({
          method: 'POST',
          url: `/api/games/${slug}/action`,
          payload: { [carry]: body[carry], action: local.actions[i] },
        });
        expect(r.statusCode).toBe(200);
        body = r.json();
        expect(body.ok, JSON.stringify(body)).toBe(true);
        const state = local.states[i + 1];
        expect(body.score).toBe(game.score(state));
        expect(body.gameOver).toBe(game.isGameOver(state));
        expect(body.observation).toEqual(game.observe(state));
        expect(body.legalActions).toEqual(game.legalActions(state));
      }
    }
  });

  it('a state carried for this game is refused by every other game', async () => {
    const body = (await app.inject({ url: `/api/games/${slug}/init?seed=7` })).json();
    for (const other of games.filter((g) => g.spec.slug !== slug)) {
      const r = await app.inject({
        method: 'POST',
        url: `/api/games/${other.spec.slug}/action`,
        payload: { [carry]: body[carry], action: other.spec.exampleActions[0] },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe('invalid_state');
    }
  });
});
