/**
 * /openapi.json, typed per game. The document @fastify/swagger builds from the route schemas describes
 * the generic `/api/games/{slug}/…` routes, whose state, action and observation depend on the game. This
 * adds, for every game, concrete paths (`/api/games/whirlyard/init`, `/api/games/whirlyard/action`)
 * whose request and answers reference per-game components (`WhirlyardAction`, `WhirlyardObservation`,
 * `WhirlyardActionAnswer`, ...) built from the spec, and types the generic routes as "any game's".
 * A generated client therefore gets real types, not `unknown`.
 *
 * The games publish draft-07 JSON Schema; OpenAPI 3.0.3 has no `const` and no `null` type, so schemas
 * are converted on the way in (`const: x` → `enum: [x]`, `type: [t, 'null']` → `type: t, nullable`, and
 * an `enum` holding null gets `nullable` and the type of its other values).
 */
import type { GameSpec, JsonSchema } from '../core/game.js';
import type { Registry } from '../core/registry.js';
import {
  actionIndexField,
  answerSchemas,
  carriedStateSchema,
  eventSchema,
  outcomeSchema,
  seedSchema,
  specSchema,
  tensorRequestFields,
} from './schemas/contract.js';
import { ERRORS } from './errors.js';
import { actionBody, batchItemSchema, documentedQuery, errorAnswerSchema } from './schemas/api.js';

type Doc = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};
type Operation = Record<string, unknown> & {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, Response>;
  parameters?: (Record<string, unknown> & { in?: string; name?: string; schema?: JsonSchema })[];
};
type Response = { description?: string; content?: Record<string, { schema: JsonSchema }>; $ref?: string };

const MAP_KEYS = ['properties', 'patternProperties', 'definitions'];
const LIST_KEYS = ['oneOf', 'anyOf', 'allOf'];
const ONE_KEYS = ['items', 'not', 'additionalProperties'];

/** A draft-07 schema as OpenAPI 3.0.3 accepts it (a new object; the input is not changed). */
function toOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApi30);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (k === '$schema') continue;
    if (k === 'const') out.enum = [v];
    else if (MAP_KEYS.includes(k) && v && typeof v === 'object')
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, toOpenApi30(s)]));
    else if (LIST_KEYS.includes(k) || ONE_KEYS.includes(k)) out[k] = toOpenApi30(v);
    else out[k] = v;
  }
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((t) => t !== 'null');
    if (types.length < out.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((t) => ({ type: t }));
    }
  }
  if (Array.isArray(out.enum) && out.enum.includes(null)) {
    out.nullable = true;
    // `nullable` needs a `type` in 3.0.3: take it from the other values when they share one.
    const kinds = new Set(out.enum.filter((v) => v !== null).map((v) => typeof v));
    if (out.type === undefined && kinds.size === 1) out.type = [...kinds][0];
  }
  return out;
}

/** Converts, in place, every schema of an operation (parameters, request body, answers). */
function convertOperation(op: Operation): void {
  for (const p of op.parameters ?? []) if (p.schema) p.schema = toOpenApi30(p.schema) as JsonSchema;
  const bodies = [op.requestBody?.content, ...Object.values(op.responses ?? {}).map((r) => r.content)];
  for (const content of bodies) {
    for (const media of Object.values(content ?? {})) media.schema = toOpenApi30(media.schema) as JsonSchema;
  }
}

