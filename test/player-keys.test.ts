/**
 * Player keys through a listening server, on SQLite and on PostgreSQL: a chosen key must carry 128
 * random bits by the checker that judges the sealing secret (weak keys refused, random keys of every
 * documented form accepted), and wrong keys are limited per name (429 with Retry-After, apart from the
 * route budgets, counted in the metrics).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { isChoosableKey } from '../src/server/players.js';
import { StateSealer } from '../src/server/seal.js';
import { PostgresRunStore } from '../src/store/postgres.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import type { RunStore } from '../src/store/store.js';
import { freshSchema } from './helpers/postgres.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const url = inject('postgresUrl');
const sealer = new StateSealer([randomBytes(32).toString('base64')]);
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** The documented ways to draw a key of one's own. */
const RANDOM_KEYS: Record<string, () => string> = {
  '16 random bytes, base64url': () => randomBytes(16).toString('base64url'),
  '32 random bytes, base64url (the clients)': () => randomBytes(32).toString('base64url'),
  '32 random hex digits': () => randomBytes(16).toString('hex'),
  '32 random hex digits, upper case': () => randomBytes(16).toString('hex').toUpperCase(),
  'a UUID without dashes': () => crypto.randomUUID().replaceAll('-', ''),
  "pk_ and 43 characters (the Python client's)": () => 'pk_' + randomBytes(32).toString('base64url'),
  'any length 22 to 128 of the alphabet': () =>
    Array.from({ length: randomInt(22, 129) }, () => ALPHABET[randomInt(64)]).join(''),
};

/** Keys people choose: runs, keyboard rows, repeats, placeholders, text in hex. */
const WEAK_KEYS = [
  'qwertyuiopasdfghjklzxc',
  '0123456789abcdef0123456789abcdef',
  '0123456789abcdefghijklmnopqrstuv',
  'abcdefghijklmnopqrstuvwxyz',
  'AbCdEfGhIjKlMnOpQrStUvWx',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'changemechangemechangeme',
  'my_player_key_for_gameboard',
  'hunter2hunter2hunter2hunter2',
  Buffer.from('my very own key here').toString('hex'),
  Buffer.from('my very own key here!!').toString('base64url'),
  'zxcvbnm_asdfghjkl_qwertyuiop',
];

describe('chosen player keys, by the checker', () => {
  for (const [form, draw] of Object.entries(RANDOM_KEYS))
    it(`accepts every random key drawn as ${form} (20 000 of them)`, () => {
      const refused: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        const key = draw();
        if (!isChoosableKey(key)) refused.push(key);
      }
      expect(refused).toEqual([]);
    });
});

interface Served {
  base: string;
  metrics: () => Promise<string>;
}

async function serve(store: RunStore, keyWindowMs = 60_000): Promise<Served> {
  const app = await buildApp({
    sealer,
    store,
    webRoot: null,
    metrics: true,
    verifyThreads: 0,
    dailyQualify: false,
    keyAttempts: { max: 10, windowMs: keyWindowMs },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(async () => {
    await app.close();
    await store.close();
  });
  return { base, metrics: async () => (await fetch(`${base}/metrics`)).text() };
}

async function start(base: string, name: string, key?: string) {
  const r = await fetch(`${base}/api/games/whirlyard/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-player-key': key }) },
    body: JSON.stringify({ player: { name, kind: 'agent' } }),
  });
  return { status: r.status, body: (await r.json()) as Body, headers: r.headers };
}

const failures = (text: string, outcome: string) =>
  Number(new RegExp(`^gameboard_player_key_failures_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);

function keySuite(label: string, open: () => Promise<RunStore>) {
  describe(`player keys on ${label}`, () => {
    it('refuses weak chosen keys (400 bad_player_key, saying what a key needs), claims nothing, and takes random ones', async () => {
      const { base } = await serve(await open());
      for (const weak of WEAK_KEYS) {
        const r = await start(base, 'weak-keyed', weak);
        expect(r.status, weak).toBe(400);
        expect(r.body.error).toBe('bad_player_key');
        expect(r.body.message).toMatch(/128 random bits/);
        expect(r.body.message).toMatch(/keyboard rows/);
      }
      // Nothing was claimed: the name is still free, and a random key of each form claims a name.
      for (const [i, draw] of Object.values(RANDOM_KEYS).entries()) {
        const key = draw();
        const r = await start(base, i === 0 ? 'weak-keyed' : `random-${i}`, key);
        expect(r.status, key).toBe(200);
        expect(r.body.playerKey).toBe(key);
        expect((await start(base, i === 0 ? 'weak-keyed' : `random-${i}`, key)).status).toBe(200);
      }
    });

    it('limits wrong keys per name: 10 a window, then 429 with Retry-After even for the right key; other names and keyless uses unaffected; counted', async () => {
      const served = await serve(await open(), 2500);
      const { base } = served;
      const owner = randomBytes(16).toString('base64url');
      expect((await start(base, 'Guarded Name', owner)).status).toBe(200);
      expect((await start(base, 'other-name', randomBytes(16).toString('base64url'))).status).toBe(200);
      const t0 = Date.now();
      for (let i = 0; i < 10; i++) {
        const r = await start(base, 'Guarded Name', randomBytes(16).toString('base64url'));
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('name_owned');
      }
      // The 11th guess, by any spelling that folds to the name, and the owner too: refused before the store.
      for (const [name, key] of [
        ['Guarded Name', randomBytes(16).toString('base64url')],
        ['guarded  name', randomBytes(16).toString('base64url')],
        ['Guarded Name', owner],
      ]) {
        const r = await start(base, name, key);
        expect(r.status, name).toBe(429);
        expect(r.body.error).toBe('rate_limited');
        expect(r.body.message).toMatch(/wrong player keys for the name/);
        const after = Number(r.headers.get('retry-after'));
        expect(after).toBeGreaterThanOrEqual(1);
        expect(after).toBeLessThanOrEqual(3);
      }
      // Without a key nothing is guessed: still the plain 403. Another name is untouched.
      expect((await start(base, 'Guarded Name')).body.error).toBe('name_owned');
      expect((await start(base, 'other-name', randomBytes(16).toString('base64url'))).status).toBe(403);
      const text = await served.metrics();
      expect(failures(text, 'wrong')).toBe(11);
      expect(failures(text, 'locked')).toBe(3);
      // Once the window is over the owner's key works again.
      await expect
        .poll(async () => (await start(base, 'Guarded Name', owner)).status, { timeout: 10_000, interval: 250 })
        .toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
    });
  });
}

keySuite('SQLite', async () => new SqliteRunStore(':memory:'));
describe.skipIf(url === '')('PostgreSQL', () => {
  keySuite('PostgreSQL', async () =>
    PostgresRunStore.open({
      connectionString: await freshSchema(url),
      poolSize: 4,
      statementTimeoutMs: 10_000,
      connectTimeoutMs: 10_000,
      ssl: false,
    }),
  );
});
