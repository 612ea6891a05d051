/**
 * Seeds. A **free seed** is an integer 0..2^32-1: free play's public seeds, which every golden run,
 * pinned number and seed suite uses. A **wide seed** is a string of exactly 32 lowercase hex digits
 * (128 bits): what ranked and daily sessions draw, so that a first observation cannot be looked up
 * in a table of all seeds (docs/ranked.md).
 *
 * Engines never read a seed's bits themselves: they call the two derivations here, which take either
 * kind of seed.
 *
 * - `seedStream(seed, stream)`: the sfc32 state of one draw stream. For a free seed exactly
 *   `seedRng(seed, stream)`.
 * - `seedHash(seed, a, b?, c?)`: a keyed hash of one to three integers to a u32. For a free seed
 *   exactly `hash32(seed, a, b?, c?)`.
 *
 * For a wide seed both are the ChaCha block function keyed by the seed's 128 bits (constants
 * "expand 16-byte k", the key in words 4-7 and again in 8-11) at 12 rounds, with the stream or the
 * hashed integers in words 12-14 and a domain word in 15 that tells the two derivations (and the
 * number of hashed integers) apart. Twelve rounds, not twenty: ChaCha12 is what Rust's `rand` uses for
 * its standard generator, the best published attacks reach seven rounds, and a block is the only cost a
 * wide seed adds (a few hundred nanoseconds, drawn once per night, row or turn). A wide stream's
 * fourth word always has its top bit set, while every free stream starts with that word at 13 (d = 1
 * then twelve warm-up draws), so no wide stream starts in any free seed's state.
 */
import { hash32, seedRng, type RngState } from './rng.js';

/** A free seed (an integer 0..2^32-1) or a wide seed (32 lowercase hex digits). */
export type Seed = number | string;

const WIDE = /^[0-9a-f]{32}$/;

/** True for a free seed: an integer 0..2^32-1. */
export function isFreeSeed(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 0xffffffff;
}

/** True for a wide seed: exactly 32 lowercase hex digits (128 bits). */
export function isWideSeed(x: unknown): x is string {
  return typeof x === 'string' && WIDE.test(x);
}

/** True for either kind of seed. */
export function isSeed(x: unknown): x is Seed {
  return isFreeSeed(x) || isWideSeed(x);
}

/** What a seed may be, in words, for error messages. */
export const SEED_RULE = 'an integer 0..4294967295 or 32 lowercase hex digits';

/**
 * Reads a seed from text (a query string, a CLI flag): up to ten decimal digits for a free seed,
 * 32 hex digits (either case, answered in lowercase) for a wide one. Null for anything else.
 */
export function parseSeed(text: string): Seed | null {
  if (/^\d{1,10}$/.test(text)) {
    const n = Number(text);
    return n <= 0xffffffff ? n : null;
  }
  return /^[0-9a-fA-F]{32}$/.test(text) ? text.toLowerCase() : null;
}

/** A seed as text: decimal for a free seed, the 32 hex digits for a wide one (parseSeed reads it back). */
export function formatSeed(seed: Seed): string {
  return typeof seed === 'number' ? String(seed) : seed;
}

/** A wide seed's 128 bits as four u32 key words (little-endian bytes, as ChaCha reads its key). */
export function wideSeedWords(seed: string): [number, number, number, number] {
  if (!isWideSeed(seed)) throw new RangeError(`not a wide seed: ${JSON.stringify(seed).slice(0, 40)}`);
  const w: number[] = [];
  for (let i = 0; i < 4; i++) {
    let v = 0;
    for (let b = 3; b >= 0; b--) v = (v << 8) | parseInt(seed.slice(8 * i + 2 * b, 8 * i + 2 * b + 2), 16);
    w.push(v >>> 0);
  }
  return w as [number, number, number, number];
}

/** The 16 bytes of a wide seed, in order (for packed states). */
export function wideSeedBytes(seed: string): Uint8Array {
  if (!isWideSeed(seed)) throw new RangeError(`not a wide seed: ${JSON.stringify(seed).slice(0, 40)}`);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(seed.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The wide seed of 16 bytes (the inverse of `wideSeedBytes`). */
export function wideSeedFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length !== 16) throw new RangeError(`a wide seed is 16 bytes, not ${bytes.length}`);
  let s = '';
  for (let i = 0; i < 16; i++) s += (bytes[i] & 0xff).toString(16).padStart(2, '0');
  return s;
}

