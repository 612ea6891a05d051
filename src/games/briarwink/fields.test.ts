import { describe, expect, it } from 'vitest';
import { briarwink } from './index.js';
import { BRIARWINK_FIELDS } from './types.js';

describe('BRIARWINK_FIELDS', () => {
  it('are the keys, in order, of the states init, step, fromWire and unpack make', () => {
    const s = briarwink.init(7);
    const r = briarwink.step(s, { type: 'start' });
    if (!r.ok) throw new Error(r.message);
    const t = r.state;
    for (const x of [s, t, briarwink.fromWire(briarwink.toWire(t)), briarwink.unpack!(briarwink.pack!(t))]) {
      expect(Object.keys(x)).toEqual(BRIARWINK_FIELDS);
    }
  });
});
