import { describe, expect, it } from 'vitest';
import { whirlyard } from './index.js';
import { WHIRLYARD_FIELDS } from './types.js';

describe('states made by newState', () => {
  it('are plain objects with the state keys in order, from init, step, fromWire and unpack alike', () => {
    const s = whirlyard.init(7);
    const r = whirlyard.step(s, { type: 'wait' });
    if (!r.ok) throw new Error(r.message);
    const states = [s, r.state, whirlyard.fromWire(whirlyard.toWire(r.state)), whirlyard.unpack!(whirlyard.pack!(s))];
    for (const x of states) {
      expect(Object.getPrototypeOf(x)).toBe(Object.prototype);
      expect(x.constructor).toBe(Object);
      expect(Object.keys(x)).toEqual(WHIRLYARD_FIELDS);
      expect(x).toStrictEqual(JSON.parse(JSON.stringify(x)));
    }
  });

  it('never share their drone arrays with another state made since', () => {
    const a = whirlyard.init(1);
    const b = whirlyard.init(2);
    expect(a.drones).not.toBe(b.drones);
    expect(a.charged).not.toBe(b.charged);
  });
});
