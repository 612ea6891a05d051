/**
 * One server of the HTTP benchmark, named by the first argument, in a process of its own: the load
 * generator does not share its event loop, and no server shares its JIT state with another (a process
 * running both Fastify instances optimises their shared code for neither). Prints its port as one line.
 *
 * - `hello`: a bare Fastify hello-world.
 * - `echo`: bare Fastify routes `/echo/<name>` that parse the body (POST) or the seed (GET) and answer
 *   a stored answer object (set once through `POST /_setup/<name>`), no other work: the floor each real
 *   route is measured against, with that route's own request and answer.
 * - `app`: the real app; `/_mem` reports this process's memory for the hostile-input run.
 * - `cold`: the real app with no memory of recent tokens, so every action decrypts its token.
 * - `ranked`: the real app with a SQLite run store in a throwaway folder, for live sessions.
 * - `compress`: the real app compressing action answers too (`compressActions`), for `--compress`.
 *
 * The two apps seal under `GAMEBOARD_BENCH_SECRET`, so each continues the other's tokens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

async function server(kind: string): Promise<FastifyInstance> {
  if (kind === 'hello') {
    const hello = Fastify({ logger: false });
    hello.get('/', async () => ({ hello: 'world' }));
    return hello;
  }
  if (kind === 'echo') {
    const echo = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
    // Answers by name: each route the bench measures gets an echo of its own request and answer.
    const answers = new Map<string, unknown>();
    echo.post<{ Params: { name: string } }>('/_setup/:name', async (req) => {
      answers.set(req.params.name, req.body);
      return { ok: true };
    });
    const answer = (name: string) => {
      const a = answers.get(name);
      if (a === undefined) throw new Error(`no echo answer named ${name}`);
      return a;
    };
    echo.post<{ Params: { name: string } }>('/echo/:name', async (req) => {
      if (!req.body) throw new Error('no body');
      return answer(req.params.name);
    });
    echo.get<{ Params: { name: string }; Querystring: { seed?: string } }>('/echo/:name', async (req) => {
      if (req.query.seed === undefined) throw new Error('no seed');
      return answer(req.params.name);
    });
    return echo;
  }
  if (kind !== 'app' && kind !== 'cold' && kind !== 'ranked' && kind !== 'compress')
    throw new Error(`unknown benchmark server ${kind}`);
  const sealer = new StateSealer([process.env.GAMEBOARD_BENCH_SECRET ?? 'benchmark-secret-0123456789']);
  if (kind === 'ranked') {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-bench-ranked-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    return buildApp({ sealer, logger: false, webRoot: null, store: SqliteRunStore.inDataDir(dir) });
  }
  const app = await buildApp({
    sealer,
    logger: false,
    webRoot: null,
    recentStates: kind === 'cold' ? 0 : undefined,
    compressActions: kind === 'compress',
  });
  app.get('/_mem', async () => {
    globalThis.gc?.();
    return process.memoryUsage();
  });
  return app;
}

const s = await server(process.argv[2]);
const port = Number(new URL(await s.listen({ port: 0, host: '127.0.0.1' })).port);
process.stdout.write(`${port}\n`);
process.on('SIGTERM', () => process.exit(0));
