/**
 * `npm test`: the check (scripts/check.ts: types, lint, format, dead code) and every Vitest project, side
 * by side instead of one after the other. The test files spend much of their time waiting (on Chromium's
 * real-time animations, on servers and commands they start, on Python), so the check's tools, one at a
 * time, mostly use CPU the tests leave idle. Vitest prints as it goes; the check's output is kept and
 * printed whole when both have ended, each tool with its time. Arguments go to Vitest
 * (`npm test -- test/cli.test.ts`). The exit code is 1 when either failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

function ended(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const checkOut: Buffer[] = [];
let checkSeconds = '';
const check = spawn(process.execPath, ['--import', 'tsx', 'scripts/check.ts', '--jobs', '1'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
check.stdout!.on('data', (b: Buffer) => checkOut.push(b));
check.stderr!.on('data', (b: Buffer) => checkOut.push(b));
const checkDone = ended(check).then((code) => {
  checkSeconds = seconds();
  return code;
});

const vitest = spawn('npx', ['--no-install', 'vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const vitestCode = await ended(vitest);
const vitestSeconds = seconds();
const checkCode = await checkDone;

process.stdout.write(
  `\nnpm run check (beside the tests): ${checkCode === 0 ? 'ok' : `failed (${checkCode})`} in ${checkSeconds} s\n` +
    Buffer.concat(checkOut).toString().trimEnd() +
    `\n\nvitest run: ${vitestCode === 0 ? 'ok' : `failed (${vitestCode})`} in ${vitestSeconds} s\n`,
);
process.exitCode = checkCode === 0 && vitestCode === 0 ? 0 : 1;
