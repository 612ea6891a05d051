/**
 * The server as a user starts it (`npm start` runs src/server/main.ts): it logs one line saying where it
 * listens, keeps its generated secret in the data folder with mode 0600, and tokens survive a restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-data-'));
const running: ChildProcess[] = [];

interface Started {
  url: string;
  lines: string[];
  stop: () => Promise<void>;
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
        if (m) {
          clearTimeout(timer);
          resolve({
            url: m[1],
            lines,
            stop: () =>
              new Promise<void>((done) => {
                child.once('exit', () => done());
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

    const other = await start({ GAMEBOARD_SECRET: 'a-different-secret-for-this-test' });
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
