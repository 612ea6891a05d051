import { describe, expect, it } from 'vitest';
import { randomId } from './randomid.js';

describe('randomId', () => {
  it('gives base64url ids of the asked length, all different across several pool refills', () => {
    const ids = Array.from({ length: 5000 }, () => randomId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Buffer.from(randomId(9), 'base64url')).toHaveLength(9);
    expect(Buffer.from(randomId(5000), 'base64url')).toHaveLength(5000);
  });
});
