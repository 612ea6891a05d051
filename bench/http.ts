/**
 * HTTP routes under load, each against a bare Fastify echo of its own request and answer, measured in the
 * same run with autocannon on 127.0.0.1: the server's CPU time per answered request, and round trips per
 * second (see `benchHttp`).
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
import { liveSample, liveSessionLoad } from './live.js';
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
  /** The echo row this route is measured against (the same request and answer, bare Fastify). */
  echo?: string;
  /** This route's server CPU per request over its echo's, both the least of their rounds. */
  cpuVsEcho?: number;
}

/** The games whose action route the bench measures, one row each: every registered game. */
export const BENCH_GAMES: readonly Slug[] = registry.slugs();

/** The groups of routes `benchHttp` can measure (`--routes`); all of them by default. */
export const ROUTE_GROUPS = ['init', 'action', 'live', 'batch', 'extra'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** Items per request of the batch rows (the same mid-game action each, as bench/batch.ts). */
export const BATCH_ITEMS = 64;

interface Target {
  name: string;
  opts: autocannon.Options;
  pid: number;
  echo?: string;
}

/**
 * The HTTP table: hello-world, then every route next to its echo (a bare Fastify route parsing that
 * route's real request and answering its real answer object, bench/http-servers.ts): every game's init
 * (seed 7) and action route on a mid-game request (bench/requests.ts), Briarwink's live-session action
 * route (every request continuing its own recorded session), Whirlyard's batch route (64 action items a
 * request); then, as `extra`, Briarwink's action in chained play (every request continuing its own game,
 * one of 320), Whirlyard's with no token memory and with two workers, and, when `compression` is set,
 * every game's action route again with `accept-encoding: gzip` and `br`. The server's CPU time per
 * answered request (all its threads, /proc) is the measure that matters: on a 2-CPU machine shared with
 * the load generator, requests per second measure the load generator as much as the server. Each target
 * is warmed up, then measured in interleaved rounds; each keeps its best round by requests per second
 * and its least CPU per request (on a shared machine, the rounds least disturbed by others).
 */
export async function benchHttp(
  ports: BenchServers,
  durationSeconds = 3,
  rounds = 3,
  compression = false,
  groups: readonly RouteGroup[] = ROUTE_GROUPS,
): Promise<HttpRow[]> {
  const want = new Set(groups);
  const requests = new Map<string, ActionRequest>();
  for (const slug of BENCH_GAMES) requests.set(slug, await midGameRequest(base(ports.app), slug));
  const whirlyard = requests.get('whirlyard')!;
  const setEcho = async (name: string, answer: string) => {
    const res = await fetch(`${base(ports.echo)}/_setup/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: answer,
    });
    if (!res.ok) throw new Error(`the echo server refused the ${name} answer: ${res.status}`);
  };

  const post = (body: string, encoding?: string) => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    body,
  });
  const sizes = new Map<string, { requestBytes: number; answerBytes: number }>();
  const p = ports.pids;
  const targets: Target[] = [{ name: 'hello-world (bare Fastify)', opts: { url: base(ports.hello) }, pid: p.hello }];
  /** A route and, before it, its echo: `name` answered by the real server, `echo ${name}` by the echo. */
  const pair = async (name: string, path: string, pid: number, portOf: number, body: string | null, answer: string) => {
    const key = name.replace(/[^a-z0-9]+/gi, '-');
    await setEcho(key, answer);
    const echoName = `echo, ${name}`;
    const query = body === null ? '?seed=7' : '';
    targets.push(
      {
        name: echoName,
        opts: { url: `${base(ports.echo)}/echo/${key}${query}`, ...(body === null ? {} : post(body)) },
        pid: p.echo,
      },
      { name, opts: { url: `${base(portOf)}${path}`, ...(body === null ? {} : post(body)) }, pid, echo: echoName },
    );
    sizes.set(name, { requestBytes: body?.length ?? 0, answerBytes: answer.length });
    sizes.set(echoName, { requestBytes: body?.length ?? 0, answerBytes: answer.length });
  };
  if (want.has('init')) {
    for (const slug of BENCH_GAMES) {
      const path = `/api/games/${slug}/init?seed=7`;
      const answer = await (await fetch(`${base(ports.app)}${path}`)).text();
      await pair(`${slug} init`, path, p.app, ports.app, null, answer);
    }
  }
  if (want.has('action')) {
    for (const r of requests.values())
      await pair(`${r.slug} action`, new URL(r.url).pathname, p.app, ports.app, r.body, r.answer);
  }
  if (want.has('live')) {
    const sample = await liveSample(base(ports.ranked));
    await pair('briarwink live-session action', sample.path, p.ranked, ports.ranked, sample.body, sample.answer);
    // The real route plays rotating sessions (each request continues its own recorded session).
    targets[targets.length - 1].opts = await liveSessionLoad(base(ports.ranked));
  }
  if (want.has('batch')) {
    const item = JSON.parse(whirlyard.body) as unknown;
    const body = JSON.stringify({ items: Array.from({ length: BATCH_ITEMS }, () => item) });
    const path = '/api/games/whirlyard/batch';
    const res = await fetch(`${base(ports.app)}${path}`, post(body));
    const answer = await res.text();
    if (!res.ok) throw new Error(`the batch route refused the bench's batch: ${answer.slice(0, 200)}`);
    await pair(`whirlyard batch of ${BATCH_ITEMS} actions`, path, p.app, ports.app, body, answer);
  }
  if (want.has('extra')) {
    targets.push(
      {
        name: 'briarwink action, chained play (320 games in rotation)',
        opts: await chainedPlayLoad(base(ports.app)),
        pid: p.app,
        echo: want.has('action') ? 'echo, briarwink action' : undefined,
      },
      {
        name: 'whirlyard action, token decrypted (no memory)',
        opts: { url: `${base(ports.cold)}/api/games/whirlyard/action`, ...post(whirlyard.body) },
        pid: p.cold,
        echo: want.has('action') ? 'echo, whirlyard action' : undefined,
      },
      {
        name: 'whirlyard action, 2 workers',
        opts: { url: `${base(ports.workers2)}/api/games/whirlyard/action`, ...post(whirlyard.body) },
        pid: p.workers2,
        echo: want.has('action') ? 'echo, whirlyard action' : undefined,
      },
    );
  }
  if (compression) {
    for (const r of requests.values()) {
      for (const encoding of ['gzip', 'br']) {
        const name = `${r.slug} action, ${encoding}`;
        const url = `${base(ports.compress)}${new URL(r.url).pathname}`;
        sizes.set(name, { requestBytes: r.body.length, answerBytes: await wireBytes(url, r.body, encoding) });
        targets.push({ name, opts: { url, ...post(r.body, encoding) }, pid: p.compress });
      }
    }
  }
  for (const t of targets) await load(t.name, { ...t.opts, duration: 1 }, t.pid);
  const rows: HttpFigure[][] = [];
  for (let round = 0; round < rounds; round++) {
    const figures: HttpFigure[] = [];
    for (const t of targets) figures.push(await load(t.name, { ...t.opts, duration: durationSeconds }, t.pid));
    rows.push(figures);
  }
  return summariseHttpRounds(targets, rows).map((r) => ({ ...r, ...sizes.get(r.name) }));
}

/**
 * The HTTP table from its rounds (`rounds[r][i]` is target `i`'s figure in round `r`): each target's
 * best round by requests per second, its least CPU per request over the rounds, and that over the least
 * of its echo (`cpuVsEcho`, when it names one measured in the same rounds).
 */
export function summariseHttpRounds(
  targets: readonly { name: string; echo?: string }[],
  rounds: HttpFigure[][],
): HttpRow[] {
  if (rounds.length === 0) throw new Error('the HTTP bench needs at least one round');
  const leastCpu = new Map<string, number>();
  const best = targets.map((t, i) => {
    let top = rounds[0][i];
    for (const round of rounds) {
      const f = round[i];
      if (f.name !== t.name) throw new Error(`round figure ${f.name} is not target ${t.name}`);
      if (f.requestsPerSecond > top.requestsPerSecond) top = f;
      const cpu = f.cpuUsPerRequest;
      if (cpu !== undefined && cpu < (leastCpu.get(t.name) ?? Infinity)) leastCpu.set(t.name, cpu);
    }
    return top;
  });
  return targets.map((t, i) => {
    const cpu = leastCpu.get(t.name);
    const echoCpu = t.echo ? leastCpu.get(t.echo) : undefined;
    return {
      ...best[i],
      cpuUsPerRequest: cpu,
      echo: t.echo,
      cpuVsEcho: cpu !== undefined && echoCpu ? cpu / echoCpu : undefined,
    };
  });
}
