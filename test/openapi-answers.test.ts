/**
 * Real answers of every route, 200s and errors, validated against /openapi.json: for each answer the
 * document must list its status for that operation, its body must match the schema listed there (Ajv,
 * over the document's own components), and the headers it promises (Allow, Retry-After) must be sent.
 * Every operation of the document gets at least its 200 checked.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { games } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { seedSuites } from '../src/core/suites.js';

type Node = Record<string, unknown>;
interface Answer {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Node }>;
}
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, Answer> }>>;
  components: { schemas: Node; responses: Record<string, Answer> };
};

let app: FastifyInstance;
let bare: FastifyInstance;
let limited: FastifyInstance;
let store: SqliteRunStore;
let doc: Doc;
const ajv = new Ajv({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();
const checked = new Set<string>();

beforeAll(async () => {
  const sealer = StateSealer.random();
  store = new SqliteRunStore(':memory:');
  app = await buildApp({ sealer, store, webRoot: null });
  bare = await buildApp({ sealer, webRoot: null });
  const one = { max: 1, windowMs: 60_000 };
  limited = await buildApp({ sealer, webRoot: null, rateLimits: { init: one, action: one, runs: one, reads: one } });
  doc = (await app.inject({ url: '/openapi.json' })).json();
  ajv.addSchema({ components: doc.components }, 'oas');
});
afterAll(async () => {
  for (const a of [app, bare, limited]) await a.close();
  await store.close();
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
  // Every operation of the document had a real 200 checked against it.
  expect(operations.filter((op) => !checked.has(`${op} 200`))).toEqual([]);
});

/** The schema, with its references pointed into the components added to Ajv. */
const retarget = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"oas#/components/'));

/** Checks one real answer of `method path` (the document's path template) against the document. */
function check(method: string, path: string, r: LightMyRequestResponse, status?: number): Node {
  const where = `${method.toUpperCase()} ${path} → ${r.statusCode}`;
  if (status !== undefined) expect(r.statusCode, `${where}: ${r.body.slice(0, 200)}`).toBe(status);
  const op = doc.paths[path]?.[method];
  expect(op, `${where}: no such operation in the document`).toBeDefined();
  let answer = op.responses[String(r.statusCode)];
  expect(answer, `${where}: status not documented`).toBeDefined();
  if (answer.$ref) answer = doc.components.responses[answer.$ref.replace('#/components/responses/', '')];
  for (const header of Object.keys(answer.headers ?? {}))
    expect(r.headers[header.toLowerCase()], `${where}: no ${header} header`).toBeDefined();
  const schema = answer.content?.['application/json']?.schema;
  expect(schema, `${where}: no JSON schema`).toBeDefined();
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(retarget(schema) as Node)));
  const body = r.json();
  expect(validate(body), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  checked.add(`${method} ${path} ${r.statusCode}`);
  return body;
}

