/**
 * Starting the real server process (src/server/main.ts, or any command that ends in it) for tests that
 * need signals, workers, sockets or a data folder: the server as an operator runs it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { inject } from 'vitest';

/**
 * The server's command: the run's build of src/server/main.ts (test/helpers/built.ts), else it through
 * tsx. Outside Vitest (the benches start servers through this helper too) there is no build: tsx.
 */
const built = process.env.VITEST ? inject('built') : undefined;
const SERVER = built ? [process.execPath, built.server] : [process.execPath, '--import', 'tsx', 'src/server/main.ts'];

/** A started server. */
export interface Started {
  url: string;
  /** Every stdout line so far. */
  lines: string[];
  /** Everything on stderr so far. */
  stderr: () => string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** Every process a test started, so `killAll` can clean up after a failed test. */
const running: ChildProcess[] = [];

/** Kills whatever is still running (afterAll). */
export function killAll(): void {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/**
 * Runs `command` (default: src/server/main.ts, built for the run or through tsx) with the server's
 * environment on a free port, and resolves once a line says where it listens.
 */
export function startServer(env: Record<string, string>, command: string[] = SERVER): Promise<Started> {
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GAMEBOARD_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 60_000);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    let buffer = '';
    child.stdout!.on('data', (d) => {
      buffer += d;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        const m = /Gameboard listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (!m) continue;
        clearTimeout(timer);
        resolve({
          url: m[1],
          lines,
          stderr: () => stderr,
          child,
          exited,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
  });
}

/** A JSON request on a connection of its own (no keep-alive), so successive calls may reach different workers. */
export function fresh(
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent: false,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The process ids of a process's children (Linux). */
export const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** True while a process with this id exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Requests in flight in the process that answers, the scrape itself left out: `/metrics`'s
 * `gameboard_http_requests_in_flight` (the server needs GAMEBOARD_METRICS=1), over a connection of its
 * own so that, with workers, successive calls may reach different ones.
 */
export function inFlightBesides(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/metrics`, { agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(Number(/^gameboard_http_requests_in_flight (\d+)/m.exec(text)?.[1] ?? 1) - 1));
    });
    req.on('error', reject);
    req.end();
  });
}
