import { describe, expect, it } from 'vitest';
import { ByteReader } from '../../core/bytes.js';
import { Rng } from '../../core/rng.js';
import { briarwink as game } from './index.js';
import { generateNight, isMoonless } from './generate.js';
import { pack, unpack } from './pack.js';
import type { BriarwinkAction } from './types.js';
import { play, cell, fromMap } from './testkit.js';
import type { BriarwinkState } from './types.js';
import { OVER, PLAYING, WAITING } from './types.js';
import { toWire } from './wire.js';

/** Night `night` of a run on `seed`, started, as if the nights before it were cleared. */
function nightStart(seed: number, night: number): BriarwinkState {
  const s = game.init(seed);
  s.levels = [1, 1, 1];
  s.nightsCleared = night - 1;
  generateNight(s, night);
  return play(s, { type: 'start' }).state;
}

/** The first state of seeded random play from `s` that `want` accepts; throws if the night ends first. */
function playUntil(
  s: BriarwinkState,
  seed: number,
  want: (s: BriarwinkState) => boolean,
  limit = 5000,
): BriarwinkState {
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < limit && s.status === PLAYING; i++) {
    if (want(s)) return s;
    const a: BriarwinkAction = rng.chance(0.5)
      ? { type: 'tick', walkTo: rng.int(63), plant: rng.chance(0.3) }
      : { type: 'tick', move: rng.pick([null, 'up', 'right', 'down', 'left']), plant: rng.chance(0.3) };
    s = play(s, a).state;
  }
  throw new Error('play never reached the state wanted');
}

/** `s` rebuilt from its packed bytes equals `s` (`own`, the copy-on-write bits, is not state). */
function expectRoundTrip(s: BriarwinkState): void {
  expect({ ...unpack(pack(s)), own: 0 }).toEqual({ ...s, own: 0 });
}

const busy = (s: BriarwinkState) =>
  s.dimlings.length > 0 && s.pods.length > 0 && s.blooms.length > 0 && s.cascades.length > 0;

