/**
 * /openapi.json is typed per game: concrete paths for every game whose requests and answers reference
 * per-game components, nothing left `unknown`, every `$ref` resolving, nothing OpenAPI 3.0.3 lacks
 * (`const`, `type: [..., "null"]`), and real answers valid against the published components.
 */
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { games } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { componentName } from '../src/server/openapi.js';
import { batchItemSchema } from '../src/server/schemas/api.js';

type Node = Record<string, unknown>;
let app: FastifyInstance;
let doc: Node & { paths: Record<string, Record<string, Node>>; components: { schemas: Record<string, Node> } };

beforeAll(async () => {
  app = await buildApp({ sealer: StateSealer.random(), webRoot: null });
  const r = await app.inject({ url: '/openapi.json' });
  expect(r.statusCode).toBe(200);
  doc = r.json();
});
afterAll(() => app.close());

/** Every object in `value`, with the path that leads to it. */
function* walk(value: unknown, path = '#'): Generator<[string, Node]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walk(value[i], `${path}/${i}`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  yield [path, value as Node];
  for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}/${k}`);
}

/** A schema says what it is: a type, a reference, a choice of schemas or a fixed set of values. */
const isTyped = (s: unknown) =>
  !!s && typeof s === 'object' && ['type', '$ref', 'oneOf', 'anyOf', 'allOf', 'enum'].some((k) => k in s);

/** A schema with each `properties` map cut to its field names: its structure without the fields' types. */
const shape = (s: unknown): unknown =>
  Array.isArray(s)
    ? s.map(shape)
    : s && typeof s === 'object'
      ? Object.fromEntries(
          Object.entries(s).map(([k, v]) => [k, k === 'properties' ? Object.keys(v as Node) : shape(v)]),
        )
      : s;

/** Follows one `#/components/schemas/X` reference. */
const resolve = (s: Node): Node =>
  typeof s.$ref === 'string' ? doc.components.schemas[s.$ref.replace('#/components/schemas/', '')] : s;

