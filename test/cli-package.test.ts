/**
 * The CLI as a package: `npm pack` makes a tarball, which installs into a fresh folder outside the
 * checkout (`npm install --prefer-offline`: from the npm cache where it can, else the registry), and
 * `npx gameboard eval` runs there with an `--agent` module from that folder.
 *
 * better-sqlite3's install script (prebuild-install) fetches a prebuilt binary for this Node from the
 * package's releases and compiles SQLite from source (minutes) when it cannot. The test hands it this
 * checkout's own build of the same version as that prebuilt archive, through prebuild-install's
 * local-prebuilds folder, so the install runs every install script as a user's does, in seconds.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gameboard-package-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A folder holding this checkout's better-sqlite3 binary as the archive prebuild-install looks for
 * (`better-sqlite3-v<version>-node-v<abi>-<platform>-<arch>.tar.gz` with build/Release/better_sqlite3.node).
 */
async function localPrebuilds(): Promise<string> {
  const pkg = join(ROOT, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const stage = join(dir, 'prebuild-stage');
  mkdirSync(join(stage, 'build', 'Release'), { recursive: true });
  copyFileSync(
    join(pkg, 'build', 'Release', 'better_sqlite3.node'),
    join(stage, 'build', 'Release', 'better_sqlite3.node'),
  );
  const out = join(dir, 'prebuilds');
  mkdirSync(out);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await run('tar', ['-czf', join(out, name), '-C', stage, 'build']);
  return out;
}

describe('the packed CLI', () => {
  it('installs from its tarball outside the checkout and runs an evaluation with a local agent file', async () => {
    await run('npm', ['pack', '--pack-destination', dir], { cwd: ROOT, timeout: 120_000 });
    const tarball = readdirSync(dir).find((f) => /^gameboard-.*\.tgz$/.test(f));
    expect(tarball).toBeDefined();
    const app = join(dir, 'app');
    await run('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'an-app', private: true }));
    const prebuilds = await localPrebuilds();
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, tarball!)], {
      cwd: app,
      timeout: 900_000,
      env: { ...process.env, npm_config_better_sqlite3_local_prebuilds: prebuilds },
    });
    // The binary the install put there loads and opens a database.
    const probe =
      'const D = require("better-sqlite3"); console.log(new D(":memory:").prepare("select 1 + 1 as n").get().n)';
    expect((await run('node', ['-e', probe], { cwd: app })).stdout.trim()).toBe('2');
    writeFileSync(join(app, 'first.mjs'), 'export default () => ({ act: (view) => view.legalActions[0] });\n');
    const { stdout } = await run(
      'npx',
      [
        'gameboard',
        'eval',
        '--game',
        'cragwake',
        '--agent',
        './first.mjs',
        '--seeds',
        '1-2',
        '--max-steps',
        '5',
        '--workers',
        '0',
        '--out',
        'runs.jsonl',
      ],
      { cwd: app, timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(stdout).toMatch(/^runs\s+2$/m);
    const lines = readFileSync(join(app, 'runs.jsonl'), 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ kind: 'header', agent: './first.mjs', game: 'cragwake' });
    expect(lines.filter((l) => l.includes('"kind":"run"'))).toHaveLength(2);
  }, 1_200_000);
});
