/**
 * Unicode player names through a real server on both stores: letters and digits of any script are
 * taken and stored in their NFKC form; emoji and symbols are refused with a message naming what a name
 * may hold; a name that folds to an owned one (separators, punctuation at either end, cl/d, Unicode
 * confusables, full-width forms, an accent written either way) is refused as taken, with the owner's
 * key accepted under every spelling.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { StateSealer } from '../src/server/state/seal.js';
import type { RunStore } from '../src/store/store.js';
import { bothStores } from './helpers/stores.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const pgUrl = inject('postgresUrl');

describe.each(bothStores(pgUrl))('Unicode player names (%s)', (_name, makeStore, skip) => {
  let app: FastifyInstance;
  let store: RunStore;
  let base = '';
  const owner = randomBytes(24).toString('base64url');
  const other = randomBytes(24).toString('base64url');

  /** Starts a ranked Cragwake session under `name` with `key`. */
  const start = async (name: string, key: string) => {
    const r = await fetch(`${base}/api/games/cragwake/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-player-key': key },
      body: JSON.stringify({ player: { name, kind: 'agent' } }),
    });
    return { status: r.status, body: (await r.json()) as Body };
  };

  beforeAll(async () => {
    if (skip) return;
    store = await makeStore();
    app = await buildApp({
      sealer: new StateSealer([randomBytes(32).toString('base64')]),
      store,
      webRoot: null,
      dailyQualify: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    if (skip) return;
    await app.close();
    await store.close();
  });

  it.skipIf(skip)('takes names of any script and stores their NFKC form', async () => {
    for (const name of ['Zoë', '李雷', 'Ωmega-3', 'ناصر']) {
      const r = await start(name, owner);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.player.name).toBe(name);
    }
    // A combining accent after its letter: NFKC composes it, and the composed name is the one stored.
    const r = await start('Rene\u0301', owner);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.player.name).toBe('René');
    const got = await fetch(`${base}/api/sessions/${r.body.session.id as string}`);
    expect(((await got.json()) as Body).session.player.name).toBe('René');
    // Full-width letters are their plain letters once normalised.
    const wide = await start('Ｗｉｄｅ', owner);
    expect(wide.status).toBe(200);
    expect(wide.body.player.name).toBe('Wide');
  });

  it.skipIf(skip)('refuses emoji and symbols with a message that names what a name may hold', async () => {
    for (const name of ['Fox 🦊', 'a+b', '---', ' ada']) {
      const r = await start(name, owner);
      expect(r.status, name).toBe(400);
      expect(r.body.error).toBe('bad_request');
      expect(r.body.message).toMatch(/letters and digits of any script/);
      expect(r.body.message).toMatch(/no emoji or other symbols/);
    }
    // The length counts code points of the stored form: 32 CJK letters fit, 33 do not.
    expect((await start('雷'.repeat(32), owner)).status).toBe(200);
    expect((await start('雷'.repeat(33), owner)).status).toBe(400);
  });

  it.skipIf(skip)('refuses look-alikes of an owned name as taken, and takes them from its owner', async () => {
    const cases: [string, string[]][] = [
      ['ada.lovelace', ['ada_lovelace', 'ada lovelace', 'Ada-Lovelace', '-ada.lovelace-', '_ada lovelace.']],
      ['clave', ['dave', 'DAVE', 'c1ave']],
      ['alice', ['\u0430lice', 'аlicе']], // Cyrillic а (and е)
      ['bobby', ['ＢＯＢＢＹ', 'ｂｏｂｂｙ']], // full-width
      ['Zoë-2', ['Zoe\u0308-2', 'ZOË_2']],
    ];
    for (const [name, twins] of cases) {
      expect((await start(name, owner)).status, name).toBe(200);
      for (const twin of twins) {
        const refused = await start(twin, other);
        expect(refused.status, twin).toBe(403);
        expect(refused.body.error).toBe('name_owned');
        expect(refused.body.message).toBe(
          `The name "${twin.normalize('NFKC')}" is taken and the player key sent is not its key: send the key its first use answered or chose, or pick another name (names that differ only in case, spaces or look-alike characters such as I, l and 1 or O and 0 are one name).`,
        );
        // Its owner uses the name under any of its spellings.
        expect((await start(twin, owner)).status, twin).toBe(200);
      }
    }
    // Names that only share letters stay apart: another key claims them.
    for (const name of ['ada lovelace 2', 'dove', 'alicia', 'Zoe-2'])
      expect((await start(name, other)).status).toBe(200);
  });
});
