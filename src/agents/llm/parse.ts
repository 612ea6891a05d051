/**
 * The reply parser of the LLM agent. A model's reply is prose, a code fence, or both; the parser takes
 * the last JSON object in it that names an action `type`.
 *
 * By default it is forgiving, and says what it forgave: it reads the object leniently (single quotes,
 * bare keys, trailing commas, Python's None/True/False), takes an action wrapped as `{"action": {...}}`
 * or a reply that is nothing but an action type's name, and matches near-miss spellings against the
 * game's grammar: the action type (`endrun`, `End_Run`), field names (`direction` for `dir`), enum
 * values (`N`, `north`, `Down`), numbers and booleans sent as strings; unknown extra fields are
 * dropped, a missing nullable field is null, and a `count` above the agent's `--max-batch` is cut to
 * it. Each of these is one entry of `repaired`, so an evaluation can count them.
 *
 * Strict (`--strict-parse`), it repairs nothing: the last JSON object must parse as JSON and be in the
 * grammar as sent, and a `count` above `--max-batch` is refused.
 *
 * Either way, what comes out is judged by the one grammar module (src/core/grammar.ts), so a parsed
 * action is always in the grammar and an unparsable reply is explained in the HTTP API's words
 * (`"count" must be an integer from 1 to 30, got 40`). Whether the action is legal now is the agent's
 * next question.
 */
import { Ajv } from 'ajv';
import { compileGrammar, preview, type ActionGrammar } from '../../core/grammar.js';
import type { GameAction, JsonSchema } from '../../core/game.js';

/** A reply read as an action (with what was repaired to read it), or why it could not be. */
export type ParseResult = { ok: true; action: GameAction; repaired: string[] } | { ok: false; reason: string };

/** How the parser reads. */
export interface ParseOptions {
  /** Repair nothing: a reply needing any repair is unparsable. */
  strict?: boolean;
  /** The largest `count` the agent sends (its `--max-batch`): larger ones are cut (refused when strict). */
  maxCount?: number;
}

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
  /** The game's action grammar, as the HTTP API compiles and explains it. */
  actions: ActionGrammar;
}

/** The options the HTTP API compiles grammars with (src/core/grammar.ts), the explaining one with allErrors. */
const AJV = { removeAdditional: false, coerceTypes: false, useDefaults: false, strict: false } as const;

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
  const actions = compileGrammar(schema, new Ajv(AJV), new Ajv({ ...AJV, allErrors: true }));
  return { branches, types: [...new Set(branches.map((b) => b.type))], actions };
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

/** A value read as a field wants it, or undefined when it cannot be. */
function matchValue(value: unknown, field: Field): { value: Value } | undefined {
  if (field.enum) {
    if (field.enum.includes(value as Value)) return { value: value as Value };
    if (value === undefined || (typeof value === 'string' && /^(null|none|stop|nothing)$/i.test(value))) {
      if (field.enum.includes(null)) return { value: null };
    }
    if (typeof value !== 'string') return undefined;
    const v = squash(value);
    for (const option of field.enum) {
      if (typeof option !== 'string') continue;
      if (squash(option) === v || SYNONYMS[option]?.includes(v)) return { value: option };
    }
    return undefined;
  }
  if (field.integer) {
    const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) ? { value: n } : undefined;
  }
  if (field.boolean) {
    if (typeof value === 'boolean') return { value };
    if (value === 'true' || value === 'false') return { value: value === 'true' };
    return undefined;
  }
  return { value: value as Value };
}

/**
 * Fits a raw object onto one branch, noting each repair in `repaired`. A value that cannot be read as
 * its field wants is kept as sent, so the grammar's check refuses it and its explanation names it.
 */
function fit(raw: Record<string, unknown>, branch: Branch, repaired: string[]): GameAction {
  const out: GameAction = { type: branch.type };
  const names = Object.keys(branch.fields);
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'type') continue;
    const name = closest(key, names);
    if (!name || name in out) {
      repaired.push(`dropped the field ${preview(key)}`);
      continue;
    }
    if (name !== key) repaired.push(`field ${preview(key)} read as "${name}"`);
    const m = matchValue(value, branch.fields[name]);
    if (m && m.value !== value) repaired.push(`${preview(value)} read as ${preview(m.value)}`);
    out[name] = m ? m.value : (value as Value);
  }
  for (const r of branch.required) {
    if (r in out) continue;
    // a missing nullable enum (Briarwink's move) means null
    if (branch.fields[r]?.enum?.includes(null)) {
      out[r] = null;
      repaired.push(`the missing field "${r}" read as null`);
    }
  }
  return out;
}

/** Cuts a `count` above `maxCount` (forgiving) and notes it. */
function cutCount(action: GameAction, maxCount: number | undefined, repaired: string[]): GameAction {
  const n = action.count;
  if (maxCount === undefined || typeof n !== 'number' || n <= maxCount) return action;
  repaired.push(`"count" ${n} cut to ${maxCount} (the --max-batch)`);
  return { ...action, count: maxCount };
}

