/**
 * The canonical spelling is what every readable state's tag is computed over, so the one-pass writer
 * in canonical.ts must spell every JSON value exactly as the first, obviously correct writer did (kept here
 * as the reference): a changed spelling would invalidate every state issued before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotJsonError, canonicalJson } from './canonical.js';

/** The original writer: sort, map, join. */
function reference(value: unknown, seen: { negativeZero: boolean } = { negativeZero: false }): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotJsonError('holds a number JSON cannot represent');
    if (Object.is(value, -0)) seen.negativeZero = true;
    return JSON.stringify(value);
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return '[' + value.map((v) => reference(v, seen)).join(',') + ']';
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + reference(obj[k], seen)).join(',') + '}';
}

describe('canonicalJson', () => {
  it('spells any JSON value exactly as the reference writer, and notices -0 the same way', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const a = { negativeZero: false };
        const b = { negativeZero: false };
        expect(canonicalJson(value, a)).toBe(reference(value, b));
        expect(a.negativeZero).toBe(b.negativeZero);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees on integer-like keys, unicode keys, undefined fields and nested -0', () => {
    const value = { '10': 1, '9': [-0, { b: undefined, a: 'é' }], é: null, Z: true, a: [] };
    const a = { negativeZero: false };
    expect(canonicalJson(value, a)).toBe(reference(value));
    expect(canonicalJson(value)).toBe('{"10":1,"9":[0,{"a":"é"}],"Z":true,"a":[],"é":null}');
    expect(a.negativeZero).toBe(true);
  });
});
