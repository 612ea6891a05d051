/**
 * The one grammar module: each game's action grammar compiled once, as strictly as the HTTP request
 * schemas (no field stripped, nothing coerced), and the words that say why an action is not in it. The
 * HTTP routes, the MCP server and the LLM agent's parser all judge actions here, so a refusal reads the
 * same wherever it comes from.
 *
 * Ajv's own first error on a `oneOf` grammar is judged against whichever branch it tried first, so it
 * tells `{"type":"wait","x":1}` that it lacks Whirlyard's `direction`. The explanation here is judged
 * against the branches of the action's own `type` only, and only once the fast check has failed.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from './game.js';
import type { Registry } from './registry.js';

/**
 * A game's compiled action grammar. It is still the Ajv validate function it used to be (callable,
 * with `errors`), so callers written against that keep working.
 */
export type ActionGrammar = ValidateFunction & {
  /** True when the action is in the grammar: one compiled check, the hot path. */
  check: (action: unknown) => boolean;
  /** Why an action `check` refused is not in the grammar, naming the real problem. */
  explain: (action: unknown) => string;
  /** The action types the grammar knows, in its order. */
  types: string[];
};

/** One `oneOf` branch of a grammar, for the explanation. */
interface Branch {
  type: string;
  schema: Record<string, unknown>;
  readonly validate: ValidateFunction;
}

const options = { removeAdditional: false, coerceTypes: false, useDefaults: false, strict: false } as const;

/** The grammars compiled for each registry: every shell in a process shares one compilation. */
const compiled = new WeakMap<Registry, Map<string, ActionGrammar>>();

/**
 * Each game's compiled grammar, by slug, compiled once per registry however many shells (routes, the
 * MCP server, the harness) ask for it. Prefer this to `compileActionGrammars`.
 */
export function grammarsOf(registry: Registry): Map<string, ActionGrammar> {
  let m = compiled.get(registry);
  if (!m) compiled.set(registry, (m = compileActionGrammars(registry)));
  return m;
}

/**
 * The one wording of an action outside a game's grammar, as every shell refuses it (reason
 * `unknown_action`): `The action is not in the <Name> grammar: <why>.`; `what` names the action
 * differently (`Action 3` in a submitted run).
 */
export function grammarRefusal(
  game: { spec: { name: string } },
  grammar: ActionGrammar,
  action: unknown,
  what = 'The action',
): string {
  return `${what} is not in the ${game.spec.name} grammar: ${grammar.explain(action)}.`;
}

/** One compiled grammar per game slug (a fresh compilation; `grammarsOf` shares one). */
export function compileActionGrammars(registry: Registry): Map<string, ActionGrammar> {
  const fast = new Ajv(options);
  const thorough = new Ajv({ ...options, allErrors: true });
  return new Map(registry.games.map((g) => [g.spec.slug, compileGrammar(g.spec.actionSchema, fast, thorough)]));
}

/** Compiles one grammar: `fast` for the check, `thorough` (allErrors) for the branches that explain. */
export function compileGrammar(schema: JsonSchema, fast = new Ajv(options), thorough = fast): ActionGrammar {
  const check = fast.compile(schema);
  const parts = (schema.oneOf ?? schema.anyOf ?? [schema]) as Record<string, unknown>[];
  const branches: Branch[] = [];
  for (const part of parts) {
    const type = typeOfBranch(part);
    if (type === undefined) continue;
    // Compiled when an action is first explained: most processes never refuse one, and the grammars'
    // compile, these with the fast checks, was a tenth of a server's start (bench/RESULTS.md).
    let validate: ValidateFunction | undefined;
    branches.push({
      type,
      schema: part,
      get validate() {
        return (validate ??= thorough.compile(part));
      },
    });
  }
  const types = [...new Set(branches.map((b) => b.type))];
  const explainer = (action: unknown) => explain(action, branches, types);
  return Object.assign(check, { check, explain: explainer, types });
}

/** The `type` a branch stands for (`const`, or a one-value `enum`). */
function typeOfBranch(branch: Record<string, unknown>): string | undefined {
  const t = (branch.properties as Record<string, { const?: unknown; enum?: unknown[] }> | undefined)?.type;
  const v = t?.const ?? (t?.enum?.length === 1 ? t.enum[0] : undefined);
  return typeof v === 'string' ? v : undefined;
}

