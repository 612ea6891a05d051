/**
 * `npm run bench -- --load`: the server as `npm start` runs it (two workers, rate limits off: the load
 * comes from one address), measured for the README's "Reliability" table:
 *
 * - a sustained load at 64 connections over the action routes of all four games: requests, errors,
 *   p99, and the server's RSS (supervisor and workers) at the start and the end;
 * - `kill -9` of a worker under load: failed requests, and the time until a replacement serves;
 * - `kill -9` right after acknowledged run submissions, repeatedly: is every acknowledged run there
 *   after the restart?
 *
 * `--seconds N` sets the sustained load's length (default 60).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { registry } from '../src/games/index.js';

const MAIN = new URL('../src/server/main.ts', import.meta.url).pathname;

interface Server {
  url: string;
  child: ChildProcess;
}

/** Starts src/server/main.ts on a free port and waits for its "listening" line. */
async function startServer(dataDir: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      GAMEBOARD_DATA_DIR: dataDir,
      GAMEBOARD_RATE_LIMIT: 'off',
      ...env,
    },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => {
      text += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { url, child };
}

const stop = (s: Server) =>
  new Promise<void>((done) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return done();
    s.child.once('exit', () => done());
    s.child.kill('SIGTERM');
  });

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** RSS in MB of a process and its children (Linux). */
function rssMB(pid: number): number {
  const one = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  return [pid, ...childrenOf(pid)].reduce((kb, p) => kb + one(p), 0) / 1024;
}

/** One mid-game action request per game, each continuing a real state. */
async function actionRequests(url: string): Promise<autocannon.Request[]> {
  const out: autocannon.Request[] = [];
  for (const game of registry.games) {
    const slug = game.spec.slug;
    const init = await (await fetch(`${url}/api/games/${slug}/init?seed=7`)).json();
    const carried = game.spec.carry === 'stateToken' ? { stateToken: init.stateToken } : { state: init.state };
    out.push({
      method: 'POST',
      path: `/api/games/${slug}/action`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...carried, action: init.legalActions[0] }),
    });
  }
  return out;
}

export interface LoadFigures {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
  p99ms: number;
  rssStartMB: number;
  rssEndMB: number;
  killFailed: number;
  killRequests: number;
  replaceMs: number;
  crashRounds: number;
  crashLost: number;
}

/** Runs the three measurements; see the module comment. */
export async function benchLoad(seconds = 60, crashRounds = 20): Promise<LoadFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-load-'));
  const secret = randomBytes(32).toString('base64url');
  try {
    const server = await startServer(dataDir, { GAMEBOARD_WORKERS: '2', GAMEBOARD_SECRET: secret });
    const requests = await actionRequests(server.url);
    await autocannon({ url: server.url, connections: 64, duration: 2, requests }); // warm-up
    const rssStartMB = rssMB(server.child.pid!);
    const load = await autocannon({ url: server.url, connections: 64, duration: seconds, requests });
    const rssEndMB = rssMB(server.child.pid!);

    // kill -9 one worker 2 s into a 10 s load, and time its replacement.
    const [victim] = childrenOf(server.child.pid!);
    let replaceMs = -1;
    const killed = autocannon({ url: server.url, connections: 64, duration: 10, requests });
    await new Promise((r) => setTimeout(r, 2000));
    const at = Date.now();
    process.kill(victim, 'SIGKILL');
    while (Date.now() - at < 8000) {
      const now = childrenOf(server.child.pid!);
      if (now.length === 2 && !now.includes(victim)) {
        replaceMs = Date.now() - at;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const k = await killed;
    await stop(server);

    // kill -9 right after acknowledged runs, then check every acknowledged run after a restart.
    const whirlyard = registry.get('whirlyard')!;
    let lost = 0;
    for (let round = 0; round < crashRounds; round++) {
      const s = await startServer(dataDir, { GAMEBOARD_SECRET: secret });
      const init = await (await fetch(`${s.url}/api/games/whirlyard/init?seed=${round}`)).json();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await fetch(`${s.url}/api/runs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            game: 'whirlyard',
            rulesVersion: whirlyard.spec.rulesVersion,
            seed: round,
            actions: [init.legalActions[i % init.legalActions.length]],
            player: { name: `crash-${round}-${i}`, kind: 'agent' },
          }),
        });
        if (r.status === 200) ids.push((await r.json()).id);
      }
      s.child.kill('SIGKILL');
      await new Promise((done) => s.child.once('exit', done));
      const again = await startServer(dataDir, { GAMEBOARD_SECRET: secret });
      for (const id of ids) if ((await fetch(`${again.url}/api/runs/${id}`)).status !== 200) lost++;
      await stop(again);
    }

    return {
      seconds,
      requests: load.requests.total,
      requestsPerSecond: load.requests.average,
      errors: load.errors + load.timeouts,
      non2xx: load.non2xx,
      p99ms: load.latency.p99,
      rssStartMB,
      rssEndMB,
      killFailed: k.errors + k.timeouts + k.non2xx,
      killRequests: k.requests.total,
      replaceMs,
      crashRounds,
      crashLost: lost,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
