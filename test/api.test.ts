/**
 * The HTTP API through `inject()`: the two-call loop, strict validation, state integrity, and bad input
 * of every kind answered with a 4xx, never a 500. Uses a tiny fixture game (test/helpers/tally.ts) for
 * both carry styles, so these tests pin the shell apart from any engine.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../src/core/registry.js';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { makeTally } from './helpers/tally.js';

const sealer = new StateSealer(['api-test-secret-0123456789']);
const registry = new Registry([makeTally('state'), makeTally('stateToken')]);
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ sealer, registry, webRoot: null });
});
afterAll(() => app.close());

async function get(url: string) {
  const r = await app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json(), headers: r.headers };
}
async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const r = await app.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: r.statusCode, body: r.json() };
}
const init = (slug: string, seed = 7) => get(`/api/games/${slug}/init?seed=${seed}`);

describe('the index and specs', () => {
  it('GET /api/games lists every game with its links', async () => {
    const { status, body } = await get('/api/games');
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.service).toBe('gameboard');
    expect(Object.keys(body.games[0]).sort()).toEqual(
      [
        'actionUrl',
        'carry',
        'description',
        'docsUrl',
        'genre',
        'goal',
        'initUrl',
        'name',
        'rulesVersion',
        'slug',
      ].sort(),
    );
    expect(body.games[0].actionUrl).toBe('/api/games/tally/action');
  });

  it("GET /api/games/:slug gives the game's spec", async () => {
    const { status, body } = await get('/api/games/tally');
    expect(status).toBe(200);
    expect(body.spec.carry).toBe('state');
    expect(body.spec.actionSchema).toEqual(makeTally('state').spec.actionSchema);
  });

  it('an unknown game is 404 unknown_game', async () => {
    for (const url of ['/api/games/nope', '/api/games/nope/init?seed=1']) {
      const { status, body } = await get(url);
      expect(status).toBe(404);
      expect(body).toMatchObject({ ok: false, error: 'unknown_game' });
    }
    const r = await post('/api/games/nope/action', { stateToken: 'x', action: { type: 'stop' } });
    expect(r.status).toBe(404);
  });
});

describe('init', () => {
  it('answers the whole first position', async () => {
    const { status, body } = await init('tally');
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, seed: 7, score: 0, gameOver: false });
    expect(body.observation.text).toContain('tally 0');
    expect(body.legalActions).toHaveLength(3);
    expect(body.spec.slug).toBe('tally');
    expect(body.state.data).toEqual({ seed: 7, turn: 0, score: 0, over: false });
  });

  it('uses the carry name of the game', async () => {
    expect((await init('tally')).body.state).toBeTypeOf('object');
    expect((await init('tally-token')).body.stateToken).toBeTypeOf('string');
    expect((await init('tally-token')).body.state).toBeUndefined();
  });

  it('never shows hidden information in the clear', async () => {
    const hidden = makeTally('state').init(7).hidden;
    const { body } = await init('tally');
    expect(JSON.stringify(body.state)).not.toContain(`"hidden"`);
    expect(JSON.stringify(body.state)).not.toContain(`${hidden}`);
  });

  it('chooses and returns a seed when none is given', async () => {
    const { body } = await get('/api/games/tally/init');
    expect(Number.isInteger(body.seed) && body.seed >= 0 && body.seed <= 0xffffffff).toBe(true);
  });

  it('accepts the extreme seeds', async () => {
    for (const seed of ['0', '4294967295'])
      expect((await get(`/api/games/tally/init?seed=${seed}`)).body.seed).toBe(Number(seed));
  });

  it('refuses every seed outside the integers 0..2^32-1 with 400 bad_seed', async () => {
    for (const seed of ['-1', '4294967296', '1.5', 'abc', '', '1e3', '%207', '0x10', '99999999999999999999', 'NaN']) {
      const { status, body } = await get(`/api/games/tally/init?seed=${seed}`);
      expect(status, `seed=${seed}`).toBe(400);
      expect(body.error, `seed=${seed}`).toBe('bad_seed');
      expect(body.message).toBeTypeOf('string');
    }
  });

  it('refuses unknown query parameters', async () => {
    const { status, body } = await get('/api/games/tally/init?seed=1&cheat=1');
    expect(status).toBe(400);
    expect(body.error).toBe('bad_request');
  });
});

describe('action', () => {
  for (const slug of ['tally', 'tally-token']) {
    const carry = slug === 'tally' ? 'state' : 'stateToken';
    it(`plays ${slug} to its end, carrying ${carry}`, async () => {
      let { body } = await init(slug);
      let turns = 0;
      while (!body.gameOver) {
        const r = await post(`/api/games/${slug}/action`, { [carry]: body[carry], action: { type: 'add', amount: 2 } });
        expect(r.status).toBe(200);
        expect(r.body.ok).toBe(true);
        expect(r.body.events).toEqual([{ type: 'added', amount: 2 }]);
        body = r.body;
        turns++;
      }
      expect(turns).toBe(6);
      expect(body.score).toBe(12);
      expect(body.legalActions).toEqual([]);
    });

    it(`${slug}: accepts the state under either name`, async () => {
      const { body } = await init(slug);
      const other = carry === 'state' ? 'stateToken' : 'state';
      const r = await post(`/api/games/${slug}/action`, { [other]: body[carry], action: { type: 'stop' } });
      expect(r.body.ok).toBe(true);
    });
  }

  it('an illegal but well-formed action is 200 ok:false with the legal actions, and changes nothing', async () => {
    let { body } = await init('tally');
    const end = await post('/api/games/tally/action', { state: body.state, action: { type: 'stop' } });
    const r = await post('/api/games/tally/action', { state: end.body.state, action: { type: 'stop' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: false, reason: 'game_over', legalActions: [], gameOver: true, score: 0 });
    // a refusal carries the whole contract: the unchanged state, what it shows and how the run ended
    expect(r.body.state).toEqual(end.body.state);
    expect(r.body.observation).toEqual(end.body.observation);
    expect(r.body.outcome).toEqual({ kind: 'ended', reason: 'stop' });
    // the earlier state is still good: refusals consume nothing, and re-sending an old state forks the run
    body = (await post('/api/games/tally/action', { state: body.state, action: { type: 'add', amount: 1 } })).body;
    expect(body).toMatchObject({ ok: true, score: 1 });
  });

  it('a refused action on a token game answers the token it was sent, which still continues the run', async () => {
    const { body } = await init('tally-token');
    const r = await post('/api/games/tally-token/action', { stateToken: body.stateToken, action: { type: 'fly' } });
    expect(r.body).toMatchObject({ ok: false, reason: 'unknown_action', stateToken: body.stateToken, score: 0 });
    expect(r.body.message).toMatch(/unknown type "fly" \(known types: add, stop\)/);
    const next = await post('/api/games/tally-token/action', {
      stateToken: r.body.stateToken,
      action: { type: 'add', amount: 2 },
    });
    expect(next.body).toMatchObject({ ok: true, score: 2, outcome: null });
  });

  const malformed: Array<[string, unknown]> = [
    ['an unknown type', { type: 'fly' }],
    ['an out-of-grammar value', { type: 'add', amount: 3 }],
    ['a number as a string (no coercion)', { type: 'add', amount: '2' }],
    ['a float', { type: 'add', amount: 1.5 }],
    ['an extra field (not stripped)', { type: 'stop', please: true }],
    ['a missing field', { type: 'add' }],
    ['a string action', 'stop'],
    ['an array action', [{ type: 'stop' }]],
    ['a null action', null],
    ['a huge number', { type: 'add', amount: 1e308 }],
  ];
  for (const [name, action] of malformed) {
    it(`a malformed action (${name}) is 200 unknown_action with the legal actions`, async () => {
      const { body } = await init('tally');
      const r = await post('/api/games/tally/action', { state: body.state, action });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ ok: false, reason: 'unknown_action' });
      expect(r.body.legalActions).toHaveLength(3);
      expect(r.body.message).toBeTypeOf('string');
      expect(r.body).toMatchObject({
        state: body.state,
        observation: body.observation,
        gameOver: false,
        outcome: null,
      });
    });
  }
});

describe('state integrity: every bad state is 400 invalid_state', () => {
  const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
  const tokenCases: Array<[string, (t: string) => unknown]> = [
    ['a bit-flipped token', (t) => flip(t, t.length - 20)],
    ['a truncated token', (t) => t.slice(0, -10)],
    ['garbage', () => 'hello'],
    ['an empty token', () => ''],
    ['a token of another game', () => sealer.sealToken('whirlyard', 'whirlyard-1', { data: {} })],
    [
      'a token of an older rules version',
      () =>
        sealer.sealToken(
          'tally-token',
          'tally-token-0',
          makeTally('stateToken').toWire(makeTally('stateToken').init(7)),
        ),
    ],
    [
      'a token under another secret',
      () =>
        StateSealer.random().sealToken(
          'tally-token',
          'tally-token-1',
          makeTally('stateToken').toWire(makeTally('stateToken').init(7)),
        ),
    ],
    ['a number', () => 12345],
    [
      'a sealed but malformed game state',
      () => sealer.sealToken('tally-token', 'tally-token-1', { data: { nonsense: true } }),
    ],
    [
      'a sealed packed state for a game that does not pack',
      () => sealer.sealPacked('tally-token', 'tally-token-1', Uint8Array.of(1, 2, 3)),
    ],
  ];
  for (const [name, make] of tokenCases) {
    it(name, async () => {
      const { body } = await init('tally-token');
      const r = await post('/api/games/tally-token/action', {
        stateToken: make(body.stateToken),
        action: { type: 'stop' },
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, error: 'invalid_state' });
      expect(r.body.message).toMatch(/tally-token/);
    });
  }

  const readableCases: Array<[string, (s: Record<string, unknown>) => unknown]> = [
    ['a changed value', (s) => ({ ...s, data: { ...(s.data as object), score: 99 } })],
    ['a removed tag', ({ tag: _tag, ...rest }) => rest],
    ['a state of another game', (s) => ({ ...s, game: 'tally-token' })],
    ['a token where a readable state belongs', () => 'gb1.abc.def'],
  ];
  for (const [name, change] of readableCases) {
    it(`readable state: ${name}`, async () => {
      const { body } = await init('tally');
      const r = await post('/api/games/tally/action', { state: change(body.state), action: { type: 'stop' } });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_state');
    });
  }

  it('readable state: reordered keys and whitespace are not tampering', async () => {
    const { body } = await init('tally');
    const s = body.state;
    const reordered = {
      tag: s.tag,
      sealed: s.sealed,
      data: { over: false, score: 0, turn: 0, seed: 7 },
      rulesVersion: s.rulesVersion,
      game: s.game,
    };
    const text = JSON.stringify({ action: { type: 'stop' }, state: reordered }, null, 4);
    const r = await post('/api/games/tally/action', text);
    expect(r.body.ok).toBe(true);
  });
});

describe('bad requests get a 4xx with error and message, never a 500', () => {
  const cases: Array<
    [string, () => Promise<{ status: number; body: { error?: string; message?: string } }>, number, string]
  > = [
    ['no body', () => post('/api/games/tally/action', ''), 400, 'bad_json'],
    ['invalid JSON', () => post('/api/games/tally/action', '{"state":'), 400, 'bad_json'],
    ['a JSON array body', () => post('/api/games/tally/action', '[]'), 400, 'bad_request'],
    [
      'a missing action',
      async () => post('/api/games/tally/action', { state: (await init('tally')).body.state }),
      400,
      'bad_request',
    ],
    ['a missing state', () => post('/api/games/tally/action', { action: { type: 'stop' } }), 400, 'bad_request'],
    [
      'both state names',
      () => post('/api/games/tally/action', { state: {}, stateToken: 'x', action: { type: 'stop' } }),
      400,
      'bad_request',
    ],
    [
      'an extra top-level field',
      () => post('/api/games/tally/action', { stateToken: 'x', action: { type: 'stop' }, admin: 1 }),
      400,
      'bad_request',
    ],
    [
      'a wrongly typed stateToken',
      () => post('/api/games/tally-token/action', { stateToken: [5], action: { type: 'stop' } }),
      400,
      'invalid_state',
    ],
    [
      'a __proto__ key',
      () => post('/api/games/tally/action', '{"stateToken":"x","action":{"type":"stop"},"__proto__":{"admin":true}}'),
      400,
      'bad_json',
    ],
    [
      'a nested __proto__ key',
      () => post('/api/games/tally/action', '{"stateToken":"x","action":{"type":"stop","__proto__":{"a":1}}}'),
      400,
      'bad_json',
    ],
    [
      'a constructor.prototype key',
      () => post('/api/games/tally/action', '{"stateToken":"x","action":{"constructor":{"prototype":{"a":1}}}}'),
      400,
      'bad_json',
    ],
    [
      'deeply nested JSON',
      () => post('/api/games/tally/action', '{"stateToken":"x","action":' + '['.repeat(5000) + ']'.repeat(5000) + '}'),
      400,
      'bad_json',
    ],
    [
      'a 10 MB body',
      () =>
        post(
          '/api/games/tally/action',
          JSON.stringify({ stateToken: 'x'.repeat(10 * 1024 * 1024), action: { type: 'stop' } }),
        ),
      413,
      'body_too_large',
    ],
    [
      'text/plain',
      () => post('/api/games/tally/action', '{}', { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    ],
    [
      'a form body',
      () => post('/api/games/tally/action', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported_media_type',
    ],
    ['an unknown route', () => get('/api/nothing'), 404, 'not_found'],
    [
      'a wrong method',
      async () => {
        const r = await app.inject({ method: 'DELETE', url: '/api/games' });
        return { status: r.statusCode, body: r.json() };
      },
      405,
      'method_not_allowed',
    ],
    ['a huge slug', () => get('/api/games/' + 'x'.repeat(5000)), 414, 'uri_too_long'],
    ['a malformed URL', () => get('/api/games/%E0%A4%A'), 400, 'bad_request'],
    ['a huge seed', () => get('/api/games/tally/init?seed=' + '9'.repeat(400)), 400, 'bad_request'],
  ];
  for (const [name, send, status, error] of cases) {
    it(`${name} → ${status} ${error}`, async () => {
      const r = await send();
      expect(r.status).toBe(status);
      expect(r.body.error).toBe(error);
      expect(r.body.message).toBeTypeOf('string');
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.(ts|js):\d+/); // no stack traces
    });
  }
});

describe('docs and cross-origin use', () => {
  it('serves /llms.txt, /docs/api, /docs/api/:slug and /openapi.json', async () => {
    const llms = await app.inject({ url: '/llms.txt' });
    expect(llms.headers['content-type']).toMatch(/text\/plain/);
    expect(llms.body).toContain('/api/games/<slug>/init?seed=N');
    expect(llms.body).toContain('Tally');
    const docs = await app.inject({ url: '/docs/api' });
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect(docs.body).toContain('invalid_state');
    const gameDocs = await app.inject({ url: '/docs/api/tally' });
    expect(gameDocs.body).toContain('add 1 or 2');
    // the game page lists how a run ends and the observation schema
    expect(gameDocs.body).toContain('<code>six_turns</code>');
    expect(gameDocs.body).toContain('&#34;tally&#34;: {');
    expect(docs.body).toContain('outcome');
    expect((await app.inject({ url: '/docs/api/nope' })).statusCode).toBe(404);
    const openapi = (await app.inject({ url: '/openapi.json' })).json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/games',
        '/api/games/{slug}',
        '/api/games/{slug}/init',
        '/api/games/{slug}/action',
        '/api/games/tally/init',
        '/api/games/tally-token/action',
      ]),
    );
    // one set of components per game, even when two games share a display name
    expect(openapi.components.schemas.TallyTokenActionAnswer).toBeDefined();
    expect(openapi.components.schemas.TallyState.type).toBe('object');
    expect(openapi.components.schemas.TallyTokenState.type).toBe('string');
  });

  it('answers CORS preflight for the API', async () => {
    const r = await app.inject({
      method: 'OPTIONS',
      url: '/api/games/tally/action',
      headers: { origin: 'http://x', 'access-control-request-method': 'POST' },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('*');
  });
});
