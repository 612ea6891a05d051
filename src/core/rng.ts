/**
 * The project's seeded random generator: **sfc32** (Chris Doty-Humphrey's Small Fast Counting
 * generator, 32-bit variant, from PractRand), seeded through **splitmix32** so that nearby seeds give
 * unrelated streams. Its whole state is four unsigned 32-bit integers, kept inside the game state
 * (never in anything an agent can read in the clear) so that a seed and an action list determine
 * everything.
 *
 * Seeding: words a, b, c are the first three outputs of splitmix32 started at `seed ^ stream * 0x9e3779b9`,
 * d is 1, then 12 outputs are discarded (the reference warm-up).
 *
 * Also here: `hash32`, a stateless mix of integers (the murmur3 finaliser applied in a chain), for
 * things that must be a pure function of (seed, row) or (seed, turn) with no stored cursor.
 */

/** The generator's complete state: four unsigned 32-bit words. */
export type RngState = [number, number, number, number];

/** True when `n` is a free seed: an integer in 0..2^32-1 (`isSeed` in seed.ts accepts wide seeds too). */
export function isSeed(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffffffff;
}

function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The initial generator state for a seed; `stream` selects an independent stream for the same seed. */
export function seedRng(seed: number, stream = 0): RngState {
  const sm = { s: (seed ^ Math.imul(stream, 0x9e3779b9)) | 0 };
  const rng = new Rng([splitmix32(sm), splitmix32(sm), splitmix32(sm), 1]);
  for (let i = 0; i < 12; i++) rng.nextU32();
  return rng.state();
}

/**
 * A mutable sfc32 generator over a copy of a `RngState`. Engines create one at the start of a step
 * from the state they were given, draw from it, and store `rng.state()` in the new state.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: Readonly<RngState>) {
    this.a = state[0] >>> 0;
    this.b = state[1] >>> 0;
    this.c = state[2] >>> 0;
    this.d = state[3] >>> 0;
  }

  /** Convenience: a generator straight from a seed. */
  static fromSeed(seed: number, stream = 0): Rng {
    return new Rng(seedRng(seed, stream));
  }

  /** The next unsigned 32-bit output. */
  nextU32(): number {
    const a = this.a,
      b = this.b,
      c = this.c,
      d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1) with 32 bits of randomness. */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** An unbiased integer in [0, n) (rejection sampling); n must be in 1..2^32. */
  int(n: number): number {
    if (!(n >= 1 && n <= 4294967296 && Number.isInteger(n))) throw new RangeError(`Rng.int: bad bound ${n}`);
    if (n === 1) return 0;
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.nextU32();
      if (x < limit) return x % n;
    }
  }

  /**
   * An unbiased integer in [0, n) by multiply-and-reject (Lemire): the high word of a 32-bit draw
   * times n, drawing again only when the low word falls under 2^32 mod n. Faster than `int`, which
   * pays two remainders per call; the two give different streams, so a game picks one and keeps it.
   * n must be in 1..2^21 so the product stays exact in a double.
   */
  below(n: number): number {
    for (;;) {
      const m = this.nextU32() * n;
      const high = Math.floor(m / 4294967296);
      const low = m - high * 4294967296;
      if (low >= n || low >= 4294967296 % n) return high;
    }
  }

  /** True with probability `p` (compared against a 32-bit draw). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A uniformly chosen element; throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty array');
    return items[this.int(items.length)];
  }

  /** Fisher-Yates shuffle, in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }

  /** The current state, as a fresh array. */
  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

/** True when `x` is a well-formed `RngState` (for state decoding). */
export function isRngState(x: unknown): x is RngState {
  return (
    Array.isArray(x) &&
    x.length === 4 &&
    x.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 0xffffffff)
  );
}

/**
 * A stateless 32-bit hash of a list of integers: each value is folded in and mixed with the murmur3
 * finaliser. Use it where a value must be a pure function of, say, (seed, row) or (seed, turn).
 */
export function hash32(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x9e3779b1);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}
