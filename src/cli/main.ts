/**
 * The `gameboard` command: serve, games, play, eval, compare, replay, mcp, backup. Built on commander; bin/gameboard.js
 * runs this file through tsx.
 *
 * Bad arguments print a clear message and the usage, and exit with code 2; a known failure (an
 * unreachable server, a bad agent module) prints one line and exits 1 (2 for a user's mistake); no
 * stack trace either way. To add a command, add its Command to COMMANDS.
 */
import { Command, CommanderError } from 'commander';
import { backupCommand } from './backup.js';
import { compareCommand } from './compare.js';
import { UserError } from './errors.js';
import { evalCommand } from './evaluate.js';
import { mcpCommand } from './mcp.js';
import { playCommand } from './play.js';
import { replayCommand } from './replay.js';
import { gamesCommand, serveCommand } from './serve.js';
import { submitCommand } from './submit.js';
import { tableCommand } from './table.js';

/** Every subcommand, in the order `--help` lists them. */
export const COMMANDS: Array<() => Command> = [
  serveCommand,
  gamesCommand,
  playCommand,
  evalCommand,
  compareCommand,
  tableCommand,
  replayCommand,
  mcpCommand,
  backupCommand,
  submitCommand,
];

/** The program, with every command configured to exit 2 on bad arguments and show the usage. */
export function buildProgram(): Command {
  const program = new Command('gameboard')
    .description('Gameboard: deterministic, seeded games for AI agents and people')
    .version('0.1.0');
  for (const make of COMMANDS) program.addCommand(make());
  const configure = (cmd: Command) => {
    cmd.exitOverride().showHelpAfterError().showSuggestionAfterError();
    cmd.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/** Runs the CLI on `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; every parsing error has already been printed with the usage.
      return err.exitCode === 0 ? 0 : 2;
    }
    const known = UserError.from(err);
    if (known instanceof UserError) {
      process.stderr.write(`gameboard: ${known.message}\n`);
      return known.exitCode;
    }
    throw err;
  }
}

// A closed pipe (`gameboard play x | head`) ends the command quietly, as it does for other tools.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

// Leave the process to exit by itself once done: `serve` keeps listening, and the worker threads of
// `eval` are gone by then.
const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
