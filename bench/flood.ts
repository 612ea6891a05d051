/**
 * `npm run bench -- --flood`: what a flood of board reads, mostly refused 429, costs other clients.
 * The real server (src/server/main.ts, one worker, the default rate limits, a SQLite store of `RUNS`
 * runs as `--boards` fills it) runs on CPU 0 only (`taskset -c 0`). The flood comes from a process of
 * its own (its own process group) on CPU 1 only (`taskset -c 1`), from the address 127.0.0.2, over
 * `connections` keep-alive connections each sending its next open-board read the moment it has an
 * answer. The other client, this process (also on CPU 1), reads the same board from 127.0.0.1 at a
 * steady 10 a second (half its own limit, so none of its reads is refused) over keep-alive
 * connections. Rounds alternate: quiet (the other client alone), then flooded; the median and p99 of
 * the other client's reads in each, and their ratios, all from the same run.
 *
 * Run as `tsx bench/flood.ts --flooder URL SECONDS CONNECTIONS` it is the flood itself: it prints its
 * answers by status as one JSON line.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../test/helpers/server.js';
import { fillSqlite } from './boards.js';

const BOARD = '/api/games/whirlyard/leaderboard?board=open&kind=agent';
const PROBE_PER_SECOND = 10;

export interface FloodRound {
  /** The other client's reads: how many, median and p99 in ms, quiet and flooded. */
  quiet: { n: number; median: number; p99: number };
  flooded: { n: number; median: number; p99: number };
  /** The flood's answers by status, and its requests per second. */
  flood: Record<string, number>;
  floodRps: number;
  /** The 1-minute load average when the round began (the machine is shared). */
  load: number;
}

/** One GET on `agent`; resolves with the status (0 for a failed request). */
function get(base: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${base}${BOARD}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** The flood: `connections` loops of back-to-back reads from 127.0.0.2 for `seconds`. */
async function flood(base: string, seconds: number, connections: number): Promise<Record<string, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, localAddress: '127.0.0.2' });
  const byStatus: Record<string, number> = {};
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const status = await get(base, agent);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  return byStatus;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The other client: steady reads for `seconds`; every latency, in ms. Refused or failed reads throw. */
async function probe(base: string, seconds: number): Promise<{ n: number; median: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress: '127.0.0.1' });
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const bad: number[] = [];
  const timer = setInterval(() => {
    const t0 = performance.now();
    pending.push(
      get(base, agent).then((status) => {
        if (status !== 200) bad.push(status);
        latencies.push(performance.now() - t0);
      }),
    );
  }, 1000 / PROBE_PER_SECOND);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  await Promise.all(pending);
  agent.destroy();
  if (bad.length > 0) throw new Error(`the other client's reads were answered ${bad.join(', ')}`);
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, median: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

/** Starts the flood in its own process group on CPU 1; resolves with its answers once it ends. */
function startFlood(base: string, seconds: number, connections: number): Promise<Record<string, number>> {
  const child: ChildProcess = spawn(
    'taskset',
    [
      '-c',
      '1',
      process.execPath,
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--flooder',
      base,
      String(seconds),
      String(connections),
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the flood exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>);
    });
  });
}

/**
 * `rounds` pairs of quiet and flooded rounds of `seconds` each against one server; the flood starts a
 * second before the flooded round's reads and ends a second after.
 */
export async function benchFlood(seconds = 10, rounds = 3, connections = 64): Promise<FloodRound[]> {
  // This process (the other client) onto CPU 1, with the flood; the server alone on CPU 0.
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { encoding: 'utf8' });
  if (pinned.status !== 0) throw new Error(`taskset could not pin the load generator: ${pinned.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'gameboard-bench-flood-'));
  try {
    await fillSqlite(dir);
    const server = await startServer(
      {
        GAMEBOARD_SECRET: randomBytes(32).toString('base64'),
        GAMEBOARD_DATA_DIR: dir,
        DATABASE_URL: '',
        GAMEBOARD_WORKERS: '1',
      },
      ['taskset', '-c', '0', process.execPath, '--import', 'tsx', 'src/server/main.ts'],
    );
    try {
      await probe(server.url, 2); // warm-up
      const out: FloodRound[] = [];
      for (let r = 0; r < rounds; r++) {
        const load = loadavg()[0];
        const quiet = await probe(server.url, seconds);
        const flooding = startFlood(server.url, seconds + 2, connections);
        await new Promise((res) => setTimeout(res, 1000));
        const flooded = await probe(server.url, seconds);
        const answers = await flooding;
        const total = Object.values(answers).reduce((a, b) => a + b, 0);
        out.push({ quiet, flooded, flood: answers, floodRps: total / (seconds + 2), load });
        // Let the flood's window pass, so the next quiet round starts from a fresh count.
        await new Promise((res) => setTimeout(res, 1000));
      }
      return out;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flooder') {
  const [base, seconds, connections] = process.argv.slice(3);
  const answers = await flood(base, Number(seconds), Number(connections));
  console.log(JSON.stringify(answers));
}
