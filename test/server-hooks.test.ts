/**
 * What the app's own per-request hooks add to every answer (app.ts, drain.ts, ops.ts, limits.ts),
 * through `inject()` and a listening server: request ids, the CORS and no-store headers, the same
 * headers on every route kind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { StateSealer } from '../src/server/seal.js';
import { buildApp } from '../src/server/app.js';

const sealer = StateSealer.random();
let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('request ids', () => {
  it('are 16 base64url characters, a fresh one for every request, across many requests', async () => {
    app = await buildApp({ sealer, webRoot: null });
    const ids = new Set<string>();
    // More than two texts of 256 ids: the cut between them must neither repeat nor shorten an id.
    for (let i = 0; i < 600; i++) {
      const res = await app.inject('/healthz');
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(600);
  });
});
