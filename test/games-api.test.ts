/**
 * Every registered game through the real HTTP routes: init, a full game played over the API, and the
 * answers agreeing with the in-process engine step for step (the server adds nothing and loses nothing).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
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
      ['ok', 'game', 'seed', carry, 'observation', 'legalActions', 'spec', 'score', 'gameOver', 'outcome'].sort(),
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

describe('packed state tokens', () => {
  const sealer = new StateSealer(['games-api-test-secret-0123456789']);
  let own: FastifyInstance;
  beforeAll(async () => {
    own = await buildApp({ sealer, webRoot: null });
  });
  afterAll(() => own.close());
  const packing = games.filter((g) => g.pack !== undefined);
  const act = (slug: string, stateToken: string, action: unknown) =>
    own.inject({ method: 'POST', url: `/api/games/${slug}/action`, payload: { stateToken, action } });

  it('at least Whirlyard packs its states', () => {
    expect(packing.map((g) => g.spec.slug)).toContain('whirlyard');
  });

  it.each(packing.map((g) => [g.spec.slug, g] as const))(
    '%s: answers carry the packed state, and a token of the JSON wire form still continues',
    async (slug, game) => {
      const state = game.init(7);
      const v = game.spec.rulesVersion;
      const answer = (await own.inject({ url: `/api/games/${slug}/init?seed=7` })).json();
      const opened = sealer.openTokenContent(slug, v, answer.stateToken);
      expect('packed' in opened && [...opened.packed]).toEqual([...game.pack!(state)]);
      const action = game.legalActions(state)[0];
      const expected = game.step(state, action);
      if (!expected.ok) throw new Error('the first legal action was refused');
      for (const token of [answer.stateToken, sealer.sealToken(slug, v, game.toWire(state))]) {
        const r = await act(slug, token, action);
        expect(r.statusCode).toBe(200);
        expect(r.json().observation).toEqual(game.observe(expected.state));
      }
    },
  );

  it.each(packing.map((g) => [g.spec.slug, g] as const))(
    '%s: authentic packed bytes that do not unpack are 400 invalid_state',
    async (slug, game) => {
      const packed = game.pack!(game.init(7));
      for (const bytes of [packed.subarray(0, 3), Uint8Array.of(...packed, 1)]) {
        const r = await act(slug, sealer.sealPacked(slug, game.spec.rulesVersion, bytes), game.spec.exampleActions[0]);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ ok: false, error: 'invalid_state' });
      }
    },
  );
});

describe('remembered tokens (the server keeps its most recent tokens and their states)', () => {
  const sealer = new StateSealer(['games-api-recent-secret-0123456789']);
  let remembering: FastifyInstance;
  let forgetting: FastifyInstance;
  beforeAll(async () => {
    remembering = await buildApp({ sealer, webRoot: null });
    forgetting = await buildApp({ sealer, webRoot: null, recentStates: 0 });
  });
  afterAll(async () => {
    await remembering.close();
    await forgetting.close();
  });

  it.each(games.filter((g) => g.spec.carry === 'stateToken').map((g) => [g.spec.slug, g] as const))(
    "%s: a game gets the same answers whether its tokens are remembered or decrypted, and either server continues the other one's tokens",
    async (slug, game) => {
      const local = playout(game, 99, 40);
      const start = (a: FastifyInstance) => a.inject({ url: `/api/games/${slug}/init?seed=99` }).then((r) => r.json());
      let a = await start(remembering);
      let b = await start(forgetting);
      for (let i = 0; i < local.actions.length; i++) {
        // alternate which server's token each one continues from: every other step is a miss
        const tokens = i % 2 ? [a.stateToken, b.stateToken] : [b.stateToken, a.stateToken];
        const play = (app: FastifyInstance, stateToken: string) =>
          app
            .inject({
              method: 'POST',
              url: `/api/games/${slug}/action`,
              payload: { stateToken, action: local.actions[i] },
            })
            .then((r) => r.json());
        a = await play(remembering, tokens[0]);
        b = await play(forgetting, tokens[1]);
        const { stateToken: _a, ...restA } = a;
        const { stateToken: _b, ...restB } = b;
        expect(restA).toEqual(restB);
        expect(restA.observation).toEqual(game.observe(local.states[i + 1]));
      }
    },
  );
});