describe('packed state (the bytes inside a Briarwink stateToken)', () => {
  it('round-trips the opening wait and the start of a night', () => {
    const opening = game.init(3);
    expect(opening.status).toBe(WAITING);
    expectRoundTrip(opening);
    expectRoundTrip(play(opening, { type: 'start' }).state);
    expectRoundTrip(nightStart(8, 10));
  });

  it('round-trips a night in play with dimlings, pods, blooms and open cascades', () => {
    const s = playUntil(nightStart(4, 17), 4, busy);
    expectRoundTrip(s);
  });

  it('round-trips a drawn garden with every list filled and every flag set', () => {
    const s = fromMap(
      `
      G..o...
      .***...
      ..m.p..
      .r%.n..
      ..t.s.T
      .+..x..
      ...^...
      ,#H~X..
      .......`,
      {
        night: 17,
        lostHeart: true,
        restless: true,
        settled: true,
        levels: [2, 0, 1],
        hidden: [cell(2, 3), 1],
        deferred: [
          { cell: cell(5, 6), what: -1 },
          { cell: cell(6, 6), what: 2 },
        ],
        fireflies: [cell(0, 8), cell(0, 8), cell(6, 8)],
        growPending: [cell(4, 5)],
        creepEvents: 4,
        creepIn: 30,
        lastRelight: cell(3, 6),
        lastBatch: { requested: 30, applied: 12, stoppedBy: 'arrived', eventsDropped: 3 },
      },
    );
    s.sproutAge[cell(0, 7)] = 149;
    s.pods[0] = { ...s.pods[0], reach: 4, cascade: 100, woken: true, fresh: true, wokeNow: true, bloomIn: 0 };
    s.dimlings[0] = { ...s.dimlings[0], to: cell(2, 1), prog: 3, steps: 8, dir: 1, mode: 2, moves: 300, shimmer: 9 };
    expectRoundTrip(s);
  });

  it('round-trips a moonless night', () => {
    let seed = 0;
    while (!isMoonless(seed, 13)) seed++;
    const s = playUntil(nightStart(seed, 13), seed, (x) => x.nightTick >= 200);
    expect(s.moonless).toBe(true);
    expectRoundTrip(s);
  });

  it('round-trips a finished run, ended by endRun and by losing the last heart', () => {
    const ended = play(
      playUntil(nightStart(2, 10), 2, (x) => x.nightTick > 100),
      { type: 'endRun' },
    ).state;
    expect(ended.status).toBe(OVER);
    expectRoundTrip(ended);
    const lost = { ...game.init(6), hearts: 0, status: OVER, lostHeart: true, pAt: -1, away: 24 };
    expectRoundTrip(lost);
  });

  it('a rebuilt state plays on exactly like the original', () => {
    const s = playUntil(nightStart(4, 17), 4, busy);
    const a: BriarwinkAction = { type: 'tick', move: 'left', plant: true, count: 30 };
    const next = play(s, a).state;
    expect(toWire(play(unpack(pack(s)), a).state)).toEqual(toWire(next));
  });

  it('is over three times smaller than the JSON of the wire form, late in a busy night', () => {
    const s = playUntil(nightStart(4, 17), 4, (x) => busy(x) && x.nightTick > 300);
    const packed = pack(s);
    expect(packed.length).toBeLessThan(300);
    expect(JSON.stringify(toWire(s)).length).toBeGreaterThan(3 * packed.length);
  });

  it('follows the documented layout: format, seed, generator, counters, flags, levels, gardener, night, terrain, sets', () => {
    const s: BriarwinkState = {
      ...fromMap('G......\n.......\n.......\n.......\n.......\n.......\n.......\n.......\n.......'),
      seed: 0xdeadbeef,
      night: 300,
      tick: 5000,
      nightTick: 4000,
      score: 123456,
      hearts: 4,
      nightsCleared: 299,
      relitTotal: 1000,
      moonless: true,
      settled: true,
      levels: [2, 1, 0],
      pTo: cell(1, 0),
      pProg: 3,
      pSteps: 7,
      pDir: 1,
      grace: 200,
      band: 8,
      layout: 4,
      corner: 3,
    };
    s.origBriar[0] = 1;
    s.origBriar[62] = 1;
    s.sproutAge[33] = 1;
    s.sproutAge[40] = 150;
    const r = new ByteReader(pack(s));
    expect(r.u8()).toBe(1);
    expect(r.u32()).toBe(0xdeadbeef);
    expect([r.u32(), r.u32(), r.u32(), r.u32()]).toEqual(s.rng);
    expect([r.u8(), r.varint(), r.varint(), r.varint(), r.varint(), r.u8()]).toEqual([
      PLAYING,
      300,
      5000,
      4000,
      123456,
      4,
    ]);
    expect([r.varint(), r.varint()]).toEqual([299, 1000]);
    expect(r.u8()).toBe(0b1010); // moonless, settled
    expect(r.u8()).toBe(0b000110); // levels 2, 1, 0
    // pAt+1, pTo+1, pProg+1, pSteps, pDir+1, away+1, grace+1
    expect([r.u8(), r.u8(), r.varint(), r.u8(), r.u8(), r.varint(), r.varint()]).toEqual([1, 2, 4, 7, 2, 1, 201]);
    expect([r.u8(), r.u8(), r.u8()]).toEqual([8, 4, 3]);
    for (let c = 0; c < 63; c++) expect(r.u8()).toBe(s.terrain[c]);
    expect([r.u32(), r.u32()]).toEqual([1, 0x40000000]); // origBriar: cells 0 and 62
    expect([r.u32(), r.u32()]).toEqual([0, 2 | (1 << 8)]); // sprout clocks on cells 33 and 40
    expect([r.varint(), r.varint()]).toEqual([0, 149]); // each clock - 1
    expect(r.varint()).toBe(0); // no hidden power-ups
  });

  // The bytes of a waiting night 1 with one pod added. Offsets: 0 format, 1-4 seed, 5-20 generator,
  // 21 status, 22 night, 23 tick, 24 nightTick, 25 score, 26 hearts, 27 nightsCleared, 28 relitTotal,
  // 29 flags, 30 levels, 31 pAt+1, 32 pTo+1, 33 pProg+1, 34 pSteps, 35 pDir+1, 36 away+1, 37 grace+1,
  // 38 band, 39 layout, 40 corner, 41-103 terrain, 104-111 origBriar, 112-119 sprout set (empty),
  // 120 hidden count, its pairs, the pod count, then the pod: id+1, cell, bloomIn+1, bits, cascade+1;
  // then nextPod, bloom, cascade and dimling counts and the first dimling: id+1, bits, at, to+1, ...
  // The last four bytes are lastBatch: requested, applied, stoppedBy, eventsDropped.
  const base: BriarwinkState = {
    ...game.init(5),
    pods: [{ id: 0, cell: 30, bloomIn: 60, reach: 2, cascade: -1, woken: false, fresh: false, wokeNow: false }],
    nextPod: 1,
  };
  const good = pack(base);
  const HIDDEN = 120;
  const POD = HIDDEN + 1 + 2 * good[HIDDEN] + 1;
  const DIM = POD + 5 + 4;
  const at = (i: number, v: number) => {
    const b = Uint8Array.from(good);
    b[i] = v;
    return b;
  };

  it('the refusal table starts from bytes that unpack, with its offsets where it says', () => {
    expect({ ...unpack(good), own: 0 }).toEqual({ ...base, own: 0 });
    expect([good[21], good[22], good[26], good[34], good[38]]).toEqual([WAITING, 1, base.hearts, 8, 1]);
    expect([good[POD + 1], good[POD + 3]]).toEqual([30, 2]);
    expect([good[DIM], good[DIM + 2]]).toEqual([1, base.dimlings[0].at]);
    expect(good[good.length - 2]).toBe(0); // stoppedBy none
  });

  const bad: [string, Uint8Array, RegExp][] = [
    ['an empty input', new Uint8Array(0), /truncated/],
    ['an unknown format', at(0, 2), /unknown packed format/],
    ['a missing last byte', good.subarray(0, good.length - 1), /truncated/],
    ['a trailing byte', Uint8Array.of(...good, 0), /trailing/],
    ['a count running past the end', at(HIDDEN, 100), /truncated/],
    [
      'a number not in its shortest form',
      Uint8Array.of(...good.subarray(0, 22), 0x81, 0, ...good.subarray(23)),
      /shortest/,
    ],
    ['status 3', at(21, 3), /st = 3/],
    ['night 0', at(22, 0), /n = 0/],
    ['six hearts', at(26, 6), /h = 6/],
    ['an unknown flag bit', at(29, 0x10), /unknown flag bits/],
    ['upgrade level 3', at(30, 0b11), /lv\[0\] = 3/],
    ['an unknown level bit', at(30, 0x40), /unknown level bits/],
    ['the gardener off the board', at(31, 64), /pAt = 63/],
    ['the gardener nowhere and not away', at(31, 0), /gardener nowhere/],
    ['a step of 9 ticks', at(34, 9), /pSteps = 9/],
    ['direction 4', at(35, 5), /pDir = 4/],
    ['band 0', at(38, 0), /b = 0/],
    ['layout 5', at(39, 5), /ly = 5/],
    ['corner 4', at(40, 4), /co = 4/],
    ['terrain code 8', at(41 + 10, 8), /ter\[10\] = 8/],
    ['briar on cell 63', at(111, 0x80), /origBriar holds a cell off the board/],
    ['a sprout clock on cell 63', at(119, 0x80), /sprout set holds a cell off the board/],
    ['a hidden power-up off the board', at(HIDDEN + 1, 63), /hd\[0\] = 63/],
    ['a pod off the board', at(POD + 1, 63), /pod cell = 63/],
    ['pod reach 5', at(POD + 3, 5), /pod reach = 5/],
    ['an unknown pod bit', at(POD + 3, 2 | 0x40), /unknown pod bits/],
    ['dimling kind 7', at(DIM + 1, 7), /kind = 7/],
    ['dimling direction 4', at(DIM + 1, 5 << 3), /dimling dir = 4/],
    ['a dimling off the board', at(DIM + 2, 63), /dimling at = 63/],
    ['a batch of 31 ticks', at(good.length - 4, 31), /lb requested = 31/],
    ['an unknown stoppedBy', at(good.length - 2, 6), /unknown lastBatch.stoppedBy/],
  ];
  it.each(bad)('unpack refuses %s', (_, bytes, why) => {
    expect(() => unpack(bytes)).toThrow(why);
  });
});

describe('packed state of a wide seed', () => {
  const wide = '00112233445566778899aabbccddeeff';
  it('flags the format byte (0x81) and holds the 16 seed bytes where a free seed holds its u32', () => {
    const free = pack(game.init(5));
    const bytes = pack(game.init(wide));
    expect(free[0]).toBe(1);
    expect(bytes[0]).toBe(0x81);
    expect(Array.from(bytes.subarray(1, 17))).toEqual([
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
    ]);
    expect(unpack(bytes).seed).toBe(wide);
    expect(toWire(unpack(bytes))).toEqual(toWire(game.init(wide)));
  });

  it('refuses a wide format cut inside its seed, and a free layout flagged wide', () => {
    const bytes = pack(game.init(wide));
    expect(() => unpack(bytes.subarray(0, 12))).toThrow();
    const flagged = pack(game.init(5)).slice();
    flagged[0] = 0x81;
    expect(() => unpack(flagged)).toThrow();
  });
});
