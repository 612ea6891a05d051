/**
 * Connection caps through a real listening server and raw sockets: one address cannot hold more than
 * its share of connections (the extra ones are closed at once) while another address is still
 * answered; the global cap closes what arrives past it, from any address; a closed connection frees
 * its place; and the settings are read, and checked against the open-file limit, as `main.ts` reads them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { readConnectionCaps } from '../src/server/config.js';
import { defaultMaxConnections, openFileLimit, type ConnectionCaps } from '../src/server/ops/connections.js';
import { killAll, startServer } from './helpers/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-connections-'));
afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const sealer = StateSealer.random();
let app: FastifyInstance | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await app?.close();
  app = null;
});

async function serve(connections: ConnectionCaps): Promise<number> {
  app = await buildApp({ sealer, webRoot: null, connections, metrics: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/** A raw connection from `from` (a loopback address); resolves once connected, tracks whether it closed. */
function open(port: number, from: string): Promise<Socket & { closedByPeer?: boolean }> {
  return new Promise((resolve, reject) => {
    const s: Socket & { closedByPeer?: boolean } = connect({ host: '127.0.0.1', port, localAddress: from });
    sockets.push(s);
    s.on('error', () => {});
    s.once('close', () => (s.closedByPeer = true));
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

/** One GET /healthz on `s`: the status line's code, or 'closed' when the server closed it instead. */
function ask(s: Socket): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    if (s.destroyed) return resolve('closed');
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString('latin1');
      if (text.includes('\r\n\r\n')) {
        s.off('data', onData);
        resolve(Number(text.slice(9, 12)));
      }
    };
    s.on('data', onData);
    s.once('close', () => resolve('closed'));
    s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

/** Open connections as the in-process server counts them. */
const serverConnections = () => new Promise<number>((resolve) => app!.server.getConnections((_e, n) => resolve(n)));
/** The in-process server's refused-connection count for `reason`. */
async function refused(reason: 'address' | 'total'): Promise<number> {
  const text = (await app!.inject('/metrics')).body;
  return Number(new RegExp(`gameboard_connections_refused_total\\{reason="${reason}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
}
const closedOf = (list: { closedByPeer?: boolean }[]) => list.filter((s) => s.closedByPeer).length;
const until = { timeout: 10_000 };

describe('the per-address connection cap', () => {
  it('closes connections past the cap from one address while another address is answered', async () => {
    const port = await serve({ max: null, perAddress: 20 });
    const mine: (Socket & { closedByPeer?: boolean })[] = [];
    for (let i = 0; i < 30; i++) mine.push(await open(port, '127.0.0.1'));
    // The server has judged all 30 (10 refused, 20 kept) and the 10 closes have reached the client.
    await expect.poll(() => refused('address'), until).toBe(10);
    await expect.poll(() => serverConnections(), until).toBe(20);
    await expect.poll(() => closedOf(mine), until).toBe(10);
    const closed = mine.filter((s) => s.closedByPeer);
    expect(closed, 'the connections past the cap').toHaveLength(10);
    const kept = mine.filter((s) => !s.closedByPeer);
    expect(await Promise.all(kept.map(ask))).toEqual(new Array(20).fill(200));

    // Another address is not counted against the first one's cap.
    const other = await open(port, '127.0.0.2');
    expect(await ask(other)).toBe(200);

    // A closed connection frees its place.
    kept[0].destroy();
    await expect.poll(() => serverConnections(), until).toBe(20);
    const again = await open(port, '127.0.0.1');
    expect(await ask(again)).toBe(200);
    const over = await open(port, '127.0.0.1');
    await expect.poll(() => over.closedByPeer ?? false, until).toBe(true);

    const metrics = (await app!.inject('/metrics')).body;
    expect(metrics).toMatch(/gameboard_connections_refused_total\{reason="address"\} 11/);
  }, 30_000);
});

describe('the global connection cap', () => {
  it('closes connections past it from any address, and takes new ones once some close', async () => {
    const port = await serve({ max: 12, perAddress: null });
    const first = [];
    for (let i = 0; i < 12; i++) first.push(await open(port, '127.0.0.1'));
    await expect.poll(() => serverConnections(), until).toBe(12);
    expect(await refused('total')).toBe(0);
    expect(first.filter((s) => s.closedByPeer)).toHaveLength(0);
    const late = await open(port, '127.0.0.3');
    await expect
      .poll(() => late.closedByPeer ?? false, { ...until, message: 'a connection past the global cap' })
      .toBe(true);
    first[0].destroy();
    first[1].destroy();
    await expect.poll(() => serverConnections(), until).toBe(10);
    const next = await open(port, '127.0.0.3');
    expect(await ask(next)).toBe(200);
    expect((await app!.inject('/metrics')).body).toMatch(/gameboard_connections_refused_total\{reason="total"\} 1/);
  }, 30_000);
});

describe('connection cap settings', () => {
  it('default to the open-file limit less a reserve, and 256 per address', () => {
    const limit = openFileLimit();
    expect(limit, '/proc/self/limits holds the soft limit on Linux').toBeGreaterThan(0);
    const caps = readConnectionCaps({});
    expect(caps.perAddress).toBe(256);
    expect(caps.max).toBe(defaultMaxConnections(limit!));
    expect(caps.max!).toBeLessThan(limit!);
    expect(readConnectionCaps({}, 1024).max).toBe(1024 - 103);
  });

  it('fall back to 1024 files where the limit cannot be read, and take no limit for unlimited', () => {
    expect(openFileLimit(join(dataDir, 'no-such-limits'))).toBeNull();
    const unlimited = join(dataDir, 'limits');
    writeFileSync(
      unlimited,
      'Limit Soft Limit Hard Limit Units\nMax open files            unlimited            unlimited            files\n',
    );
    expect(openFileLimit(unlimited)).toBeNull();
    expect(readConnectionCaps({}, null).max).toBe(defaultMaxConnections(1024));
    expect(readConnectionCaps({ GAMEBOARD_MAX_CONNECTIONS: '50000' }, null).max).toBe(50000);
  });

  it('read GAMEBOARD_MAX_CONNECTIONS and GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS, off included', () => {
    expect(
      readConnectionCaps({ GAMEBOARD_MAX_CONNECTIONS: '500', GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS: 'off' }, 1024),
    ).toEqual({ max: 500, perAddress: null });
    expect(readConnectionCaps({ GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS: '8' }, 1024).perAddress).toBe(8);
  });

  it('refuse a global cap at or above the open-file limit, and malformed values', () => {
    expect(() => readConnectionCaps({ GAMEBOARD_MAX_CONNECTIONS: '1024' }, 1024)).toThrow(
      /GAMEBOARD_MAX_CONNECTIONS must be below the process's open-file limit \(ulimit -n: 1024\)/,
    );
    expect(() => readConnectionCaps({ GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(
      /GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS must be a whole number/,
    );
    expect(() => readConnectionCaps({ GAMEBOARD_MAX_CONNECTIONS: '0' })).toThrow(/from 1, or off/);
  });
});

describe('the server process (npm start)', () => {
  it('caps connections per address as GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS says', async () => {
    const server = await startServer({ GAMEBOARD_DATA_DIR: dataDir, GAMEBOARD_MAX_CONNECTIONS_PER_ADDRESS: '6' });
    const port = Number(new URL(server.url).port);
    const mine: (Socket & { closedByPeer?: boolean })[] = [];
    for (let i = 0; i < 9; i++) mine.push(await open(port, '127.0.0.1'));
    await expect.poll(() => closedOf(mine), until).toBe(3);
    // The six kept are open and answered; another address is answered too.
    expect(await Promise.all(mine.filter((s) => !s.closedByPeer).map(ask))).toEqual(new Array(6).fill(200));
    expect(await ask(await open(port, '127.0.0.2'))).toBe(200);
    for (const s of mine) s.destroy();
    expect(await server.stop()).toBe(0);
  }, 60_000);

  it('refuses to start with a global cap at the open-file limit', () => {
    const out = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '0', GAMEBOARD_DATA_DIR: dataDir, GAMEBOARD_MAX_CONNECTIONS: '999999999' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/GAMEBOARD_MAX_CONNECTIONS must be below the process's open-file limit/);
  }, 60_000);
});
