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
import { answerSchemas, carriedStateSchema, eventSchema, outcomeSchema, specSchema } from './contract.js';

type Doc = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};
type Operation = Record<string, unknown> & {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
  parameters?: Record<string, unknown>[];
};

const MAP_KEYS = ['properties', 'patternProperties', 'definitions'];
const LIST_KEYS = ['oneOf', 'anyOf', 'allOf'];
const ONE_KEYS = ['items', 'not', 'additionalProperties'];

/** A draft-07 schema as OpenAPI 3.0.3 accepts it (a new object; the input is not changed). */
export function toOpenApi30(schema: unknown): unknown {
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
  for (const p of op.parameters ?? []) if (p.schema) p.schema = toOpenApi30(p.schema);
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
export function gameComponents(spec: GameSpec): Record<string, JsonSchema> {
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
      required: [spec.carry, 'action'],
      properties: { [spec.carry]: ref(`${n}State`), action: ref(`${n}Action`) },
    },
    [`${n}InitAnswer`]: answers.init,
    [`${n}AcceptedAnswer`]: answers.accepted,
    [`${n}RefusedAnswer`]: answers.refused,
    [`${n}ActionAnswer`]: { oneOf: [ref(`${n}AcceptedAnswer`), ref(`${n}RefusedAnswer`)] },
  };
}

/** A copy of `op` whose 200 answer is `schema` (its error answers kept). */
function withAnswer(op: Operation, schema: JsonSchema, summary: string): Operation {
  const responses = { ...op.responses };
  responses['200'] = {
    description: summary,
    content: { 'application/json': { schema } },
  };
  return { ...op, summary, responses };
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
        get: { ...withAnswer(init, ref(`${n}InitAnswer`), `Start a ${s.name} game`), parameters: noSlug(init) },
      };
    }
    if (action) {
      const op = withAnswer(action, ref(`${n}ActionAnswer`), `Play one ${s.name} action`);
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
  Object.assign(doc.paths, paths);
  for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) convertOperation(op);
  const converted = Object.entries(schemas).map(([name, schema]) => [name, toOpenApi30(schema)]);
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...Object.fromEntries(converted) } };
  return doc;
}

/**
 * The ranked live-session routes serve any game, chosen by the session: their action is any game's
 * action, and their answers' observation, legal actions and outcome any game's.
 */
function typeLiveRoutes(doc: Doc, anyOf: (suffix: string) => JsonSchema): void {
  const typeAnswer = (op: Operation | undefined) => {
    const schema = op?.responses?.['200']?.content?.['application/json']?.schema;
    const props = schema?.properties as Record<string, JsonSchema> | undefined;
    if (!schema || !props) return;
    schema.properties = {
      ...props,
      observation: { ...anyOf('Observation'), description: props.observation?.description },
      legalActions: { type: 'array', items: anyOf('Action') },
      outcome: { ...anyOf('Outcome'), nullable: true },
    };
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
