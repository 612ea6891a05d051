/**
 * A throwaway PostgreSQL for the tests: Debian's `postgresql` package (installed with apt-get when no
 * `initdb` is found and we are root), a cluster in a temporary folder owned by the `postgres` user
 * (the server refuses to run as root), listening on a free loopback port only. `npm test` starts one
 * cluster for the whole run (test/helpers/pg-global.ts) and removes it afterwards.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** A running cluster: the URL of its `postgres` database, and how to stop and remove it. */
export interface Cluster {
  url: string;
  /** The cluster's data folder (postmaster.pid names the server's process). */
  dataDir: string;
  /** Stops the PostgreSQL server at once (as a crash would) and keeps its files. */
  pause(): void;
  /** Starts it again on the same port. */
  resume(): void;
  /** Stops it and removes its folder. */
  stop(): void;
}

const isRoot = () => process.getuid?.() === 0;

/** The folder holding initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<version>/bin. */
function findBinDir(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return dirname(realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

/** Installs Debian's postgresql package, non-interactively; a reason string when it cannot. */
function install(): string | null {
  if (!isRoot()) return 'initdb is not installed and installing postgresql needs root';
  if (spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0)
    return 'initdb is not installed and there is no apt-get to install postgresql';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'postgresql']]) {
    const r = spawnSync('apt-get', args, { env, encoding: 'utf8', timeout: 600_000 });
    if (r.status !== 0) return `apt-get ${args[0]} failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`;
  }
  return null;
}

/** A port nobody listens on now, on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster, or answers why it cannot (a string: the one line the PostgreSQL suites print when
 * they skip).
 */
export async function startCluster(): Promise<Cluster | string> {
  let bin = findBinDir();
  if (!bin) {
    const failed = install();
    if (failed) return failed;
    bin = findBinDir();
    if (!bin) return 'postgresql was installed but no initdb was found';
  }
  const owner = isRoot() ? 'postgres' : userInfo().username;
  if (isRoot() && spawnSync('id', ['postgres']).status !== 0) return 'there is no postgres user to run the server as';
  // As root, run each PostgreSQL command as the postgres user; otherwise as ourselves.
  const as = (cmd: string, args: string[]) => (isRoot() ? ['runuser', ['-u', owner, '--', cmd, ...args]] : [cmd, args]);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = as(join(bin, cmd), args) as [string, string[]];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 120_000 });
  };

  const dir = mkdtempSync(join(tmpdir(), 'gameboard-pg-'));
  if (isRoot())
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', owner]).toString()),
      Number(execFileSync('id', ['-g', owner]).toString()),
    );
  const data = join(dir, 'data');
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  try {
    // --no-sync: this cluster is thrown away, so initdb need not flush its files (it takes seconds less).
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    start();
  } catch (err) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim().split('\n').pop() : '';
    rmSync(dir, { recursive: true, force: true });
    const stderr = String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim();
    return `PostgreSQL did not start: ${(log || stderr).split('\n').pop()}`;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    pause: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    resume: start,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A new empty schema in the cluster, and a URL whose connections use it (`search_path`): each test gets
 * a database of its own without the cost of CREATE DATABASE. Dropped with the cluster.
 */
export async function freshSchema(url: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${name}`);
  } finally {
    await client.end();
  }
  return `${url}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
}
