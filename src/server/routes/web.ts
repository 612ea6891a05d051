/**
 * Serves the built browser UI (dist/web): its assets, and index.html for the client-side routes, with
 * Open Graph tags for share links (pages.ts). When no build is present, `/` answers a small page that
 * points to the API docs. The games' preview pictures (`/og/<slug>.svg`) are served either way.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Registry } from '../../core/registry.js';
import type { RunStore } from '../../store/store.js';
import type { SchemaTypes } from '../schemas/types.js';
import { gamePicture, ogTags, shareInfo, withTags } from './site-pages.js';

/** Client-side routes that all load the single-page app. */
const WEB_ROUTES = [
  '/',
  '/play/:slug',
  '/rules/:slug',
  '/replay',
  '/leaderboard/:slug',
  '/ranked/:slug',
  '/benchmarks/:slug',
];

/** A preview picture's file name, `<slug>.svg` (any other name is answered 404 by the handler). */
const pictureParams = { type: 'object', required: ['file'], properties: { file: { type: 'string' } } } as const;

/** An asset's path under assets/ (one that names no file is answered 404 by the static files). */
const assetParams = { type: 'object', required: ['*'], properties: { '*': { type: 'string' } } } as const;

/** What the share-link previews read: the games, the stored runs and the clock of the daily rule. */
export interface WebContext {
  registry: Registry;
  store: RunStore | null;
  clock: () => Date;
}

/**
 * The Content-Security-Policy of a web page: the app's own scripts, styles and images only (images also
 * as `data:`, the favicon's form), no inline script at all, no plugins, and no framing by any site. A
 * page the server writes itself with a `<style>` element (the API docs, the agents' page, a 404 page)
 * names that element's hash, so its own style applies and no other inline style does.
 */
function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${hashes.map((h) => ' ' + h).join('')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Every HTML answer (the UI's pages, the docs, 404 pages) gets the page headers: its CSP, no framing
 * (`X-Frame-Options` for browsers without `frame-ancestors`), no Referer sent to other sites, and no
 * type sniffing. JSON answers are left as they were. Player keys live in the page's storage: a script
 * injected or a page framed could read or use them.
 */
export function registerPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const html = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    reply.header('content-security-policy', contentSecurityPolicy(html));
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
}

/** Registers the UI's routes (see the module comment). */
/** The browser UI's routes as a Fastify plugin: share pictures, assets, and index.html for client routes. */
export const webRoutes: FastifyPluginAsync<WebContext & { webRoot: string | null }> = async (app, ctx) => {
  const { webRoot } = ctx;
  const web = app.withTypeProvider<SchemaTypes>();
  // Previews are fetched by other sites' bots; the pictures are the same for everyone, so they cache a day.
  web.get('/og/:file', { schema: { hide: true, params: pictureParams } }, async (req, reply) => {
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
    web.get('/assets/*', { schema: { hide: true, params: assetParams }, compress: assetCompress }, (req, reply) => {
      const rel = req.params['*'];
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
};
