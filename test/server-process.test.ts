/**
 * The server as a user starts it (`npm start` runs src/server/main.ts): it logs one line saying where it
 * listens, keeps its generated secret in the data folder with mode 0600, and tokens survive a restart.
 */
import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-data-'));
const running: ChildProcess[] = [];

interface Started {
  url: string;
  lines: string[];
  child: ChildProcess;
  stop: () => Promise<number | null>;
}

/** Starts the server on a free port and resolves once it has logged where it listens. */
function start(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GAMEBOARD_DATA_DIR: dataDir, GAMEBOARD_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    let buffer = '';
    child.stdout!.on('data', (d) => {
      buffer += d;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        const m = /Gameboard listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (m && stderr) console.error(stderr);
        if (m) {
          clearTimeout(timer);
          resolve({
            url: m[1],
            lines,
            child,
            stop: () =>
              new Promise<number | null>((done) => {
                child.once('exit', (code) => done(code));
                child.kill('SIGTERM');
              }),
          });
        }
      }
    });
  });
}

afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('logs one line saying where it listens, serves the loop, and tokens survive a restart', async () => {
    const first = await start();
    expect(first.lines.filter((l) => l.trim() !== '')).toHaveLength(1);
    const init = await (await fetch(`${first.url}/api/games/whirlyard/init?seed=7`)).json();
    expect(init.ok).toBe(true);
    const played = await (
      await fetch(`${first.url}/api/games/whirlyard/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stateToken: init.stateToken, action: { type: 'wait' } }),
      })
    ).json();
    expect(played.ok).toBe(true);
    expect(
      first.lines.filter((l) => l.trim() !== ''),
      'requests are not logged line by line',
    ).toHaveLength(1);

    const secretFile = join(dataDir, 'secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    await first.stop();

    const second = await start();
    const again = await (
      await fetch(`${second.url}/api/games/whirlyard/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stateToken: played.stateToken, action: { type: 'wait' } }),
      })
    ).json();
    expect(again.ok, 'a token issued before the restart must still be accepted').toBe(true);
    await second.stop();

    const other = await start({ GAMEBOARD_SECRET: randomBytes(32).toString('base64') });
    const refused = await fetch(`${other.url}/api/games/whirlyard/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stateToken: played.stateToken, action: { type: 'wait' } }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_state');
    await other.stop();
  });
});

/** A JSON request on a connection of its own (no keep-alive), so successive calls reach different workers. */
function fresh(url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent: false,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The process ids of a process's children (Linux). */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

describe('the server with GAMEBOARD_WORKERS=2', () => {
  it("logs one line, and its workers continue each other's tokens, one connection per action", async () => {
    const server = await start({ GAMEBOARD_WORKERS: '2' });
    expect(server.lines.filter((l) => l.trim() !== '')).toHaveLength(1);
    expect(server.lines[0]).toMatch(/\(2 workers\)/);
    expect(childrenOf(server.child.pid!)).toHaveLength(2);
    let answer = (await fresh(`${server.url}/api/games/whirlyard/init?seed=7`)).json;
    for (let i = 0; i < 12 && !answer.gameOver; i++) {
      const r = await fresh(`${server.url}/api/games/whirlyard/action`, {
        stateToken: answer.stateToken,
        action: (answer.legalActions as unknown[])[0],
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.ok).toBe(true);
      answer = r.json;
    }
    expect(await server.stop()).toBe(0);
  });

  it('replaces a worker that dies, and stops every worker on SIGTERM', async () => {
    const server = await start({ GAMEBOARD_WORKERS: '2' });
    const [victim, survivor] = childrenOf(server.child.pid!);
    process.kill(victim, 'SIGKILL');
    const replaced = () => {
      const now = childrenOf(server.child.pid!);
      return now.length === 2 && now.includes(survivor) && !now.includes(victim);
    };
    await expect.poll(replaced, { timeout: 20_000 }).toBe(true);
    const replacement = childrenOf(server.child.pid!).find((p) => p !== survivor)!;
    await expect.poll(async () => (await fresh(`${server.url}/api/games`)).status, { timeout: 20_000 }).toBe(200);
    expect(await server.stop()).toBe(0);
    for (const pid of [survivor, replacement]) expect(() => process.kill(pid, 0), `worker ${pid} still runs`).toThrow();
  });

  it('stops with exit code 1 when its workers cannot listen (the port is taken)', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = (taken.address() as AddressInfo).port;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, PORT: String(port), GAMEBOARD_DATA_DIR: dataDir, GAMEBOARD_WORKERS: '2' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = ''; // the workers' structured logs go to stdout, the supervisor's verdict to stderr
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      expect(code).toBe(1);
      expect(output).toMatch(/EADDRINUSE/);
      expect(output).toMatch(/a worker stopped before the server started/);
    } finally {
      taken.close();
    }
  });

  it('refuses a malformed worker count before starting anything', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '0', GAMEBOARD_DATA_DIR: dataDir, GAMEBOARD_WORKERS: 'many' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toMatch(/GAMEBOARD_WORKERS must be an integer from 1 to 64, or auto/);
  });
});
