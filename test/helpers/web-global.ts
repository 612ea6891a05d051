/**
 * vitest globalSetup of the browser project: the UI built with Vite once for the run (it was once per test
 * file, about two seconds of CPU each), into a temporary folder handed to the files as `inject('webBuild')`.
 * Each file still serves a private copy of it (test/browser/harness.ts `buildWeb`), so no file sees another's
 * folder. In watch mode there is no shared build: a file rerun after an edit builds the UI as it is then.
 *
 * It also makes the run's folder for the Chromium profiles that outlive a test file (the browser each test
 * worker's sites share, test/browser/harness.ts), `inject('browserRoot')`, and removes it once every worker
 * has ended and their Chromiums with them (a Chromium still shutting down writes its profile again).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's build of the UI; null in watch mode (each file builds its own). */
    webBuild: string | null;
    /** The run's folder for Chromium profiles shared across files; null in watch mode. */
    browserRoot: string | null;
  }
}

const CONFIG = fileURLToPath(new URL('../../src/web/vite.config.ts', import.meta.url));

/** Builds the UI with its own Vite config (src/web/vite.config.ts) into `outDir`, emptied first. */
export async function viteBuild(outDir: string): Promise<void> {
  await build({ configFile: CONFIG, logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

/**
 * Resolves once no process has `dir` on its command line (Linux's /proc; elsewhere at once), or after
 * `ms`: the Chromiums of the workers that ended, which end when their worker's pipe to them closes.
 */
async function processesGone(dir: string, ms = 15_000): Promise<void> {
  const running = () => {
    try {
      return readdirSync('/proc').some((pid) => {
        try {
          return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
        } catch {
          return false; // ended while we looked
        }
      });
    } catch {
      return false;
    }
  };
  for (const end = Date.now() + ms; running() && Date.now() < end;) await new Promise((r) => setTimeout(r, 100));
}

export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  if (project.vitest.config.watch) {
    project.provide('webBuild', null);
    project.provide('browserRoot', null);
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'gameboard-web-run-'));
  const browsers = mkdtempSync(join(tmpdir(), 'gameboard-browsers-run-'));
  await viteBuild(dir);
  project.provide('webBuild', dir);
  project.provide('browserRoot', browsers);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await processesGone(browsers);
    rmSync(browsers, { recursive: true, force: true });
  };
}
