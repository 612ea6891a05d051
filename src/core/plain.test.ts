import { describe, expect, it } from 'vitest';
import { plainConstructor } from './plain.js';

describe('plainConstructor', () => {
  it('makes objects that cannot be told from a literal: prototype, constructor, key order, JSON', () => {
    interface Point {
      x: number;
      y: number;
      tags: string[];
    }
    const PointObject = plainConstructor(function (this: Point, x: number, y: number) {
      this.x = x;
      this.y = y;
      this.tags = [];
    });
    const made = new PointObject(3, 4);
    const literal: Point = { x: 3, y: 4, tags: [] };
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect(made.constructor).toBe(Object);
    expect(Object.keys(made)).toEqual(['x', 'y', 'tags']);
    expect(JSON.stringify(made)).toBe(JSON.stringify(literal));
    expect(made).toStrictEqual(literal);
    expect(structuredClone(made)).toStrictEqual(literal);
  });
});
