/**
 * A Python virtual environment with clients/python installed, made during the test run: `python3 -m
 * venv`, then `pip install ./clients/python` (checked to import with no third-party package), then
 * `pip install "./clients/python[gym]"`. Cached for the run and across test files in the system temp
 * folder under a hash of the package's files (a changed file makes a new one); a lock directory keeps
 * parallel test files from building it twice.
 *
 * The third-party packages (gymnasium, numpy, and torch for the PPO test) live in a second venv shared by
 * every version of the package, keyed only by the package's declared dependencies and the Python version:
 * the package's venv sees it through a `.pth` file, written after the plain install was checked, so
 * `pip install ".[gym]"` finds them installed and a changed package file costs one small install instead
 * of gymnasium, numpy and torch again. pip runs with PIP_RETRIES=0: a package index that cannot be reached
 * (a machine with only local wheels) is passed over at once instead of after five retries per package.
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
  // 'deps.pth': venvs that see the shared dependencies' venv (older ones in the cache do not).
  const h = createHash('sha256').update('deps.pth\0');
  for (const f of filesUnder(PACKAGE_DIR).sort())
    h.update(relative(PACKAGE_DIR, f)).update('\0').update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  const env = { ...process.env, PIP_RETRIES: process.env.PIP_RETRIES ?? '0' };
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { cwd, env, timeout: 600_000, maxBuffer: 16 << 20 }, (err, out, errText) =>
      err ? reject(new Error(`${cmd} ${args.join(' ')} failed: ${errText || err.message}`)) : resolve(out),
    ),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Venvs of earlier versions (of the package, or of its dependencies), untouched for a day, are removed. */
function pruneOld(prefix: string, keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    const p = join(tmpdir(), name);
    if (!name.startsWith(prefix) || p === keep || name.endsWith('.lock')) continue;
    try {
      if (Date.now() - statSync(p).mtimeMs > 86_400_000) rmSync(p, { recursive: true, force: true });
    } catch {
      // another run removed it first
    }
  }
}

/** The dependency lines of pyproject.toml (`dependencies` and `[project.optional-dependencies]`). */
function dependencyHash(): string {
  const text = readFileSync(join(PACKAGE_DIR, 'pyproject.toml'), 'utf8');
  const lines = text.match(/^dependencies\s*=.*$/m)?.[0] ?? '';
  const extras = text.match(/^\[project\.optional-dependencies\]\n([\s\S]*?)(?=^\[|$(?![\s\S]))/m)?.[1] ?? '';
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' }).stdout.trim();
  return createHash('sha256').update(`${python}\0${lines}\0${extras}`).digest('hex').slice(0, 16);
}

const sitePackages = (python: string) =>
  run(python, ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], tmpdir()).then((s) => s.trim());

/**
 * Builds `dir` once with `make` (the first caller builds, the others wait on a lock directory; a lock older
 * than `staleMs` is left from a killed run). `ready` is the file `make` writes last.
 */
async function once<T>(ready: string, lock: string, staleMs: number, make: () => Promise<T>): Promise<T> {
  for (;;) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as T;
    try {
      mkdirSync(lock);
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > staleMs)
        rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      return await make();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

interface DepsVenv {
  python: string;
  site: string;
}

/** The venv of the package's third-party dependencies (the `gym` extra's), without the package itself. */
function depsVenv(): Promise<DepsVenv> {
  const dir = join(tmpdir(), `gameboard-pydeps-${dependencyHash()}`);
  return once(join(dir, 'gameboard-ready.json'), `${dir}.lock`, 900_000, async () => {
    pruneOld('gameboard-pydeps-', dir);
    rmSync(dir, { recursive: true, force: true });
    await run('python3', ['-m', 'venv', dir], tmpdir());
    const python = join(dir, 'bin', 'python');
    await run(python, ['-m', 'pip', 'install', '--quiet', `${PACKAGE_DIR}[gym]`], tmpdir());
    await run(python, ['-m', 'pip', 'uninstall', '--quiet', '--yes', 'gameboard-games'], tmpdir());
    const deps = { python, site: await sitePackages(python) };
    writeFileSync(join(dir, 'gameboard-ready.json'), JSON.stringify(deps));
    return deps;
  });
}

async function build(dir: string): Promise<PythonVenv> {
  pruneOld('gameboard-pyvenv-', dir);
  rmSync(dir, { recursive: true, force: true });
  const deps = await depsVenv();
  await run('python3', ['-m', 'venv', dir], tmpdir());
  const python = join(dir, 'bin', 'python');
  const pip = ['-m', 'pip', 'install', '--quiet'];
  await run(python, [...pip, PACKAGE_DIR], tmpdir());
  const probe =
    'import importlib.util as u, json, gameboard\n' +
    'print(json.dumps({"imported": True, "gymnasium": u.find_spec("gymnasium") is not None,' +
    ' "numpy": u.find_spec("numpy") is not None, "client": hasattr(gameboard, "GameboardClient")}))';
  const plain = JSON.parse(await run(python, ['-c', probe], tmpdir())) as PlainInstall;
  // From here on the shared dependencies are on this venv's path: the [gym] install finds them there.
  writeFileSync(join(await sitePackages(python), 'gameboard-deps.pth'), `${deps.site}\n`);
  await run(python, [...pip, `${PACKAGE_DIR}[gym]`], tmpdir());
  const venv = { python, plain };
  writeFileSync(join(dir, 'gameboard-ready.json'), JSON.stringify(venv));
  return venv;
}

/** The venv for the package as it is now, built once (the first caller builds, the others wait). */
export function pythonVenv(): Promise<PythonVenv> {
  const dir = join(tmpdir(), `gameboard-pyvenv-${packageHash()}`);
  return once(join(dir, 'gameboard-ready.json'), `${dir}.lock`, 600_000, () => build(dir));
}

/** The venv of pythonVenv() with torch added, or why it could not be added. */
export type TorchVenv = { python: string; skipped?: undefined } | { python?: undefined; skipped: string };

/**
 * torch added to the package's venv, from a wheel already on this machine only: `pip install --no-index
 * --no-deps torch` looks in pip's configured find-links (a CPU wheel is a few hundred MB; a test run never
 * downloads it), then `pip install torch` adds its small dependencies from the configured index. With no
 * local wheel the answer says so, for the test to skip. Installed once into the shared dependencies' venv
 * (a lock as for the venv), so every version of the package sees the same torch.
 */
export async function torchVenv(): Promise<TorchVenv> {
  const { python } = await pythonVenv();
  const deps = await depsVenv();
  const dir = join(deps.python, '..', '..');
  const ready = join(dir, 'torch-ready.json');
  const lock = join(dir, 'torch.lock');
  for (;;) {
    if (existsSync(ready)) return { python };
    try {
      mkdirSync(lock);
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 900_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      // Into the shared dependencies' venv, which the package's venv sees (one torch for every version).
      const pip = [deps.python, '-m', 'pip', 'install', '--quiet'] as const;
      try {
        await run(pip[0], [...pip.slice(1), '--no-index', '--no-deps', 'torch'], tmpdir());
      } catch (err) {
        return {
          skipped:
            "no torch wheel on this machine (pip install --no-index torch found none in pip's find-links; " +
            `the tests never download torch): ${(err as Error).message.split('\n').find((l) => /ERROR/.test(l)) ?? ''}`,
        }; // not kept: a wheel put there later is found on the next run
      }
      await run(pip[0], [...pip.slice(1), 'torch'], tmpdir());
      writeFileSync(ready, JSON.stringify({ installed: true }));
      return { python };
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
