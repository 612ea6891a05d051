/**
 * Briarwink's refusal rule as a client meets it over HTTP: nothing throws, and an action the status does
 * not allow comes back ok false with a reason and the exact legal list, the state unchanged.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ sealer: StateSealer.random(), webRoot: null });
});
afterAll(() => app.close());

type Body = Record<string, unknown> & {
  stateToken: string;
  legalActions: Record<string, unknown>[];
  observation: { turn: number };
};

async function init(seed: number): Promise<Body> {
  return (await app.inject({ url: `/api/games/briarwink/init?seed=${seed}` })).json() as Body;
}
async function act(stateToken: string, action: unknown): Promise<Body> {
  const r = await app.inject({ method: 'POST', url: '/api/games/briarwink/action', payload: { stateToken, action } });
  expect(r.statusCode).toBe(200);
  return r.json() as Body;
}

describe('Briarwink over HTTP', () => {
  it('BW-025 an action the status does not allow comes back ok false with a reason and the exact legal list', async () => {
    const first = await init(21);
    expect(first.legalActions).toEqual([{ type: 'start' }]);
    // waiting: a tick and endRun are refused, each with the opening wait's legal list
    for (const action of [{ type: 'tick', move: 'up' }, { type: 'endRun' }]) {
      const body = await act(first.stateToken, action);
      expect(body.ok).toBe(false);
      expect(typeof body.reason).toBe('string');
      expect(typeof body.message).toBe('string');
      expect(body.legalActions).toEqual([{ type: 'start' }]);
      expect(body.observation.turn).toBe(first.observation.turn);
    }
    // playing: start is refused, with the ten single ticks and endRun listed
    const playing = await act(first.stateToken, { type: 'start' });
    expect(playing.ok).toBe(true);
    const again = await act(playing.stateToken, { type: 'start' });
    expect(again.ok).toBe(false);
    expect(again.reason).toBe('already_playing');
    expect(again.legalActions).toEqual(playing.legalActions);
    expect(again.legalActions).toHaveLength(11);
    // over: everything is refused, and the legal list is empty
    const over = await act(playing.stateToken, { type: 'endRun' });
    const late = await act(over.stateToken, { type: 'tick', move: null });
    expect(late.ok).toBe(false);
    expect(late.legalActions).toEqual([]);
  });
});
