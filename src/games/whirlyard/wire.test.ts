import { describe, expect, it } from 'vitest';
import type { WireState } from '../../core/game.js';
import { whirlyard } from './index.js';
import { END_A, WAIT_A, fromMap, play } from './testkit.js';
import { fromWire, toWire } from './wire.js';

const roundTrip = (w: WireState) => fromWire(JSON.parse(JSON.stringify(w)));

describe('wire form', () => {
  it('keeps the generator state out of the readable part', () => {
    const w = toWire(whirlyard.init(7));
    expect(Object.keys(w.data as object)).not.toContain('rng');
    expect(w.secret).toEqual({ rng: whirlyard.init(7).rng });
  });

  it('round-trips live, caught and ended states exactly', () => {
    const live = whirlyard.init(3);
    const caught = play(fromMap('......\n.d.d..\n..R...\n......\n......\n......'), WAIT_A).state;
    const ended = play(live, END_A).state;
    expect(caught.drones).toEqual([14, 14]); // two drones on the rover: only a caught state may hold that
    for (const s of [live, caught, ended]) expect(roundTrip(toWire(s))).toEqual(s);
  });

  const good = toWire(whirlyard.init(5));
  const data = good.data as Record<string, unknown>;
  const bad: [string, unknown][] = [
    ['no secret', { data }],
    ['a short generator state', { data, secret: { rng: [1, 2, 3] } }],
    ['a negative seed', { ...good, data: { ...data, seed: -1 } }],
    ['wave 0', { ...good, data: { ...data, wave: 0 } }],
    ['three charges', { ...good, data: { ...data, charges: 3 } }],
    ['a fractional score', { ...good, data: { ...data, score: 1.5 } }],
    ['a rover off the board', { ...good, data: { ...data, rover: 36 } }],
    [
      'a drone off the board',
      { ...good, data: { ...data, drones: [40, 1, 2, 3], charged: [false, false, false, false] } },
    ],
    ['charged flags of the wrong length', { ...good, data: { ...data, charged: [false] } }],
    ['two drones on one cell while in play', { ...good, data: { ...data, drones: [0, 0, 1, 2] } }],
    ['a drone on scrap while in play', { ...good, data: { ...data, drones: [21, 0, 1, 2] } }],
    ['scrap out of order', { ...good, data: { ...data, scrap: [21, 5] } }],
    ['an unknown end reason', { ...good, data: { ...data, endReason: 'bored' } }],
    ['over without a reason', { ...good, data: { ...data, over: true } }],
    ['no drones at all', { ...good, data: { ...data, drones: [], charged: [] } }],
    ['a string for a number', { ...good, data: { ...data, turn: '3' } }],
  ];
  it.each(bad)('refuses %s', (_, wire) => {
    expect(() => fromWire(wire as WireState)).toThrow(/invalid Whirlyard state/);
  });
});
