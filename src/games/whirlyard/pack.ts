/**
 * Whirlyard's packed state: the bytes sealed into its `stateToken` (about 45 bytes, against about 260
 * for the JSON of `toWire`). Layout, in order:
 *
 *   u8 format (1 for a free seed, 0x81 for a wide one: bit 7 flags it) · the seed (u32 for a free seed,
 *   a wide seed's 16 bytes in order) · 4 × u32 generator words · varint wave · varint turn · varint waveTurn
 *   · varint score · u8 charges · u8 flags (bit 0 pulseUsed, bit 1 over, bits 2-3 endReason:
 *   0 none, 1 caught, 2 ended) · u8 rover · u8 drone count · per drone u8 (cell, bit 6 charged)
 *   · u32 scrap cells 0-31 · u8 scrap cells 32-35
 *
 * `unpack` reads exactly that, refuses a short or long input or any value out of range, and then
 * checks the same invariants as `fromWire`.
 */
import { ByteReader, ByteWriter } from '../../core/bytes.js';
import { wideSeedBytes, wideSeedFromBytes, type Seed } from '../../core/seed.js';
import { newState } from './fresh.js';
import { CELLS, type EndReason, type WhirlyardState } from './types.js';
import { checkState, fail } from './wire.js';

const FORMAT = 1;
/** The format byte with bit 7 set: the same layout with a wide seed's 16 bytes in the seed's place. */
const FORMAT_WIDE = FORMAT | 0x80;
const CHARGED_BIT = 0x40;
const END_REASONS: readonly EndReason[] = [null, 'caught', 'ended'];

export function pack(s: WhirlyardState): Uint8Array {
  const w = new ByteWriter(64 + s.drones.length);
  if (typeof s.seed === 'number') w.u8(FORMAT).u32(s.seed);
  else w.u8(FORMAT_WIDE).raw(wideSeedBytes(s.seed));
  for (const word of s.rng) w.u32(word);
  w.varint(s.wave).varint(s.turn).varint(s.waveTurn).varint(s.score).u8(s.charges);
  w.u8((s.pulseUsed ? 1 : 0) | (s.over ? 2 : 0) | (END_REASONS.indexOf(s.endReason) << 2));
  w.u8(s.rover).u8(s.drones.length);
  for (let i = 0; i < s.drones.length; i++) w.u8(s.drones[i] | (s.charged[i] ? CHARGED_BIT : 0));
  return w
    .u32(s.scrapLo >>> 0)
    .u8(s.scrapHi)
    .bytes();
}

export function unpack(bytes: Uint8Array): WhirlyardState {
  const r = new ByteReader(bytes);
  const format = r.u8();
  if (format !== FORMAT && format !== FORMAT_WIDE) fail('unknown packed format');
  const seed: Seed = format === FORMAT ? r.u32() : wideSeedFromBytes(r.raw(16));
  const rng: WhirlyardState['rng'] = [r.u32(), r.u32(), r.u32(), r.u32()];
  const wave = r.varint();
  const turn = r.varint();
  const waveTurn = r.varint();
  const score = r.varint();
  const charges = r.u8();
  const flags = r.u8();
  if (flags > 0b1011 || flags >> 2 === 3) fail('unknown flags');
  const rover = r.u8();
  const count = r.u8();
  const drones: number[] = [];
  const charged: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const b = r.u8();
    const cell = b & ~CHARGED_BIT;
    if (cell >= CELLS) fail('a drone is off the board');
    drones.push(cell);
    charged.push((b & CHARGED_BIT) !== 0);
  }
  const scrapLo = r.u32() | 0;
  const scrapHi = r.u8();
  if (scrapHi >= 1 << (CELLS - 32)) fail('scrap off the board');
  r.end();
  // made by `newState` (see fresh.ts), so `step` sees one shape of state whichever way it came
  const s = newState({
    seed,
    rng,
    wave,
    turn,
    waveTurn,
    charges,
    pulseUsed: (flags & 1) !== 0,
    score,
    over: (flags & 2) !== 0,
    endReason: END_REASONS[flags >> 2],
    rover,
    drones,
    charged,
    scrapLo,
    scrapHi,
  });
  checkState(s);
  return s;
}
