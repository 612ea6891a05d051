/**
 * The readable state's canonical form as a client can bend it: a number JSON cannot hold (`1e999`
 * parses to Infinity, which JSON.stringify writes as null) is refused, never taken for `null`; `-0` is
 * the same value as `0`, and the game reads 0.
 */
import { describe, expect, it } from 'vitest';
import { NotJsonError, canonicalJson } from '../../core/canonical.js';
import { StateError, StateSealer } from './seal.js';

const sealer = StateSealer.random();

/** A readable state as it travels: sealed, sent as text, and parsed by the server. */
function roundTrip(data: unknown, edit: (text: string) => string): unknown {
  const sealed = sealer.sealReadable('g', 'g-1', { data: data as never });
  return JSON.parse(edit(JSON.stringify(sealed)));
}

describe('canonical JSON of readable states', () => {
  it('refuses 1e999 where the state held null', () => {
    const forged = roundTrip({ a: null, b: 1 }, (t) => t.replace('"a":null', '"a":1e999'));
    expect(() => sealer.openReadable('g', 'g-1', forged)).toThrow(StateError);
  });

  it('refuses -1e999 and a NaN smuggled in as a value', () => {
    const forged = roundTrip({ a: null }, (t) => t.replace('"a":null', '"a":-1e999'));
    expect(() => sealer.openReadable('g', 'g-1', forged)).toThrow(/number JSON cannot represent/);
    expect(() => canonicalJson({ a: NaN })).toThrow(NotJsonError);
  });

  it('treats -0 as 0: accepted under the same tag, and read as 0', () => {
    const sent = roundTrip({ a: 0, b: [0, { c: 0 }] }, (t) =>
      t.replace('"a":0', '"a":-0').replace('[0,', '[-0,').replace('"c":0', '"c":-0'),
    );
    const wire = sealer.openReadable('g', 'g-1', sent);
    const data = wire.data as { a: number; b: [number, { c: number }] };
    expect(Object.is(data.a, 0)).toBe(true);
    expect(Object.is(data.b[0], 0)).toBe(true);
    expect(Object.is(data.b[1].c, 0)).toBe(true);
    expect(canonicalJson(-0)).toBe(canonicalJson(0));
  });

  it('still refuses any other changed number', () => {
    const forged = roundTrip({ a: 0 }, (t) => t.replace('"a":0', '"a":0.0000001'));
    expect(() => sealer.openReadable('g', 'g-1', forged)).toThrow(/integrity check/);
  });
});