/** "expand 32-byte k" and "expand 16-byte k", the ChaCha constants for 256- and 128-bit keys. */
export const SIGMA: readonly number[] = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];
const TAU: readonly number[] = [0x61707865, 0x3120646e, 0x79622d36, 0x6b206574];

/** Rounds of the wide-seed derivations (see the module comment). */
export const ROUNDS = 12;

/**
 * The ChaCha block function (RFC 8439 section 2.3) on a 16-word input: `rounds` rounds (an even
 * number: column then diagonal quarter rounds), then the input added word by word. Writes the 16
 * output words into `out`. The words are locals, not array slots: this runs once per night, row or turn
 * of a wide-seeded run.
 */
export function chachaBlock(input: ArrayLike<number>, rounds: number, out: Uint32Array): Uint32Array {
  if (input.length !== 16 || rounds <= 0 || rounds % 2 !== 0) throw new RangeError('chachaBlock: bad input');
  let x0 = input[0] | 0,
    x1 = input[1] | 0,
    x2 = input[2] | 0,
    x3 = input[3] | 0,
    x4 = input[4] | 0,
    x5 = input[5] | 0,
    x6 = input[6] | 0,
    x7 = input[7] | 0,
    x8 = input[8] | 0,
    x9 = input[9] | 0,
    x10 = input[10] | 0,
    x11 = input[11] | 0,
    x12 = input[12] | 0,
    x13 = input[13] | 0,
    x14 = input[14] | 0,
    x15 = input[15] | 0;
  let t: number;
  for (let r = 0; r < rounds; r += 2) {
    // columns
    x0 = (x0 + x4) | 0;
    t = x12 ^ x0;
    x12 = (t << 16) | (t >>> 16);
    x8 = (x8 + x12) | 0;
    t = x4 ^ x8;
    x4 = (t << 12) | (t >>> 20);
    x0 = (x0 + x4) | 0;
    t = x12 ^ x0;
    x12 = (t << 8) | (t >>> 24);
    x8 = (x8 + x12) | 0;
    t = x4 ^ x8;
    x4 = (t << 7) | (t >>> 25);
    x1 = (x1 + x5) | 0;
    t = x13 ^ x1;
    x13 = (t << 16) | (t >>> 16);
    x9 = (x9 + x13) | 0;
    t = x5 ^ x9;
    x5 = (t << 12) | (t >>> 20);
    x1 = (x1 + x5) | 0;
    t = x13 ^ x1;
    x13 = (t << 8) | (t >>> 24);
    x9 = (x9 + x13) | 0;
    t = x5 ^ x9;
    x5 = (t << 7) | (t >>> 25);
    x2 = (x2 + x6) | 0;
    t = x14 ^ x2;
    x14 = (t << 16) | (t >>> 16);
    x10 = (x10 + x14) | 0;
    t = x6 ^ x10;
    x6 = (t << 12) | (t >>> 20);
    x2 = (x2 + x6) | 0;
    t = x14 ^ x2;
    x14 = (t << 8) | (t >>> 24);
    x10 = (x10 + x14) | 0;
    t = x6 ^ x10;
    x6 = (t << 7) | (t >>> 25);
    x3 = (x3 + x7) | 0;
    t = x15 ^ x3;
    x15 = (t << 16) | (t >>> 16);
    x11 = (x11 + x15) | 0;
    t = x7 ^ x11;
    x7 = (t << 12) | (t >>> 20);
    x3 = (x3 + x7) | 0;
    t = x15 ^ x3;
    x15 = (t << 8) | (t >>> 24);
    x11 = (x11 + x15) | 0;
    t = x7 ^ x11;
    x7 = (t << 7) | (t >>> 25);
    // diagonals
    x0 = (x0 + x5) | 0;
    t = x15 ^ x0;
    x15 = (t << 16) | (t >>> 16);
    x10 = (x10 + x15) | 0;
    t = x5 ^ x10;
    x5 = (t << 12) | (t >>> 20);
    x0 = (x0 + x5) | 0;
    t = x15 ^ x0;
    x15 = (t << 8) | (t >>> 24);
    x10 = (x10 + x15) | 0;
    t = x5 ^ x10;
    x5 = (t << 7) | (t >>> 25);
    x1 = (x1 + x6) | 0;
    t = x12 ^ x1;
    x12 = (t << 16) | (t >>> 16);
    x11 = (x11 + x12) | 0;
    t = x6 ^ x11;
    x6 = (t << 12) | (t >>> 20);
    x1 = (x1 + x6) | 0;
    t = x12 ^ x1;
    x12 = (t << 8) | (t >>> 24);
    x11 = (x11 + x12) | 0;
    t = x6 ^ x11;
    x6 = (t << 7) | (t >>> 25);
    x2 = (x2 + x7) | 0;
    t = x13 ^ x2;
    x13 = (t << 16) | (t >>> 16);
    x8 = (x8 + x13) | 0;
    t = x7 ^ x8;
    x7 = (t << 12) | (t >>> 20);
    x2 = (x2 + x7) | 0;
    t = x13 ^ x2;
    x13 = (t << 8) | (t >>> 24);
    x8 = (x8 + x13) | 0;
    t = x7 ^ x8;
    x7 = (t << 7) | (t >>> 25);
    x3 = (x3 + x4) | 0;
    t = x14 ^ x3;
    x14 = (t << 16) | (t >>> 16);
    x9 = (x9 + x14) | 0;
    t = x4 ^ x9;
    x4 = (t << 12) | (t >>> 20);
    x3 = (x3 + x4) | 0;
    t = x14 ^ x3;
    x14 = (t << 8) | (t >>> 24);
    x9 = (x9 + x14) | 0;
    t = x4 ^ x9;
    x4 = (t << 7) | (t >>> 25);
  }
  out[0] = x0 + input[0];
  out[1] = x1 + input[1];
  out[2] = x2 + input[2];
  out[3] = x3 + input[3];
  out[4] = x4 + input[4];
  out[5] = x5 + input[5];
  out[6] = x6 + input[6];
  out[7] = x7 + input[7];
  out[8] = x8 + input[8];
  out[9] = x9 + input[9];
  out[10] = x10 + input[10];
  out[11] = x11 + input[11];
  out[12] = x12 + input[12];
  out[13] = x13 + input[13];
  out[14] = x14 + input[14];
  out[15] = x15 + input[15];
  return out;
}

