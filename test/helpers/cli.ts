/**
 * Running the `gameboard` command, for the tests of `eval`, `compare`, `replay` and the others.
 * `gameboard()` runs the command's code built once for the run (test/helpers/built.ts: the same source,
 * without a second of tsx per start) when the run built it (`commandFor` says when not); `startGameboard()`,
 * for the tests of signals, always starts bin/gameboard.js, as a user's shell does.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const BIN = fileURLToPath(new URL('../../bin/gameboard.js', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const BUILT = inject('built')?.cli;

/**
 * The script that runs `gameboard ...args`: the run's build of src/cli/main.ts, or bin/gameboard.js when
 * there is none, or when `--agent` names a .js or .ts module (not .mjs, .cjs, .mts): Node decides those
 * files' format from their syntax and package.json, and tsx registered from the start (as the command
 * ships) decides some differently from tsx registered later (as the build does), so those runs load the
 * user's module exactly as the shipped command does.
 */
export function commandFor(args: string[]): string {
  const agent = args[args.indexOf('--agent') + 1] ?? '';
  const fromSource = args.includes('--agent') && /\.[jt]sx?$/.test(agent) && !agent.startsWith('cmd:');
  return BUILT && !fromSource ? BUILT : BIN;
}

/** What a finished command gave. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `gameboard ...args` in `cwd` (default the checkout), never throwing. */
export function gameboard(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; timeoutMs?: number } = {},
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [commandFor(args), ...args],
      {
        cwd: opts.cwd ?? ROOT,
        timeout: opts.timeoutMs ?? 180_000,
        maxBuffer: 64 * 1024 * 1024,
        // Progress lines every few seconds would be noise in the output a test checks.
        env: { ...process.env, NO_COLOR: '1', GAMEBOARD_PROGRESS_SECONDS: '3600', ...opts.env },
      },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
    child.stdin?.end(opts.input ?? '');
  });
}

/**
 * Starts `gameboard ...args` as the leader of its own process group, as a shell starts a job: a
 * Ctrl-C at the terminal is a SIGINT to that whole group, which `interrupt()` sends.
 */
export function startGameboard(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; done: Promise<Ran>; interrupt(): void; interruptCommand(): void; stderr(): string } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Ran>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
  return {
    child,
    done,
    interrupt: () => process.kill(-child.pid!, 'SIGINT'),
    /** `kill -INT` of the gameboard command alone, as under nohup or in CI. */
    interruptCommand: () => process.kill(child.pid!, 'SIGINT'),
    stderr: () => stderr,
  };
}

/** The value of a row of the summary a command prints, e.g. summaryRow(out, 'mode'). */
export const summaryRow = (out: string, name: string): string | undefined =>
  out.match(new RegExp(`^${name}\\s{2,}(.+)$`, 'm'))?.[1];

/** The lines of a result file (JSON Lines), parsed. */
export function jsonLines<T = Record<string, unknown>>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}
