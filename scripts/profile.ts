/**
 * `npm run profile -- <game> [--seconds N] [--connections N] [--pin]`: a CPU profile of one game's
 * action route under load, so speed work starts from data. `npm run profile -- --live` profiles the
 * live-session action route instead (Briarwink sessions, one recorded tick a request, on a SQLite
 * store in a throwaway folder: the load of `npm run bench -- --live`).
 *
 * Starts the real app (bench/http-servers.ts `app`) in a child process under `node --cpu-prof`,
 * records a mid-game action request of the game (bench/requests.ts), warms the route up for a second,
 * then replays the request with autocannon at 64 connections for N seconds (default 5). The server is
 * then stopped, V8 writes its profile, and this prints the profile's path (open it in Chrome DevTools
 * or speedscope) and the top 15 functions by self time over the measured seconds (start-up and warm-up
 * left out). tsx compiles each module to one line, so places are file names with line 1.
 *
 * `--pin` puts the server on CPU 0 and the load generator on CPU 1 (`taskset`, as the bench's `--pin`).
 * Unpinned on a 2-CPU machine, the load generator wakes on the server's CPU whenever an answer
 * reaches it, and the samples taken while the server waits to run again land in `writev` (the send):
 * its share reads two to three times larger than pinned.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { games } from '../src/games/index.js';
import { liveSessionLoad } from '../bench/live.js';
import { midGameRequest } from '../bench/requests.js';

/** The parts of a `.cpuprofile` this reads. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time per function (name and place), in microseconds, largest first, over the samples taken
 * from `from` to `to` (V8's sample clock is the system's monotonic clock in µs, as `process.hrtime`).
 */
export function selfTimes(
  profile: CpuProfile,
  root: string,
  from = -Infinity,
  to = Infinity,
): Array<{ fn: string; at: string; us: number }> {
  const frameOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byFn = new Map<string, { fn: string; at: string; us: number }>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const f = frameOf.get(id)!;
    const file = f.url.startsWith('file://') ? relative(root, fileURLToPath(f.url)) : f.url;
    const where = file ? `${file}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName}|${where}`;
    const entry = byFn.get(key) ?? { fn: f.functionName || '(anonymous)', at: where, us: 0 };
    entry.us += profile.timeDeltas[i] ?? 0;
    byFn.set(key, entry);
  });
  return [...byFn.values()].sort((a, b) => b.us - a.us);
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function main(): Promise<void> {
  const live = process.argv.includes('--live');
  const slug = live ? 'briarwink' : process.argv.slice(2).find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
  if (!slug || !games.some((g) => g.spec.slug === slug)) {
    console.error(
      `usage: npm run profile -- <game>|--live [--seconds N] [--connections N] [--pin]; games: ${games.map((g) => g.spec.slug).join(', ')}`,
    );
    process.exit(2);
  }
  const seconds = option('--seconds', 5);
  const pin = process.argv.includes('--pin');
  if (pin) {
    // Every thread of this process (autocannon runs here) onto CPU 1; the server goes on CPU 0.
    const r = spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`taskset could not pin the load generator: ${r.stderr || r.error}`);
  }
  const connections = option('--connections', 64);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dir = join(root, 'profiles');
  mkdirSync(dir, { recursive: true });
  // Each run gets a folder of its own: V8 writes one profile per thread (tsx's loader runs in one).
  const out = join(dir, `${live ? 'live' : slug}-${new Date().toISOString().replace(/[:.]/g, '-')}`);

  const server = spawn(
    pin ? 'taskset' : process.execPath,
    [
      ...(pin ? ['-c', '0', process.execPath] : []),
      '--cpu-prof',
      `--cpu-prof-dir=${out}`,
      '--import',
      'tsx',
      join(root, 'bench/http-servers.ts'),
      live ? 'ranked' : 'app',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, GAMEBOARD_BENCH_SECRET: randomBytes(32).toString('base64url') },
    },
  );
  const [line] = (await once(server.stdout!, 'data')) as [Buffer];
  const base = `http://127.0.0.1:${Number(line.toString().trim())}`;
  const request = live ? null : await midGameRequest(base, slug);
  const opts: autocannon.Options = request
    ? {
        url: request.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: request.body,
        connections,
      }
    : { ...(await liveSessionLoad(base)), connections };
  await autocannon({ ...opts, duration: 1 });
  const from = Number(process.hrtime.bigint() / 1000n);
  const r = await autocannon({ ...opts, duration: seconds });
  const to = Number(process.hrtime.bigint() / 1000n);
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;

  // The main thread's profile is the one that served: the one with the most busy time.
  const written = readdirSync(out).filter((f) => f.endsWith('.cpuprofile'));
  if (written.length === 0) throw new Error(`the server wrote no profile in ${out}`);
  const busy = written
    .map((f) => {
      const profile = JSON.parse(readFileSync(join(out, f), 'utf8')) as CpuProfile;
      const rows = selfTimes(profile, root, from, to).filter((r) => r.fn !== '(idle)');
      return { file: join(out, f), rows, total: rows.reduce((n, r) => n + r.us, 0) };
    })
    .sort((a, b) => b.total - a.total)[0];
  const { file, rows, total } = busy;
  console.log(
    `${live ? 'briarwink live-session' : slug} action route, ${connections} connections, ${seconds} s${pin ? ', pinned' : ''}: ` +
      `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.errors + r.timeouts} errors, ${r.non2xx} non-2xx` +
      (request ? `; request ${request.body.length} B, answer ${request.answer.length} B` : ''),
  );
  console.log(
    `profile: ${relative(process.cwd(), file)} (the serving thread); the top 15 covers the measured seconds only, idle time left out of the shares`,
  );
  console.table(
    rows.slice(0, 15).map((r) => ({
      'self %': ((100 * r.us) / total).toFixed(1),
      'self ms': (r.us / 1000).toFixed(0),
      function: r.fn,
      where: r.at,
    })),
  );
}

await main();
