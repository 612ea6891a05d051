import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hash32, seedRng } from './rng.js';
import {
  ROUNDS,
  SIGMA,
  chachaBlock,
  formatSeed,
  isFreeSeed,
  isSeed,
  isWideSeed,
  parseSeed,
  seedHash,
  seedStream,
  wideSeedBytes,
  wideSeedFromBytes,
  wideSeedWords,
} from './seed.js';

/** Bytes as little-endian u32 words, as ChaCha reads keys and nonces. */
function words(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 4)
    out.push((bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0);
  return out;
}

function serialise(block: Uint32Array): string {
  return Array.from(block, (w) =>
    [w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24].map((b) => b.toString(16).padStart(2, '0')).join(''),
  ).join('');
}

const wide = '000102030405060708090a0b0c0d0e0f';

describe('the ChaCha block function', () => {
  it('gives RFC 8439 section 2.3.2 test vector at 20 rounds', () => {
    const key = words(Uint8Array.from({ length: 32 }, (_, i) => i));
    const nonce = words(Uint8Array.from([0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0]));
    const out = chachaBlock([...SIGMA, ...key, 1, ...nonce], 20, new Uint32Array(16));
    expect(serialise(out)).toBe(
      '10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e' +
        'd2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e',
    );
  });

  it("agrees at 20 rounds with OpenSSL's chacha20 keystream on other keys, counters and nonces", () => {
    for (let k = 0; k < 20; k++) {
      const key = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + k * 101 + 5) & 0xff);
      const iv = Uint8Array.from({ length: 16 }, (_, i) => (i * 53 + k * 29 + 11) & 0xff);
      const stream = createCipheriv('chacha20', key, iv).update(new Uint8Array(64));
      const out = chachaBlock([...SIGMA, ...words(key), ...words(iv)], 20, new Uint32Array(16));
      expect(serialise(out)).toBe(Buffer.from(stream).toString('hex'));
    }
  });

  it('refuses an odd number of rounds or a short input', () => {
    expect(() => chachaBlock(new Array<number>(16).fill(0), 7, new Uint32Array(16))).toThrow(RangeError);
    expect(() => chachaBlock(new Array<number>(15).fill(0), 8, new Uint32Array(16))).toThrow(RangeError);
  });

  it('wide seeds run 12 rounds', () => {
    expect(ROUNDS).toBe(12);
  });
});

describe('seeds', () => {
  it('a free seed is an integer 0..2^32-1 and a wide seed exactly 32 lowercase hex digits', () => {
    for (const ok of [0, 1, 0xffffffff])
      expect([isFreeSeed(ok), isWideSeed(ok), isSeed(ok)]).toEqual([true, false, true]);
    for (const ok of [wide, 'f'.repeat(32), '0'.repeat(32)])
      expect([isFreeSeed(ok), isWideSeed(ok), isSeed(ok)]).toEqual([false, true, true]);
    for (const bad of [
      -1,
      2 ** 32,
      1.5,
      '7',
      'F'.repeat(32),
      'f'.repeat(31),
      'f'.repeat(33),
      'g'.repeat(32),
      null,
      [1],
    ])
      expect(isSeed(bad)).toBe(false);
  });

  it('parseSeed reads decimal free seeds and hex wide seeds, and formatSeed writes them back', () => {
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('4294967295')).toBe(4294967295);
    expect(parseSeed('4294967296')).toBeNull();
    expect(parseSeed('-1')).toBeNull();
    expect(parseSeed('1e3')).toBeNull();
    expect(parseSeed(wide.toUpperCase())).toBe(wide);
    expect(parseSeed(wide.slice(1))).toBeNull();
    for (const s of [0, 77, 0xffffffff, wide]) expect(parseSeed(formatSeed(s))).toBe(s);
  });

  it('a wide seed is 16 bytes, read by ChaCha as four little-endian key words', () => {
    expect(Array.from(wideSeedBytes(wide))).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(wideSeedFromBytes(wideSeedBytes(wide))).toBe(wide);
    expect(wideSeedWords(wide)).toEqual([0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c]);
    expect(() => wideSeedWords('xyz')).toThrow(RangeError);
  });
});

