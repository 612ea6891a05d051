/**
 * HTTP round trips per second: the real `action` route (open the sealed token, validate, step, observe,
 * seal the next token) against a bare Fastify echo route taking and returning bodies of the same sizes,
 * and against a bare hello-world route, all measured in the same run with autocannon on 127.0.0.1; then
 * the same route with no token memory, and `npm start`'s server with two workers.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { registry, type Slug } from '../src/games/index.js';
import { chainedPlayLoad, midGameRequest, type ActionRequest } from './requests.js';

export interface HttpFigure {
  name: string;
  requestsPerSecond: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time (all its processes) per answered request, in µs. */
  cpuUsPerRequest?: number;
}

/** CPU time (user + system) used so far by process `pid` and its children's live processes, in ms. */
function cpuMs(pid: number): number {
  const ticks = (p: number): number => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      const own = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(' ').filter(Boolean);
      return own + kids.reduce((n, k) => n + ticks(Number(k)), 0);
    } catch {
      return 0; // not Linux, or the process is gone
    }
  };
  return ticks(pid) * 10; // USER_HZ is 100 on Linux
}

async function load(name: string, opts: autocannon.Options, serverPid?: number): Promise<HttpFigure> {
  const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
  const r = await autocannon({ connections: 64, ...opts });
  const cpu = serverPid ? cpuMs(serverPid) - cpuBefore : 0;
  return {
    name,
    requestsPerSecond: r.requests.average,
    p99ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    cpuUsPerRequest: serverPid && r.requests.total > 0 ? (cpu * 1000) / r.requests.total : undefined,
  };
}

/** How many bytes the server writes for an answer (compressed when `encoding` is accepted). */
function wireBytes(url: string, body: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
      (res) => {
        let n = 0;
        res.on('data', (d: Buffer) => (n += d.length));
        res.on('end', () => resolve(n));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface BenchServers {
  hello: number;
  echo: number;
  app: number;
  cold: number;
  /** The real app with a SQLite run store (live sessions). */
  ranked: number;
  /** The real app compressing action answers too. */
  compress: number;
  /** `npm start`'s server (src/server/main.ts) with GAMEBOARD_WORKERS=2. */
  workers2: number;
  /** Each server's process id (the two-worker server's is its supervisor's), by the names above. */
  pids: Record<string, number>;
}

/** Options of `withServers`. */
export interface ServerOptions {
  /**
   * Run every server on CPU 0 only (`taskset -c 0`) and this process, the load generator, on CPU 1
   * only, so the two do not compete for a CPU (Linux, 2 or more CPUs).
   */
  pin?: boolean;
}

/** Runs `fn` against the benchmark servers, each started in a child process and stopped afterwards. */
export async function withServers<T>(fn: (ports: BenchServers) => Promise<T>, options: ServerOptions = {}): Promise<T> {
  const env = { ...process.env, GAMEBOARD_BENCH_SECRET: randomBytes(32).toString('base64url') };
  const children: ChildProcess[] = [];
  const pids: Record<string, number> = {};
  if (options.pin) {
    // Every thread of this process (autocannon runs here) onto CPU 1.
    const r = spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`taskset could not pin the load generator: ${r.stderr || r.error}`);
  }
  /** `node args` in a child process, on CPU 0 only when pinning (taskset execs node: same pid). */
  const node = (args: string[], opts: SpawnOptions): ChildProcess =>
    options.pin ? spawn('taskset', ['-c', '0', process.execPath, ...args], opts) : spawn(process.execPath, args, opts);
  const start = async (kind: 'hello' | 'echo' | 'app' | 'cold' | 'ranked' | 'compress') => {
    const child = node(
      ['--expose-gc', '--import', 'tsx', new URL('./http-servers.ts', import.meta.url).pathname, kind],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env,
      },
    );
    children.push(child);
    pids[kind] = child.pid!;
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    return Number(line.toString().trim());
  };
  /** The real server as `npm start` runs it, with two workers, in a throwaway data folder. */
  const startWorkers = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-bench-'));
    const child = node(['--import', 'tsx', new URL('../src/server/main.ts', import.meta.url).pathname], {
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
    });
    children.push(child);
    pids.workers2 = child.pid!;
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
      compress: await start('compress'),
      workers2: await startWorkers(),
      pids,
    };
    return await fn(ports);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

