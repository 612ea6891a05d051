/**
 * A small byte writer and reader for games' packed states (`Game.pack` / `Game.unpack`): unsigned
 * bytes, 32-bit words (little-endian) and unsigned varints (LEB128, 7 bits a byte, for counters with
 * no fixed bound). The reader checks every bound and throws on anything short, long or out of range,
 * so `unpack` can trust nothing it is given.
 */

/** Thrown by `ByteReader` for any malformed input. */
export class PackError extends Error {
  override name = 'PackError';
}

/** Largest value a varint may carry: 2^53 - 1, the largest exact integer of a JS number. */
const MAX_VARINT = Number.MAX_SAFE_INTEGER;

export class ByteWriter {
  private buf: Uint8Array;
  private at = 0;

  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }

  /** One byte, 0..255. */
  u8(n: number): this {
    if (!Number.isInteger(n) || n < 0 || n > 0xff) throw new RangeError(`u8 out of range: ${n}`);
    this.room(1);
    this.buf[this.at++] = n;
    return this;
  }

  /** One unsigned 32-bit word, little-endian. */
  u32(n: number): this {
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`u32 out of range: ${n}`);
    this.room(4);
    const b = this.buf;
    b[this.at] = n & 0xff;
    b[this.at + 1] = (n >>> 8) & 0xff;
    b[this.at + 2] = (n >>> 16) & 0xff;
    b[this.at + 3] = n >>> 24;
    this.at += 4;
    return this;
  }

  /** An unsigned integer up to 2^53 - 1 in as few bytes as it needs (LEB128). */
  varint(n: number): this {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`varint out of range: ${n}`);
    this.room(8);
    while (n >= 0x80) {
      this.buf[this.at++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.at++] = n;
    return this;
  }

  /** Bytes as they are (a wide seed's 16, say). */
  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }

  /** The bytes written so far (a view, not a copy). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.at);
  }
}

export class ByteReader {
  private at = 0;

  constructor(private readonly buf: Uint8Array) {}

  private need(n: number): void {
    if (this.at + n > this.buf.length) throw new PackError('the packed state is truncated');
  }

  u8(): number {
    this.need(1);
    return this.buf[this.at++];
  }

  u32(): number {
    this.need(4);
    const b = this.buf;
    const n = (b[this.at] | (b[this.at + 1] << 8) | (b[this.at + 2] << 16) | (b[this.at + 3] << 24)) >>> 0;
    this.at += 4;
    return n;
  }

  /** The next `n` bytes, as a copy. */
  raw(n: number): Uint8Array {
    this.need(n);
    const out = this.buf.slice(this.at, this.at + n);
    this.at += n;
    return out;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const byte = this.u8();
      n += (byte & 0x7f) * scale;
      if (n > MAX_VARINT) throw new PackError('a packed number is too large');
      if (byte < 0x80) {
        // One canonical form per number: no trailing zero groups ("0x80 0x00" for 0).
        if (byte === 0 && scale > 1) throw new PackError('a packed number is not in its shortest form');
        return n;
      }
      scale *= 0x80;
    }
  }

  /** Throws unless every byte was read: a packed state has no trailing bytes. */
  end(): void {
    if (this.at !== this.buf.length) throw new PackError('the packed state has trailing bytes');
  }
}
