/**
 * `npm run bench -- --ab DIR`: this checkout's action routes against another checkout's (DIR, e.g. a
 * `git worktree add /tmp/before <commit>` with node_modules linked in), each against one bare echo of
 * the same request and answer, in interleaved rounds. On a shared machine whose speed drifts by half
 * from one minute to the next, two separate bench runs cannot show a 5% change; rounds that alternate
 * echo, this, that can. Servers on CPU 0, the load generator on CPU 1 (taskset), as `--http --pin`.
 * Each figure is the server's CPU time per answered request (all its threads, /proc), the least over
 * the rounds. `--games a,b` picks games (all by default), `--rounds N` (4) and `--seconds N` (3).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { midGameRequest } from './requests.js';

/** One game's row: CPU µs per request of the echo, this checkout's route and the other's. */
export interface AbRow {
  game: string;
  echoUs: number;
  thisUs: number;
  otherUs: number;
}

/** CPU time (user + system, every thread) process `pid` has used so far, in ms (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime; USER_HZ is 100
}

const HERE = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A benchmark server (bench/http-servers.ts `kind`) of checkout `dir` on CPU 0: its process and port. */
async function start(
  dir: string,
  kind: string,
  secret: string,
  pin: boolean,
): Promise<{ child: ChildProcess; port: number }> {
  const node = [process.execPath, '--import', 'tsx', join(dir, 'bench/http-servers.ts'), kind];
  const child = spawn(pin ? 'taskset' : node[0], pin ? ['-c', '0', ...node] : node.slice(1), {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, GAMEBOARD_BENCH_SECRET: secret },
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, port: Number(line.toString().trim()) };
}

/** CPU µs per request of `body` POSTed to `url` at 64 connections for `seconds`, on server `pid`. */
async function cpuPerRequest(url: string, body: string, pid: number, seconds: number): Promise<number> {
  const before = cpuMs(pid);
  const r = await autocannon({
    url,
    connections: 64,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (r.errors || r.non2xx || r.requests.total === 0)
    throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  return ((cpuMs(pid) - before) * 1000) / r.requests.total;
}

/**
 * The A/B table for `slugs` against checkout `other`. `pin` (the bench's way) puts the servers on CPU 0
 * and this whole process on CPU 1 for good; without it nothing is pinned.
 */
export async function benchAb(
  other: string,
  slugs: readonly string[],
  rounds = 4,
  seconds = 3,
  { pin = true }: { pin?: boolean } = {},
): Promise<AbRow[]> {
  const dir = resolve(other);
  if (!existsSync(join(dir, 'bench/http-servers.ts'))) throw new Error(`${dir} is not a Gameboard checkout`);
  if (pin) {
    const r = spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`taskset could not pin the load generator: ${r.stderr || r.error}`);
  }
  const secret = randomBytes(32).toString('base64url');
  const rows: AbRow[] = [];
  for (const slug of slugs) {
    const servers = [
      await start(HERE, 'echo', secret, pin),
      await start(HERE, 'app', secret, pin),
      await start(dir, 'app', secret, pin),
    ];
    try {
      const [echo, mine, theirs] = servers;
      // Each app plays its own mid-game request (its token is in that app's memory, as in the HTTP bench).
      const mineReq = await midGameRequest(`http://127.0.0.1:${mine.port}`, slug);
      const theirReq = await midGameRequest(`http://127.0.0.1:${theirs.port}`, slug);
      const setup = await fetch(`http://127.0.0.1:${echo.port}/_setup/ab`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: mineReq.answer,
      });
      if (!setup.ok) throw new Error(`the echo server refused the ${slug} answer`);
      const targets = [
        { url: `http://127.0.0.1:${echo.port}/echo/ab`, body: mineReq.body, pid: echo.child.pid! },
        { url: `http://127.0.0.1:${mine.port}/api/games/${slug}/action`, body: mineReq.body, pid: mine.child.pid! },
        {
          url: `http://127.0.0.1:${theirs.port}/api/games/${slug}/action`,
          body: theirReq.body,
          pid: theirs.child.pid!,
        },
      ];
      for (const t of targets) await cpuPerRequest(t.url, t.body, t.pid, 1); // warm-up
      const least = targets.map(() => Infinity);
      for (let r = 0; r < rounds; r++) {
        for (const [i, t] of targets.entries()) {
          least[i] = Math.min(least[i], await cpuPerRequest(t.url, t.body, t.pid, seconds));
        }
      }
      rows.push({ game: slug, echoUs: least[0], thisUs: least[1], otherUs: least[2] });
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
    }
  }
  return rows;
}