/** Why a `count` above `maxCount` is refused (strict), or undefined when it is within it. */
function countTooHigh(action: GameAction, maxCount: number | undefined): string | undefined {
  const n = action.count;
  if (maxCount === undefined || typeof n !== 'number' || n <= maxCount) return undefined;
  return `"count" must be at most ${maxCount} (the --max-batch), got ${n}`;
}

function forgive(raw: unknown, grammar: Grammar, opts: ParseOptions, repaired: string[]): ParseResult {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: grammar.actions.explain(raw) };
  let obj = raw as Record<string, unknown>;
  if (!('type' in obj) && obj.action && typeof obj.action === 'object' && !Array.isArray(obj.action)) {
    obj = obj.action as Record<string, unknown>;
    repaired.push('took the action out of its "action" wrapper');
  }
  const type = typeof obj.type === 'string' ? closest(obj.type, grammar.types) : undefined;
  if (!type) return { ok: false, reason: grammar.actions.explain(obj) };
  if (type !== obj.type) repaired.push(`type ${preview(obj.type)} read as "${type}"`);
  // several branches may share a type (Briarwink's tick with move or walkTo): only those that keep the most
  // of the reply's fields are tried
  const keys = Object.keys(obj).filter((k) => k !== 'type');
  const kept = (b: Branch) => keys.filter((k) => closest(k, Object.keys(b.fields))).length;
  const ofType = grammar.branches.filter((b) => b.type === type);
  const most = Math.max(...ofType.map(kept));
  let first: GameAction | undefined;
  for (const branch of ofType.filter((b) => kept(b) === most)) {
    const mine = [...repaired];
    const fitted = cutCount(fit(obj, branch, mine), opts.maxCount, mine);
    first ??= fitted;
    if (grammar.actions.check(fitted)) return { ok: true, action: fitted, repaired: mine };
  }
  return { ok: false, reason: grammar.actions.explain(first ?? obj) };
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

const strictJson = (span: string): unknown => {
  try {
    return JSON.parse(span);
  } catch {
    return undefined;
  }
};

/** JSON.parse, then a lenient second try: single quotes, bare keys, trailing commas, Python literals. */
function lenientParse(span: string): { value: unknown; repaired: boolean } {
  const exact = strictJson(span);
  if (exact !== undefined) return { value: exact, repaired: false };
  const fixed = span
    .replace(/'([^'\\]*)'/g, (_m, s: string) => JSON.stringify(s))
    .replace(/([{,]\s*)([A-Za-z_][\w-]*)\s*:/g, '$1"$2":')
    .replace(/,\s*([}\]])/g, '$1')
    .replace(/\bNone\b/g, 'null')
    .replace(/\bTrue\b/g, 'true')
    .replace(/\bFalse\b/g, 'false');
  return { value: strictJson(fixed), repaired: true };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads a model's reply as one action of `grammar`: the last JSON object in it that names a type (when
 * forgiving, an object wrapping one under "action" counts, and so does a reply that is nothing but an
 * action type's name).
 */
export function parseReply(reply: string, grammar: Grammar, opts: ParseOptions = {}): ParseResult {
  const spans = objectSpans(reply);
  if (opts.strict) {
    for (let i = spans.length - 1; i >= 0; i--) {
      const raw = strictJson(spans[i]);
      if (!isObject(raw) || !('type' in raw)) continue;
      if (!grammar.actions.check(raw)) return { ok: false, reason: grammar.actions.explain(raw) };
      const action = raw as GameAction;
      const high = countTooHigh(action, opts.maxCount);
      return high ? { ok: false, reason: high } : { ok: true, action, repaired: [] };
    }
    return {
      ok: false,
      reason: spans.length
        ? 'no JSON object in the reply names an action "type" (strict parsing repairs nothing)'
        : 'the reply holds no JSON action',
    };
  }
  for (let i = spans.length - 1; i >= 0; i--) {
    const { value: raw, repaired } = lenientParse(spans[i]);
    if (!isObject(raw)) continue;
    if ('type' in raw || isObject(raw.action)) {
      return forgive(raw, grammar, opts, repaired ? ['repaired the JSON syntax'] : []);
    }
  }
  const bare = reply
    .replace(/```\w*/g, '')
    .trim()
    .replace(/[."'`]/g, '');
  if (/^[A-Za-z_ -]{2,20}$/.test(bare)) {
    const type = closest(bare, grammar.types);
    if (type) return forgive({ type }, grammar, opts, [`read the bare word ${preview(bare)} as {"type":"${type}"}`]);
  }
  return {
    ok: false,
    reason: spans.length ? 'no JSON object in the reply names an action "type"' : 'the reply holds no JSON action',
  };
}
