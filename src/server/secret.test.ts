/**
 * The sealing secret as an operator supplies it: weak secrets are refused with a clear message, the
 * key id in tokens reveals nothing testable about the secret, instances starting together share one
 * secret file, a lost secret next to a store is not silently replaced, and files are never chmodded.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../core/seal.js';
import { loadSecrets, secretWeakness } from './secret.js';

const root = mkdtempSync(join(tmpdir(), 'gameboard-secret-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `d${n++}`);

describe('secret strength', () => {
  it.each([
    ['16 × "a"', 'a'.repeat(16)],
    ['64 × "a"', 'a'.repeat(64)],
    ['a short random string', randomBytes(12).toString('base64url')],
    ['a repeated pattern', 'abcd'.repeat(16)],
    ['a sentence', 'a-different-secret-for-this-test'],
  ])('refuses %s', (_name, secret) => {
    expect(secretWeakness(secret)).not.toBeNull();
    expect(() => loadSecrets({ GAMEBOARD_SECRET: secret }, freshDir())).toThrow(
      /GAMEBOARD_SECRET is too weak.*openssl rand/,
    );
  });

  it.each([
    ['base64 of 32 random bytes', randomBytes(32).toString('base64')],
    ['64 random hex digits', randomBytes(32).toString('hex')],
    ['32 random base64url characters', randomBytes(24).toString('base64url')],
  ])('accepts %s', (_name, secret) => {
    expect(secretWeakness(secret)).toBeNull();
    expect(loadSecrets({ GAMEBOARD_SECRET: secret }, freshDir())).toEqual([secret]);
  });

  it('refuses a GAMEBOARD_SECRET of only commas and spaces with a message, not a crash', () => {
    expect(() => loadSecrets({ GAMEBOARD_SECRET: ' , ' }, freshDir())).toThrow(/GAMEBOARD_SECRET holds no secret/);
  });

  it('names which of several rotated secrets is weak, without quoting it', () => {
    const weak = 'b'.repeat(40);
    let message = '';
    try {
      loadSecrets({ GAMEBOARD_SECRET: `${randomBytes(32).toString('base64')},${weak}` }, freshDir());
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/secret 2 of GAMEBOARD_SECRET is too weak/);
    expect(message).not.toContain(weak);
  });

  it('puts a key id in tokens that is not a bare hash of the secret', () => {
    const secret = 'a'.repeat(16);
    const token = new StateSealer([secret]).sealToken('g', 'g-1', { data: 1 });
    const kid = token.split('.')[1];
    expect(kid).toHaveLength(8);
    expect(kid).not.toBe(createHash('sha256').update(secret).digest('base64url').slice(0, 8));
  });
});

describe('the secret file', () => {
  it('is made once with mode 0600 and read back on the next start', () => {
    const dir = freshDir();
    const [first] = loadSecrets({}, dir);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(loadSecrets({}, dir)).toEqual([first]);
    expect(secretWeakness(first)).toBeNull();
  });

  it('is shared by instances starting together on a fresh folder', async () => {
    const dir = freshDir();
    const go = join(root, `go${n}`);
    // Every process loads the code, says so, and busy-waits for the go file: then they all race.
    const script = `
      const { existsSync } = await import('node:fs');
      const { loadSecrets } = await import(${JSON.stringify(new URL('./secret.ts', import.meta.url).pathname)});
      process.stderr.write('ready');
      while (!existsSync(${JSON.stringify(go)}));
      try { process.stdout.write(loadSecrets({}, ${JSON.stringify(dir)})[0]); }
      catch (e) { process.stdout.write('ERROR ' + e.message); }`;
    let ready = 0;
    const outputs = Promise.all(
      Array.from({ length: 8 }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.once('data', () => ++ready === 8 && writeFileSync(go, ''));
        return new Promise<string>((resolve) => child.once('exit', () => resolve(out)));
      }),
    );
    const all = await outputs;
    expect(all.filter((o) => o.startsWith('ERROR'))).toEqual([]);
    expect(new Set(all).size).toBe(1);
    expect(all[0]).toBe(readFileSync(join(dir, 'secret'), 'utf8').trim());
  }, 60_000);

  it('is not silently replaced when it is missing next to an existing store', () => {
    const dir = freshDir();
    loadSecrets({}, dir);
    writeFileSync(join(dir, 'gameboard.sqlite'), '');
    rmSync(join(dir, 'secret'));
    expect(() => loadSecrets({}, dir)).toThrow(/secret is missing, but .*gameboard.sqlite exists/);
  });

  it('is read without changing its mode (it may not be ours to chmod)', () => {
    const dir = freshDir();
    loadSecrets({}, dir);
    chmodSync(join(dir, 'secret'), 0o440);
    expect(loadSecrets({}, dir)).toHaveLength(1);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o440);
  });

  it('refuses a weak secret file with advice that does not break other instances', () => {
    const dir = freshDir();
    loadSecrets({}, dir);
    writeFileSync(join(dir, 'secret'), 'short\n');
    expect(() => loadSecrets({}, dir)).toThrow(/is too weak.*Replace its content/);
  });
});
