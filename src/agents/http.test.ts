/**
 * The heuristics that read only the observation play over the HTTP API exactly as they play in
 * process: same actions, same score. (Delvewick's reads the engine state, so it is in-process only.)
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameAction } from '../core/game.js';
import { StateSealer } from '../server/state/seal.js';
import { registry } from '../games/index.js';
import { buildApp } from '../server/app.js';
import { heuristicFor } from './index.js';
import { playRun } from './play.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ sealer: StateSealer.random(), webRoot: null });
});
afterAll(() => app.close());

const STEPS = 80;

describe.each(['whirlyard', 'cragwake', 'briarwink'])('the %s heuristic over HTTP', (slug) => {
  it('needs no state and plays the same run as in process', async () => {
    const game = registry.get(slug)!;
    const factory = (await heuristicFor(slug))!;
    expect(factory.needsState).toBeFalsy();
    const seed = game.spec.suites.dev[0];
    const local = await playRun(game, factory, seed, { maxSteps: STEPS });

    const agent = factory({ game: slug, seed });
    const carry = game.spec.carry;
    let body = (await app.inject({ url: `/api/games/${slug}/init?seed=${seed}` })).json();
    const actions: GameAction[] = [];
    while (!body.gameOver && actions.length < STEPS) {
      const action = await agent.act({
        game: slug,
        observation: body.observation,
        legalActions: body.legalActions,
        score: body.score,
        step: actions.length,
      });
      const r = await app.inject({
        method: 'POST',
        url: `/api/games/${slug}/action`,
        payload: { [carry]: body[carry], action },
      });
      body = r.json();
      expect(body.ok, JSON.stringify(body)).toBe(true);
      actions.push(action);
    }
    expect(actions).toEqual(local.actions);
    expect(body.score).toBe(local.score);
  });
});

describe('the Delvewick heuristic', () => {
  it('says it needs the engine state, so it runs in process only', async () => {
    expect((await heuristicFor('delvewick'))!.needsState).toBe(true);
  });
});
