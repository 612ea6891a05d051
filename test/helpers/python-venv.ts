/**
 * A Python virtual environment with clients/python installed, made during the test run: `python3 -m
 * venv`, then `pip install ./clients/python` (checked to import with no third-party package), then
 * `pip install "./clients/python[gym]"`. Cached for the run and across test files in the system temp
 * folder under a hash of the package's files (a changed file makes a new one); a lock directory keeps
 * parallel test files from building it twice.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const hasPython = spawnSync('python3', ['--version']).status === 0;
export const PACKAGE_DIR = fileURLToPath(new URL('../../clients/python/', import.meta.url));

/** What the plain install showed before the `gym` extra was added. */
export interface PlainInstall {
  imported: boolean;
  gymnasium: boolean;
  numpy: boolean;
  client: boolean;
}

export interface PythonVenv {
  python: string;
  plain: PlainInstall;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.name === '__pycache__' || e.name.endsWith('.egg-info') || e.name === 'build' || e.name === 'dist') return [];
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

function packageHash(): string {
  const h = createHash('sha256');
  for (const f of filesUnder(PACKAGE_DIR).sort())
    h.update(relative(PACKAGE_DIR, f)).update('\0').update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { cwd, timeout: 600_000, maxBuffer: 16 << 20 }, (err, out, errText) =>
      err ? reject(new Error(`${cmd} ${args.join(' ')} failed: ${errText || err.message}`)) : resolve(out),
    ),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Venvs of earlier versions of the package, untouched for a day, are removed (each holds numpy and gymnasium). */
function pruneOld(keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    const p = join(tmpdir(), name);
    if (!name.startsWith('gameboard-pyvenv-') || p === keep || name.endsWith('.lock')) continue;
    try {
      if (Date.now() - statSync(p).mtimeMs > 86_400_000) rmSync(p, { recursive: true, force: true });
    } catch {
      // another run removed it first
    }
  }
}

async function build(dir: string): Promise<PythonVenv> {
  pruneOld(dir);
  rmSync(dir, { recursive: true, force: true });
  await run('python3', ['-m', 'venv', dir], tmpdir());
  const python = join(dir, 'bin', 'python');
  const pip = ['-m', 'pip', 'install', '--quiet'];
  await run(python, [...pip, PACKAGE_DIR], tmpdir());
  const probe =
    'import importlib.util as u, json, gameboard\n' +
    'print(json.dumps({"imported": True, "gymnasium": u.find_spec("gymnasium") is not None,' +
    ' "numpy": u.find_spec("numpy") is not None, "client": hasattr(gameboard, "GameboardClient")}))';
  const plain = JSON.parse(await run(python, ['-c', probe], tmpdir())) as PlainInstall;
  await run(python, [...pip, `${PACKAGE_DIR}[gym]`], tmpdir());
  const venv = { python, plain };
  writeFileSync(join(dir, 'gameboard-ready.json'), JSON.stringify(venv));
  return venv;
}

/** The venv for the package as it is now, built once (the first caller builds, the others wait). */
export async function pythonVenv(): Promise<PythonVenv> {
  const dir = join(tmpdir(), `gameboard-pyvenv-${packageHash()}`);
  const ready = join(dir, 'gameboard-ready.json');
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as PythonVenv;
    try {
      mkdirSync(lock);
    } catch {
      // Someone else builds it; a lock older than 10 minutes is left from a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      return await build(dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** The venv of pythonVenv() with torch added, or why it could not be added. */
export type TorchVenv = { python: string; skipped?: undefined } | { python?: undefined; skipped: string };

/**
 * torch added to the package's venv, from a wheel already on this machine only: `pip install --no-index
 * --no-deps torch` looks in pip's configured find-links (a CPU wheel is a few hundred MB; a test run never
 * downloads it), then `pip install torch` adds its small dependencies from the configured index. With no
 * local wheel the answer says so, for the test to skip. Built once per venv (a lock as for the venv).
 */
export async function torchVenv(): Promise<TorchVenv> {
  const { python } = await pythonVenv();
  const dir = join(python, '..', '..');
  const ready = join(dir, 'torch-ready.json');
  const lock = join(dir, 'torch.lock');
  for (;;) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as TorchVenv;
    try {
      mkdirSync(lock);
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 900_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      let answer: TorchVenv;
      try {
        await run(python, ['-m', 'pip', 'install', '--quiet', '--no-index', '--no-deps', 'torch'], tmpdir());
      } catch (err) {
        answer = {
          skipped:
            "no torch wheel on this machine (pip install --no-index torch found none in pip's find-links; " +
            `the tests never download torch): ${(err as Error).message.split('\n').find((l) => /ERROR/.test(l)) ?? ''}`,
        };
        return answer; // not kept: a wheel put there later is found on the next run
      }
      await run(python, ['-m', 'pip', 'install', '--quiet', 'torch'], tmpdir());
      answer = { python };
      writeFileSync(ready, JSON.stringify(answer));
      return answer;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
