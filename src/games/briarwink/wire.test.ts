import { describe, it, expect } from 'vitest';
import { Rng } from '../../core/rng.js';
import { briarwink as game } from './index.js';
import { fromWire, toWire } from './wire.js';
import type { BriarwinkState } from './types.js';

function played(seed: number, n: number): BriarwinkState[] {
  const rng = Rng.fromSeed(seed);
  let s = game.init(seed);
  const out = [s];
  for (let i = 0; i < n; i++) {
    const legal = game.legalActions(s).filter((a) => a.type !== 'endRun');
    if (legal.length === 0) break;
    const a = rng.pick(legal);
    const r = game.step(s, a.type === 'tick' ? { ...a, count: 1 + rng.int(30) } : a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    out.push(s);
  }
  return out;
}

describe('the wire form', () => {
  it('round-trips exactly through JSON', () => {
    for (let seed = 0; seed < 10; seed++)
      for (const s of played(seed, 60)) {
        const w = JSON.parse(JSON.stringify(toWire(s)));
        expect(JSON.stringify(toWire(fromWire(w)))).toBe(JSON.stringify(w));
      }
  });

  it('a rebuilt state plays on exactly like the original', () => {
    const s = played(4, 40).pop()!;
    const back = fromWire(JSON.parse(JSON.stringify(toWire(s))));
    const a = game.step(s, { type: 'tick', move: 'left', count: 30 });
    const b = game.step(back, { type: 'tick', move: 'left', count: 30 });
    expect(a.ok && b.ok && JSON.stringify(toWire(b.state))).toBe(a.ok && JSON.stringify(toWire(a.state)));
  });

  it('fromWire throws on malformed input', () => {
    const good = toWire(played(2, 20).pop()!) as { data: Record<string, unknown>; secret: Record<string, unknown> };
    const bad: unknown[] = [
      null,
      {},
      { data: good.data },
      { data: { ...good.data, v: 2 }, secret: good.secret },
      { data: { ...good.data, ter: 'abc' }, secret: good.secret },
      { data: { ...good.data, h: 9 }, secret: good.secret },
      { data: { ...good.data, p: [1, 2] }, secret: good.secret },
      { data: { ...good.data, pd: [1, 2, 3] }, secret: good.secret },
      { data: good.data, secret: { ...good.secret, rng: [1, 2, 3] } },
      { data: good.data, secret: { ...good.secret, d: [0, 9, 1, -1, 0, 0, -1, 0, 0, 0, 0] } },
      { data: { ...good.data, sc: -5 }, secret: good.secret },
      { data: { ...good.data, lb: [1] }, secret: good.secret },
    ];
    for (const w of bad) expect(() => fromWire(w as never), JSON.stringify(w)?.slice(0, 60)).toThrow(Error);
  });
});
