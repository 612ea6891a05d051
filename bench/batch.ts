/**
 * `npm run bench -- --batch`: what batching buys. (1) The batch route against the single action route
 * at 64 connections (autocannon, 127.0.0.1): game steps per second, each request of the batch route
 * holding 64 action items (64 different games, each at its own mid-game state, so no item is served
 * from another's work), with full answers, the tensor fields as JSON arrays, and as the vector env
 * asks (each action as its `actionIndex`, the tensor in base64, the answer trimmed to what it reads). (2) The Python package: a 64-env GameboardVectorEnv against one GameboardEnv, env
 * steps per second, random masked play, both against the same server (a venv the bench makes, as the
 * tests do; skipped without python3), for every game. One app server, in its own process.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { registry } from '../src/games/index.js';
import { hasPython, pythonVenv } from '../test/helpers/python-venv.js';
import { midGameRequest } from './requests.js';

export interface BatchFigure {
  name: string;
  requestsPerSecond: number;
  stepsPerSecond: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time (all its threads, /proc) per game step, in µs. */
  cpuUsPerStep?: number;
}

const ITEMS = 64;

/** CPU time (user + system, every thread) process `pid` has used so far, in ms (Linux; else 0). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime; USER_HZ is 100
  } catch {
    return 0;
  }
}

async function cannon(
  name: string,
  url: string,
  body: string,
  perRequest: number,
  seconds: number,
  pid?: number,
): Promise<BatchFigure> {
  const before = cpuMs(pid);
  const r = await autocannon({
    url,
    method: 'POST',
    connections: 64,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body,
  });
  return {
    name,
    requestsPerSecond: r.requests.average,
    stepsPerSecond: r.requests.average * perRequest,
    p99ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    cpuUsPerStep:
      pid && r.requests.total > 0 ? ((cpuMs(pid) - before) * 1000) / (r.requests.total * perRequest) : undefined,
  };
}

/** Runs `fn` against the real app in a child process (bench/http-servers.ts app), stopped afterwards. */
export async function withApp<T>(fn: (base: string, pid: number) => Promise<T>): Promise<T> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./http-servers.ts', import.meta.url)), 'app'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, GAMEBOARD_BENCH_SECRET: randomBytes(32).toString('base64url') },
    },
  );
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    return await fn(`http://127.0.0.1:${Number(line.toString().trim())}`, child.pid!);
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * The route figures, best of `rounds` interleaved rounds of `seconds` by steps per second; with the
 * server's `pid`, also its CPU time per step, the least of the rounds.
 */
export async function benchBatchRoute(base: string, seconds: number, rounds: number, slug = 'whirlyard', pid?: number) {
  const single = await midGameRequest(base, slug);
  // 64 games from seeds 100-163, each a few actions in: every item carries its own state.
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < ITEMS; i++) items.push(JSON.parse((await midGameRequest(base, slug, 4, 100 + i)).body));
  const batchUrl = `${base}/api/games/${slug}/batch`;
  const full = JSON.stringify({ items });
  const fields = [
    'stateToken',
    'state',
    'seed',
    'tensor',
    'actionMask',
    'legalIndex',
    'legalActions',
    'score',
    'gameOver',
    'outcome',
  ];
  const trimmed = JSON.stringify({ items, tensor: true, fields });
  // What GameboardVectorEnv sends: each action as its index, the tensor in base64, the answers trimmed
  // to the carried state, seed, tensor, mask, score and gameOver (a game of fixed actions, as Whirlyard).
  const spec = (
    (await (await fetch(`${base}/api/games/${slug}`)).json()) as { spec: { actionIndex: { action?: unknown }[] } }
  ).spec;
  const indexed = items.map(({ action, ...rest }) => {
    const i = spec.actionIndex.findIndex((slot) => JSON.stringify(slot.action) === JSON.stringify(action));
    if (i < 0) throw new Error(`${slug}: no fixed index plays ${JSON.stringify(action)}`);
    return { ...rest, actionIndex: i };
  });
  const carry = 'stateToken' in items[0] ? 'stateToken' : 'state';
  const vectorFields = [carry, 'seed', 'tensor', 'actionMask', 'score', 'gameOver'];
  const base64 = JSON.stringify({ items: indexed, tensorFormat: 'base64', fields: vectorFields });
  const best = new Map<string, BatchFigure>();
  const leastCpu = new Map<string, number>();
  const keep = (f: BatchFigure) => {
    const b = best.get(f.name);
    if (!b || f.stepsPerSecond > b.stepsPerSecond) best.set(f.name, f);
    if (f.cpuUsPerStep !== undefined && f.cpuUsPerStep < (leastCpu.get(f.name) ?? Infinity))
      leastCpu.set(f.name, f.cpuUsPerStep);
  };
  for (let r = 0; r < rounds; r++) {
    keep(await cannon(`${slug} action (1 step a request)`, single.url, single.body, 1, seconds, pid));
    keep(await cannon(`${slug} batch of ${ITEMS}, full answers`, batchUrl, full, ITEMS, seconds, pid));
    keep(await cannon(`${slug} batch of ${ITEMS}, tensor fields only`, batchUrl, trimmed, ITEMS, seconds, pid));
    keep(await cannon(`${slug} batch of ${ITEMS}, as the vector env asks`, batchUrl, base64, ITEMS, seconds, pid));
  }
  return [...best.values()].map((f) => ({ ...f, cpuUsPerStep: leastCpu.get(f.name) }));
}

export interface VectorFigure {
  name: string;
  envStepsPerSecond: number;
  requests: number;
}

/** The Python figures: one GameboardEnv, then a 64-env GameboardVectorEnv, for `seconds` each. */
export async function benchVectorEnv(
  base: string,
  seconds: number,
  slug = 'whirlyard',
): Promise<VectorFigure[] | string> {
  if (!hasPython) return 'no python3 on this machine';
  const { python } = await pythonVenv();
  const script = fileURLToPath(new URL('./vector_env.py', import.meta.url));
  const child = spawn(python, [script, base, slug, String(seconds), String(ITEMS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`bench/vector_env.py failed (exit ${code})`);
  return JSON.parse(out) as VectorFigure[];
}

/** Both parts against one app server: the route for Whirlyard, the Python envs for every registered game. */
export async function benchBatch(seconds: number, rounds: number) {
  return withApp(async (base, pid) => {
    const route = await benchBatchRoute(base, seconds, rounds, 'whirlyard', pid);
    const vector: VectorFigure[] = [];
    // every registered game with a numeric face (the vector env plays by the fixed action index)
    for (const slug of registry.games.filter((g) => g.tensor).map((g) => g.spec.slug)) {
      const figures = await benchVectorEnv(base, Math.max(seconds, 5), slug);
      if (typeof figures === 'string') return { route, vector: figures };
      vector.push(...figures);
    }
    return { route, vector };
  });
}
