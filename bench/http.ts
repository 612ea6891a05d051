/**
 * HTTP round trips per second: the real `action` route (open the sealed token, validate, step, observe,
 * seal the next token) against a bare Fastify echo route taking and returning bodies of the same sizes,
 * and against a bare hello-world route, all measured in the same run with autocannon on 127.0.0.1; then
 * the same route with no token memory, and `npm start`'s server with two workers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';

export interface HttpFigure {
  name: string;
  requestsPerSecond: number;
  p99ms: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, opts: autocannon.Options): Promise<HttpFigure> {
  const r = await autocannon({ connections: 64, ...opts });
  return {
    name,
    requestsPerSecond: r.requests.average,
    p99ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export interface BenchServers {
  hello: number;
  echo: number;
  app: number;
  cold: number;
  /** The real app with a SQLite run store (live sessions). */
  ranked: number;
  /** `npm start`'s server (src/server/main.ts) with GAMEBOARD_WORKERS=2. */
  workers2: number;
}

/** Runs `fn` against the benchmark servers, each started in a child process and stopped afterwards. */
export async function withServers<T>(fn: (ports: BenchServers) => Promise<T>): Promise<T> {
  const env = { ...process.env, GAMEBOARD_BENCH_SECRET: randomBytes(32).toString('base64url') };
  const children: ChildProcess[] = [];
  const start = async (kind: 'hello' | 'echo' | 'app' | 'cold' | 'ranked') => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', new URL('./http-servers.ts', import.meta.url).pathname, kind],
      { stdio: ['ignore', 'pipe', 'inherit'], env },
    );
    children.push(child);
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    return Number(line.toString().trim());
  };
  /** The real server as `npm start` runs it, with two workers, in a throwaway data folder. */
  const startWorkers = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-bench-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('../src/server/main.ts', import.meta.url).pathname],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...env,
          PORT: '0',
          HOST: '127.0.0.1',
          GAMEBOARD_WORKERS: '2',
          GAMEBOARD_DATA_DIR: dataDir,
          GAMEBOARD_SECRET: env.GAMEBOARD_BENCH_SECRET,
          GAMEBOARD_RATE_LIMIT: 'off',
        },
      },
    );
    children.push(child);
    child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line.toString())?.[1];
    if (!port) throw new Error(`the two-worker server did not start: ${line}`);
    return Number(port);
  };
  try {
    const ports = {
      hello: await start('hello'),
      echo: await start('echo'),
      app: await start('app'),
      cold: await start('cold'),
      ranked: await start('ranked'),
      workers2: await startWorkers(),
    };
    return await fn(ports);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

export const base = (port: number) => `http://127.0.0.1:${port}`;

export async function benchHttp(ports: BenchServers, durationSeconds = 3, rounds = 3): Promise<HttpFigure[]> {
  {
    // A mid-game Whirlyard position and an action that keeps the game going.
    let body = await (await fetch(`${base(ports.app)}/api/games/whirlyard/init?seed=7`)).json();
    let request = '';
    let answer = '';
    for (const action of body.legalActions as unknown[]) {
      request = JSON.stringify({ stateToken: body.stateToken, action });
      const res = await fetch(`${base(ports.app)}/api/games/whirlyard/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: request,
      });
      answer = await res.text();
      if (!JSON.parse(answer).gameOver) break;
    }
    body = JSON.parse(answer);
    if (!body.ok) throw new Error(`benchmark action refused: ${answer}`);
    await fetch(`${base(ports.echo)}/_setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: answer,
    });

    const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: request };
    const targets: Array<[string, autocannon.Options]> = [
      ['hello-world (bare Fastify)', { url: base(ports.hello) }],
      ['echo, same body sizes (bare Fastify)', { url: `${base(ports.echo)}/echo`, ...post }],
      ['whirlyard action (real route)', { url: `${base(ports.app)}/api/games/whirlyard/action`, ...post }],
      [
        'whirlyard action, token decrypted (no memory)',
        { url: `${base(ports.cold)}/api/games/whirlyard/action`, ...post },
      ],
      ['whirlyard action, 2 workers', { url: `${base(ports.workers2)}/api/games/whirlyard/action`, ...post }],
    ];
    // Warm every route up (JIT, crypto, allocation), then measure in interleaved rounds and keep each
    // route's best round: on a shared machine the best round is the one least disturbed by others.
    for (const [name, opts] of targets) await load(name, { ...opts, duration: 1 });
    const best = new Map<string, HttpFigure>();
    for (let round = 0; round < rounds; round++) {
      for (const [name, opts] of targets) {
        const f = await load(name, { ...opts, duration: durationSeconds });
        const prev = best.get(name);
        if (!prev || f.requestsPerSecond > prev.requestsPerSecond) best.set(name, f);
      }
    }
    const figures = targets.map(([name]) => best.get(name)!);
    return figures.map((f) => ({ ...f, requestBytes: request.length, answerBytes: answer.length }));
  }
}