/** A short JSON rendering of a bad value, for messages (never throws). */
export function preview(value: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function explain(action: unknown, branches: Branch[], types: string[]): string {
  const known = `known types: ${types.join(', ')}`;
  if (action === null || typeof action !== 'object' || Array.isArray(action)) {
    return `an action is a JSON object with a "type" (${known}); got ${preview(action)}`;
  }
  const type = (action as { type?: unknown }).type;
  if (type === undefined) return `the action has no "type" (${known})`;
  const mine = branches.filter((b) => b.type === type);
  if (mine.length === 0) return `unknown type ${preview(type)} (${known})`;
  // Judge against each branch of this type and keep the closest: the fewest problems.
  let best: { branch: Branch; errors: ErrorObject[] }[] = [];
  for (const branch of mine) {
    if (branch.validate(action)) return 'the action does not match the grammar';
    const errors = branch.validate.errors ?? [];
    if (best.length === 0 || errors.length < best[0].errors.length) best = [{ branch, errors }];
    else if (errors.length === best[0].errors.length) best.push({ branch, errors });
  }
  // Branches that differ only in which field they need (Briarwink's tick: move or walkTo): name them all.
  const missing = best.map((b) => (b.errors.length === 1 ? missingField(b.errors[0]) : undefined));
  if (best.length > 1 && missing.every((m) => m !== undefined)) {
    return `${preview(type)} needs the field ${missing.map((m) => `"${m}"`).join(' or ')}`;
  }
  // Branches that each refuse the field the other needs (a tick with both move and walkTo): say so.
  const extra = best.map((b) => (b.errors.length === 1 ? extraField(b.errors[0]) : undefined));
  if (best.length > 1 && extra.every((f) => f !== undefined)) {
    const order = (f: string) => best.findIndex((b) => f in ((b.branch.schema.properties ?? {}) as object));
    const fields = [...(extra as string[])].sort((a, b) => order(a) - order(b));
    return `${preview(type)} takes one of ${fields.map((f) => `"${f}"`).join(', ')}, not both`;
  }
  const { branch, errors } = best[0];
  // One problem per field: a value outside an enum fails both `type` and `enum`; the enum says more.
  const byField = new Map<string, ErrorObject>();
  for (const e of errors) {
    const key = e.instancePath || `${e.keyword}:${JSON.stringify(e.params)}`;
    const seen = byField.get(key);
    if (!seen || e.keyword === 'enum') byField.set(key, e);
  }
  return [...byField.values()].map((e) => describe(e, branch, action as Record<string, unknown>)).join('; ');
}

function extraField(e: ErrorObject): string | undefined {
  return e.keyword === 'additionalProperties'
    ? String((e.params as { additionalProperty: string }).additionalProperty)
    : undefined;
}

function missingField(e: ErrorObject): string | undefined {
  return e.keyword === 'required' ? String((e.params as { missingProperty: string }).missingProperty) : undefined;
}

/** One Ajv error in words, using the branch's own schema for the allowed fields and ranges. */
function describe(e: ErrorObject, branch: Branch, action: Record<string, unknown>): string {
  const props = (branch.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const on = `on ${preview(branch.type)}`;
  const unknown = extraField(e);
  if (unknown !== undefined) {
    const allowed = Object.keys(props).filter((k) => k !== 'type');
    const takes = allowed.length ? `it takes ${allowed.map((k) => `"${k}"`).join(', ')}` : 'it takes no other field';
    return `unknown field ${preview(unknown)} ${on} (${takes})`;
  }
  const missing = missingField(e);
  if (missing !== undefined) return `missing field "${missing}" ${on}`;
  const field = e.instancePath.slice(1).split('/')[0] ?? '';
  const schema = props[field] ?? {};
  const got = `got ${preview(action[field])}`;
  const kind = schema.type === 'integer' ? 'an integer' : schema.type === 'number' ? 'a number' : 'a value';
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'type'].includes(e.keyword)) {
    const lo = schema.minimum as number | undefined;
    const hi = schema.maximum as number | undefined;
    if (lo !== undefined && hi !== undefined) return `"${field}" must be ${kind} from ${lo} to ${hi}, ${got}`;
    if (lo !== undefined) return `"${field}" must be ${kind} of at least ${lo}, ${got}`;
    if (hi !== undefined) return `"${field}" must be ${kind} of at most ${hi}, ${got}`;
    if (e.keyword === 'type') return `"${field}" must be ${typeWords(schema.type)}, ${got}`;
  }
  if (e.keyword === 'enum' || e.keyword === 'const') {
    const values = (schema.enum as unknown[] | undefined) ?? [schema.const];
    return `"${field}" must be one of ${values.map(preview).join(', ')}, ${got}`;
  }
  return `"${field || 'the action'}" ${e.message ?? 'is invalid'}, ${got}`;
}

function typeWords(type: unknown): string {
  const one = (t: unknown) => (t === 'integer' ? 'an integer' : t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`);
  return Array.isArray(type) ? type.map(one).join(' or ') : one(type);
}
