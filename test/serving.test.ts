/**
 * What the server adds around the browser UI: compressed assets and pages that decode to the files
 * themselves, an HTML 404 page for people (JSON for the API and machines), and Open Graph tags on
 * share links that respect the daily challenge's secrecy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import type { RunStore, StoredRun } from '../src/store/store.js';

const root = mkdtempSync(join(tmpdir(), 'gameboard-serving-'));
const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>Gameboard</title>\n  </head>\n' +
  `  <body><div id="app"></div>${'<!-- padding so the page is over the 1 KiB threshold -->\n'.repeat(40)}</body>\n</html>\n`;
// A few KiB of script and style, like (if smaller than) vite's hashed output.
const JS = Array.from({ length: 200 }, (_, i) => `export const f${i} = (a) => a * ${i} + 1;\n`).join('');
const CSS = Array.from(
  { length: 150 },
  (_, i) => `.c${i} { color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; }\n`,
).join('');

const TODAY = '2026-12-02';
const whirlyard = registry.get('whirlyard')!;
function stored(id: string, over: Partial<StoredRun>): StoredRun {
  return {
    id,
    run: { game: 'whirlyard', rulesVersion: whirlyard.spec.rulesVersion, seed: 42, actions: [] },
    player: { name: 'ada', kind: 'human' },
    score: 1234,
    gameOver: true,
    steps: 321,
    spent: 321,
    outcome: { kind: 'terminated', reason: 'out_of_lives' },
    progress: 7,
    board: 'open',
    challenge: null,
    createdAt: `${TODAY}T10:00:00.000Z`,
    ...over,
  };
}
// Only `get` is read by the replay route and the share previews; both go through this same object.
const runs = new Map<string, StoredRun>([
  ['open-run', stored('open-run', { player: { name: 'Ada <b>&"x"', kind: 'human' } })],
  ['daily-today', stored('daily-today', { board: 'ranked', challenge: TODAY, score: 999 })],
  ['daily-past', stored('daily-past', { board: 'ranked', challenge: '2026-12-01', score: 555 })],
]);
const store = { get: async (id: string) => runs.get(id) ?? null, close: async () => {} } as unknown as RunStore;

let app: FastifyInstance;
beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'main-abc123.js'), JS);
  writeFileSync(join(root, 'assets', 'main-abc123.css'), CSS);
  app = await buildApp({
    sealer: StateSealer.random(),
    webRoot: root,
    logger: false,
    store,
    clock: () => new Date(`${TODAY}T12:00:00Z`),
  });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;

describe('compressed assets', () => {
  it('sends script and style compressed with br and gzip, decoding to the file, cacheable for a year', async () => {
    for (const [name, body] of [
      ['main-abc123.js', JS],
      ['main-abc123.css', CSS],
    ]) {
      expect(body.length).toBeGreaterThan(2048);
      for (const encoding of ['br', 'gzip']) {
        const r = await app.inject({ url: `/assets/${name}`, headers: { 'accept-encoding': encoding } });
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-encoding'], `${name} ${encoding}`).toBe(encoding);
        expect(r.headers.vary).toMatch(/accept-encoding/i);
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(r.rawPayload.length).toBeLessThan(body.length / 2);
        expect(decode(encoding, r.rawPayload).toString('utf8')).toBe(body);
      }
      const plain = await app.inject({ url: `/assets/${name}`, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(body);
    }
  });

  it('sends the page compressed too, not cached, decoding to index.html with its tags', async () => {
    const plain = await app.inject({ url: '/play/whirlyard', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const r = await app.inject({ url: '/play/whirlyard', headers: { 'accept-encoding': encoding } });
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['cache-control']).toBe('public, max-age=0');
      expect(decode(encoding, r.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });
});

describe('the 404 page', () => {
  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('answers people an HTML page in the site style, with the path escaped and clipped', async () => {
    const r = await app.inject({ url: `/no/<script>alert("x")</script>${'a'.repeat(300)}?q=1`, headers: html });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('Page not found');
    expect(r.body).toContain('Gameboard');
    expect(r.body).not.toContain('<script>');
    expect(r.body).toContain('&#60;script&#62;alert(&#34;x&#34;)');
    expect(r.body).toContain(`${'a'.repeat(80)}…`);
    expect(r.body).not.toContain('a'.repeat(200));
    expect(r.body).not.toContain('q=1');
    for (const slug of registry.slugs()) expect(r.body).toContain(`href="/play/${slug}"`);
    expect(r.body).toContain('href="/docs/api"');
    expect(r.body).toContain('href="/llms.txt"');
    expect(r.body).not.toContain('"ok"');
  });

  it('keeps the JSON answer for the API, machine paths, other methods and clients not asking for HTML', async () => {
    const cases = [
      { url: '/api/nope', headers: html },
      { url: '/api/games/nope/init', headers: html },
      { url: '/openapi.json/x', headers: html },
      { url: '/llms-nope.txt', headers: html },
      { url: '/metrics/x', headers: html },
      { url: '/healthz/x', headers: html },
      { url: '/readyz/x', headers: html },
      { url: '/nope', headers: { accept: 'application/json' } },
      { url: '/nope', headers: {} },
      { url: '/assets/missing.js', headers: { accept: '*/*' } },
      { url: '/nope', method: 'POST' as const, headers: html },
    ];
    for (const c of cases) {
      const r = await app.inject({ method: c.method ?? 'GET', url: c.url, headers: c.headers });
      expect(r.statusCode, c.url).toBe(404);
      expect(r.headers['content-type'], c.url).toMatch(/application\/json/);
      const body = r.json();
      expect(body.ok).toBe(false);
      expect(typeof body.message).toBe('string');
      if (c.url !== '/api/games/nope/init') expect(body.error, c.url).toBe('not_found');
    }
  });
});

