/**
 * Player keys through a listening server, on SQLite and on PostgreSQL: a chosen key must carry 128
 * random bits by the checker that judges the sealing secret (weak keys refused, random keys of every
 * documented form accepted), and wrong keys are limited per name (429 with Retry-After, apart from the
 * route budgets, counted in the metrics).
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { isChoosableKey } from '../src/server/ranked/players.js';
import { StateSealer } from '../src/server/state/seal.js';
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

async function rotate(base: string, name: string, current: string | undefined, body?: unknown) {
  const r = await fetch(`${base}/api/players/${encodeURIComponent(name)}/key`, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(current === undefined ? {} : { 'x-player-key': current }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Body };
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

    it('rotates a key: the current key required, the old one dead at once, a retry answered again, weak and wrong keys refused', async () => {
      const { base } = await serve(await open());
      const a = randomBytes(16).toString('base64url');
      const b = randomBytes(32).toString('base64url');
      expect((await start(base, 'Rotating Name', a)).status).toBe(200);
      // Wrong current key, no key, a weak new key, a free name: refused, nothing changed.
      const wrong = await rotate(base, 'Rotating Name', randomBytes(16).toString('base64url'), { key: b });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe('name_owned');
      expect((await rotate(base, 'Rotating Name', undefined, { key: b })).status).toBe(400);
      const weak = await rotate(base, 'Rotating Name', a, { key: 'qwertyuiopasdfghjklzxc' });
      expect(weak.status).toBe(400);
      expect(weak.body.error).toBe('bad_player_key');
      const free = await rotate(base, 'nobody-owns-this', a, { key: b });
      expect(free.status).toBe(404);
      expect(free.body.error).toBe('player_not_found');
      expect((await start(base, 'Rotating Name', a)).status).toBe(200);
      // The rotation, by a spelling that folds to the name.
      const rotated = await rotate(base, 'rotating  name', a, { key: b });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      expect(rotated.body).toEqual({ ok: true, name: 'rotating  name', playerKey: b });
      const old = await start(base, 'Rotating Name', a);
      expect(old.status).toBe(403);
      expect(old.body.error).toBe('name_owned');
      expect((await start(base, 'Rotating Name', b)).status).toBe(200);
      // The same request again (its answer lost): answered again, the key stays b.
      expect((await rotate(base, 'Rotating Name', a, { key: b })).body.playerKey).toBe(b);
      expect((await start(base, 'Rotating Name', b)).status).toBe(200);
      // No key in the body: the server draws one, answered once.
      const drawn = await rotate(base, 'Rotating Name', b);
      expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
      expect(drawn.body.playerKey).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
      expect((await start(base, 'Rotating Name', b)).status).toBe(403);
      expect((await start(base, 'Rotating Name', drawn.body.playerKey as string)).status).toBe(200);
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

describe('key rotation through the Python client', () => {
  it('rotate_player_key keeps the new key, which works, while the old one is refused', async () => {
    const { base } = await serve(new SqliteRunStore(':memory:'));
    const script = `
import json, sys
from gameboard.client import GameboardClient, GameboardError
c = GameboardClient(sys.argv[1])
c.submit_run({"game": "whirlyard", "rulesVersion": sys.argv[2], "seed": 7, "actions": []}, "py rotator")
old = c.player_key("py rotator")
new = c.rotate_player_key("py rotator")
c.submit_run({"game": "whirlyard", "rulesVersion": sys.argv[2], "seed": 8, "actions": []}, "py rotator")
stale = GameboardClient(sys.argv[1], player_keys={"py rotator": old})
try:
    stale.submit_run({"game": "whirlyard", "rulesVersion": sys.argv[2], "seed": 9, "actions": []}, "py rotator")
    refused = None
except GameboardError as e:
    refused = e.code
print(json.dumps({"old": old, "new": new, "kept": c.player_key("py rotator"), "refused": refused}))
`;
    const rules = ((await (await fetch(`${base}/api/games/whirlyard`)).json()) as Body).spec.rulesVersion as string;
    const { stdout } = await promisify(execFile)('python3', ['-c', script, base, rules], {
      env: { ...process.env, PYTHONPATH: fileURLToPath(new URL('../clients/python/src', import.meta.url)) },
    });
    const out = JSON.parse(stdout) as Body;
    expect(out.new).not.toBe(out.old);
    expect(out.kept).toBe(out.new);
    expect(out.refused).toBe('name_owned');
  });
});
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
