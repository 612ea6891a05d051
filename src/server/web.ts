/**
 * Serves the built browser UI (dist/web): its assets, and index.html for the client-side routes, with
 * Open Graph tags for share links (pages.ts). When no build is present, `/` answers a small page that
 * points to the API docs. The games' preview pictures (`/og/<slug>.svg`) are served either way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Registry } from '../core/registry.js';
import type { RunStore } from '../store/store.js';
import { gamePicture, ogTags, shareInfo, withTags } from './pages.js';

/** Client-side routes that all load the single-page app. */
export const WEB_ROUTES = [
  '/',
  '/play/:slug',
  '/rules/:slug',
  '/replay',
  '/leaderboard/:slug',
  '/ranked/:slug',
  '/benchmarks/:slug',
];

/** What the share-link previews read: the games, the stored runs and the clock of the daily rule. */
export interface WebContext {
  registry: Registry;
  store: RunStore | null;
  clock: () => Date;
}

/** Registers the UI's routes (see the module comment). */
export async function registerWeb(app: FastifyInstance, webRoot: string | null, ctx: WebContext): Promise<void> {
  // Previews are fetched by other sites' bots; the pictures are the same for everyone, so they cache a day.
  app.get<{ Params: { file: string } }>('/og/:file', { schema: { hide: true } }, async (req, reply) => {
    const m = /^([a-z0-9-]+)\.svg$/.exec(req.params.file);
    const game = m ? ctx.registry.get(m[1]) : undefined;
    if (!m || (!game && m[1] !== 'gameboard')) return reply.callNotFound();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(gamePicture(game ?? null, ctx.registry));
  });
  const root = webRoot ? resolve(webRoot) : null;
  if (root && existsSync(join(root, 'index.html'))) {
    // Read once: every client-side route answers it, with its own preview tags added.
    const index = readFileSync(join(root, 'index.html'), 'utf8');
    // serve: false — only reply.sendFile is wanted; the routes below decide what is public and how it caches.
    await app.register(fastifyStatic, { root, serve: false });
    // Vite's hashed assets and the other files of the build, served by name.
    // Brotli at quality 6 rather than the global 4: these files are the bulk of a visit, and on the built
    // script (295 KB) quality 6 gave 86.6 KB against 93.4 KB for about the same time per compression
    // (zlib.brotliCompressSync, mean of 3, same machine and run); quality 4 was no smaller than gzip.
    const assetCompress = {
      threshold: 1024,
      encodings: ['gzip', 'br'] as ('gzip' | 'br')[],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } },
    };
    app.get('/assets/*', { schema: { hide: true }, compress: assetCompress }, (req, reply) => {
      const rel = (req.params as { '*': string })['*'];
      return reply.sendFile(join('assets', rel), { maxAge: 365 * 24 * 3600 * 1000, immutable: true });
    });
    for (const path of WEB_ROUTES) {
      app.get(path, { schema: { hide: true } }, async (req, reply) => {
        const info = await shareInfo(req, ctx.registry, ctx.store, ctx.clock);
        const html = withTags(index, ogTags(info, `${req.protocol}://${req.host}`, req.url));
        return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=0').send(html);
      });
    }
    return;
  }
  app.get('/', { schema: { hide: true } }, async (_req, reply) => {
    return reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Gameboard</title><h1>Gameboard</h1>' +
          '<p>The browser UI is not built (run <code>npm run build:web</code>). The API is here: ' +
          '<a href="/docs/api">/docs/api</a>, <a href="/api/games">/api/games</a>, <a href="/llms.txt">/llms.txt</a>.</p>',
      );
  });
}
