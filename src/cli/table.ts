/**
 * `gameboard table FILE...`: a results table across agents, one row per result file of `gameboard eval`,
 * in Markdown (or `--csv`): game, label, model, mode, suite, runs, mean ± ci95, normalised score, tokens
 * per run, forfeit rate, failed runs. The mean and its interval are over the completed runs; the
 * normalised score puts the mean on the game's scale of 0 = the built-in random agent and 100 = the
 * built-in heuristic on the same suite (src/agents/reference.ts), named under the table. Files whose
 * runs were not played alike (game, rules version, suite, budget, step cap or menu order differ) are
 * refused, saying which differ, unless `--force`. A seedless game (its spec says so: every seed plays the
 * same) is marked.
 */
import { Command } from 'commander';
import { isFailed, scoreStats, type EvalHeader } from '../agents/harness/index.js';
import { readResultFile, ResultFileError, type ResultFile } from '../agents/harness/results.js';
import { normalisedScore, REFERENCE_NOTE } from '../agents/reference.js';
import { registry } from '../games/index.js';
import { UserError } from './errors.js';

/** One row of the table. */
interface TableRow {
  file: string;
  game: string;
  label: string;
  model: string;
  mode: string;
  suite: string;
  runs: number;
  completed: number;
  mean: number;
  ci95: [number, number];
  normalised: number | null;
  tokensPerRun: number | null;
  forfeitRate: number | null;
  failed: number;
  seedless: boolean;
}

/** The menu order a header's runs were played with ("engine" for files from before it was recorded). */
function menuOrderOf(h: EvalHeader): string {
  const order = h.request?.menuOrder;
  return typeof order === 'string' ? order : h.agent === 'llm' ? 'engine' : '-';
}

/** What must match between two files for their rows to compare, as [name, value] pairs. */
function comparable(h: EvalHeader): [string, unknown][] {
  return [
    ['game', h.game],
    ['rules version', h.rulesVersion],
    ['suite', h.suite ?? `seeds ${h.seeds.length}`],
    ['budget', h.budget],
    ['step cap', h.maxSteps],
    ['menu order', menuOrderOf(h)],
  ];
}

/** Why `files` do not compare (the first difference for each file unlike the first), or null. */
function mismatchOf(files: { path: string; file: ResultFile }[]): string | null {
  const [first, ...rest] = files;
  const why: string[] = [];
  for (const f of rest) {
    const a = comparable(first.file.header);
    const b = comparable(f.file.header);
    for (let i = 0; i < a.length; i++) {
      // an agent that reads no menu (random, heuristic, a module) has no menu order to differ in
      if (a[i][0] === 'menu order' && (a[i][1] === '-' || b[i][1] === '-')) continue;
      if (JSON.stringify(a[i][1] ?? null) !== JSON.stringify(b[i][1] ?? null)) {
        why.push(
          `${f.path} has ${a[i][0]} ${JSON.stringify(b[i][1] ?? null)}, ${first.path} ${JSON.stringify(a[i][1] ?? null)}`,
        );
        break;
      }
    }
  }
  return why.length ? why.join('; ') : null;
}

/** A file's row. */
function rowOf(path: string, f: ResultFile): TableRow {
  const h = f.header;
  const done = f.runs.filter((r) => !isFailed(r));
  const st = scoreStats(done.map((r) => r.score));
  let tokens: number | null = null;
  let forfeits = 0;
  let moves = 0;
  let any = false;
  for (const r of f.runs) {
    const s = r.agentStats as
      { promptTokens?: number | null; completionTokens?: number | null; forfeits?: number; moves?: number } | undefined;
    if (!s || typeof s !== 'object') continue;
    if (typeof s.promptTokens === 'number' || typeof s.completionTokens === 'number')
      tokens = (tokens ?? 0) + (s.promptTokens ?? 0) + (s.completionTokens ?? 0);
    if (typeof s.forfeits === 'number' && typeof s.moves === 'number') {
      any = true;
      forfeits += s.forfeits;
      moves += s.moves;
    }
  }
  const request = h.request ?? {};
  const opts = h.agentOptions ?? {};
  return {
    file: path,
    game: h.game,
    label: h.label ?? h.agent,
    model: typeof request.model === 'string' ? request.model : typeof opts.model === 'string' ? opts.model : '-',
    mode:
      typeof request.mode === 'string'
        ? request.mode + (typeof request.replyFormat === 'string' ? `, ${request.replyFormat}` : '')
        : h.agent === 'llm'
          ? opts.menu === false
            ? 'no-menu'
            : 'menu'
          : '-',
    suite: h.suite ?? `${h.seeds.length} seeds`,
    runs: f.runs.length,
    completed: done.length,
    mean: st.mean,
    ci95: st.ci95,
    normalised: normalisedScore(h.game, h.suite, st.mean, h.rulesVersion),
    tokensPerRun: tokens === null || f.runs.length === 0 ? null : tokens / f.runs.length,
    forfeitRate: any && moves > 0 ? forfeits / moves : null,
    failed: f.runs.length - done.length,
    seedless: registry.get(h.game)?.spec.seedless === true,
  };
}