/** The component name prefix of a game: its slug in PascalCase ("whirlyard" → "Whirlyard"), unique as slugs are. */
export function componentName(spec: GameSpec): string {
  return spec.slug
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The per-game components: action, observation, carried state, outcome, request and answers. */
function gameComponents(spec: GameSpec): Record<string, JsonSchema> {
  const n = componentName(spec);
  const answers = answerSchemas(spec, {
    action: ref(`${n}Action`),
    observation: ref(`${n}Observation`),
    state: ref(`${n}State`),
    outcome: ref(`${n}Outcome`),
    event: ref('GameEvent'),
    spec: ref('GameSpec'),
  });
  return {
    [`${n}Action`]: { description: `An action in the ${spec.name} grammar.`, ...spec.actionSchema },
    [`${n}Observation`]: spec.observationSchema,
    [`${n}State`]: carriedStateSchema(spec),
    [`${n}Outcome`]: outcomeSchema(spec),
    [`${n}ActionRequest`]: {
      type: 'object',
      additionalProperties: false,
      required: [spec.carry],
      description: 'The carried state and `action`, or `actionIndex` instead of it (never both).',
      properties: {
        [spec.carry]: ref(`${n}State`),
        action: ref(`${n}Action`),
        ...(spec.actionIndex ? { actionIndex: actionIndexField } : {}),
        ...tensorRequestFields,
      },
    },
    [`${n}InitAnswer`]: answers.init,
    [`${n}AcceptedAnswer`]: answers.accepted,
    [`${n}RefusedAnswer`]: answers.refused,
    [`${n}ActionAnswer`]: { oneOf: [ref(`${n}AcceptedAnswer`), ref(`${n}RefusedAnswer`)] },
  };
}

/**
 * A copy of `op` whose 200 answer is `schema` (its error answers kept, but 404 when `known`: a game's
 * own path always finds its game).
 */
function withAnswer(op: Operation, schema: JsonSchema, summary: string, known = false): Operation {
  const responses = { ...op.responses };
  if (known) delete responses['404'];
  responses['200'] = {
    description: summary,
    content: { 'application/json': { schema } },
  };
  return { ...op, summary, responses };
}

/**
 * Each operation's id and tag, by `method path`. An operation missing here (a route added later) still
 * gets an id and a tag, derived from its method and path, so every operation has both.
 */
const OPERATIONS: Record<string, [operationId: string, tag: string]> = {
  'get /api/games': ['listGames', 'games'],
  'get /api/games/{slug}': ['getGame', 'games'],
  'get /api/games/{slug}/init': ['initGame', 'play'],
  'post /api/games/{slug}/action': ['playAction', 'play'],
  'post /api/runs': ['submitRun', 'runs'],
  'get /api/runs/{id}': ['getRun', 'runs'],
  'post /api/games/{slug}/sessions': ['startSession', 'ranked'],
  'post /api/sessions/{id}/action': ['playSessionAction', 'ranked'],
  'get /api/sessions/{id}': ['getSession', 'ranked'],
  'post /api/sessions/{id}/resume': ['resumeSession', 'ranked'],
  'get /api/games/{slug}/leaderboard': ['getLeaderboard', 'ranked'],
  'post /api/games/{slug}/batch': ['playBatch', 'play'],
  'post /api/players/{name}/key': ['rotatePlayerKey', 'players'],
  'post /api/evaluations': ['submitEvaluation', 'benchmarks'],
  'get /api/evaluations/{id}': ['getEvaluation', 'benchmarks'],
  'get /api/games/{slug}/benchmarks': ['getBenchmarks', 'benchmarks'],
};

/** The document's tags, in the order a reader meets them. */
const TAGS = [
  { name: 'games', description: 'The games there are and their published specs.' },
  { name: 'play', description: 'The stateless two-call loop: init, then action with the carried state.' },
  {
    name: 'play by game',
    description: 'The same loop per game, with each game’s own state, action and observation types.',
  },
  { name: 'runs', description: 'Submitted runs: the server replays them and keeps the replayed score.' },
  { name: 'ranked', description: 'Live (ranked) sessions and the leaderboards.' },
  { name: 'players', description: 'Owned player names and their keys.' },
  {
    name: 'benchmarks',
    description: 'Evaluations (whole suites of runs, replayed before they are listed) and the benchmark boards.',
  },
];

const camel = (words: string[]) =>
  words
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1)))
    .join('');