describe('/openapi.json', () => {
  it('is OpenAPI 3.0.3 and every $ref resolves', () => {
    expect(doc.openapi).toBe('3.0.3');
    let refs = 0;
    for (const [path, node] of walk(doc)) {
      if (typeof node.$ref !== 'string') continue;
      refs++;
      const m = /^#\/components\/(schemas|responses)\/(.+)$/.exec(node.$ref);
      expect(m, `${path}: ${node.$ref} is not a component reference`).not.toBeNull();
      const components = doc.components as unknown as Record<string, Record<string, Node>>;
      expect(components[m![1]][m![2]], `${path}: ${node.$ref} does not resolve`).toBeDefined();
    }
    expect(refs).toBeGreaterThan(games.length * 8);
  });

  it('uses nothing OpenAPI 3.0.3 lacks: no const, no type lists, no $schema', () => {
    for (const [path, node] of walk(doc)) {
      if (path.endsWith('/properties') || path.endsWith('/examples')) continue;
      expect('const' in node, `${path} uses const`).toBe(false);
      expect(Array.isArray(node.type), `${path} has a type list`).toBe(false);
      expect('$schema' in node, `${path} names $schema`).toBe(false);
    }
  });

  it('leaves no state, action or observation untyped anywhere', () => {
    let checked = 0;
    for (const [path, node] of walk(doc)) {
      if (!path.endsWith('/properties')) continue;
      for (const field of ['state', 'stateToken', 'action', 'observation', 'outcome'] as const) {
        if (!(field in node)) continue;
        checked++;
        expect(isTyped(node[field]), `${path}/${field} is untyped: ${JSON.stringify(node[field])}`).toBe(true);
      }
      if ('legalActions' in node) {
        const items = (node.legalActions as Node).items;
        expect(isTyped(items), `${path}/legalActions has untyped items`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(games.length * 4);
  });
});

describe('/openapi.json for generated clients', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => [`${m} ${path}`, op] as const),
    );

  it('names an operationId and a tag on every operation, unique ids, declared tags, and a server', () => {
    const ids = operations().map(([, op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = (doc.tags as { name: string }[]).map((t) => t.name);
    for (const [where, op] of operations()) {
      expect((op.tags as string[]).length, where).toBe(1);
      expect(declared, where).toContain((op.tags as string[])[0]);
    }
    expect((doc.servers as unknown[]).length).toBeGreaterThan(0);
  });

  it('types seed as an integer, and documents x-player-key on the routes that read it', () => {
    for (const [where, op] of operations()) {
      const params = (op.parameters ?? []) as Node[];
      const seed = params.find((p) => p.in === 'query' && p.name === 'seed');
      if (seed) expect((seed.schema as Node).type, where).toBe('integer');
      const key = params.some((p) => p.in === 'header' && p.name === 'x-player-key');
      expect(key, where).toBe(
        [
          'post /api/runs',
          'post /api/games/{slug}/sessions',
          'post /api/evaluations',
          'post /api/players/{name}/key',
        ].includes(where),
      );
    }
    expect(doc.paths['/api/games/{slug}/init'].get.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'seed' }),
    );
  });

  it('lists required fields on every answer object and a type beside every nullable', () => {
    let objects = 0;
    const roots: [string, unknown][] = Object.entries(doc.components.schemas);
    for (const [where, op] of operations())
      for (const [status, r] of Object.entries(op.responses as Record<string, Node>))
        roots.push([`${where} ${status}`, r]);
    for (const [name, root] of roots) {
      for (const [path, node] of walk(root, name)) {
        if (path.endsWith('/properties')) continue;
        if ('nullable' in node) expect(node.type, `${path} is nullable without a type`).toBeDefined();
        if (!node.properties) continue;
        objects++;
        expect(Array.isArray(node.required), `${path} lists no required fields`).toBe(true);
      }
    }
    expect(objects).toBeGreaterThan(50);
  });

  it('answers every error of every operation in the one envelope, with Allow on 405 and Retry-After on 429', () => {
    const responses = (doc.components as unknown as { responses: Record<string, Node> }).responses;
    for (const [where, op] of operations()) {
      const answers = op.responses as Record<string, Node>;
      for (const status of ['400', '405', '408', '429', '500', '503'])
        expect(answers[status], `${where} ${status}`).toBeDefined();
      if (op.requestBody)
        for (const status of ['413', '415']) expect(answers[status], `${where} ${status}`).toBeDefined();
      for (const [status, answer] of Object.entries(answers)) {
        if (Number(status) < 400) continue;
        expect(answer, `${where} ${status}`).toEqual({ $ref: `#/components/responses/Error${status}` });
      }
    }
    for (const answer of Object.values(responses))
      expect(((answer.content as Node)['application/json'] as Node).schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    expect(Object.keys(responses.Error405.headers as Node)).toEqual(['Allow']);
    expect(Object.keys(responses.Error429.headers as Node)).toEqual(['Retry-After']);
    expect(doc.components.schemas.Error.required).toEqual(['ok', 'error', 'message']);
  });
});

describe.each(games.map((g) => [g.spec.slug, g] as const))('/openapi.json for %s', (slug, game) => {
  const n = componentName(game.spec);

  it('has concrete init and action paths referencing the game components', () => {
    const init = doc.paths[`/api/games/${slug}/init`]?.get as Node;
    const action = doc.paths[`/api/games/${slug}/action`]?.post as Node;
    expect(init, 'no init path').toBeDefined();
    expect(action, 'no action path').toBeDefined();
    const answer = (op: Node) =>
      ((op.responses as Record<string, Node>)['200'].content as Record<string, Node>)['application/json'].schema;
    expect(answer(init)).toEqual({ $ref: `#/components/schemas/${n}InitAnswer` });
    expect(answer(action)).toEqual({ $ref: `#/components/schemas/${n}ActionAnswer` });
    const body = ((action.requestBody as Node).content as Record<string, Node>)['application/json'].schema as Node;
    expect(body).toEqual({ $ref: `#/components/schemas/${n}ActionRequest` });
    const request = resolve(body);
    // The action goes as `action` or as `actionIndex` (src/server/routes/play.ts checks that exactly one is sent).
    expect(request.required).toEqual([game.spec.carry]);
    expect(Object.keys(request.properties as Node)).toEqual(
      expect.arrayContaining(['action', 'actionIndex', 'tensor', 'tensorFormat']),
    );
    const grammar = resolve((request.properties as Record<string, Node>).action);
    expect(grammar.oneOf ?? grammar.anyOf, 'the action component is not the grammar').toBeDefined();
    const observation = doc.components.schemas[`${n}Observation`];
    expect(observation.additionalProperties).toBe(false);
    expect(Object.keys(observation.properties as Node)).toEqual(
      Object.keys(game.observe(game.init(7)) as unknown as Node),
    );
  });

  it('real answers validate against the published components', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema({ components: doc.components }, 'oas');
    const check = (name: string, value: unknown) => {
      const validate = ajv.compile({ $ref: `oas#/components/schemas/${name}` });
      expect(validate(value), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    };
    const body = (await app.inject({ url: `/api/games/${slug}/init?seed=7` })).json();
    check(`${n}InitAnswer`, body);
    const carry = game.spec.carry;
    const post = async (action: unknown) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/games/${slug}/action`,
          payload: { [carry]: body[carry], action },
        })
      ).json();
    const accepted = await post(body.legalActions[0]);
    expect(accepted.ok).toBe(true);
    check(`${n}ActionAnswer`, accepted);
    check(`${n}AcceptedAnswer`, accepted);
    const refused = await post({ type: 'nope' });
    check(`${n}ActionAnswer`, refused);
    check(`${n}RefusedAnswer`, refused);
    check(`${n}ActionRequest`, { [carry]: body[carry], action: body.legalActions[0] });
  });

  it('publishes the batch item schema the server checks: the items it allows are the items answered', async () => {
    const items = ((doc.paths['/api/games/{slug}/batch'].post.requestBody as Node).content as Record<string, Node>)[
      'application/json'
    ].schema as Node & { properties: Record<string, Node> };
    const item = items.properties.items.items as Node;
    // The same constant the presenter's Ajv check uses: its branches and their fields, each field typed.
    expect(shape(item)).toEqual(shape(batchItemSchema));
    expect(item.additionalProperties).toBe(false);
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ components: doc.components }, 'oas');
    const allowed = ajv.compile(JSON.parse(JSON.stringify(item).replaceAll('"#/components/', '"oas#/components/')));
    const start = (await app.inject({ url: `/api/games/${slug}/init?seed=7&tensor=true` })).json();
    const carried = { [game.spec.carry]: start[game.spec.carry] };
    const legal = start.legalActions[0];
    const cases: [string, Node][] = [
      ['an init', { seed: 7 }],
      ['an init asking for the tensor', { seed: 7, tensor: true, tensorFormat: 'base64' }],
      ['an action', { ...carried, action: legal }],
      ['an action by its index', { ...carried, actionIndex: start.legalIndex[0] }],
      ['an init and an action at once', { ...carried, seed: 7, action: legal }],
      ['a seed beside an action index', { seed: 7, actionIndex: 0 }],
      ['a state without an action', carried],
      ['nothing', {}],
      ['an unknown field', { seed: 7, score: 1 }],
      ['an unknown tensor format', { ...carried, action: legal, tensorFormat: 'png' }],
    ];
    const r = await app.inject({
      method: 'POST',
      url: `/api/games/${slug}/batch`,
      payload: { items: cases.map(([, c]) => c) },
    });
    expect(r.statusCode).toBe(200);
    const results = r.json().results as Node[];
    for (const [i, [name, c]] of cases.entries()) {
      const answered = results[i].ok === true;
      expect(
        allowed(c),
        `${name}: the document ${allowed(c) ? 'allows' : 'refuses'} it, the server ${answered ? 'answers' : 'refuses'} it (${JSON.stringify(results[i].message ?? '')})`,
      ).toBe(answered);
      if (!answered) expect(['bad_request', 'bad_seed'], name).toContain(results[i].error);
    }
    expect(results.filter((x) => x.ok === true)).toHaveLength(4);
  });
});
