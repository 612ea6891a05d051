/**
 * The forgiving reply parser of the LLM agent. A model's reply is prose, a code fence, or both; the parser
 * takes the last JSON object in it that names an action `type`, reads it leniently (single quotes, bare
 * keys, trailing commas, Python's None/True/False), and matches near-miss spellings against the game's
 * grammar: the action type (`endrun`, `End_Run`), field names (`direction` for `dir`), enum values (`N`,
 * `north`, `Down`), numbers sent as strings. Unknown extra fields are dropped. What comes out is checked
 * against the game's JSON Schema, so a parsed action is always in the grammar; whether it is legal now is
 * the agent's next question.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { GameAction, JsonSchema } from '../../core/game.js';

/** A reply read as an action, or why it could not be. */
export type ParseResult = { ok: true; action: GameAction } | { ok: false; reason: string };

type Value = string | number | boolean | null;

/** One field of a grammar branch. */
interface Field {
  enum?: Value[];
  integer?: boolean;
  boolean?: boolean;
}

/** One branch of the grammar's `oneOf`: an action type and its fields. */
interface Branch {
  type: string;
  fields: Record<string, Field>;
  required: string[];
}

/** A game's grammar, prepared for matching replies against. */
export interface Grammar {
  branches: Branch[];
  types: string[];
  validate: ValidateFunction;
}

/** Reads the branches of an action schema (a `oneOf` of objects whose `type` is a `const`). */
export function grammarOf(schema: JsonSchema): Grammar {
  const oneOf = (schema.oneOf as JsonSchema[] | undefined) ?? [schema];
  const branches: Branch[] = [];
  for (const b of oneOf) {
    const props = (b.properties ?? {}) as Record<string, JsonSchema>;
    const type = (props.type as { const?: string } | undefined)?.const;
    if (typeof type !== 'string') continue;
    const fields: Record<string, Field> = {};
    for (const [name, p] of Object.entries(props)) {
      if (name === 'type') continue;
      fields[name] = {
        enum: p.enum as Value[] | undefined,
        integer: p.type === 'integer',
        boolean: p.type === 'boolean',
      };
    }
    branches.push({ type, fields, required: ((b.required as string[]) ?? []).filter((r) => r !== 'type') });
  }
  const ajv = new Ajv({ strict: false, coerceTypes: false, removeAdditional: false });
  return { branches, types: [...new Set(branches.map((b) => b.type))], validate: ajv.compile(schema) };
}

/** Letters and digits only, lower case: `End_Run` and `endrun` meet. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Edit distance, for near-miss spellings (inputs are a few characters). */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** The one name in `names` that `given` most plausibly means, or undefined when none (or several) do. */
function closest(given: string, names: string[]): string | undefined {
  if (names.includes(given)) return given;
  const g = squash(given);
  const same = names.filter((n) => squash(n) === g);
  if (same.length === 1) return same[0];
  const prefix = names.filter((n) => {
    const s = squash(n);
    return Math.min(s.length, g.length) >= 3 && (s.startsWith(g) || g.startsWith(s));
  });
  if (prefix.length === 1) return prefix[0];
  const near = names.filter((n) => editDistance(squash(n), g) <= (g.length > 4 ? 2 : 1));
  return near.length === 1 ? near[0] : undefined;
}

/** Direction words models use, mapped to each spelling a grammar might want. */
const SYNONYMS: Record<string, string[]> = {
  n: ['north', 'up', 'u'],
  s: ['south', 'down', 'd'],
  e: ['east', 'right', 'r'],
  w: ['west', 'left', 'l'],
  nw: ['northwest', 'upleft'],
  ne: ['northeast', 'upright'],
  sw: ['southwest', 'downleft'],
  se: ['southeast', 'downright'],
  up: ['n', 'north', 'u'],
  down: ['s', 'south', 'd'],
  right: ['e', 'east', 'r'],
  left: ['w', 'west', 'l'],
};

function matchValue(value: unknown, field: Field): { ok: true; value: Value } | { ok: false } {
  if (field.enum) {
    if (field.enum.includes(value as Value)) return { ok: true, value: value as Value };
    if (value === undefined || (typeof value === 'string' && /^(null|none|stop|nothing)$/i.test(value))) {
      if (field.enum.includes(null)) return { ok: true, value: null };
    }
    if (typeof value !== 'string') return { ok: false };
    const v = squash(value);
    for (const option of field.enum) {
      if (typeof option !== 'string') continue;
      if (squash(option) === v || SYNONYMS[option]?.includes(v)) return { ok: true, value: option };
    }
    return { ok: false };
  }
  if (field.integer) {
    const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) ? { ok: true, value: n } : { ok: false };
  }
  if (field.boolean) {
    if (typeof value === 'boolean') return { ok: true, value };
    if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
    return { ok: false };
  }
  return { ok: true, value: value as Value };
}

