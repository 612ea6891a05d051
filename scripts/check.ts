/**
 * `npm run check`: the type check, the lint, the format check and the dead-code check, two at a time (each
 * is one process on one core; CI's machine has two), or `--jobs N` at a time (`npm test` runs them one at
 * a time beside the tests: scripts/test.ts). Each tool's output is printed whole once it ends, with its
 * time; the exit code is 1 when any of them failed.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const STEPS: [string, string[]][] = [
  ['tsc', ['--noEmit']],
  ['eslint', ['.']],
  ['prettier', ['--check', '.']],
  ['knip', ['--no-progress']],
];

function step([cmd, args]: [string, string[]]): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('error', (err) => out.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(out).toString().trimEnd();
      process.stdout.write(`> ${cmd} ${args.join(' ')}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n`);
      if (text) process.stdout.write(`${text}\n`);
      resolve(code === 0);
    });
  });
}

const jobsArg = process.argv.indexOf('--jobs');
const jobs = jobsArg > 0 ? Math.max(1, Number(process.argv[jobsArg + 1]) || 1) : Math.max(2, availableParallelism());
const queue = [...STEPS];
const results: boolean[] = [];
await Promise.all(
  Array.from({ length: Math.min(STEPS.length, jobs) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await step(next));
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
