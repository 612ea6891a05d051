/**
 * `gameboard compare A B`: two result files of `gameboard eval` (.jsonl or .json), paired over the
 * seeds both completed: how many, each side's mean, the mean difference A − B with a 95 % interval
 * (a paired bootstrap: the pairs resampled with replacement, from a generator with a fixed seed, so the
 * same two files always give the same interval), and how often A beat, tied or lost to B. `--json`
 * answers the same figures for programs.
 */
import { Command } from 'commander';
import { round2 } from '../agents/harness/stats.js';
import { quantile, scoreStats, type EvalHeader, type RunResult } from '../agents/harness/index.js';
import { headerMismatch, readResultFile, ResultFileError, type ResultFile } from '../agents/harness/results.js';
import { Rng } from '../core/rng.js';
import { intIn } from './args.js';
import { UserError } from './errors.js';

/** One file of a comparison: its agent, the label it goes by and the settings it was played with. */
interface Side {
  file: string;
  agent: string;
  label: string | null;
  /** The settings, in a few words: an LLM's model and request parameters, else the agent's options. */
  settings: string;
  runs: number;
}

/**
 * A header's settings in a few words: for the LLM agent the request parameters it sent (model,
 * temperature, max_tokens, reply format, menu order...), for another agent its options; `--max-steps`
 * when given.
 */
