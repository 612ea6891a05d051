import { describe, expect, it } from 'vitest';
import { cragwake } from './index.js';

const KEYS =
  'seed,pitch,phase,end,row,col,high,floor,stamina,turn,score,streak,dipped,spindrift,gust,rockfall,overhang,cells,pristineTop';

describe('states made by newState', () => {
  it('are plain objects with the state keys in order, from init, step and fromWire alike', () => {
    const s = cragwake.init(7);
    const r = cragwake.step(s, { type: 'breathe' });
    if (!r.ok) throw new Error(r.message);
    for (const x of [s, r.state, cragwake.fromWire(cragwake.toWire(r.state))]) {
      expect(Object.getPrototypeOf(x)).toBe(Object.prototype);
      expect(x.constructor).toBe(Object);
      expect(Object.keys(x).join(',')).toBe(KEYS);
      expect(x).toStrictEqual(JSON.parse(JSON.stringify(x)));
    }
  });
});
