/**
 * `gameboard replay verify <run.json>` re-runs a run on this engine and says whether it holds and what
 * it scores; `gameboard replay show <run.json> [--step K]` prints the observation after K actions.
 * A run file is `{game, rulesVersion, seed, actions}`, or anything holding one under `run` (the
 * answer of `GET /api/runs/:id`).
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import type { AnyGame } from '../core/game.js';
import { replay, type Run } from '../core/replay.js';
import { SEED_RULE, isSeed } from '../core/seed.js';
import { registry } from '../games/index.js';
import { intIn } from './args.js';
import { UserError } from './errors.js';

/** Reads and checks a run file; every problem is a UserError naming the file. */
export function readRun(path: string): { run: Run; game: AnyGame } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UserError(`Cannot read the run ${path}: ${(err as Error).message}`, 2);
  }
  const run = ((data as { run?: unknown })?.run ?? data) as Partial<Run>;
  if (
    typeof run?.game !== 'string' ||
    typeof run.rulesVersion !== 'string' ||
    !isSeed(run.seed) ||
    !Array.isArray(run.actions)
  ) {
    throw new UserError(`${path} is not a run: it needs game, rulesVersion, seed (${SEED_RULE}) and actions.`, 2);
  }
  const game = registry.get(run.game);
  if (!game) throw new UserError(`${path} is a run of "${run.game}", which is not a game here.`, 2);
  return { run: run as Run, game };
}

/** The `replay` command and its two subcommands. */
export function replayCommand(): Command {
  const cmd = new Command('replay').description('verify a run, or show it step by step');
  cmd
    .command('verify')
    .description('replay a run on this engine: does it hold, and what does it score?')
    .argument('<run.json>', 'the run file')
    .action((path: string) => {
      const { run, game } = readRun(path);
      const r = replay(game, run);
      if (!r.ok) {
        process.stdout.write(`INVALID: ${r.message} (after ${r.steps} accepted actions)\n`);
        process.exitCode = 1;
        return;
      }
      const outcome = game.outcome(r.state);
      process.stdout.write(
        `valid ${run.game} run (rules ${run.rulesVersion}), seed ${run.seed}: ${r.steps} actions, score ${r.score}, ` +
          `${outcome ? `${outcome.kind} (${outcome.reason})` : 'still playing'}\n`,
      );
    });
  cmd
    .command('show')
    .description('print the observation after K actions (default: the end)')
    .argument('<run.json>', 'the run file')
    .option('--step <k>', 'how many actions to play before showing', intIn(0, 10_000_000))
    .action((path: string, opts: { step?: number }) => {
      const { run, game } = readRun(path);
      const k = opts.step ?? run.actions.length;
      if (k > run.actions.length)
        throw new UserError(`--step ${k} is past the end: the run has ${run.actions.length} actions.`, 2);
      const r = replay(game, { ...run, actions: run.actions.slice(0, k) });
      if (!r.ok) throw new UserError(`The run does not replay: ${r.message}.`);
      process.stdout.write(`step ${k} of ${run.actions.length}, score ${r.score}\n${game.observe(r.state).text}\n`);
      if (k < run.actions.length) process.stdout.write(`next action: ${JSON.stringify(run.actions[k])}\n`);
    });
  return cmd;
}
