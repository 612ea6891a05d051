import { describe, expect, it } from 'vitest';
import { ByteReader } from '../../core/bytes.js';
import { whirlyard } from './index.js';
import { pack, unpack } from './pack.js';
import { END_A, WAIT_A, fromMap, play } from './testkit.js';
import { toWire } from './wire.js';

describe('packed state (the bytes inside a Whirlyard stateToken)', () => {
  it('round-trips live, caught and ended states exactly', () => {
    const live = whirlyard.init(3);
    const caught = play(fromMap('......\n.d.d..\n..R...\n......\n......\n......'), WAIT_A).state;
    const ended = play(live, END_A).state;
    for (const s of [live, caught, ended]) expect(unpack(pack(s))).toEqual(s);
  });

  it('is several times smaller than the JSON of the wire form', () => {
    const s = whirlyard.init(7);
    const packed = pack(s);
    expect(packed.length).toBeLessThan(50);
    expect(JSON.stringify(toWire(s)).length).toBeGreaterThan(4 * packed.length);
  });

  it('follows the documented layout: format, seed, generator words, counters, flags, cells, scrap', () => {
    const s = { ...whirlyard.init(7), wave: 300, turn: 5000, waveTurn: 4, score: 123456, charges: 1 };
    s.pulseUsed = true;
    const r = new ByteReader(pack(s));
    expect(r.u8()).toBe(1);
    expect(r.u32()).toBe(7);
    expect([r.u32(), r.u32(), r.u32(), r.u32()]).toEqual(s.rng);
    expect([r.varint(), r.varint(), r.varint(), r.varint(), r.u8()]).toEqual([300, 5000, 4, 123456, 1]);
    expect(r.u8()).toBe(0b0001); // pulse used, not over, no end reason
    expect(r.u8()).toBe(s.rover);
    expect(r.u8()).toBe(s.drones.length);
    for (let i = 0; i < s.drones.length; i++) expect(r.u8()).toBe(s.drones[i] | (s.charged[i] ? 0x40 : 0));
    expect(r.u32() | 0).toBe(s.scrapLo);
    expect(r.u8()).toBe(s.scrapHi);
    r.end();
  });

  const good = pack(whirlyard.init(5));
  const at = (i: number, v: number) => {
    const b = Uint8Array.from(good);
    b[i] = v;
    return b;
  };
  // offsets: 0 format, 1-4 seed, 5-20 rng, 21 wave, 22 turn, 23 waveTurn, 24 score, 25 charges,
  // 26 flags, 27 rover, 28 count, 29.. drones, then scrap
  const count = good[28];
  const bad: [string, Uint8Array][] = [
    ['an unknown format', at(0, 2)],
    ['wave 0', at(21, 0)],
    ['three charges', at(25, 3)],
    ['unknown flag bits', at(26, 0b10000)],
    ['end reason 3', at(26, 0b1110)],
    ['over without an end reason', at(26, 0b0010)],
    ['a rover off the board', at(27, 36)],
    ['no drones', Uint8Array.of(...good.subarray(0, 28), 0, ...good.subarray(29 + count))],
    ['a drone off the board', at(29, 40)],
    ['two drones on one cell while in play', at(30, good[29])],
    ['a drone on the rover while in play', at(29, good[27])],
    ['scrap off the board', at(good.length - 1, 16)],
    ['the rover on scrap', at(27, 21)], // every wave starts with scrap on (3,3), cell 21
    ['a missing byte', good.subarray(0, good.length - 1)],
    ['a trailing byte', Uint8Array.of(...good, 0)],
  ];
  it.each(bad)('unpack refuses %s', (_, bytes) => {
    expect(() => unpack(bytes)).toThrow();
  });
});

describe('packed state of a wide seed', () => {
  const wide = '00112233445566778899aabbccddeeff';
  it('flags the format byte (0x81) and holds the 16 seed bytes where a free seed holds its u32', () => {
    const free = pack(whirlyard.init(5));
    const bytes = pack(whirlyard.init(wide));
    expect(free[0]).toBe(1);
    expect(bytes[0]).toBe(0x81);
    expect(Array.from(bytes.subarray(1, 17))).toEqual([
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
    ]);
    expect(unpack(bytes).seed).toBe(wide);
    expect(toWire(unpack(bytes))).toEqual(toWire(whirlyard.init(wide)));
  });

  it('refuses a wide format cut inside its seed, and a free layout flagged wide', () => {
    const bytes = pack(whirlyard.init(wide));
    expect(() => unpack(bytes.subarray(0, 12))).toThrow();
    const flagged = pack(whirlyard.init(5)).slice();
    flagged[0] = 0x81;
    expect(() => unpack(flagged)).toThrow();
  });
});