export const base = (port: number) => `http://127.0.0.1:${port}`;

/** One row of the HTTP table, with the sizes of what was sent and answered. */
export interface HttpRow extends HttpFigure {
  requestBytes?: number;
  answerBytes?: number;
}

/** The games whose action route the bench measures, one row each: every registered game. */
export const BENCH_GAMES: readonly Slug[] = registry.slugs();

/**
 * The HTTP table: hello-world and echo (the ceilings), every game's action route on a mid-game request
 * (bench/requests.ts), Briarwink's in chained play (every request continuing its own game, one of 320),
 * Whirlyard's with no token memory and with two workers, and, when
 * `compression` is set, every game's route again with `accept-encoding: gzip` and `br`. Each target is
 * warmed up, then measured in interleaved rounds; each keeps its best round (on a shared machine, the
 * one least disturbed by others).
 */
export async function benchHttp(
  ports: BenchServers,
  durationSeconds = 3,
  rounds = 3,
  compression = false,
): Promise<HttpRow[]> {
  const requests = new Map<string, ActionRequest>();
  for (const slug of BENCH_GAMES) requests.set(slug, await midGameRequest(base(ports.app), slug));
  const whirlyard = requests.get('whirlyard')!;
  // The echo route answers a stored body of the Whirlyard answer's size.
  await fetch(`${base(ports.echo)}/_setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: whirlyard.answer,
  });

  const post = (body: string, encoding?: string) => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    body,
  });
  const sizes = new Map<string, { requestBytes: number; answerBytes: number }>();
  const p = ports.pids;
  const targets: Array<[string, autocannon.Options, number]> = [
    ['hello-world (bare Fastify)', { url: base(ports.hello) }, p.hello],
    ['echo, whirlyard body sizes (bare Fastify)', { url: `${base(ports.echo)}/echo`, ...post(whirlyard.body) }, p.echo],
  ];
  for (const r of requests.values()) {
    const name = `${r.slug} action`;
    targets.push([name, { url: `${base(ports.app)}${new URL(r.url).pathname}`, ...post(r.body) }, p.app]);
    sizes.set(name, { requestBytes: r.body.length, answerBytes: r.answer.length });
  }
  targets.push(
    ['briarwink action, chained play (320 games in rotation)', await chainedPlayLoad(base(ports.app)), p.app],
    [
      'whirlyard action, token decrypted (no memory)',
      { url: `${base(ports.cold)}/api/games/whirlyard/action`, ...post(whirlyard.body) },
      p.cold,
    ],
    [
      'whirlyard action, 2 workers',
      { url: `${base(ports.workers2)}/api/games/whirlyard/action`, ...post(whirlyard.body) },
      p.workers2,
    ],
  );
  if (compression) {
    for (const r of requests.values()) {
      for (const encoding of ['gzip', 'br']) {
        const name = `${r.slug} action, ${encoding}`;
        const url = `${base(ports.compress)}${new URL(r.url).pathname}`;
        sizes.set(name, { requestBytes: r.body.length, answerBytes: await wireBytes(url, r.body, encoding) });
        targets.push([name, { url, ...post(r.body, encoding) }, p.compress]);
      }
    }
  }
  for (const [name, opts, pid] of targets) await load(name, { ...opts, duration: 1 }, pid);
  const best = new Map<string, HttpFigure>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, opts, pid] of targets) {
      const f = await load(name, { ...opts, duration: durationSeconds }, pid);
      const prev = best.get(name);
      if (!prev || f.requestsPerSecond > prev.requestsPerSecond) best.set(name, f);
    }
  }
  return targets.map(([name]) => ({ ...best.get(name)!, ...sizes.get(name) }));
}
