/**
 * The CLI as a package: `npm pack` makes a tarball, which installs into a fresh folder outside the
 * checkout (`npm install --prefer-offline`: from the npm cache where it can, else the registry), and
 * `npx gameboard eval` runs there with an `--agent` module from that folder. Slow (an install): minutes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gameboard-package-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed CLI', () => {
  it('installs from its tarball outside the checkout and runs an evaluation with a local agent file', async () => {
    await run('npm', ['pack', '--pack-destination', dir], { cwd: ROOT, timeout: 120_000 });
    const tarball = readdirSync(dir).find((f) => /^gameboard-.*\.tgz$/.test(f));
    expect(tarball).toBeDefined();
    const app = join(dir, 'app');
    await run('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'an-app', private: true }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, tarball!)], {
      cwd: app,
      timeout: 900_000,
    });
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
