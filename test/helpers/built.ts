/**
 * The `gameboard` command and the server as JavaScript, built once per test run (a Vitest globalSetup, as
 * the pool bundle is built by scripts/build-pool.ts): src/cli/main.ts and src/server/main.ts, and the worker
 * threads they start, each bundled by esbuild into one file under node_modules/.cache/gameboard-test/, with
 * the npm packages left as imports.
 *
 * Why: started through tsx, every command or server a test starts spends about a second of CPU resolving and
 * loading some hundreds of TypeScript modules through the loader's hooks; the bundle loads in about half
 * that. The tests that start the command hundreds of times per run (eval, compare, the LLM commands, the
 * durability kills) test what the command does, so they run the same code, built. The tests of how it is
 * shipped keep the real thing: test/cli-package*.test.ts install the packed tarball, signals go through
 * bin/gameboard.js (test/helpers/cli.ts `startGameboard`), and `npm start` is started as is.
 *
 * The same code, the same behaviour:
 * - every source file's `import.meta.url` is its own file's URL (not the bundle's), so what a module finds
 *   beside itself (package.json, docs/agents.md, dist/web, the agents folder, the checkout's git commit)
 *   it finds where it does from source;
 * - tsx is registered just before the first module named at run time is imported (an agent module in
 *   TypeScript, a game's heuristic), so it loads as under `node --import tsx`; the worker threads of
 *   `eval` and the verify pool start from their own bundles and do the same (WORKERS).
 * Each run builds afresh (about a second), so a bundle is never older than the source it tests.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Inside the checkout's node_modules, so that the bundles' package imports resolve as the source's do. */
export const BUILT_DIR = join(ROOT, 'node_modules', '.cache', 'gameboard-test');

/**
 * The entry points, by the name a test asks for: the command and the server, and the two worker-thread
 * modules they start (an evaluation's players, the server's run verifiers), which the command's and the
 * server's bundles start built too (WORKERS).
 */
export const ENTRIES = {
  cli: join(ROOT, 'src', 'cli', 'main.ts'),
  server: join(ROOT, 'src', 'server', 'main.ts'),
  harnessWorker: join(ROOT, 'src', 'agents', 'harness', 'worker.ts'),
  verifyWorker: join(ROOT, 'src', 'server', 'verify', 'worker.ts'),
} as const;

const builtFile = (name: keyof typeof ENTRIES) => join(BUILT_DIR, `${name}.mjs`);

/**
 * The modules that start a worker thread from a `BOOT` string (register tsx, then import the TypeScript
 * worker module, as a thread does not inherit the loader on Node 20), and the bundle their threads import
 * instead: a thread then loads one file of JavaScript, about a second of CPU less than tsx resolving and
 * loading the worker's modules, and registers tsx only if it imports a module named at run time (BANNER),
 * as the command does. From source (GAMEBOARD_TEST_BUILT=off) every thread boots through tsx.
 */
const WORKERS: [RegExp, keyof typeof ENTRIES][] = [
  [/[\\/]src[\\/]agents[\\/]harness[\\/]pool\.ts$/, 'harnessWorker'],
  [/[\\/]src[\\/]server[\\/]verify[\\/]pool\.ts$/, 'verifyWorker'],
];
const BOOT = /^const BOOT = `[^`]*`;$/m;

export type Built = Record<keyof typeof ENTRIES, string>;

/**
 * Every source file keeps its own `import.meta.url` inside the bundle, and its imports of a module named at
 * run time (`import(url)`; not `import('./x.js')`, which the bundle holds, nor a worker's `import(${...})`) go through `__gbImport` (BANNER).
 */
const sameAsSource: Plugin = {
  name: 'same-as-source',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const url = JSON.stringify(pathToFileURL(args.path).href);
      let text = (await readFile(args.path, 'utf8'))
        .replace(/\bimport\.meta\.url\b/g, url)
        .replace(/(?<![\w.$])import\((?!\s*['"`$])/g, '__gbImport(');
      const worker = WORKERS.find(([file]) => file.test(args.path))?.[1];
      if (worker !== undefined) {
        if (!BOOT.test(text))
          throw new Error(`${args.path}: no \`const BOOT = \`...\`;\` line to point at the built worker`);
        const boot = `import(${JSON.stringify(pathToFileURL(builtFile(worker)).href)})`;
        text = text.replace(BOOT, () => `const BOOT = ${JSON.stringify(boot)};`);
      }
      return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

// tsx is registered before the first module named at run time is imported (an agent module in TypeScript,
// a game's heuristic), so it loads as under `node --import tsx`; a command that imports none (most) never
// pays for the loader. Such a module is named by an absolute path or file: URL (a relative one would be
// resolved from the bundle, not from the source file: refused).
const BANNER = `let __gbTsx;
const __gbImport = (specifier) => {
  if (!/^(file:|\\/)/.test(String(specifier)))
    return Promise.reject(new Error('test build: import(' + specifier + ') needs an absolute path'));
  __gbTsx ??= Promise.all([import('tsx/cjs/api'), import('tsx/esm/api')]).then(([cjs, esm]) => { cjs.register(); esm.register(); });
  return __gbTsx.then(() => import(specifier));
};
`;

/** Builds the bundles; answers their paths. Written under a temporary name, then renamed into place. */
export async function buildForTests(): Promise<Built> {
  mkdirSync(BUILT_DIR, { recursive: true });
  const out = {} as Built;
  await Promise.all(
    (Object.keys(ENTRIES) as Array<keyof typeof ENTRIES>).map(async (name) => {
      const result = await build({
        entryPoints: [ENTRIES[name]],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        banner: { js: BANNER },
        plugins: [sameAsSource],
        write: false,
        logLevel: 'silent',
        outfile: builtFile(name),
      });
      const file = builtFile(name);
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, result.outputFiles[0].text);
      renameSync(temp, file);
      out[name] = file;
    }),
  );
  return out;
}
