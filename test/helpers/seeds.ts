/**
 * The games' rules files live outside the repository (in shared/seeds beside it, or wherever
 * GAMEBOARD_SEEDS_DIR points). Tests that cross-check code against a rules file's own text read it
 * here and skip when it is absent, so the suite still runs on a machine that has only the repository;
 * every such test sits beside an unconditional one holding the same facts transcribed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const SEEDS_DIR = process.env.GAMEBOARD_SEEDS_DIR ?? fileURLToPath(new URL('../../../shared/seeds/', import.meta.url));

/** The text of a rules file (e.g. '004_fad6ef1061ab6292.txt'), or null when it is not on this machine. */
export function seedText(file: string): string | null {
  const path = join(SEEDS_DIR, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}
