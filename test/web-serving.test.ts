/**
 * The server hands the built browser UI out: index.html for every client-side route, the hashed assets
 * by name, and the API untouched beside them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';

const root = mkdtempSync(join(tmpdir(), 'gameboard-web-'));
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Gameboard app</title>');
  writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  app = await buildApp({ sealer: StateSealer.random(), webRoot: root });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the browser UI', () => {
  it('answers index.html for every client-side route', async () => {
    for (const url of [
      '/',
      '/play/whirlyard',
      '/play/whirlyard?seed=7',
      '/rules/whirlyard',
      '/replay',
      '/leaderboard/whirlyard',
      '/leaderboard/whirlyard?board=daily',
      '/ranked/whirlyard',
      '/ranked/whirlyard?daily=1',
    ]) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.body, url).toContain('Gameboard app');
    }
  });

  it('serves assets by name, cacheable for a year, and 404s the rest as JSON', async () => {
    const r = await app.inject({ url: '/assets/main-abc123.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toMatch(/max-age=31536000/);
    const missing = await app.inject({ url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    const traversal = await app.inject({ url: '/assets/..%2f..%2fpackage.json' });
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    expect(traversal.statusCode).toBeLessThan(500);
  });

  it('keeps the API and the docs beside the UI', async () => {
    expect((await app.inject({ url: '/api/games' })).json().ok).toBe(true);
    expect((await app.inject({ url: '/docs/api' })).statusCode).toBe(200);
  });
});
