import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter, PackError } from './bytes.js';

describe('ByteWriter and ByteReader', () => {
  it('write bytes, little-endian words and varints, and read them back in order', () => {
    const values = [0, 1, 127, 128, 300, 16383, 16384, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER];
    const w = new ByteWriter(2).u8(0).u8(255).u32(0).u32(0xdeadbeef);
    for (const v of values) w.varint(v);
    const r = new ByteReader(w.bytes());
    expect([r.u8(), r.u8(), r.u32(), r.u32()]).toEqual([0, 255, 0, 0xdeadbeef]);
    expect(values.map(() => r.varint())).toEqual(values);
    expect(() => r.end()).not.toThrow();
  });

  it('lay words out little-endian and varints seven bits a byte, low group first', () => {
    expect([...new ByteWriter().u32(0x01020304).bytes()]).toEqual([4, 3, 2, 1]);
    expect([...new ByteWriter().varint(300).bytes()]).toEqual([0xac, 0x02]);
    expect([...new ByteWriter().varint(5).bytes()]).toEqual([5]);
  });

  it('refuse to write what does not fit', () => {
    expect(() => new ByteWriter().u8(256)).toThrow(RangeError);
    expect(() => new ByteWriter().u8(-1)).toThrow(RangeError);
    expect(() => new ByteWriter().u32(2 ** 32)).toThrow(RangeError);
    expect(() => new ByteWriter().u32(1.5)).toThrow(RangeError);
    expect(() => new ByteWriter().varint(-1)).toThrow(RangeError);
    expect(() => new ByteWriter().varint(2 ** 53)).toThrow(RangeError);
  });

  it('the reader throws on truncated input, trailing bytes, non-shortest and oversized varints', () => {
    expect(() => new ByteReader(Uint8Array.of(1, 2, 3)).u32()).toThrow(PackError);
    expect(() => new ByteReader(Uint8Array.of(0x80)).varint()).toThrow(PackError);
    expect(() => new ByteReader(Uint8Array.of(0x80, 0x00)).varint()).toThrow(PackError);
    expect(() => new ByteReader(new Uint8Array(9).fill(0xff)).varint()).toThrow(PackError);
    const r = new ByteReader(Uint8Array.of(1, 2));
    r.u8();
    expect(() => r.end()).toThrow(PackError);
  });

  it('raw bytes round-trip and a short read throws', () => {
    const bytes = new ByteWriter(2)
      .u8(7)
      .raw(Uint8Array.of(1, 2, 3, 250))
      .u8(9)
      .bytes();
    const r = new ByteReader(bytes);
    expect([r.u8(), Array.from(r.raw(4)), r.u8()]).toEqual([7, [1, 2, 3, 250], 9]);
    expect(() => new ByteReader(Uint8Array.of(1, 2)).raw(3)).toThrow(PackError);
  });
});
