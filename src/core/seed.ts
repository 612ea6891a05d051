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
 * - `seedHash(seed, ...values)`: a keyed hash of up to three integers to a u32. For a free seed
 *   exactly `hash32(seed, ...values)`.
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
export const TAU: readonly number[] = [0x61707865, 0x3120646e, 0x79622d36, 0x6b206574];

/** Rounds of the wide-seed derivations (see the module comment). */
export const ROUNDS = 12;

const x = new Uint32Array(16);

/**
 * The ChaCha block function (RFC 8439 section 2.3) on a 16-word input: `rounds` rounds (an even
 * number: column then diagonal quarter rounds), then the input added word by word. Writes the 16
 * output words into `out`.
 */
export function chachaBlock(input: ArrayLike<number>, rounds: number, out: Uint32Array): Uint32Array {
  if (input.length !== 16 || rounds <= 0 || rounds % 2 !== 0) throw new RangeError('chachaBlock: bad input');
  for (let i = 0; i < 16; i++) x[i] = input[i];
  for (let r = 0; r < rounds; r += 2) {
    quarter(0, 4, 8, 12);
    quarter(1, 5, 9, 13);
    quarter(2, 6, 10, 14);
    quarter(3, 7, 11, 15);
    quarter(0, 5, 10, 15);
    quarter(1, 6, 11, 12);
    quarter(2, 7, 8, 13);
    quarter(3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) out[i] = (x[i] + input[i]) >>> 0;
  return out;
}

function quarter(a: number, b: number, c: number, d: number): void {
  let t: number;
  x[a] += x[b];
  t = x[d] ^ x[a];
  x[d] = (t << 16) | (t >>> 16);
  x[c] += x[d];
  t = x[b] ^ x[c];
  x[b] = (t << 12) | (t >>> 20);
  x[a] += x[b];
  t = x[d] ^ x[a];
  x[d] = (t << 8) | (t >>> 24);
  x[c] += x[d];
  t = x[b] ^ x[c];
  x[b] = (t << 7) | (t >>> 25);
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
 * exactly `hash32(seed, ...values)`.
 */
export function seedHash(seed: Seed, ...values: number[]): number {
  if (typeof seed === 'number') {
    switch (values.length) {
      case 1:
        return hash32(seed, values[0]);
      case 2:
        return hash32(seed, values[0], values[1]);
      default:
        return hash32(seed, ...values);
    }
  }
  const n = values.length;
  if (n < 1 || n > 3) throw new RangeError(`seedHash takes 1 to 3 integers, not ${n}`);
  return wideBlock(seed, values[0] >>> 0, n > 1 ? values[1] >>> 0 : 0, n > 2 ? values[2] >>> 0 : 0, DOMAIN_HASH | n)[0];
}
