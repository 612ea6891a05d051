/**
 * The one canonical JSON text of a value: the text the readable-state tags are computed over and the
 * golden hashes are taken of, so it lives in core, beside the games, not in the server that seals.
 */

/** A value canonical JSON cannot write (a non-finite number); its message completes "the value ...". */
export class NotJsonError extends Error {
  override name = 'NotJsonError';
}

/**
 * Canonical JSON: object keys sorted at every depth, no whitespace, one text per value. Numbers must be
 * finite (JSON has no Infinity or NaN; JSON.stringify would write them as null, so `1e999` would pass for
 * `null`), and -0 is written as 0: they are one value. Throws `NotJsonError` for what is not JSON.
 *
 * It runs twice per action of a readable-state game (the state sent, the state answered), so it is
 * written as one pass of string appends: no intermediate arrays, keys sorted only when they are not
 * already in order, and each key's quoted spelling kept (states use a few dozen names).
 */
export function canonicalJson(value: unknown, seen: { negativeZero: boolean } = { negativeZero: false }): string {
  return writeCanonical(value, seen);
}

/** Quoted keys with their colon, by key: the same few names recur in every state (at most 4,096 kept). */
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key) + ':';
    if (quotedKeys.size < 4096) quotedKeys.set(key, q);
  }
  return q;
}

/** Short string values quoted, by value: boards are arrays of a few cell codes. */
const quotedShorts = new Map<string, string>();

function quotedShort(text: string): string {
  let q = quotedShorts.get(text);
  if (q === undefined) {
    q = JSON.stringify(text);
    if (quotedShorts.size < 4096) quotedShorts.set(text, q);
  }
  return q;
}

function writeCanonical(value: unknown, seen: { negativeZero: boolean }): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotJsonError('holds a number JSON cannot represent');
    if (value === 0 && 1 / value < 0) seen.negativeZero = true;
    // A finite number's JSON is its string form (both are Number::toString; -0 is written "0"),
    // without a call into JSON.stringify for every number of the state.
    return '' + value;
  }
  if (typeof value === 'string') return value.length <= 8 ? quotedShort(value) : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      // A hole writes nothing, as Array.prototype.map and join did (JSON.parse never makes holes).
      if (i in value) out += writeCanonical(value[i], seen);
    }
    return out + ']';
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) if (keys[i - 1] > keys[i]) sorted = false;
  if (!sorted) keys.sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += quotedKey(k) + writeCanonical(v, seen);
  }
  return out + '}';
}
