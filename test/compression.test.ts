/**
 * Compressed answers: a client that accepts gzip or brotli gets large answers (init, with its spec)
 * compressed, and they decode to the same JSON as the plain answer; the action route answers plain
 * JSON unless the server is built with `compressActions`; request bodies are never decompressed.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';

const sealer = new StateSealer(['compression-test-secret-0123456789']);
let app: FastifyInstance;
let compressing: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ sealer, webRoot: null, logger: false });
  compressing = await buildApp({ sealer, webRoot: null, logger: false, compressActions: true });
});
afterAll(async () => {
  await app.close();
  await compressing.close();
});

const decode = (encoding: string | undefined, raw: Buffer) =>
  JSON.parse(
    (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw).toString('utf8'),
  );

async function action(server: FastifyInstance, encoding: string) {
  const init = (await server.inject({ method: 'GET', url: '/api/games/cragwake/init?seed=3' })).json();
  return server.inject({
    method: 'POST',
    url: '/api/games/cragwake/action',
    headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
    payload: JSON.stringify({ state: init.state, action: init.legalActions[0] }),
  });
}

describe('compressed answers', () => {
  for (const encoding of ['gzip', 'br']) {
    it(`init answers ${encoding} when accepted, decoding to the plain answer`, async () => {
      const plain = await app.inject({ method: 'GET', url: '/api/games/delvewick/init?seed=5' });
      const packed = await app.inject({
        method: 'GET',
        url: '/api/games/delvewick/init?seed=5',
        headers: { 'accept-encoding': encoding },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const body = decode(encoding, packed.rawPayload);
      // Two inits of one seed differ only in the sealed parts (fresh IVs).
      expect(body.observation).toEqual(plain.json().observation);
      expect(body.spec).toEqual(plain.json().spec);
    });
  }

  it('the action route answers plain JSON by default, even to a client accepting gzip', async () => {
    const r = await action(app, 'gzip, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json().ok).toBe(true);
  });

  it('with compressActions the action route compresses too', async () => {
    const r = await action(compressing, 'gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', r.rawPayload).ok).toBe(true);
  });

  it('a gzipped request body is refused, not inflated', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/games/cragwake/action',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ stateToken: 'x', action: {} })),
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json().error).toBeTypeOf('string');
  });
});

describe('compressed pages', () => {
  // Regression: an async handler that sent its page without returning the reply answered an empty
  // gzip body once compression was on, and the API docs page never loaded in a browser.
  for (const url of ['/docs/api', '/docs/api/whirlyard', '/docs/agents', '/llms.txt', '/llms/cragwake.txt', '/']) {
    it(`${url} decodes to the same page as the plain answer`, async () => {
      const plain = await app.inject({ url });
      const zipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.body.length).toBeGreaterThan(100);
      const body = zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload) : zipped.rawPayload;
      expect(body.toString('utf8')).toBe(plain.body);
    });
  }
});