/** An operation's id and tag: from `OPERATIONS`, the per-game paths' own, or derived from method and path. */
function operationName(method: string, path: string, slugs: Map<string, string>): [string, string] {
  const known = OPERATIONS[`${method} ${path}`];
  if (known) return known;
  const game = /^\/api\/games\/([^/{}]+)\/(init|action)$/.exec(path);
  if (game && slugs.has(game[1])) {
    const name = slugs.get(game[1])!;
    return [game[2] === 'init' ? `init${name}` : `play${name}Action`, 'play by game'];
  }
  const words = path.split(/[^A-Za-z0-9]+/).filter((w) => w && w !== 'api');
  return [camel([method, ...words]), words[0] ?? 'other'];
}

/**
 * HTTP's own answers, which any route can give besides the ones its handler raises: each in the one
 * error envelope, described with the catalogue codes of its status. `when` says which operations can
 * meet it: every one, those with a path parameter (an over-long one is 414), or those with a body.
 */
const HTTP_ANSWERS: { status: number; title: string; when: 'all' | 'params' | 'body'; headers?: object }[] = [
  { status: 400, title: 'Bad request', when: 'all' },
  { status: 404, title: 'Not found', when: 'params' },
  {
    status: 405,
    title: 'Method not allowed: this address answers the methods in Allow',
    when: 'all',
    headers: {
      Allow: { description: 'The methods this address answers, e.g. `POST, OPTIONS`.', schema: { type: 'string' } },
    },
  },
  { status: 408, title: 'The request did not arrive in time (the connection is then closed)', when: 'all' },
  { status: 413, title: 'The body is too large', when: 'body' },
  { status: 414, title: 'The address is too long', when: 'params' },
  { status: 415, title: 'The body is not application/json', when: 'body' },
  {
    status: 429,
    title: 'Rate limited (limits are per client address and route group; on by default)',
    when: 'all',
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before sending again.',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  },
  { status: 431, title: 'The request headers are too large (the connection is then closed)', when: 'all' },
  { status: 500, title: 'A server fault; the request changed nothing', when: 'all' },
  { status: 503, title: 'Unavailable: shutting down, or no run store for ranked routes', when: 'all' },
];

/** The name of the shared answer of `status`, in `components.responses`. */
const answerName = (status: number | string) => `Error${status}`;

/** The shared error answers: one per status any operation names, described with the catalogue's codes. */
function errorAnswers(doc: Doc): Record<string, unknown> {
  const used = new Set<string>();
  for (const ops of Object.values(doc.paths))
    for (const op of Object.values(ops))
      for (const r of Object.values(op.responses ?? {}))
        if (r.$ref?.startsWith('#/components/responses/')) used.add(r.$ref.slice('#/components/responses/'.length));
  const out: Record<string, unknown> = {};
  const statuses = new Set([...HTTP_ANSWERS.map((a) => a.status), ...Object.values(ERRORS).map((e) => e.status)]);
  for (const status of [...statuses].sort()) {
    if (!used.has(answerName(status))) continue;
    const known = HTTP_ANSWERS.find((a) => a.status === status);
    const codes = Object.entries(ERRORS)
      .filter(([, e]) => e.status === status)
      .map(([code]) => `\`${code}\``);
    out[answerName(status)] = {
      description: `${known?.title ?? `HTTP ${status}`}. Codes: ${codes.join(', ') || '`bad_request`'}.`,
      ...(known?.headers ? { headers: known.headers } : {}),
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  return out;
}

/**
 * Completes one operation: its id and tag, query parameters documented as what they mean (an integer
 * seed), every error answer (its own and HTTP's) as a shared answer in the one error envelope.
 */
function finishOperation(method: string, path: string, op: Operation, slugs: Map<string, string>): void {
  const [operationId, tag] = operationName(method, path, slugs);
  op.operationId = operationId;
  op.tags = [tag];
  for (const p of op.parameters ?? []) {
    const meant = p.in === 'query' && p.name ? documentedQuery[p.name] : undefined;
    if (meant) p.schema = { ...meant } as JsonSchema;
  }
  const responses: Record<string, Response> = {};
  const bodyOnly = new Set(HTTP_ANSWERS.filter((a) => a.when === 'body').map((a) => String(a.status)));
  for (const [status, r] of Object.entries(op.responses ?? {})) {
    // A GET's body is never read, so it is never too large nor of the wrong type.
    if (bodyOnly.has(status) && !op.requestBody) continue;
    responses[status] = Number(status) >= 400 ? { $ref: `#/components/responses/${answerName(status)}` } : r;
  }
  const hasParams = (op.parameters ?? []).some((p) => p.in === 'path');
  for (const a of HTTP_ANSWERS) {
    if (a.when === 'params' && !hasParams) continue;
    if (a.when === 'body' && !op.requestBody) continue;
    responses[a.status] ??= { $ref: `#/components/responses/${answerName(a.status)}` };
  }
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The document @fastify/swagger built, typed per game (a new object). */
export function typedOpenApi(base: object, registry: Registry): Doc {
  const doc = structuredClone(base) as Doc;
  const schemas: Record<string, unknown> = { GameEvent: eventSchema, GameSpec: specSchema };
  const paths: Doc['paths'] = {};
  const init = doc.paths['/api/games/{slug}/init']?.get;
  const action = doc.paths['/api/games/{slug}/action']?.post;
  const names = registry.games.map((g) => componentName(g.spec));
  for (const game of registry.games) {
    const s = game.spec;
    const n = componentName(s);
    Object.assign(schemas, gameComponents(s));
    const noSlug = (op: Operation) => (op.parameters ?? []).filter((p) => p.in !== 'path');
    if (init) {
      paths[`/api/games/${s.slug}/init`] = {
        get: { ...withAnswer(init, ref(`${n}InitAnswer`), `Start a ${s.name} game`, true), parameters: noSlug(init) },
      };
    }
    if (action) {
      const op = withAnswer(action, ref(`${n}ActionAnswer`), `Play one ${s.name} action`, true);
      op.parameters = noSlug(action);
      op.requestBody = {
        ...action.requestBody!,
        content: { 'application/json': { schema: ref(`${n}ActionRequest`) } },
      };
      paths[`/api/games/${s.slug}/action`] = { post: op };
    }
  }
  // The generic routes: any game's request and answers.
  const anyOf = (suffix: string) => ({ anyOf: names.map((n) => ref(`${n}${suffix}`)) });
  if (init) doc.paths['/api/games/{slug}/init'].get = withAnswer(init, anyOf('InitAnswer'), 'Start a game');
  if (action) {
    const generic = withAnswer(action, anyOf('ActionAnswer'), 'Play one action');
    const body = action.requestBody!.content['application/json'].schema;
    const props = body.properties as Record<string, JsonSchema>;
    generic.requestBody = {
      ...action.requestBody!,
      content: {
        'application/json': {
          schema: {
            ...body,
            properties: {
              stateToken: { type: 'string', description: props.stateToken?.description },
              state: { ...anyOf('State'), description: props.state?.description },
              action: { ...anyOf('Action'), description: props.action?.description },
            },
          },
        },
      },
    };
    doc.paths['/api/games/{slug}/action'].post = generic;
  }
  typeLiveRoutes(doc, anyOf);
  typeRunRoutes(doc, anyOf);
  typeBatchRoute(doc, anyOf);
  const gameAnswer = doc.paths['/api/games/{slug}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
  if (gameAnswer?.properties) (gameAnswer.properties as Record<string, JsonSchema>).spec = ref('GameSpec');
  Object.assign(doc.paths, paths);
  const slugs = new Map(registry.games.map((g) => [g.spec.slug, componentName(g.spec)]));
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      convertOperation(op);
      finishOperation(method, path, op, slugs);
    }
  }
  schemas.Error = errorAnswerSchema;
  const converted = Object.entries(schemas).map(([name, schema]) => [name, toOpenApi30(schema)]);
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ...Object.fromEntries(converted) },
    responses: errorAnswers(doc),
  } as Doc['components'];
  doc.servers = [{ url: '/', description: 'The server this document is served by.' }];
  doc.tags = TAGS.filter((t) =>
    Object.values(doc.paths).some((ops) => Object.values(ops).some((op) => (op.tags as string[]).includes(t.name))),
  );
  return doc;
}

/**
 * A batch's items, as published: the schema the presenter checks each item with (`batchItemSchema`:
 * an init or exactly an /action body, never both; no other field), its fields typed as init and
 * /action then judge them. The route's own body schema leaves items open so that one bad item is
 * answered alone, not with a 400 for the whole batch; the document shows what an item must be.
 */
function typeBatchRoute(doc: Doc, anyOf: (suffix: string) => JsonSchema): void {
  const body = doc.paths['/api/games/{slug}/batch']?.post?.requestBody?.content['application/json']?.schema;
  const props = body?.properties as Record<string, JsonSchema> | undefined;
  if (!props?.items) return;
  const action = actionBody.properties;
  // Every field the item schema allows, typed (the compiler checks none is left out).
  const typed: Record<keyof typeof batchItemSchema.properties, JsonSchema> = {
    seed: { ...seedSchema, description: 'An init: the seed, as init takes it.' },
    stateToken: { type: 'string', description: action.stateToken.description },
    state: { ...anyOf('State'), description: action.state.description },
    action: { ...anyOf('Action'), description: action.action.description },
    actionIndex: action.actionIndex,
    tensor: action.tensor,
    tensorFormat: action.tensorFormat,
  };
  props.items = { ...props.items, items: withFields(batchItemSchema, typed) as JsonSchema };
}

/** A copy of `schema` with each field of each of its `properties` (its branches' too) replaced from `fields`. */
function withFields(schema: unknown, fields: Record<string, JsonSchema>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withFields(s, fields));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) =>
      k === 'properties'
        ? [k, Object.fromEntries(Object.keys(v as object).map((name) => [name, fields[name]]))]
        : [k, withFields(v, fields)],
    ),
  );
}