/** Fits a raw object onto one branch, or says what is missing. */
function fit(raw: Record<string, unknown>, branch: Branch): GameAction | string {
  const out: GameAction = { type: branch.type };
  const names = Object.keys(branch.fields);
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'type') continue;
    const name = closest(key, names);
    if (!name || name in out) continue; // an extra field the grammar does not have: dropped
    const m = matchValue(value, branch.fields[name]);
    if (!m.ok) return `${JSON.stringify(value)} is not a valid ${name}`;
    out[name] = m.value;
  }
  for (const r of branch.required) {
    if (r in out) continue;
    // a missing nullable enum (Briarwink's move) means null
    if (branch.fields[r]?.enum?.includes(null)) out[r] = null;
    else return `${branch.type} needs the field "${r}"`;
  }
  return out;
}

/** Matches one parsed object against the grammar. */
export function normaliseAction(raw: unknown, grammar: Grammar): ParseResult {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, reason: 'the action is not a JSON object' };
  let obj = raw as Record<string, unknown>;
  if (!('type' in obj) && obj.action && typeof obj.action === 'object') obj = obj.action as Record<string, unknown>;
  if (typeof obj.type !== 'string') return { ok: false, reason: 'the action has no "type"' };
  const type = closest(obj.type, grammar.types);
  if (!type)
    return { ok: false, reason: `unknown action type "${obj.type}"; the types are ${grammar.types.join(', ')}` };
  let why = '';
  // several branches may share a type (Briarwink's tick with move or walkTo): only those that keep the most
  // of the reply's fields are tried
  const keys = Object.keys(obj).filter((k) => k !== 'type');
  const kept = (b: Branch) => keys.filter((k) => closest(k, Object.keys(b.fields))).length;
  const ofType = grammar.branches.filter((b) => b.type === type);
  const most = Math.max(...ofType.map(kept));
  const candidates = ofType.filter((b) => kept(b) === most);
  for (const branch of candidates) {
    const fitted = fit(obj, branch);
    if (typeof fitted === 'string') {
      why ||= fitted;
      continue;
    }
    if (grammar.validate(fitted)) return { ok: true, action: fitted };
    why ||=
      `${JSON.stringify(fitted)} is outside the grammar: ${grammar.validate.errors?.[0]?.instancePath ?? ''} ${grammar.validate.errors?.[0]?.message ?? ''}`.trim();
  }
  return { ok: false, reason: why || 'the action does not match the grammar' };
}

/** The top-level {...} spans of a text, in order, skipping braces inside strings. */
function objectSpans(text: string): string[] {
  const spans: string[] = [];
  let depth = 0;
  let start = -1;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || (c === "'" && depth > 0)) quote = c;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && depth > 0 && --depth === 0) spans.push(text.slice(start, i + 1));
  }
  return spans;
}

/** JSON.parse, then a lenient second try: single quotes, bare keys, trailing commas, Python literals. */
function lenientParse(span: string): unknown {
  try {
    return JSON.parse(span);
  } catch {
    const fixed = span
      .replace(/'([^'\\]*)'/g, (_m, s: string) => JSON.stringify(s))
      .replace(/([{,]\s*)([A-Za-z_][\w-]*)\s*:/g, '$1"$2":')
      .replace(/,\s*([}\]])/g, '$1')
      .replace(/\bNone\b/g, 'null')
      .replace(/\bTrue\b/g, 'true')
      .replace(/\bFalse\b/g, 'false');
    try {
      return JSON.parse(fixed);
    } catch {
      return undefined;
    }
  }
}

/**
 * Reads a model's reply as one action of `grammar`: the last JSON object in it that names a type (an
 * object wrapping one under "action" counts), or a reply that is nothing but an action type's name.
 */
export function parseReply(reply: string, grammar: Grammar): ParseResult {
  const spans = objectSpans(reply);
  for (let i = spans.length - 1; i >= 0; i--) {
    const raw = lenientParse(spans[i]);
    if (!raw || typeof raw !== 'object') continue;
    const obj = raw as Record<string, unknown>;
    if ('type' in obj || (obj.action && typeof obj.action === 'object')) return normaliseAction(obj, grammar);
  }
  const bare = reply
    .replace(/```\w*/g, '')
    .trim()
    .replace(/[."'`]/g, '');
  if (/^[A-Za-z_ -]{2,20}$/.test(bare)) {
    const type = closest(bare, grammar.types);
    if (type) return normaliseAction({ type }, grammar);
  }
  return {
    ok: false,
    reason: spans.length ? 'no JSON object in the reply names an action "type"' : 'the reply holds no JSON action',
  };
}