/** The content of every `<meta property|name="key" content="…">` in a page. */
function metas(page: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of page.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) out[m[1]] = m[2];
  return out;
}

describe('Open Graph tags on share links', () => {
  const host = { host: 'games.example:8080' };

  it('describes a stored run: game, player (escaped), score, and the game picture by absolute URL', async () => {
    const r = await app.inject({ url: '/replay?run=open-run', headers: host });
    expect(r.statusCode).toBe(200);
    const tags = metas(r.body);
    expect(tags['og:title']).toBe('Ada &#60;b&#62;&#38;&#34;x&#34; scored 1234 at Whirlyard · Gameboard');
    expect(tags['og:description']).toContain('seed 42');
    expect(tags['og:description']).toContain('321 moves');
    expect(tags['og:description']).toContain('out of lives');
    expect(tags['og:image']).toBe('http://games.example:8080/og/whirlyard.svg');
    expect(tags['og:url']).toBe('http://games.example:8080/replay?run=open-run');
    expect(tags['twitter:card']).toBe('summary');
    expect(r.body).not.toContain('<b>');
    // The tags sit inside the head of the built page, which is otherwise unchanged.
    expect(r.body.indexOf('og:title')).toBeLessThan(r.body.indexOf('</head>'));
    expect(r.body).toContain('<div id="app"></div>');
  });

  it('describes a play link by game and seed', async () => {
    const tags = metas((await app.inject({ url: '/play/whirlyard?seed=7', headers: host })).body);
    expect(tags['og:title']).toBe('Whirlyard, seed 7 · Gameboard');
    expect(tags['og:description']).toContain('seed 7');
    expect(tags['og:image']).toBe('http://games.example:8080/og/whirlyard.svg');
    expect(tags['og:url']).toBe('http://games.example:8080/play/whirlyard?seed=7');
  });

  it('gives only the generic tags for a missing run, an unknown game and a daily run not yet public', async () => {
    const generic = metas((await app.inject({ url: '/', headers: host })).body);
    expect(generic['og:title']).toBe('Gameboard');
    expect(generic['og:image']).toBe('http://games.example:8080/og/gameboard.svg');
    for (const [url, api] of [
      ['/replay?run=no-such-run', 404],
      ['/replay?run=daily-today', 403],
      ['/replay?run=bad%20id', null],
      ['/play/nope?seed=3', null],
    ] as const) {
      const r = await app.inject({ url, headers: host });
      expect(r.statusCode, url).toBe(200);
      const tags = metas(r.body);
      expect(tags['og:title'], url).toBe('Gameboard');
      expect(tags['og:description'], url).toBe(generic['og:description']);
      expect(tags['og:image'], url).toBe(generic['og:image']);
      expect(r.body, url).not.toContain('999');
      // The API refuses the same runs, for the same reason.
      if (api) expect((await app.inject({ url: `/api/runs/${url.split('=')[1]}` })).statusCode, url).toBe(api);
    }
    expect((await app.inject({ url: '/api/runs/daily-today' })).json().error).toBe('run_not_public');
  });

  it('describes a daily run once its day is over, as the API shows it', async () => {
    expect((await app.inject({ url: '/api/runs/daily-past' })).statusCode).toBe(200);
    const tags = metas((await app.inject({ url: '/replay?run=daily-past', headers: host })).body);
    expect(tags['og:title']).toBe('ada scored 555 at Whirlyard · Gameboard');
  });

  it('serves each game picture as SVG naming the game, and 404s unknown ones', async () => {
    for (const slug of [...registry.slugs(), 'gameboard']) {
      const r = await app.inject({ url: `/og/${slug}.svg` });
      expect(r.statusCode, slug).toBe(200);
      expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(r.body).toContain('<svg');
      expect(r.body).toContain(slug === 'gameboard' ? 'Gameboard' : registry.get(slug)!.spec.name);
    }
    expect((await app.inject({ url: '/og/nope.svg' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/og/whirlyard.png' })).statusCode).toBe(404);
  });

  it('reads index.html once: a change on disk after start is not served', async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>changed</title>');
    const r = await app.inject({ url: '/' });
    expect(r.body).not.toContain('changed');
    expect(r.body).toContain('<title>Gameboard</title>');
  });
});
