/**
 * The sealing secret as an operator supplies it: weak secrets (short, sequences, keyboard rows,
 * repeated blocks, placeholders, encoded text, hashes of placeholders) are refused with a clear message
 * that never quotes them, while any `openssl rand -hex 16`, `-hex 32` or `-base64 32` is accepted; the
 * key id in tokens reveals nothing testable about the secret, instances starting together share one
 * secret file, a lost secret next to a store is not silently replaced, and files are never chmodded.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { StateSealer } from './seal.js';
import { loadSecrets, secretWeakness } from './secret.js';

const root = mkdtempSync(join(tmpdir(), 'gameboard-secret-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `d${n++}`);

/** Real outputs of `openssl rand -hex 16`, `-hex 32` and `-base64 32`. */
const OPENSSL_OUTPUTS = [
  'fcd8c389f2c59a3b706547cfccd34605',
  '4e59b1cd3b1fb531a4998de2133713f5',
  '1175d1da60e82ff7d2dad78467e3cd93',
  '9596145786d8e70b1d4ed170970b8352bc90ef28b4d0557b71ecb9bfdaa6e1c1',
  '36ad4e4d8c6fef7e796ee437bfa9313c7348e74e1829be9a4608703c32a6bc2b',
  '7cb0d85a09b1d884c2422a9adf981626a6a3a2c2c4a0601e594ca8c1b4ddb6f6',
  'DTV1dfIcK6SfL/4u15ue8ytlUhGfJcY/m3mKtj9/9Jg=',
  'fYP/JeGCRyMY3XVRi92rmrJJGldNi354qM4Ph70oMac=',
  'Pjz1UvjHaVwnyhhGDLgAOUNgfJj3q4ef/U3IqtnsXew=',
];

/** Weak secrets, each 32 characters or more, with what makes it weak. */
const WEAK: [string, string][] = [
  ['16 × "a"', 'a'.repeat(16)],
  ['64 × "a"', 'a'.repeat(64)],
  ['a short random string', randomBytes(12).toString('base64url')],
  ['hex of 15 random bytes', randomBytes(15).toString('hex')],
  ['a repeated pattern', 'abcd'.repeat(16)],
  ['a sentence', 'a-different-secret-for-this-test'],
  ['the alphabet', 'abcdefghijklmnopqrstuvwxyzABCDEF'],
  ['the alphabet backwards', 'zyxwvutsrqponmlkjihgfedcbaZYXWVU'],
  ['counting in hex', '0123456789abcdef0123456789abcdef'],
  ['digits', '12345678901234567890123456789012'],
  ['keyboard rows', 'qwertyuiopasdfghjklzxcvbnm123456'],
  ['keyboard rows, shifted and backwards', 'POIUYTREWQ)(*&^%$#@!LKJHGFDSA:";'],
  ['a random block repeated', randomBytes(6).toString('base64url').repeat(6)],
  ['a placeholder padded out', 'changeme-changeme-changeme-changeme'],
  [
    'a placeholder among random characters',
    `${randomBytes(12).toString('base64url')}Password${randomBytes(9).toString('hex')}`,
  ],
  ['a placeholder in capitals', 'PLEASE-REPLACE-ME-WITH-A-REAL-KEY-0042'],
  ['a well-known keyboard password', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9'],
  ['hex of plain text', Buffer.from('my server key for the board!').toString('hex')],
  ['base64 of plain text', Buffer.from('my server key for the leaderboard!').toString('base64')],
  ['SHA-256 of nothing', createHash('sha256').update('').digest('hex')],
  ['MD5 of "password"', createHash('md5').update('password').digest('hex')],
  ['SHA-1 of "changeme" in base64', createHash('sha1').update('changeme').digest('base64')],
  ['half random, half a run', randomBytes(8).toString('hex') + 'abcdefghijklmnop'],
];

describe('secret strength', () => {
  it.each(WEAK)('refuses %s', (_name, secret) => {
    expect(secretWeakness(secret)).not.toBeNull();
    expect(() => loadSecrets({ GAMEBOARD_SECRET: secret }, freshDir())).toThrow(
      /GAMEBOARD_SECRET is too weak.*openssl rand/,
    );
  });

  it('never quotes the secret, or a piece of it, in its reasons', () => {
    for (const [, secret] of WEAK) {
      const reason = secretWeakness(secret)!;
      for (let i = 0; i + 5 <= secret.length; i++) expect(reason).not.toContain(secret.slice(i, i + 5));
    }
  });

  it.each([
    ['base64 of 32 random bytes', randomBytes(32).toString('base64')],
    ['64 random hex digits', randomBytes(32).toString('hex')],
    ['32 random hex digits in capitals', randomBytes(16).toString('hex').toUpperCase()],
    ['32 random base64url characters', randomBytes(24).toString('base64url')],
    ['base64 of 16 random bytes', randomBytes(16).toString('base64')],
    ['the generated secret file format', randomBytes(32).toString('base64url')],
    ...OPENSSL_OUTPUTS.map((s): [string, string] => [`openssl rand output ${s.slice(0, 4)}…`, s]),
  ])('accepts %s', (_name, secret) => {
    expect(secretWeakness(secret)).toBeNull();
    expect(loadSecrets({ GAMEBOARD_SECRET: secret }, freshDir())).toEqual([secret]);
  });

  it('accepts what `openssl rand` prints now, when openssl is installed', () => {
    for (const args of [
      ['-hex', '16'],
      ['-hex', '32'],
      ['-base64', '32'],
    ]) {
      const out = spawnSync('openssl', ['rand', ...args], { encoding: 'utf8' });
      if (out.error) return; // no openssl here: the recorded outputs above stand in
      expect(secretWeakness(out.stdout.trim()), `openssl rand ${args.join(' ')}`).toBeNull();
    }
  });

  // Random bytes written as `openssl rand` writes them. A fixed seed: a chance pattern long enough to
  // matter is rarer than one in a million, and a failure must reproduce.
  it.each([
    ['-hex 16', 16, 'hex'],
    ['-hex 32', 32, 'hex'],
    ['-base64 32', 32, 'base64'],
    ['-base64 16', 16, 'base64'],
    ['(the generated secret file: 32 bytes in base64url)', 32, 'base64url'],
  ] as const)('accepts any random bytes formatted like openssl rand %s', (_name, n, format) => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: n, maxLength: n }), (bytes) => {
        const secret = Buffer.from(bytes).toString(format);
        expect(secretWeakness(secret), secret).toBeNull();
      }),
      { seed: 27, numRuns: 3000 },
    );
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
