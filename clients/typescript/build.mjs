/**
 * Builds the package from the repository's src/client: `tsc` compiles it, with the declarations of the
 * game and core types it names, into dist/. Only the client's own JavaScript is kept: it imports
 * nothing else at run time (its imports of the games are `import type`), which this checks.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
// TypeScript comes from the repository's own install (the package has no dependencies).
const tsc = createRequire(join(here, '../../package.json')).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
for (const file of files(dist)) {
  if (!file.endsWith('.js')) continue;
  const inClient = relative(dist, file).startsWith(`client/`);
  if (!inClient) {
    rmSync(file);
    continue;
  }
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(/\bfrom\s+'([^']+)'/g)) {
    if (!spec.startsWith('./')) throw new Error(`${relative(here, file)} imports ${spec} at run time`);
  }
}
