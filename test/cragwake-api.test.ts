/**
 * Cragwake's observation and rejection rules as a client meets them over HTTP: what every response
 * carries, the fog in the carried state, and a refusal's legal list and reason.
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
  state: { data: { band: { row: number; fogged: boolean; cells: string[] }[]; row: number; col: number } };
  legalActions: { type: string; row?: number; col?: number }[];
};

async function init(seed: number): Promise<Body> {
  return (await app.inject({ url: `/api/games/cragwake/init?seed=${seed}` })).json() as Body;
}
async function act(state: unknown, action: unknown): Promise<Body> {
  const r = await app.inject({ method: 'POST', url: '/api/games/cragwake/action', payload: { state, action } });
  expect(r.statusCode).toBe(200);
  return r.json() as Body;
}

describe('Cragwake over HTTP', () => {
  it('CW-071 every response carries state, observation, legalActions, score and gameOver', async () => {
    const first = await init(11);
    const move = first.legalActions.find((a) => a.type === 'move')!;
    const next = await act(first.state, move);
    for (const body of [first, next]) {
      for (const key of ['state', 'observation', 'legalActions', 'score', 'gameOver']) expect(body).toHaveProperty(key);
    }
    expect(next.ok).toBe(true);
  });

  it('CW-072 the carried state shows fogged rows blank, and their content is only in the sealed part', async () => {
    const body = await init(12);
    const fogged = body.state.data.band.filter((r) => r.fogged);
    expect(fogged.map((r) => r.row)).toEqual([7, 8, 9]);
    for (const r of fogged) expect(r.cells).toEqual(['', '', '', '', '', '']);
    expect(typeof (body.state as unknown as { sealed: unknown }).sealed).toBe('string');
  });

  it('CW-075 a refused move comes back ok false with the full legal list and a machine reason', async () => {
    const body = await init(13);
    const { row, col } = body.state.data;
    const far = await act(body.state, { type: 'move', row: row + 5, col });
    expect(far).toMatchObject({ ok: false, reason: 'out_of_reach', legalActions: body.legalActions });
    const phase = await act(body.state, { type: 'climbOn' });
    expect(phase).toMatchObject({ ok: false, reason: 'wrong_phase', legalActions: body.legalActions });
    const odd = await act(body.state, { type: 'move', row: 'up' });
    expect(odd).toMatchObject({ ok: false, reason: 'unknown_action' });
  });
});
