/**
 * Result files: what `gameboard eval --out` writes and `--resume`, `compare` and `replay verify` read.
 *
 * A `.jsonl` file streams: a `{"kind":"header"}` line (how the runs were made, see `EvalHeader`),
 * one `{"kind":"run"}` line per finished run as it finishes, and a `{"kind":"summary"}` line at the
 * end (several when the file was resumed: the last one covers every run). A seed with several run lines
 * (a failed run that `--resume` played again) counts by its last one. A `.json` file holds the
 * same header facts at its top level, with `summary` and `runs`.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gameboardVersion } from '../../version.js';
import type { EvalHeader, RunResult, Summary } from './stats.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The git commit of the checkout the code runs from, or null when it is not a git checkout. */
function gitCommit(): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    });
    const sha = out.toString().trim();
    return /^[0-9a-f]{40}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/** Agent options in a fixed order, without the absent ones (so two files compare as text). */
function canonicalOptions(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** The header facts of an evaluation that starts now. */
export function makeHeader(
  facts: Omit<EvalHeader, 'kind' | 'gameboardVersion' | 'commit' | 'startedAt' | 'node' | 'cpus'>,
): EvalHeader {
  return {
    kind: 'header',
    ...facts,
    agentOptions: canonicalOptions(facts.agentOptions),
    gameboardVersion: gameboardVersion(),
    commit: gitCommit(),
    startedAt: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
  };
}

/**
 * Where two headers differ in what makes their runs comparable or resumable (game, rules version,
 * agent, agent options, seeds, budget, step cap); `fields` limits the check. Null when they agree.
 */
export function headerMismatch(
  a: EvalHeader,
  b: EvalHeader,
  fields: ReadonlyArray<'game' | 'rulesVersion' | 'agent' | 'agentOptions' | 'seeds' | 'budget' | 'maxSteps'> = [
    'game',
    'rulesVersion',
    'agent',
    'agentOptions',
    'seeds',
    'budget',
    'maxSteps',
  ],
): string | null {
  const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
  for (const f of fields) {
    const x = f === 'agentOptions' ? canonicalOptions(a.agentOptions ?? {}) : a[f];
    const y = f === 'agentOptions' ? canonicalOptions(b.agentOptions ?? {}) : b[f];
    if (!same(x, y)) {
      const show = (v: unknown) => {
        const s = JSON.stringify(v ?? null);
        return s.length > 80 ? `${s.slice(0, 77)}...` : s;
      };
      return `${f} ${show(x)} against ${show(y)}`;
    }
  }
  return null;
}

/** A result file as read back: its header, its runs (in file order) and its last summary line. */
export interface ResultFile {
  header: EvalHeader;
  runs: RunResult[];
  summary: (Partial<Summary> & { interrupted?: boolean }) | null;
}

/** A result file that cannot be read or is not one. */
export class ResultFileError extends Error {}

/** Reads a .jsonl or .json result file (the .json files older versions wrote have a shorter header). */
export function readResultFile(path: string): ResultFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ResultFileError(`Cannot read ${path}: ${(err as Error).message}`);
  }
  if (/\.jsonl$/i.test(path)) {
    let header: EvalHeader | undefined;
    const runs: RunResult[] = [];
    let summary: ResultFile['summary'] = null;
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i].trim();
      if (!line) continue;
      let rec: { kind?: string } & Record<string, unknown>;
      try {
        rec = JSON.parse(line) as typeof rec;
      } catch {
        // A last line cut short (the process was killed while writing it) is no run.
        if (lines.slice(i + 1).every((l) => !l.trim())) break;
        throw new ResultFileError(`${path} line ${i + 1} is not JSON.`);
      }
      if (rec.kind === 'header') header ??= rec as unknown as EvalHeader;
      else if (rec.kind === 'run') {
        const { kind: _kind, ...run } = rec;
        // a seed played again (`--resume` replays failed runs): its latest line is its run
        const again = runs.findIndex((r) => String(r.seed) === String(run.seed));
        if (again >= 0) runs.splice(again, 1);
        runs.push(run as unknown as RunResult);
      } else if (rec.kind === 'summary') summary = rec as ResultFile['summary'];
    }
    if (!header)
      throw new ResultFileError(`${path} has no {"kind":"header"} line: it is not a gameboard eval result file.`);
    return { header, runs, summary };
  }
  let data: Partial<EvalHeader> & { runs?: RunResult[]; summary?: Summary };
  try {
    data = JSON.parse(text) as typeof data;
  } catch (err) {
    throw new ResultFileError(`${path} is not JSON: ${(err as Error).message}`);
  }
  if (typeof data?.game !== 'string' || !Array.isArray(data.runs))
    throw new ResultFileError(`${path} is not a gameboard eval result file: it needs game and runs.`);
  const header: EvalHeader = {
    kind: 'header',
    game: data.game,
    rulesVersion: data.rulesVersion ?? '',
    agent: data.agent ?? '',
    agentOptions: data.agentOptions ?? {},
    suite: data.suite ?? null,
    seeds: data.seeds ?? data.runs.map((r) => r.seed),
    budget: data.budget ?? null,
    maxSteps: data.maxSteps ?? null,
    gameboardVersion: data.gameboardVersion ?? 'unknown',
    commit: data.commit ?? null,
    startedAt: data.startedAt ?? '',
    node: data.node ?? '',
    cpus: data.cpus ?? 0,
  };
  return { header, runs: data.runs, summary: data.summary ?? null };
}

/**
 * Writes a .jsonl result file line by line: each line goes to the operating system before the call
 * returns (one `write`), so a run is in the file before the next one is written, and a crash or a
 * Ctrl-C loses nothing finished.
 */
export class JsonlWriter {
  private readonly fd: number;

  /** `append`: add to an existing file (`--resume`) instead of starting a new one. */
  constructor(
    readonly path: string,
    append = false,
  ) {
    this.fd = openSync(path, append ? 'a' : 'w');
  }

  line(record: Record<string, unknown>): void {
    writeSync(this.fd, JSON.stringify(record) + '\n');
  }

  close(): void {
    closeSync(this.fd);
  }
}
