/**
 * `gameboard replay verify <run.json>` re-runs a run on this engine and says whether it holds and what
 * it scores; `gameboard replay show <run.json> [--step K]` prints the observation after K actions.
 * A run file is `{game, rulesVersion, seed, actions}`, or anything holding one under `run` (the
 * answer of `GET /api/runs/:id`). `verify` also takes a result file of `gameboard eval` (.jsonl, or
 * .json with `runs`) and verifies every run in it (or the one of `--seed N`): each must replay to the
 * score and step count the file claims.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import type { AnyGame } from '../core/game.js';
import { readResultFile, ResultFileError } from '../agents/harness/results.js';
import { replay, type Run } from '../core/replay.js';
import { SEED_RULE, isSeed } from '../core/seed.js';
import { registry } from '../games/index.js';
import { intIn } from './args.js';
import { UserError } from './errors.js';

/** Reads and checks a run file; every problem is a UserError naming the file. */
function readRun(path: string): { run: Run; game: AnyGame } {
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

/** True when `path` holds an eval result file (a .jsonl, or JSON with a `runs` list) rather than one run. */
function isResultFile(path: string): boolean {
  if (/\.jsonl$/i.test(path)) return true;
  try {
    return Array.isArray((JSON.parse(readFileSync(path, 'utf8')) as { runs?: unknown })?.runs);
  } catch {
    return false;
  }
}

/** Verifies every run of a result file (or the one of `seed`); answers the exit code. */
function verifyResults(path: string, seed: number | undefined): number {
  let file;
  try {
    file = readResultFile(path);
  } catch (err) {
    if (err instanceof ResultFileError) throw new UserError(err.message, 2);
    throw err;
  }
  const game = registry.get(file.header.game);
  if (!game) throw new UserError(`${path} holds runs of "${file.header.game}", which is not a game here.`, 2);
  if (file.header.rulesVersion !== game.spec.rulesVersion)
    throw new UserError(
      `${path} was played under rules ${file.header.rulesVersion}; this engine plays ${game.spec.rulesVersion}.`,
      1,
    );
  let runs = file.runs.filter((r) => r.outcome.kind !== 'error');
  if (seed !== undefined) {
    runs = runs.filter((r) => String(r.seed) === String(seed));
    if (runs.length === 0) throw new UserError(`${path} holds no completed run of seed ${seed}.`, 2);
  }
  const failed = file.runs.length - file.runs.filter((r) => r.outcome.kind !== 'error').length;
  let bad = 0;
  let checked = 0;
  for (const r of runs) {
    if (!Array.isArray(r.actions))
      throw new UserError(`${path} keeps no actions for seed ${r.seed}: save runs with --out FILE.jsonl or .json.`, 2);
    const v = replay(game, {
      game: game.spec.slug,
      rulesVersion: file.header.rulesVersion,
      seed: r.seed,
      actions: r.actions,
    });
    checked++;
    if (!v.ok) {
      bad++;
      process.stdout.write(`seed ${r.seed}: INVALID: ${v.message} (after ${v.steps} accepted actions)\n`);
    } else if (v.score !== r.score || v.steps !== r.steps) {
      bad++;
      process.stdout.write(
        `seed ${r.seed}: INVALID: the file says score ${r.score} in ${r.steps} actions; the replay gives ${v.score} in ${v.steps}\n`,
      );
    } else if (seed !== undefined) {
      process.stdout.write(`seed ${r.seed}: valid, ${v.steps} actions, score ${v.score}\n`);
    }
  }
  process.stdout.write(
    `${bad === 0 ? 'valid' : 'INVALID'}: ${checked - bad} of ${checked} ${game.spec.slug} runs in ${path} replay to the ` +
      `score and steps the file claims` +
      (failed && seed === undefined ? ` (${failed} failed runs have no actions to replay)` : '') +
      '\n',
  );
  return bad === 0 ? 0 : 1;
}

/** The `replay` command and its two subcommands. */
export function replayCommand(): Command {
  const cmd = new Command('replay').description('verify a run, or show it step by step');
  cmd
    .command('verify')
    .description(
      'replay a run (or every run of an eval result file) on this engine: does it hold, and what does it score?',
    )
    .argument('<file>', 'a run file, or a result file of gameboard eval (.jsonl, or .json with runs)')
    .option('--seed <n>', 'in a result file, verify only the run of this seed', intIn(0, 0xffffffff))
    .action((path: string, opts: { seed?: number }) => {
      if (isResultFile(path)) {
        const code = verifyResults(path, opts.seed);
        if (code !== 0) process.exitCode = code;
        return;
      }
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
