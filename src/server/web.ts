/**
 * Serves the built browser UI (dist/web): its assets, and index.html for the client-side routes. When
 * no build is present, `/` answers a small page that points to the API docs.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Client-side routes that all load the single-page app. */
export const WEB_ROUTES = ['/', '/play/:slug', '/rules/:slug', '/replay', '/leaderboard/:slug', '/ranked/:slug'];

export async function registerWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const root = webRoot ? resolve(webRoot) : null;
  if (root && existsSync(join(root, 'index.html'))) {
    // serve: false — only reply.sendFile is wanted; the routes below decide what is public and how it caches.
    await app.register(fastifyStatic, { root, serve: false });
    // Vite's hashed assets and the other files of the build, served by name.
    app.get('/assets/*', { schema: { hide: true } }, (req, reply) => {
      const rel = (req.params as { '*': string })['*'];
      return reply.sendFile(join('assets', rel), { maxAge: 365 * 24 * 3600 * 1000, immutable: true });
    });
    for (const path of WEB_ROUTES) {
      app.get(path, { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html', { maxAge: 0 }));
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
