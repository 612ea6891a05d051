import { describe, expect, it } from 'vitest';
import { delvewick } from './index.js';
import { DELVEWICK_FIELDS } from './types.js';

describe('DELVEWICK_FIELDS', () => {
  it('are the keys, in order, of the states init, step and fromWire make', () => {
    const s = delvewick.init(7);
    const r = delvewick.step(s, { type: 'wait' });
    if (!r.ok) throw new Error(r.message);
    for (const x of [s, r.state, delvewick.fromWire(delvewick.toWire(r.state))]) {
      expect(Object.keys(x)).toEqual(DELVEWICK_FIELDS);
    }
  });
});
