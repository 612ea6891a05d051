/**
 * `npm run build:pool`: the engine pool (src/pool/main.ts, with every engine it imports) bundled into
 * one JavaScript file inside the Python package, clients/python/src/gameboard/_pool/pool.mjs, which the
 * package ships and runs with the user's `node` (no npm install, no server).
 *
 * The bundle is committed, so that `pip install ./clients/python` from a checkout has it; esbuild's
 * output is deterministic, and test/pool-bundle.test.ts builds it again in memory and fails when the
 * committed file differs (run this script after changing the engines or the pool).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export const ENTRY = fileURLToPath(new URL('../src/pool/main.ts', import.meta.url));
export const BUNDLE = fileURLToPath(new URL('../clients/python/src/gameboard/_pool/pool.mjs', import.meta.url));

export const OPTIONS: BuildOptions = {
  entryPoints: [ENTRY],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  banner: { js: '// Gameboard engine pool: built from src/pool/main.ts by `npm run build:pool`; do not edit.' },
  write: false,
  logLevel: 'silent',
};

/** The bundle's text, built in memory. */
export async function bundle(): Promise<string> {
  const out = await build({ ...OPTIONS, outfile: BUNDLE });
  return out.outputFiles![0].text;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await bundle();
  writeFileSync(BUNDLE, text);
  console.log(`${BUNDLE}: ${(text.length / 1024).toFixed(0)} KB`);
}
