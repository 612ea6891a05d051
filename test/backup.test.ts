/**
 * `gameboard backup FILE`, run as a process while a real server keeps storing runs: the copy is a
 * consistent SQLite database (quick_check ok) created 0600, holding every run acknowledged before the
 * backup started and, of the rest, a prefix of the store's order (nothing half, nothing out of
 * order); an existing file is kept unless --force; with DATABASE_URL it prints pg_dump guidance.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/core/game.js';
import { registry } from '../src/games/index.js';
import { SQLITE_FILE } from '../src/store/sqlite.js';
import { playout } from './helpers/playout.js';
import { killAll, startServer } from './helpers/server.js';

const BIN = fileURLToPath(new URL('../bin/gameboard.js', import.meta.url));
const whirlyard = registry.get('whirlyard') as AnyGame;
const dirs: string[] = [];
afterAll(() => {
  killAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function gameboard(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { timeout: 120_000, env: { ...process.env, DATABASE_URL: '', ...env } },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
  });
}

function submission(seed: number) {
  const played = playout(whirlyard, seed, 12);
  return {
    game: 'whirlyard',
    rulesVersion: whirlyard.spec.rulesVersion,
    seed,
    actions: played.actions,
    player: { name: `backup-${seed}`, kind: 'agent' },
  };
}

describe('gameboard backup', () => {
  it('copies the store consistently while a server writes runs, 0600, with every run acknowledged before it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-backup-'));
    dirs.push(dataDir);
    const server = await startServer({
      GAMEBOARD_DATA_DIR: dataDir,
      GAMEBOARD_SECRET: randomBytes(32).toString('base64'),
      GAMEBOARD_RATE_LIMIT: 'off',
      DATABASE_URL: '',
    });
    const acknowledged: string[] = [];
    let thirty!: () => void;
    const thirtyAcknowledged = new Promise<void>((resolve) => (thirty = resolve));
    let writing = true;
    let seed = 1;
    const writer = (async () => {
      while (writing) {
        const r = await fetch(`${server.url}/api/runs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(submission(seed++)),
        });
        const body = (await r.json()) as { ok: boolean; id: string };
        expect(r.status).toBe(200);
        acknowledged.push(body.id);
        if (acknowledged.length === 30) thirty();
      }
    })();
    await thirtyAcknowledged;
    const before = [...acknowledged];
    const copy = join(dataDir, 'copy.sqlite');
    const ran = await gameboard(['backup', copy, '--data', dataDir]);
    writing = false;
    await writer;
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/backed up .*gameboard\.sqlite to .*copy\.sqlite/);
    expect((statSync(copy).mode & 0o777).toString(8)).toBe('600');
    expect(await server.stop()).toBe(0);

    const copied = new Database(copy, { readonly: true });
    const store = new Database(join(dataDir, SQLITE_FILE), { readonly: true });
    try {
      expect(copied.pragma('quick_check', { simple: true })).toBe('ok');
      const ids = (db: Database.Database) =>
        db
          .prepare<[], { id: string }>('SELECT id FROM runs ORDER BY seq')
          .all()
          .map((r) => r.id);
      const inCopy = ids(copied);
      for (const id of before) expect(inCopy).toContain(id);
      // A snapshot: the store's first runs, in order, and nothing else.
      expect(ids(store).slice(0, inCopy.length)).toEqual(inCopy);
      // The kept bests came along in the same snapshot.
      expect(copied.prepare('SELECT COUNT(*) AS n FROM board_best').get()).toEqual({ n: inCopy.length });
    } finally {
      copied.close();
      store.close();
    }
  });

  it('keeps an existing file unless --force, and refuses a folder with no store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-backup-'));
    dirs.push(dataDir);
    const target = join(dataDir, 'taken.sqlite');
    const none = await gameboard(['backup', target, '--data', dataDir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/there is no run store at/);
    new Database(join(dataDir, SQLITE_FILE)).exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    writeFileSync(target, 'keep me');
    const refused = await gameboard(['backup', target], { GAMEBOARD_DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/exists; pass --force/);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    const forced = await gameboard(['backup', target, '--force'], { GAMEBOARD_DATA_DIR: dataDir });
    expect(forced.code).toBe(0);
    expect(new Database(target, { readonly: true }).prepare('SELECT x FROM t').get()).toEqual({ x: 1 });
    expect(existsSync(`${target}.partial-${process.pid}`)).toBe(false);
  });

  it('with DATABASE_URL prints pg_dump and restore guidance, without the password, and copies nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameboard-backup-'));
    dirs.push(dir);
    const target = join(dir, 'x.dump');
    const r = await gameboard(['backup', target], { DATABASE_URL: 'postgres://ada:s3cret@db.example:5432/gb' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/pg_dump --format=custom/);
    expect(r.stdout).toMatch(/pg_restore/);
    expect(r.stdout).not.toMatch(/s3cret/);
    expect(existsSync(target)).toBe(false);
  });
});
