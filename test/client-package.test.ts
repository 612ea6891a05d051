/**
 * The TypeScript client as a package: `npm pack` builds it (prepare) into a tarball, which installs into
 * a fresh project outside the checkout with nothing else to fetch; `tsc` there sees its types (a wrong
 * action is a type error), and plain `node` (no tsx) imports it and plays against a real server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');

let app: FastifyInstance;
let base: string;
let dir: string;

beforeAll(async () => {
  app = await buildApp({ sealer: StateSealer.random(), webRoot: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'gameboard-client-package-'));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** npm, quietly, offline where it can be: the tarball must need nothing from the registry. */
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    maxBuffer: 16 * 1024 * 1024,
  });

const MAIN = (url: string) => `import { GameboardClient, GameboardError, type ActionOf } from 'gameboard-client';

type WhirlyardAction = ActionOf<'whirlyard'>;
const client = new GameboardClient(${JSON.stringify(url)});
const session = await client.start('whirlyard', { seed: 7 });
const first: WhirlyardAction = session.legalActions[0];
// @ts-expect-error Whirlyard has no "fly" action: the package's types know each game's grammar.
const wrong: WhirlyardAction = { type: 'fly' };
const turn = await session.act(first);
let code = '';
try {
  await client.start('nope');
} catch (e) {
  if (e instanceof GameboardError) code = e.code;
}
console.log(JSON.stringify({ seed: session.seed, gameOver: turn.gameOver, score: turn.score, code, wrong: wrong.type }));
`;

it('packs, installs into a fresh project, type-checks there and runs on plain node', async () => {
  const pkg = join(root, 'clients/typescript');
  const packed = await npm(['pack', '--pack-destination', dir, '--json'], pkg);
  const [{ filename, files }] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  const paths = files.map((f) => f.path);
  expect(paths).toContain('dist/client/index.js');
  expect(paths).toContain('dist/client/index.d.ts');
  expect(paths.filter((p) => p.endsWith('.js') && !p.startsWith('dist/client/'))).toEqual([]);

  const project = join(dir, 'project');
  await run('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'outside', private: true, type: 'module' }));
  await npm(['install', '--offline', join(dir, filename)], project);
  expect(readdirSync(join(project, 'node_modules'))).toEqual(['.package-lock.json', 'gameboard-client']);
  const installed = JSON.parse(readFileSync(join(project, 'node_modules/gameboard-client/package.json'), 'utf8'));
  expect(installed.dependencies ?? {}).toEqual({});

  writeFileSync(join(project, 'main.ts'), MAIN(base));
  const compilerOptions = { strict: true, target: 'ES2022', module: 'nodenext', outDir: 'out', types: [] };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.ts'] }));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const compiled = await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch(
    (e: { stdout?: string }) => ({ stdout: e.stdout ?? 'tsc failed' }),
  );
  expect(compiled.stdout).toBe('');

  // Plain node, no loader: the package's JavaScript as installed, from tsc's output.
  const played = await run(process.execPath, [join(project, 'out/main.js')], { cwd: project });
  expect(JSON.parse(played.stdout)).toMatchObject({ seed: 7, code: 'unknown_game', wrong: 'fly' });
}, 180_000);