function settingsOf(h: EvalHeader): string {
  const parts: string[] = [];
  const fields = h.request ?? h.agentOptions ?? {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || k === 'endpoint' || k === 'baseUrl' || k === 'apiKeyEnv') continue;
    parts.push(`${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  }
  if (h.maxSteps !== null && h.maxSteps !== undefined) parts.push(`max steps ${h.maxSteps}`);
  return parts.join(', ') || '-';
}

/** The bootstrap's generator seed: fixed, so an interval never changes between two runs of compare. */
const BOOTSTRAP_SEED = 20240;

/** What `compare --json` answers. */
interface Comparison {
  a: Side;
  b: Side;
  game: string;
  rulesVersion: string;
  /** Seeds completed in both files (a seed failed in either is left out). */
  n: number;
  meanA: number;
  meanB: number;
  /** The mean of A − B over the paired seeds. */
  meanDifference: number;
  ci95: [number, number];
  /** Seeds where A scored more than B, the same, less. */
  wins: number;
  ties: number;
  losses: number;
  resamples: number;
  bootstrapSeed: number;
  /** Seeds in only one of the files, or failed in one. */
  unpaired: number;
}

/** The 95 % paired-bootstrap interval of the mean of `diffs`. */
export function bootstrapInterval(
  diffs: readonly number[],
  resamples: number,
  seed = BOOTSTRAP_SEED,
): [number, number] {
  const n = diffs.length;
  if (n === 0) return [NaN, NaN];
  const rng = Rng.fromSeed(seed);
  const means = new Float64Array(resamples);
  for (let k = 0; k < resamples; k++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[rng.int(n)];
    means[k] = sum / n;
  }
  const sorted = Array.from(means).sort((x, y) => x - y);
  return [quantile(sorted, 0.025), quantile(sorted, 0.975)];
}

/** Reads a result file for compare; a problem is a usage error (exit 2). */
function read(path: string): ResultFile {
  try {
    return readResultFile(path);
  } catch (err) {
    if (err instanceof ResultFileError) throw new UserError(err.message, 2);
    throw err;
  }
}

const side = (file: string, f: ResultFile): Side => ({
  file,
  agent: f.header.agent,
  label: f.header.label ?? null,
  settings: settingsOf(f.header),
  runs: f.runs.length,
});

/** Compares the result files at `pathA` and `pathB`. */
function compareFiles(pathA: string, pathB: string, resamples = 10_000): Comparison {
  const a = read(pathA);
  const b = read(pathB);
  const mismatch = headerMismatch(a.header, b.header, ['game', 'rulesVersion', 'budget', 'maxSteps']);
  if (mismatch)
    throw new UserError(
      `Cannot compare ${pathA} with ${pathB}: their runs were not played alike (${mismatch}); compare runs of one game, ` +
        'rules version and budget.',
      2,
    );
  const completed = (runs: RunResult[]) =>
    new Map(runs.filter((r) => r.outcome.kind !== 'error').map((r) => [String(r.seed), r.score]));
  const inA = completed(a.runs);
  const inB = completed(b.runs);
  const pairs: [number, number][] = [];
  for (const [seed, scoreA] of inA) {
    const scoreB = inB.get(seed);
    if (scoreB !== undefined) pairs.push([scoreA, scoreB]);
  }
  const seedsAll = new Set([...a.runs, ...b.runs].map((r) => String(r.seed)));
  if (pairs.length === 0)
    throw new UserError(`${pathA} and ${pathB} have no seed that both completed: there is nothing to pair.`, 2);
  const diffs = pairs.map(([x, y]) => x - y);
  const [lo, hi] = bootstrapInterval(diffs, resamples);
  return {
    a: side(pathA, a),
    b: side(pathB, b),
    game: a.header.game,
    rulesVersion: a.header.rulesVersion,
    n: pairs.length,
    meanA: round2(scoreStats(pairs.map((p) => p[0])).mean),
    meanB: round2(scoreStats(pairs.map((p) => p[1])).mean),
    meanDifference: round2(scoreStats(diffs).mean),
    ci95: [round2(lo), round2(hi)],
    wins: diffs.filter((d) => d > 0).length,
    ties: diffs.filter((d) => d === 0).length,
    losses: diffs.filter((d) => d < 0).length,
    resamples,
    bootstrapSeed: BOOTSTRAP_SEED,
    unpaired: seedsAll.size - pairs.length,
  };
}

/** The comparison as an aligned table. */
function formatComparison(c: Comparison): string {
  const rows: [string, string][] = [
    ['game', `${c.game} (rules ${c.rulesVersion})`],
    ['A', `${c.a.file}: ${c.a.label ?? c.a.agent}${c.a.label ? ` (${c.a.agent})` : ''}, ${c.a.runs} runs`],
    ['A settings', c.a.settings],
    ['B', `${c.b.file}: ${c.b.label ?? c.b.agent}${c.b.label ? ` (${c.b.agent})` : ''}, ${c.b.runs} runs`],
    ['B settings', c.b.settings],
    [
      'paired seeds',
      `${c.n}` + (c.unpaired ? ` (${c.unpaired} seeds left out: in one file only, or failed in one)` : ''),
    ],
    ['mean A / B', `${c.meanA} / ${c.meanB}`],
    ['mean difference', `${c.meanDifference} (A − B)`],
    [
      '95% interval',
      `${c.ci95[0]} to ${c.ci95[1]} (paired bootstrap, ${c.resamples.toLocaleString('en-US')} resamples, seed ${c.bootstrapSeed})`,
    ],
    ['wins / ties / losses', `${c.wins} / ${c.ties} / ${c.losses} (A against B, seed by seed)`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

/** The `compare` command. */
export function compareCommand(): Command {
  return new Command('compare')
    .description('compare two eval result files (.jsonl or .json), paired over their common seeds')
    .argument('<a>', 'the first result file (A)')
    .argument('<b>', 'the second result file (B)')
    .option('--json', 'answer JSON: n, meanA, meanB, meanDifference, ci95, wins, ties, losses')
    .option('--resamples <n>', 'bootstrap resamples (default 10000)', intIn(100, 1_000_000))
    .action((pathA: string, pathB: string, opts: { json?: boolean; resamples?: number }) => {
      const c = compareFiles(pathA, pathB, opts.resamples ?? 10_000);
      process.stdout.write(opts.json ? `${JSON.stringify(c, null, 2)}\n` : `${formatComparison(c)}\n`);
    });
}