const get = (a: FastifyInstance, url: string) => a.inject({ url });
const post = (a: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  a.inject({ method: 'POST', url, payload, headers });

describe('the game routes', () => {
  it('GET /api/games and /api/games/{slug}', async () => {
    check('get', '/api/games', await get(app, '/api/games'));
    check('get', '/api/games', await app.inject({ method: 'PUT', url: '/api/games' }), 405);
    for (const g of games) check('get', '/api/games/{slug}', await get(app, `/api/games/${g.spec.slug}`));
    check('get', '/api/games/{slug}', await get(app, '/api/games/nope'), 404);
    check('get', '/api/games/{slug}', await get(app, `/api/games/${'x'.repeat(80)}`), 400);
    check('get', '/api/games/{slug}', await get(app, `/api/games/${'x'.repeat(200)}`), 414);
  });

  it.each(games.map((g) => [g.spec.slug, g.spec.carry] as const))(
    'init and action, generic and per game: %s',
    async (slug, carry) => {
      for (const path of ['/api/games/{slug}/init', `/api/games/${slug}/init`]) {
        const url = path.replace('{slug}', slug);
        const init = check('get', path, await get(app, `${url}?seed=7`));
        check('get', path, await get(app, `${url}?seed=-1`), 400);
        check('get', path, await get(app, `${url}?seed=7&extra=1`));
        check('get', path, await app.inject({ method: 'DELETE', url }), 405);
        const actionPath = path.replace('/init', '/action');
        const actionUrl = url.replace('/init', '/action');
        const legal = init.legalActions as unknown[];
        check('post', actionPath, await post(app, actionUrl, { [carry]: init[carry], action: legal[0] }));
        const refused = check('post', actionPath, await post(app, actionUrl, { [carry]: init[carry], action: {} }));
        expect(refused.ok).toBe(false);
        check('post', actionPath, await post(app, actionUrl, { [carry]: 'forged', action: legal[0] }), 400);
        check('post', actionPath, await app.inject({ method: 'GET', url: actionUrl }), 405);
        if (path.includes('{slug}')) {
          const batch = '/api/games/{slug}/batch';
          const burl = `/api/games/${slug}/batch`;
          const b = check(
            'post',
            batch,
            await post(app, burl, { items: [{ seed: 7 }, { [carry]: init[carry], action: legal[0] }] }),
          );
          expect((b.results as unknown[]).length).toBe(2);
          // The tensor answers, in both forms, match the document.
          check('get', path, await get(app, `${url}?seed=7&tensor=true`));
          check('get', path, await get(app, `${url}?seed=7&tensorFormat=base64`));
          check(
            'post',
            actionPath,
            await post(app, actionUrl, { [carry]: init[carry], action: legal[0], tensorFormat: 'base64' }),
          );
          // The bits form where a game's planes allow it, and its refusal (a 400) where they do not.
          const bits = await get(app, `${url}?seed=7&tensorFormat=bits`);
          const high = games.find((g) => g.spec.slug === slug)!.spec.tensorSpec!.planes.high;
          check('get', path, bits, high === 1 ? 200 : 400);
          check('post', batch, await post(app, burl, { items: 'nope' }), 400);
          check('post', batch, await post(app, burl, { items: Array.from({ length: 257 }, () => ({ seed: 1 })) }), 413);
        }
        const text = { 'content-type': 'text/plain' };
        check(
          'post',
          actionPath,
          await app.inject({ method: 'POST', url: actionUrl, payload: 'x', headers: text }),
          415,
        );
        const huge = JSON.stringify({ [carry]: 'x'.repeat(300 * 1024), action: {} });
        const json = { 'content-type': 'application/json' };
        check(
          'post',
          actionPath,
          await app.inject({ method: 'POST', url: actionUrl, payload: huge, headers: json }),
          413,
        );
        check(
          'post',
          actionPath,
          await app.inject({ method: 'POST', url: actionUrl, payload: '{', headers: json }),
          400,
        );
      }
      check('get', '/api/games/{slug}/init', await get(app, '/api/games/nope/init'), 404);
    },
  );
});

describe('runs, live sessions and boards', () => {
  it('POST /api/runs, GET /api/runs/{id}', async () => {
    const init = (await get(app, '/api/games/delvewick/init?seed=3')).json();
    const run = {
      game: 'delvewick',
      rulesVersion: init.spec.rulesVersion,
      seed: 3,
      actions: [init.legalActions[0]],
      player: { name: 'answers', kind: 'agent' },
    };
    const saved = check('post', '/api/runs', await post(app, '/api/runs', run));
    expect(saved.playerKey).toBeTypeOf('string');
    const key = { 'x-player-key': saved.playerKey as string };
    check('post', '/api/runs', await post(app, '/api/runs', { ...run, actions: [] }, key));
    check('post', '/api/runs', await post(app, '/api/runs', { ...run, actions: [] }), 403);
    check('post', '/api/runs', await post(app, '/api/runs', { ...run, player: { name: 'thief', kind: 'agent' } }), 409);
    check('post', '/api/runs', await post(app, '/api/runs', { ...run, score: 1 }), 400);
    check('post', '/api/runs', await post(app, '/api/runs', { ...run, actions: [{ type: 'fly' }] }));
    check('post', '/api/runs', await post(bare, '/api/runs', run), 503);
    check('post', '/api/runs', await app.inject({ method: 'DELETE', url: '/api/runs' }), 405);
    check('get', '/api/runs/{id}', await get(app, `/api/runs/${saved.id}`));
    check('get', '/api/runs/{id}', await get(app, '/api/runs/nothere'), 404);
    check('get', '/api/runs/{id}', await get(app, '/api/runs/bad!id'));
    check('get', '/api/runs/{id}', await get(bare, `/api/runs/${saved.id}`), 503);
    const rotate = '/api/players/{name}/key';
    const next = 'Qm7vX2kR9tL4wZ8pN3bF6h';
    check('post', rotate, await post(app, '/api/players/answers/key', { key: next }, key));
    check('post', rotate, await post(app, '/api/players/answers/key', { key: next }, key));
    check('post', rotate, await post(app, '/api/players/answers/key', {}, { 'x-player-key': next }));
    check('post', rotate, await post(app, '/api/players/answers/key', { key: next }, key), 403);
    check('post', rotate, await post(app, '/api/players/nobody/key', { key: next }, key), 404);
    check('post', rotate, await post(app, '/api/players/answers/key', { key: 'short' }, key), 400);
    check('post', rotate, await post(bare, '/api/players/answers/key', { key: next }, key), 503);
  });

  it('POST /api/evaluations, GET /api/evaluations/{id}, GET /api/games/{slug}/benchmarks', async () => {
    const seeds = seedSuites('delvewick').dev;
    const header = { game: 'delvewick', rulesVersion: 'delvewick-1', suite: 'dev', seeds, maxSteps: null };
    // Runs that end before they start: accepted for replay, then refused (GET answers either way).
    const runs = seeds.map((seed) => ({
      seed,
      score: 0,
      steps: 0,
      outcome: { kind: 'terminated', reason: 'x' },
      actions: [],
    }));
    const evaluation = { label: 'org/none', player: { name: 'evaluator', kind: 'agent' }, result: { header, runs } };
    const sent = check('post', '/api/evaluations', await post(app, '/api/evaluations', evaluation));
    check('post', '/api/evaluations', await post(app, '/api/evaluations', { ...evaluation, label: '' }), 400);
    check('post', '/api/evaluations', await post(bare, '/api/evaluations', evaluation), 503);
    check('get', '/api/evaluations/{id}', await get(app, `/api/evaluations/${sent.id as string}`));
    check('get', '/api/evaluations/{id}', await get(app, '/api/evaluations/nothere'), 404);
    check('get', '/api/games/{slug}/benchmarks', await get(app, '/api/games/delvewick/benchmarks'));
    check('get', '/api/games/{slug}/benchmarks', await get(app, '/api/games/nogame/benchmarks'), 404);
  });

  it('a live session: start, actions, refusals, its record', async () => {
    const start = '/api/games/{slug}/sessions';
    const player = { name: 'live answers', kind: 'agent' };
    const s = check('post', start, await post(app, '/api/games/briarwink/sessions', { player }));
    const key = { 'x-player-key': s.playerKey as string };
    check('post', start, await post(app, '/api/games/whirlyard/sessions', { player, challenge: 'daily' }, key));
    check('post', start, await post(app, '/api/games/whirlyard/sessions', { player, challenge: 'daily' }, key));
    check('post', start, await post(app, '/api/games/whirlyard/sessions', { player }), 403);
    check('post', start, await post(app, '/api/games/nope/sessions', { player }), 404);
    check('post', start, await post(bare, '/api/games/whirlyard/sessions', { player }), 503);
    const session = s.session as Node;
    const act = '/api/sessions/{id}/action';
    const url = `/api/sessions/${session.id}/action`;
    const legal = s.legalActions as unknown[];
    const next = check('post', act, await post(app, url, { stateToken: s.stateToken, action: legal[0] }));
    expect(next.ok).toBe(true);
    const refused = check('post', act, await post(app, url, { stateToken: next.stateToken, action: { type: 'fly' } }));
    expect(refused.ok).toBe(false);
    const nextLegal = next.legalActions as unknown[];
    await post(app, url, { stateToken: next.stateToken, action: nextLegal[0] });
    check('post', act, await post(app, url, { stateToken: next.stateToken, action: nextLegal[1] }), 409);
    check(
      'post',
      act,
      await post(app, '/api/sessions/abcdefghijkl/action', { stateToken: 'x', action: legal[0] }),
      404,
    );
    const resume = '/api/sessions/{id}/resume';
    const resumed = check(
      'post',
      resume,
      await post(app, `/api/sessions/${session.id}/resume`, { stateToken: s.stateToken }),
    );
    expect(resumed.resumed).toBe(true);
    check('post', resume, await post(app, `/api/sessions/${session.id}/resume`, { stateToken: 'x' }), 400);
    check('post', resume, await post(app, '/api/sessions/abcdefghijkl/resume', { stateToken: 'x' }), 404);
    check('get', '/api/sessions/{id}', await get(app, `/api/sessions/${session.id}`));
    check('get', '/api/sessions/{id}', await get(app, '/api/sessions/abcdefghijkl'), 404);
    check('get', '/api/sessions/{id}', await get(app, '/api/sessions/short'));
  });

  it('GET /api/games/{slug}/leaderboard', async () => {
    const path = '/api/games/{slug}/leaderboard';
    for (const q of ['', '?board=open', '?board=ranked&kind=agent', '?board=daily', '?board=daily&date=2020-01-01'])
      check('get', path, await get(app, `/api/games/delvewick/leaderboard${q}`));
    // A finished run (Whirlyard's seed 7 ends on its first move north-west) is on the open board.
    const init = (await get(app, '/api/games/whirlyard/init?seed=7')).json();
    const run = {
      game: 'whirlyard',
      rulesVersion: init.spec.rulesVersion,
      seed: 7,
      actions: [{ type: 'move', direction: 'nw' }],
      player: { name: 'board answers', kind: 'agent' },
    };
    expect(check('post', '/api/runs', await post(app, '/api/runs', run), 200).gameOver).toBe(true);
    const board = check('get', path, await get(app, '/api/games/whirlyard/leaderboard?board=open&limit=5'), 200);
    expect((board.agent as unknown[]).length).toBeGreaterThan(0);
    for (const q of ['?limit=0', '?board=daily&date=nope', '?board=daily&date=2999-01-01', '?date=2020-01-01'])
      check('get', path, await get(app, `/api/games/delvewick/leaderboard${q}`));
    check('get', path, await get(app, '/api/games/nope/leaderboard'), 404);
    check('get', path, await get(bare, '/api/games/delvewick/leaderboard'), 503);
  });
});

describe('rate limits', () => {
  it('429 with Retry-After, as documented, on every route group', async () => {
    for (const [method, path, url] of [
      ['get', '/api/games', '/api/games'],
      ['get', '/api/games/{slug}/init', '/api/games/whirlyard/init'],
      ['post', '/api/games/{slug}/action', '/api/games/whirlyard/action'],
      ['post', '/api/runs', '/api/runs'],
    ] as const) {
      const send = () =>
        limited.inject({ method: method === 'get' ? 'GET' : 'POST', url, payload: method === 'get' ? undefined : {} });
      await send();
      const r = await send();
      expect(r.statusCode).toBe(429);
      check(method, path, r);
    }
  });
});