/** Domain words (input word 15): 'rng\0' for streams, 'hsh' plus the count of integers for hashes. */
const DOMAIN_STREAM = 0x00676e72;
const DOMAIN_HASH = 0x68736800;

// One-entry memo of the last wide seed's key words: a run reads the same seed at every derivation.
let lastSeed = '';
let lastKey: [number, number, number, number] = [0, 0, 0, 0];
const input = new Uint32Array(16);
const block = new Uint32Array(16);

function wideBlock(seed: string, w12: number, w13: number, w14: number, domain: number): Uint32Array {
  if (seed !== lastSeed) {
    lastKey = wideSeedWords(seed);
    lastSeed = seed;
  }
  input[0] = TAU[0];
  input[1] = TAU[1];
  input[2] = TAU[2];
  input[3] = TAU[3];
  for (let i = 0; i < 4; i++) input[4 + i] = input[8 + i] = lastKey[i];
  input[12] = w12;
  input[13] = w13;
  input[14] = w14;
  input[15] = domain;
  return chachaBlock(input, ROUNDS, block);
}

/** The sfc32 state of draw stream `stream` (a u32) of a seed; for a free seed `seedRng(seed, stream)`. */
export function seedStream(seed: Seed, stream = 0): RngState {
  if (typeof seed === 'number') return seedRng(seed, stream);
  const b = wideBlock(seed, stream >>> 0, 0, 0, DOMAIN_STREAM);
  return [b[0], b[1], b[2], (b[3] | 0x80000000) >>> 0];
}

/**
 * A keyed hash of a seed and one to three integers (each read as a u32) to a u32; for a free seed
 * exactly `hash32(seed, a, b, c)` (as many as given).
 */
export function seedHash(seed: Seed, a: number, b?: number, c?: number): number {
  if (typeof seed === 'number')
    return b === undefined ? hash32(seed, a) : c === undefined ? hash32(seed, a, b) : hash32(seed, a, b, c);
  const n = b === undefined ? 1 : c === undefined ? 2 : 3;
  return wideBlock(seed, a >>> 0, (b ?? 0) >>> 0, (c ?? 0) >>> 0, DOMAIN_HASH | n)[0];
}
