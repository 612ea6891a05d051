import { describe, expect, it } from 'vitest';
import { cragwake } from './index.js';
import { CRAGWAKE_FIELDS } from './types.js';

describe('states made by newState', () => {
  it('are plain objects with the state keys in order, from init, step and fromWire alike', () => {
    const s = cragwake.init(7);
    const r = cragwake.step(s, { type: 'breathe' });
    if (!r.ok) throw new Error(r.message);
    for (const x of [s, r.state, cragwake.fromWire(cragwake.toWire(r.state))]) {
      expect(Object.getPrototypeOf(x)).toBe(Object.prototype);
      expect(x.constructor).toBe(Object);
      expect(Object.keys(x)).toEqual(CRAGWAKE_FIELDS);
      expect(x).toStrictEqual(JSON.parse(JSON.stringify(x)));
    }
  });
});