/** `x` to `d` decimals; a value that rounds to zero shows as 0, never -0. */
const fixed = (x: number, d = 1) =>
  Number.isFinite(x) ? (Object.is(Number(x.toFixed(d)), -0) ? (0).toFixed(d) : x.toFixed(d)) : '-';

/** The rows as a Markdown table with its notes. */
function markdownTable(rows: TableRow[]): string {
  const head = [
    'game',
    'label',
    'model',
    'mode',
    'suite',
    'runs',
    'mean ± ci95',
    'normalised',
    'tokens/run',
    'forfeit rate',
    'failed runs',
  ];
  const lines = rows.map((r) => [
    r.game + (r.seedless ? ' †' : ''),
    r.label.replace(/\|/g, '\\|'),
    r.model.replace(/\|/g, '\\|'),
    r.mode,
    r.suite,
    String(r.runs),
    `${fixed(r.mean)} ± ${fixed((r.ci95[1] - r.ci95[0]) / 2)}`,
    r.normalised === null ? '-' : fixed(r.normalised),
    r.tokensPerRun === null ? '-' : Math.round(r.tokensPerRun).toLocaleString('en-US'),
    r.forfeitRate === null ? '-' : `${fixed(100 * r.forfeitRate)} %`,
    String(r.failed),
  ]);
  const out = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const l of lines) out.push(`| ${l.join(' | ')} |`);
  out.push('', `Mean and 95 % interval over the completed runs; ${REFERENCE_NOTE}.`);
  if (rows.some((r) => r.seedless))
    out.push(
      '† seedless: every seed plays the same game, so at temperature 0 the runs are one sample repeated ' +
        '(report one run per setting, or several at a temperature above 0).',
    );
  return out.join('\n') + '\n';
}

/** The rows as CSV (exact figures). */
function csvTable(rows: TableRow[]): string {
  const field = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const head = [
    'file',
    'game',
    'label',
    'model',
    'mode',
    'suite',
    'runs',
    'completed',
    'mean',
    'ci95_low',
    'ci95_high',
    'normalised',
    'tokens_per_run',
    'forfeit_rate',
    'failed',
    'seedless',
  ];
  const lines = rows.map((r) =>
    [
      r.file,
      r.game,
      r.label,
      r.model,
      r.mode,
      r.suite,
      r.runs,
      r.completed,
      r.mean,
      r.ci95[0],
      r.ci95[1],
      r.normalised,
      r.tokensPerRun,
      r.forfeitRate,
      r.failed,
      r.seedless,
    ]
      .map(field)
      .join(','),
  );
  return [head.join(','), ...lines].join('\n') + '\n';
}

/** The `table` command. */
export function tableCommand(): Command {
  return new Command('table')
    .description('a results table across eval result files: mean ± ci95, normalised score, tokens, forfeits')
    .argument('<files...>', 'result files of gameboard eval (.jsonl or .json)')
    .option('--csv', 'CSV instead of Markdown (exact figures)')
    .option('--force', 'table files whose game, rules version, suite, budget, step cap or menu order differ')
    .action((paths: string[], opts: { csv?: boolean; force?: boolean }) => {
      const files = paths.map((path) => {
        try {
          return { path, file: readResultFile(path) };
        } catch (err) {
          if (err instanceof ResultFileError) throw new UserError(err.message, 2);
          throw err;
        }
      });
      const mismatch = mismatchOf(files);
      if (mismatch && !opts.force)
        throw new UserError(
          `These results do not compare: ${mismatch}. Table runs of one game, rules version, suite, budget and menu ` +
            'order, or give --force.',
          2,
        );
      const rows = files.map((f) => rowOf(f.path, f.file));
      process.stdout.write(opts.csv ? csvTable(rows) : markdownTable(rows));
    });
}
