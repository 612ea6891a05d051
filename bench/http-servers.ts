/**
 * The servers of the HTTP benchmark, in a process of their own so the load generator does not share
 * their event loop: a bare Fastify hello-world, a bare Fastify echo (parses the body, answers a stored
 * body of the real answer's size, no other work), and the real app. Prints their ports as one JSON line.
 */
import Fastify from 'fastify';
import { StateSealer } from '../src/core/seal.js';
import { buildApp } from '../src/server/app.js';

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
// Diagnostics for the hostile-input run: the memory of this process, which also runs the real app.
hello.get('/_mem', async () => {
  globalThis.gc?.();
  return process.memoryUsage();
});

const echo = Fastify({ logger: false, bodyLimit: 256 * 1024 });
let answer: unknown = { ok: true };
echo.post('/_setup', async (req) => {
  answer = req.body;
  return { ok: true };
});
echo.post('/echo', async (req) => {
  if (!req.body) throw new Error('no body');
  return answer;
});

const app = await buildApp({ sealer: StateSealer.random(), logger: false, webRoot: null });

const listen = async (s: { listen: (o: { port: number; host: string }) => Promise<string> }) =>
  Number(new URL(await s.listen({ port: 0, host: '127.0.0.1' })).port);
const ports = { hello: await listen(hello), echo: await listen(echo), app: await listen(app) };
process.stdout.write(JSON.stringify(ports) + '\n');
process.on('SIGTERM', () => process.exit(0));