describe('seed derivations', () => {
  it('for a free seed, seedStream is seedRng and seedHash is hash32, exactly', () => {
    for (const seed of [0, 1, 7, 123456789, 0xffffffff]) {
      for (const stream of [0, 1, 0x10000 + 5, 0x20000 + 20])
        expect(seedStream(seed, stream)).toEqual(seedRng(seed, stream));
      expect(seedStream(seed)).toEqual(seedRng(seed));
      expect(seedHash(seed, 3)).toBe(hash32(seed, 3));
      expect(seedHash(seed, 41, 0x6d6f6f6e)).toBe(hash32(seed, 41, 0x6d6f6f6e));
      expect(seedHash(seed, 1, 2, 3)).toBe(hash32(seed, 1, 2, 3));
    }
  });

  it('pins the wide derivations (any change here changes every ranked replay)', () => {
    expect(seedStream(wide, 0)).toEqual(seedStream(wide, 0));
    expect({
      stream0: seedStream(wide, 0),
      stream1: seedStream(wide, 1),
      hash1: seedHash(wide, 1),
      hash2: seedHash(wide, 1, 2),
      hash3: seedHash(wide, 1, 2, 3),
      other: seedHash('ffffffffffffffffffffffffffffffff', 1, 2),
    }).toMatchInlineSnapshot(`
      {
        "hash1": 2526374128,
        "hash2": 155044465,
        "hash3": 1846540296,
        "other": 2032914590,
        "stream0": [
          3074017874,
          2534862170,
          2628592283,
          4059242821,
        ],
        "stream1": [
          3639632396,
          3016325860,
          1684786625,
          3115153398,
        ],
      }
    `);
  });

  it('a wide derivation is ChaCha12 keyed by the seed, the key twice under "expand 16-byte k"', () => {
    const tau = [0x61707865, 0x3120646e, 0x79622d36, 0x6b206574];
    const k = wideSeedWords(wide);
    const b = chachaBlock([...tau, ...k, ...k, 9, 0, 0, 0x00676e72], 12, new Uint32Array(16));
    expect(seedStream(wide, 9)).toEqual([b[0], b[1], b[2], (b[3] | 0x80000000) >>> 0]);
    const h = chachaBlock([...tau, ...k, ...k, 5, 6, 0, 0x68736802], 12, new Uint32Array(16));
    expect(seedHash(wide, 5, 6)).toBe(h[0]);
  });

  it('every bit of a wide seed changes its streams and hashes', () => {
    const bytes = wideSeedBytes(wide);
    for (let bit = 0; bit < 128; bit++) {
      const flipped = bytes.slice();
      flipped[bit >> 3] ^= 1 << (bit & 7);
      const other = wideSeedFromBytes(flipped);
      expect(seedStream(other, 0)).not.toEqual(seedStream(wide, 0));
      expect(seedHash(other, 4, 5)).not.toBe(seedHash(wide, 4, 5));
    }
  });

  it('streams and hashes are domain-separated, and hashes of different lengths differ', () => {
    expect(seedStream(wide, 4).slice(0, 1)).not.toEqual([seedHash(wide, 4)]);
    expect(seedHash(wide, 4)).not.toBe(seedHash(wide, 4, 0));
    expect(seedHash(wide, 4, 0)).not.toBe(seedHash(wide, 4, 0, 0));
  });

  it('no wide stream starts in a free seed state: free streams start with d = 13, wide ones at 2^31 or more', () => {
    for (let seed = 0; seed < 2000; seed++) expect(seedRng(seed, seed * 7)[3]).toBe(13);
    for (let i = 0; i < 2000; i++) {
      const seed = wideSeedFromBytes(Uint8Array.from({ length: 16 }, (_, j) => (i * 131 + j * 17 + (i >> 3)) & 0xff));
      expect(seedStream(seed, i)[3]).toBeGreaterThanOrEqual(2 ** 31);
    }
  });
});
