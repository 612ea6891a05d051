/**
 * The table of docs/baselines.md, from result files of `gameboard eval --out FILE.jsonl` (or .json):
 * one Markdown row per file, in the order given, with the summary the harness computes (mean, standard
 * deviation, the 95 % interval of the mean, median, p10 / p90, max, how far, how the runs ended).
 *
 *     npx tsx scripts/baselines.ts baselines/*.jsonl
 */
import { progressLabel, summarize } from '../src/agents/harness/index.js';
import { readResultFile } from '../src/agents/harness/results.js';

/** One table row for the runs of one result file. */
export function baselineRow(path: string): string {
  const { header, runs } = readResultFile(path);
  const s = summarize(header.game, header.agent, progressLabel(header.game), runs, 0);
  const ended = Object.entries(s.outcomes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `| ${[
    header.agent,
    header.game,
    s.runs,
    s.mean,
    s.std,
    `${s.ci95[0]} to ${s.ci95[1]}`,
    s.median,
    `${s.p10} / ${s.p90}`,
    s.max,
    `${s.progress.label} ${s.progress.mean} / ${s.progress.max}`,
    ended,
  ].join(' | ')} |`;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: npx tsx scripts/baselines.ts RESULTS.jsonl...\n');
  process.exit(2);
}
process.stdout.write(
  '| agent | game | runs | mean | std | 95% interval of the mean | median | p10 / p90 | max | how far (mean / max) | ended |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
);
for (const f of files) process.stdout.write(baselineRow(f) + '\n');
