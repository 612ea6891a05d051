/**
 * The engine bundle the Python package ships (clients/python/src/gameboard/_pool/pool.mjs) is committed;
 * this builds it again from src/ in memory, as `npm run build:pool` does, and fails when the committed
 * file is stale (an engine or the pool changed without a rebuild).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE, bundle } from '../scripts/build-pool.js';

describe('the Python package ships a fresh engine bundle', () => {
  it('clients/python/src/gameboard/_pool/pool.mjs equals a build of src/pool/main.ts now (else: npm run build:pool)', async () => {
    const committed = readFileSync(BUNDLE, 'utf8');
    const fresh = await bundle();
    expect(committed === fresh, 'the bundle is stale: run `npm run build:pool` and commit it').toBe(true);
  }, 60_000);
});
