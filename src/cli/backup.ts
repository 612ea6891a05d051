/**
 * `gameboard backup FILE`: a consistent copy of the data folder's SQLite run store, taken with
 * SQLite's online backup (better-sqlite3's `db.backup()`) while servers keep writing: every commit
 * made before the copy finishes is in it, none half. A plain `cp` of a store in WAL mode misses what
 * is still in the -wal file. The copy is created 0600 (it holds live sessions' secret seeds) and an
 * existing file is kept unless `--force`. With DATABASE_URL set the runs are in PostgreSQL, which has
 * its own tools: the command prints the pg_dump and restore lines instead of copying.
 */
import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Command } from 'commander';
import Database from 'better-sqlite3';
import { redactUrl } from '../store/postgres.js';
import { SQLITE_FILE } from '../store/sqlite.js';
import { UserError } from './errors.js';

/** What to tell someone backing up a PostgreSQL store. */
function pgDumpGuidance(url: string): string {
  const shown = redactUrl(url);
  return [
    'The runs are in PostgreSQL (DATABASE_URL), which this command does not copy. Back it up with pg_dump:',
    `  pg_dump --format=custom --file=gameboard.dump '${shown}'`,
    'and restore into an empty database (stop the servers first) with:',
    `  pg_restore --clean --if-exists --no-owner --dbname='${shown}' gameboard.dump`,
    "Keep the data folder's secret file (or GAMEBOARD_SECRET) with the dump: live sessions need it.",
  ].join('\n');
}

/** Copies the store of `dataDir` to `target` (0600); refuses an existing target unless `force`. */
async function backupStore(dataDir: string, target: string, force: boolean): Promise<{ pages: number }> {
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new UserError(`there is no run store at ${source} (GAMEBOARD_DATA_DIR or --data)`, 2);
  if (resolve(target) === resolve(source)) throw new UserError('the backup cannot be the store itself', 2);
  if (existsSync(target) && !force) throw new UserError(`${target} exists; pass --force to replace it`, 2);
  if (!existsSync(dirname(resolve(target)))) throw new UserError(`the folder of ${target} does not exist`, 2);
  // Into a temporary file first, renamed over the target once whole: an interrupted backup never
  // leaves a half copy under the backup's name.
  const partial = `${target}.partial-${process.pid}`;
  const db = new Database(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const old = process.umask(0o077);
  try {
    const result = await db.backup(partial);
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return { pages: result.totalPages };
  } catch (err) {
    rmSync(partial, { force: true });
    throw new UserError(`the backup failed: ${(err as Error).message}`);
  } finally {
    process.umask(old);
    db.close();
  }
}

/** The `backup` command. */
export function backupCommand(): Command {
  return new Command('backup')
    .description('copy the run store consistently while servers run (SQLite; prints pg_dump guidance for PostgreSQL)')
    .argument('<file>', 'where to write the copy (created 0600)')
    .option('--data <dir>', 'data folder holding the store (GAMEBOARD_DATA_DIR, default ./data)')
    .option('--force', 'replace FILE if it exists')
    .action(async (file: string, opts: { data?: string; force?: boolean }) => {
      const url = process.env.DATABASE_URL?.trim();
      if (url) {
        process.stdout.write(pgDumpGuidance(url) + '\n');
        return;
      }
      const dataDir = resolve(opts.data ?? process.env.GAMEBOARD_DATA_DIR ?? 'data');
      const { pages } = await backupStore(dataDir, file, opts.force === true);
      process.stdout.write(`backed up ${join(dataDir, SQLITE_FILE)} to ${file} (${pages} pages)\n`);
    });
}