/** A run's actions (submitted, and as a stored run shows them) are any game's actions. */
function typeRunRoutes(doc: Doc, anyOf: (suffix: string) => JsonSchema): void {
  const typeActions = (run: JsonSchema | undefined) => {
    const props = run?.properties as Record<string, JsonSchema> | undefined;
    if (props?.actions) props.actions = { ...props.actions, items: anyOf('Action') };
  };
  typeActions(doc.paths['/api/runs']?.post?.requestBody?.content['application/json']?.schema);
  const stored = doc.paths['/api/runs/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
  typeActions((stored?.properties as Record<string, JsonSchema> | undefined)?.run);
}

/**
 * The ranked live-session routes serve any game, chosen by the session: their action is any game's
 * action, and their answers' observation, legal actions and outcome any game's.
 */
function typeLiveRoutes(doc: Doc, anyOf: (suffix: string) => JsonSchema): void {
  // The answer is an accepted one or a refusal (`oneOf`); the game's types go into each.
  const typeOne = (schema: JsonSchema) => {
    const props = schema.properties as Record<string, JsonSchema> | undefined;
    if (!props) return;
    const typed: Record<string, JsonSchema> = { ...props, legalActions: { type: 'array', items: anyOf('Action') } };
    if (props.observation) typed.observation = { ...anyOf('Observation'), description: props.observation.description };
    // Every game's outcome component is already nullable.
    if (props.outcome) typed.outcome = { ...anyOf('Outcome'), description: props.outcome.description };
    if (props.spec) typed.spec = ref('GameSpec');
    schema.properties = typed;
  };
  const typeAnswer = (op: Operation | undefined) => {
    const schema = op?.responses?.['200']?.content?.['application/json']?.schema;
    if (!schema) return;
    for (const one of (schema.oneOf as JsonSchema[] | undefined) ?? [schema]) typeOne(one);
  };
  const start = doc.paths['/api/games/{slug}/sessions']?.post;
  const act = doc.paths['/api/sessions/{id}/action']?.post;
  typeAnswer(start);
  typeAnswer(act);
  const body = act?.requestBody?.content['application/json']?.schema;
  const props = body?.properties as Record<string, JsonSchema> | undefined;
  if (body && props)
    body.properties = { ...props, action: { ...anyOf('Action'), description: props.action?.description } };
}
