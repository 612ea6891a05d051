#!/usr/bin/env node
// The `gameboard` command. The CLI is TypeScript, which Node 20 cannot run by itself, so this runs
// src/cli/main.ts in a child Node with the tsx loader; worker threads and server workers inherit the
// loader from there. The exit code (or signal) of the child is ours.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const tsx = import.meta.resolve('tsx');
const child = spawn(process.execPath, ['--import', tsx, main, ...process.argv.slice(2)], { stdio: 'inherit' });

// Signals are passed on to the child. A Ctrl-C at the terminal reaches the child by itself too (it is in
// the terminal's process group), so the child may see one SIGINT twice within a moment: `eval` counts
// those as one (see src/cli/evaluate.ts). A `kill -INT` of this process alone (nohup, CI) reaches it
// only through here.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
});
