/**
 * The `eval --ranked N` branch of `gameboard eval` (src/agents/harness/ranked.ts plays the sessions):
 * loads the agent, plays the sessions still missing from `--out`/`--resume`, writes each run's line as
 * it ends, prints the summary, and with `--submit-evaluation` sends the file to the benchmark board as
 * held-out.
 */
import { resolve } from 'node:path';
import { formatSummary, isFailed, loadAgent, progressLabel, summarize } from '../agents/harness/index.js';
import type { AgentOptions, EvalHeader, RunResult } from '../agents/harness/index.js';
import { playRanked, RankedError, type RankedRun } from '../agents/harness/ranked.js';
import { JsonlWriter, readResultFile, ResultFileError } from '../agents/harness/results.js';
import { KeyFile } from '../client/keyfile.js';
import { UserError } from './errors.js';
import { reportEvaluation, submitEvaluation } from './submit.js';

/** The server's cap of live ranked sessions per name and game (docs/ranked.md). */
const RANKED_CONCURRENCY_MAX = 8;

export interface RankedFlags {
  game: string;
  agent: string;
  ranked: number;
  server: string;
  name: string;
  concurrency?: number;
  out?: string;
  resume?: string;
  playerKey?: string;
  submitEvaluation?: string;
}

export async function runRankedEval(flags: RankedFlags, header: EvalHeader, agentOptions: AgentOptions): Promise<void> {
  const out = flags.resume ?? flags.out;
  if (out && !/\.jsonl$/i.test(out))
    throw new UserError('--ranked writes its runs as they end: give --out FILE.jsonl (or --resume FILE.jsonl).', 2);
  if (flags.resume && flags.out && resolve(flags.out) !== resolve(flags.resume))
    throw new UserError(`--resume appends to ${flags.resume}: give no --out, or the same file.`, 2);
  const facts: EvalHeader = { ...header, suite: 'held-out', seeds: [], maxSteps: null };
  let earlier: RunResult[] = [];
  if (flags.resume) {
    try {
      const file = readResultFile(flags.resume);
      if (file.header.suite !== 'held-out' || file.header.game !== flags.game)
        throw new UserError(`Cannot resume ${flags.resume}: it is not a held-out file of ${flags.game}.`, 2);
      earlier = file.runs;
    } catch (err) {
      if (err instanceof ResultFileError) throw new UserError(err.message, 2);
      throw err;
    }
  }
  const keys = new KeyFile();
  let key = flags.playerKey ?? process.env.GAMEBOARD_PLAYER_KEY ?? keys.get(flags.server, flags.name) ?? null;
  const writer = out ? new JsonlWriter(out, Boolean(flags.resume)) : undefined;
  if (writer && !flags.resume) writer.line({ ...facts });
  const factory = await loadAgent(flags.agent, flags.game, agentOptions);
  const started = performance.now();
  let fresh: RankedRun[];
  try {
    fresh = await playRanked({
      server: flags.server,
      game: flags.game,
      factory,
      count: Math.max(0, flags.ranked - earlier.length),
      concurrency: Math.min(flags.concurrency ?? 1, RANKED_CONCURRENCY_MAX),
      name: flags.name,
      playerKey: key,
      onKey: (k) => {
        key = k;
        keys.set(flags.server, flags.name, k);
        process.stderr.write(
          `the name ${flags.name} is now yours on ${flags.server}: its player key is kept in ${keys.path}:\n${k}\n`,
        );
      },
      onRun: (r) => writer?.line({ kind: 'run', ...r }),
    });
  } catch (err) {
    if (err instanceof RankedError) throw new UserError(`${flags.server}: ${err.message}`, 1);
    throw err;
  } finally {
    writer?.close();
  }
  const results = [...earlier, ...fresh];
  const summary = summarize(flags.game, flags.agent, progressLabel(flags.game), results, performance.now() - started);
  if (out) {
    const w = new JsonlWriter(out, true);
    w.line({ kind: 'summary', ...summary });
    w.close();
  }
  const rows: [string, string][] = [
    ['seeds', `held-out: ${results.length} ranked sessions on ${flags.server} as ${flags.name}`],
  ];
  if (flags.resume) rows.push(['resumed', `${earlier.length} were in ${flags.resume}; ${fresh.length} played now`]);
  process.stdout.write(`${formatSummary(summary, rows)}\n`);
  if (out) process.stdout.write(`wrote ${results.length} runs to ${out}\n`);
  if (flags.submitEvaluation) {
    const e = await submitEvaluation(
      { header: facts, runs: results, summary: null },
      { server: flags.server, label: flags.submitEvaluation, name: flags.name, playerKey: key ?? undefined },
    );
    process.stdout.write(reportEvaluation(e));
  }
  if (results.some(isFailed)) process.exitCode = 1;
}
