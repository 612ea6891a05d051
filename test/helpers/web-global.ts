/**
 * vitest globalSetup of the browser project: the UI built with Vite once for the run (it was once per test
 * file, about two seconds of CPU each), into a temporary folder handed to the files as `inject('webBuild')`.
 * Each file still serves a private copy of it (test/browser/harness.ts `buildWeb`), so no file sees another's
 * folder. In watch mode there is no shared build: a file rerun after an edit builds the UI as it is then.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's build of the UI; null in watch mode (each file builds its own). */
    webBuild: string | null;
  }
}

const CONFIG = fileURLToPath(new URL('../../src/web/vite.config.ts', import.meta.url));

/** Builds the UI with its own Vite config (src/web/vite.config.ts) into `outDir`, emptied first. */
export async function viteBuild(outDir: string): Promise<void> {
  await build({ configFile: CONFIG, logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (project.vitest.config.watch) {
    project.provide('webBuild', null);
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'gameboard-web-run-'));
  await viteBuild(dir);
  project.provide('webBuild', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
