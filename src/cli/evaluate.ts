/**
 * `gameboard eval`: an agent over a seed suite (or a seed range), in-process on worker threads or
 * against a server, with progress on stderr (a bar on a terminal, a line every few seconds otherwise),
 * a summary table at the end, and the runs saved as they finish (`--out results.jsonl`; `.json` and
 * `.csv` at the end), resumable (`--resume`), with per-step trajectories (`--trajectories`), and
 * submitted to the open board (`--submit`).
 *
 * Exit status: 0 every run completed; 1 some runs failed (or the agent stopped the evaluation); 2 bad
 * usage; 130 interrupted (Ctrl-C), with the finished runs and a summary already in the file.
 */
import { writeFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import {
  evaluate,
  formatSummary,
  defaultMoveTimeout,
  isFailed,
  runsToCsv,
  summarize,
  progressLabel,
  type AgentOptions,
  type EvalHeader,
  type RunResult,
} from '../agents/harness/index.js';
import { LLM_DEFAULTS } from '../agents/llm/index.js';
import { gameboardVersion } from '../version.js';
import { headerMismatch, JsonlWriter, makeHeader, readResultFile, ResultFileError } from '../agents/harness/results.js';
import { exactFigures, round2 } from '../agents/harness/stats.js';
import { requestFacts } from '../agents/llm/index.js';
import { llmOptions } from '../agents/llm/maker.js';
import { actionBudget, meterFor } from '../agents/budgets.js';
import { GameboardClient } from '../client/index.js';
import { KeyFile, nameKey } from '../client/keyfile.js';
import { registry } from '../games/index.js';
import { reportEvaluation, submitEvaluation } from './submit.js';
import { runRankedEval, type RankedFlags } from './ranked.js';
import { intIn, parseOutFile, parsePlayerName, parseSeedList, parseSlug, parseUrl } from './args.js';
import { UserError } from './errors.js';

/** The options eval itself reads; any other option is handed to the agent (see AGENT_MAKERS). */
const OWN_OPTIONS = new Set([
  'game',
  'agent',
  'suite',
  'seeds',
  'workers',
  'concurrency',
  'server',
  'out',
  'resume',
  'trajectories',
  'observations',
  'moveTimeout',
  'startupTimeout',
  'submit',
  'playerKey',
  'maxSteps',
  'submitEvaluation',
  'name',
  'ranked',
  'label',
  'maxForfeitRate',
  'evalTokenBudget',
]);

interface EvalFlags {
  game: string;
  agent: string;
  suite?: 'dev' | 'test';
  seeds?: number[];
  workers?: number;
  concurrency?: number;
  server?: string;
  out?: string;
  resume?: string;
  trajectories?: string;
  observations: boolean;
  moveTimeout?: number;
  startupTimeout?: number;
  submit?: string;
  playerKey?: string;
  maxSteps?: number;
  /** --submit-evaluation LABEL (src/cli/submit.ts), under --name. */
  submitEvaluation?: string;
  name?: string;
  /** --ranked N: held-out ranked sessions (src/cli/ranked.ts). */
  ranked?: number;
  label?: string;
  maxForfeitRate: number;
  evalTokenBudget?: number;
  [agentOption: string]: unknown;
}

/** How often, piped, a progress line is written (GAMEBOARD_PROGRESS_SECONDS changes it). */
function progressSeconds(): number {
  const s = Number(process.env.GAMEBOARD_PROGRESS_SECONDS);
  return Number.isFinite(s) && s > 0 ? s : 5;
}

/** "1 m 05 s" */
function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '-';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} m ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor(s / 60) % 60).padStart(2, '0')} m`;
}

/**
 * Progress on stderr: a bar on a terminal; piped (CI, nohup), one line every few seconds with the runs
 * done of the total, the mean score so far and the time left.
 */
function progressReporter(total: number): { update(done: number, mean: number): void; stop(): void } {
  if (process.stderr.isTTY) {
    const bar = new SingleBar(
      {
        stream: process.stderr,
        format: '{bar} {value}/{total} runs | mean score {mean} | ETA {eta_formatted}',
        hideCursor: true,
        etaBuffer: 20,
      },
      Presets.shades_classic,
    );
    bar.start(total, 0, { mean: '-' });
    return {
      update: (done, mean) => bar.update(done, { mean: Number.isFinite(mean) ? mean.toFixed(1) : '-' }),
      stop: () => bar.stop(),
    };
  }
  const started = performance.now();
  let done = 0;
  let mean = NaN;
  const timer = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    const eta = done > 0 ? (elapsed / done) * (total - done) : NaN;
    process.stderr.write(
      `progress: ${done}/${total} runs, mean score ${Number.isFinite(mean) ? mean.toFixed(1) : '-'}, ` +
        `${duration(elapsed)} elapsed, ETA ${duration(eta)}\n`,
    );
  }, progressSeconds() * 1000);
  timer.unref();
  return {
    update: (d, m) => {
      done = d;
      mean = m;
    },
    stop: () => clearInterval(timer),
  };
}

/** Objects holding a player name anywhere in a leaderboard answer. */
function namesIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) namesIn(v, into);
  else if (value && typeof value === 'object') {
    const player = (value as { player?: { name?: unknown } }).player;
    if (typeof player?.name === 'string') into.add(nameKey(player.name));
    for (const v of Object.values(value)) namesIn(v, into);
  }
  return into;
}

/**
 * Before any run: is `name` already someone's on `server`? There is no route that says so without
 * claiming the name, so this reads the open and ranked boards of every game (GET requests only: it
 * changes nothing on the server) and looks for the name there. A name claimed but on no board's first
 * 100 entries is only found when the first run is submitted.
 */
async function nameTaken(server: string, name: string): Promise<boolean> {
  const wanted = nameKey(name);
  for (const slug of registry.slugs()) {
    for (const board of ['open', 'ranked']) {
      let answer: Response;
      try {
        answer = await fetch(new URL(`api/games/${slug}/leaderboard?board=${board}&limit=100`, server));
      } catch (err) {
        throw new UserError(`Cannot reach ${server}: ${(err as Error).message} (network)`, 1);
      }
      if (!answer.ok) continue;
      if (namesIn(await answer.json(), new Set()).has(wanted)) return true;
    }
  }
  return false;
}

/**
 * Submits every finished run to the open board of `server` under `name` (with its key when given);
 * answers the best rank reached (null when no run was listed) and the key the server handed out if
 * the name was new.
 */
async function submitAll(
  server: string,
  game: string,
  name: string,
  key: string | undefined,
  results: RunResult[],
): Promise<{ best: number | null; newKey?: string; submitted: number }> {
  const spec = registry.get(game)!.spec;
  let best: number | null = null;
  let newKey: string | undefined;
  let submitted = 0;
  for (const r of results.filter((x) => !isFailed(x))) {
    const current = newKey ?? key;
    const client = new GameboardClient(server, current ? { playerKeys: { [name]: current } } : {});
    const saved = await client.submitRun(
      { game, rulesVersion: spec.rulesVersion, seed: r.seed, actions: r.actions ?? [] },
      { name, kind: 'agent' },
    );
    submitted++;
    newKey ??= saved.playerKey;
    if (saved.rank !== null) best = best === null ? saved.rank : Math.min(best, saved.rank);
  }
  return { best, newKey, submitted };
}

/** A run as its `{"kind":"run"}` line (the trajectory goes to its own file). */
function runLine(r: RunResult): Record<string, unknown> {
  const { trajectory: _t, ...rest } = r;
  return { kind: 'run', ...rest };
}

/** The tokens (prompt + completion) billed to a run, from its agent figures; 0 when it reported none. */
function tokensOf(r: RunResult): number {
  const s = r.agentStats as { promptTokens?: unknown; completionTokens?: unknown } | undefined;
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  return n(s?.promptTokens) + n(s?.completionTokens);
}

/**
 * Marks a run `degraded` when its agent forfeited more than `rate` of its moves (an LLM's `forfeits` of
 * its `moves`, from the run's agent figures); such runs are counted apart in the summary.
 */
function markDegraded(r: RunResult, rate: number): void {
  const s = r.agentStats as { forfeits?: unknown; moves?: unknown } | undefined;
  if (typeof s?.forfeits === 'number' && typeof s.moves === 'number' && s.moves > 0 && s.forfeits / s.moves > rate)
    r.degraded = true;
}

/** Writes text to a file descriptor at once (the process may exit right after). */
function writeNow(fd: 1 | 2, text: string): void {
  writeSync(fd, text);
}

async function runEval(flags: EvalFlags): Promise<void> {
  const game = registry.get(flags.game)!;
  const spec = game.spec;
  const seeds = flags.ranked !== undefined ? [] : (flags.seeds ?? spec.suites[flags.suite!]);
  const workers = flags.workers ?? (flags.server ? 4 : Math.max(1, availableParallelism()));
  const agentOptions: AgentOptions = {};
  for (const [k, v] of Object.entries(flags)) if (!OWN_OPTIONS.has(k)) agentOptions[k] = v as AgentOptions[string];
  const budget = flags.maxSteps !== undefined ? actionBudget(flags.maxSteps) : meterFor(flags.game);
  const header: EvalHeader = makeHeader({
    game: flags.game,
    rulesVersion: spec.rulesVersion,
    agent: flags.agent,
    // The LLM agent's settings in full: the options given over the defaults it plays by.
    agentOptions: flags.agent === 'llm' ? { ...LLM_DEFAULTS, ...agentOptions } : agentOptions,
    suite: flags.seeds ? null : flags.suite!,
    seeds: [...seeds],
    budget: budget ? { limit: budget.limit, unit: budget.unit } : null,
    maxSteps: flags.maxSteps ?? null,
    moveTimeoutMs: flags.moveTimeout ?? defaultMoveTimeout(flags.agent) ?? null,
    label: flags.label ?? null,
    harnessVersion: gameboardVersion(),
    maxForfeitRate: flags.maxForfeitRate,
    ...(flags.agent === 'llm' ? requestFacts(llmOptions(agentOptions), flags.game) : {}),
  });

  if (flags.ranked !== undefined) return runRankedEval(flags as unknown as RankedFlags, header, agentOptions);
  // A seedless game (its spec says so: every seed plays the same game) at temperature 0 gives one sample
  // however many seeds: say so before any run.
  const temperature = flags.temperature === undefined ? LLM_DEFAULTS.temperature : Number(flags.temperature);
  if (spec.seedless && flags.agent === 'llm' && temperature === 0 && seeds.length > 1)
    writeNow(
      2,
      `warning: ${spec.name} is seedless (every seed plays the same game), so at temperature 0 these ${seeds.length} ` +
        `runs are one sample repeated and their interval means nothing: report one run per setting, or several ` +
        `runs at a temperature above 0 (--temperature)\n`,
    );

  // --resume: the runs already in the file count, and only the missing seeds are played.
  let earlier: RunResult[] = [];
  const outPath = flags.resume ?? flags.out;
  if (flags.resume) {
    if (flags.out && resolve(flags.out) !== resolve(flags.resume))
      throw new UserError(`--resume appends to ${flags.resume}: give no --out, or the same file.`, 2);
    let file;
    try {
      file = readResultFile(flags.resume);
    } catch (err) {
      if (err instanceof ResultFileError) throw new UserError(err.message, 2);
      throw err;
    }
    const mismatch = headerMismatch(file.header, header);
    if (mismatch)
      throw new UserError(
        `Cannot resume ${flags.resume}: it was made with another setup (${mismatch}); run the same command it was made with.`,
        2,
      );
    earlier = file.runs;
  }
  // a failed run (an error outcome: the model endpoint unavailable, a timeout, a crash) is played again
  const have = new Set(earlier.filter((r) => !isFailed(r)).map((r) => String(r.seed)));
  const toPlay = seeds.filter((s) => !have.has(String(s)));

  // --submit: a name taken by someone else stops here, before any run.
  const keys = new KeyFile();
  let key: string | undefined;
  if (flags.submit) {
    key = flags.playerKey ?? process.env.GAMEBOARD_PLAYER_KEY ?? keys.get(flags.server!, flags.submit);
    if (!key && (await nameTaken(flags.server!, flags.submit)))
      throw new UserError(
        `The name "${flags.submit}" is taken on ${flags.server}, and no key for it was given (--player-key, ` +
          `GAMEBOARD_PLAYER_KEY) or kept in ${keys.path}: pick another name, or give its key.`,
        2,
      );
  }

  const jsonl = outPath && /\.jsonl$/i.test(outPath) ? new JsonlWriter(outPath, Boolean(flags.resume)) : undefined;
  if (jsonl && !flags.resume) jsonl.line({ ...header });
  const steps = flags.trajectories ? new JsonlWriter(flags.trajectories, Boolean(flags.resume)) : undefined;

  // Ctrl-C: stop starting runs, write what finished and a summary; a second Ctrl-C exits at once. A
  // SIGINT within a second of the first is the same Ctrl-C, come twice (from the terminal and passed on
  // by bin/gameboard.js).
  const interrupt = new AbortController();
  let firstSigint = 0;
  const onSigint = () => {
    if (!interrupt.signal.aborted) {
      firstSigint = performance.now();
      interrupt.abort();
    } else if (performance.now() - firstSigint > 1000) process.exit(130);
  };
  process.on('SIGINT', onSigint);
  // Node exits with 13 when nothing is left to wait for but a promise that never settles (an agent's move
  // with no timeout): say so, rather than exit with no word. Every finished run is in the file already.
  process.on('exit', (code) => {
    if (code === 13)
      writeNow(
        2,
        `gameboard: the evaluation stopped: an agent's move never settled and nothing else was left to wait for ` +
          `(give --move-timeout)${outPath ? `; the finished runs are in ${outPath}` : ''}\n`,
      );
  });

  const bar = progressReporter(toPlay.length);
  let total = 0;
  let completed = 0;
  // --eval-token-budget: the tokens billed to the runs of this evaluation (those in the file already too);
  // once spent, no run is started and the runs in flight are dropped (a resume plays them)
  let tokensSpent = earlier.reduce((a, r) => a + tokensOf(r), 0);
  let budgetSpent = false;
  let evaluation;
  try {
    evaluation = await evaluate({
      game: flags.game,
      agent: flags.agent,
      seeds: toPlay,
      workers,
      concurrency: flags.concurrency,
      server: flags.server,
      maxSteps: flags.maxSteps,
      moveTimeoutMs: flags.moveTimeout,
      startupTimeoutMs: flags.startupTimeout,
      trajectories: Boolean(flags.trajectories),
      observations: flags.observations,
      keepActions:
        Boolean(flags.submit) || Boolean(flags.submitEvaluation) || Boolean(outPath && /\.jsonl?$/i.test(outPath)),
      agentOptions,
      signal: interrupt.signal,
      onRun: (r, done) => {
        markDegraded(r, flags.maxForfeitRate);
        if (!isFailed(r)) {
          total += r.score;
          completed++;
        }
        if (r.trajectory && steps) for (const line of r.trajectory) steps.line(line);
        jsonl?.line(runLine(r));
        bar.update(done, completed ? total / completed : NaN);
        tokensSpent += tokensOf(r);
        if (flags.evalTokenBudget !== undefined && tokensSpent >= flags.evalTokenBudget && !budgetSpent) {
          budgetSpent = true;
          interrupt.abort();
        }
      },
    });
  } finally {
    bar.stop();
    steps?.close();
  }
  const interrupted = evaluation.stopped?.kind === 'interrupted' && !budgetSpent;
  const abort = evaluation.stopped?.kind === 'abort' ? evaluation.stopped.message : undefined;
  const fresh = evaluation.results.map((r) => {
    const { trajectory: _t, ...rest } = r;
    return rest as RunResult;
  });
  const order = new Map(seeds.map((s, i) => [String(s), i]));
  const replayed = new Set(fresh.map((r) => String(r.seed)));
  const results = [...earlier.filter((r) => !replayed.has(String(r.seed))), ...fresh].sort(
    (a, b) => (order.get(String(a.seed)) ?? 0) - (order.get(String(b.seed)) ?? 0),
  );
  const summary = flags.resume
    ? summarize(
        flags.game,
        flags.agent,
        progressLabel(flags.game),
        results,
        evaluation.summary.wallSeconds * 1000,
        evaluation.summary.startupSeconds * 1000,
      )
    : evaluation.summary;
  const ending: Record<string, unknown> = {};
  if (interrupted) ending.interrupted = true;
  if (budgetSpent) ending.stopped = 'eval_token_budget';
  if (abort !== undefined) ending.aborted = abort;
  // the file's figures are exact; the table below rounds
  const exact = exactFigures(results);
  if (jsonl) {
    jsonl.line({ kind: 'summary', label: flags.label ?? null, ...summary, ...exact, ...ending });
    jsonl.close();
  }

  const where = flags.server
    ? `server ${flags.server}, ${flags.concurrency ?? workers} at a time`
    : `in-process, ${workers} workers` + (flags.concurrency ? `, ${flags.concurrency} runs in flight each` : '');
  const from = flags.seeds ? `${seeds.length} given` : `suite ${flags.suite}`;
  const rows: [string, string][] = [['seeds', from], ['ran', where], ...evaluation.agentRows];
  if (flags.label) rows.unshift(['label', flags.label]);
  if (exact.errors > 0) rows.push(['mean, failed as 0', String(round2(exact.meanFailedAsZero))]);
  if (exact.degraded > 0)
    rows.push([
      'degraded',
      `${exact.degraded} runs forfeited more than ${flags.maxForfeitRate * 100} % of their moves (seeds ${exact.degradedSeeds
        .slice(0, 20)
        .join(', ')})`,
    ]);
  if (flags.resume)
    rows.push(['resumed', `${earlier.length} runs were in ${flags.resume}; ${fresh.length} played now`]);
  if (interrupted) rows.push(['interrupted', `after ${results.length} of ${seeds.length} runs`]);
  if (budgetSpent)
    rows.push([
      'stopped',
      `--eval-token-budget ${flags.evalTokenBudget} spent (${tokensSpent} tokens) after ${results.length} of ` +
        `${seeds.length} runs; --resume ${outPath ?? 'FILE.jsonl'} plays the rest`,
    ]);
  let text = `${formatSummary(summary, rows)}\n`;
  const failed = results.filter(isFailed);
  if (failed.length > 0) {
    text += `failed runs:\n`;
    for (const r of failed.slice(0, 20))
      if (r.outcome.kind === 'error') text += `  seed ${r.seed}: ${r.outcome.reason}: ${r.outcome.message}\n`;
    if (failed.length > 20) text += `  and ${failed.length - 20} more (see the run lines of the result file)\n`;
  }
  writeNow(1, text);
  if (evaluation.rateLimited > 0)
    writeNow(
      2,
      `the server rate-limited ${evaluation.rateLimited} requests; each waited for its Retry-After, which slowed the runs ` +
        `(on your own server, GAMEBOARD_RATE_LIMIT=off turns the limits off)\n`,
    );

  if (outPath && !jsonl) {
    const data = outPath.toLowerCase().endsWith('.csv')
      ? runsToCsv(header, results)
      : JSON.stringify(
          { ...header, kind: undefined, summary: { ...summary, ...exact, ...ending }, runs: results },
          null,
          1,
        ) + '\n';
    writeFileSync(outPath, data);
  }
  if (outPath) writeNow(1, `wrote ${results.length} runs to ${outPath}\n`);
  if (interrupted) process.exit(130);
  if (abort !== undefined) {
    writeNow(2, `gameboard: ${abort}\n`);
    process.exit(1);
  }

  if (flags.submit) {
    const { best, newKey, submitted } = await submitAll(flags.server!, flags.game, flags.submit, key, fresh);
    process.stdout.write(
      `submitted ${submitted} runs as ${flags.submit} to ${flags.server}; best rank ${best ?? '- (none finished)'}\n`,
    );
    if (newKey) {
      keys.set(flags.server!, flags.submit, newKey);
      process.stderr.write(
        `the name ${flags.submit} is now yours on ${flags.server}: its player key is kept in ${keys.path} and used ` +
          `again (--player-key or GAMEBOARD_PLAYER_KEY still win):\n${newKey}\n`,
      );
    }
  }
  if (flags.submitEvaluation) {
    const e = await submitEvaluation(
      { header, runs: results, summary: null },
      { server: flags.server!, label: flags.submitEvaluation, name: flags.name!, playerKey: flags.playerKey },
    );
    process.stdout.write(reportEvaluation(e));
  }
  if (failed.length > 0) process.exitCode = 1;
}

/** The `eval` command. */
export function evalCommand(): Command {
  return new Command('eval')
    .description('evaluate an agent over a seed suite or a seed range, and summarise its runs')
    .requiredOption('--game <slug>', 'the game', parseSlug)
    .option(
      '--agent <name|path|cmd:command>',
      'a built-in agent (random, heuristic, llm), a module default-exporting a factory (.js .mjs .cjs .ts .mts), ' +
        'or "cmd:COMMAND", a program of any language speaking JSON lines (see docs/agents.md)',
      'random',
    )
    .addOption(new Option('--suite <name>', "one of the game's published seed suites").choices(['dev', 'test']))
    .option('--seeds <range>', 'seeds instead of a suite: 1-100, 3,5,8', parseSeedList)
    .option(
      '--workers <n>',
      'worker threads in-process (default: one per CPU), or runs in flight with --server',
      intIn(0, 256),
    )
    .option(
      '--concurrency <n>',
      'runs in flight at once in each thread (or with --server), for agents that wait on I/O (llm, cmd:)',
      intIn(1, 1024),
    )
    .option('--server <url>', 'play over HTTP against this server instead of in-process', parseUrl)
    .option(
      '--max-steps <n>',
      "cap every run at n actions instead of the game's published budget",
      intIn(1, 10_000_000),
    )
    .option(
      '--out <file>',
      'save the runs: results.jsonl (streamed, one line per run as it finishes), results.json (with actions) or results.csv',
      parseOutFile,
    )
    .option('--resume <file.jsonl>', 'play only the seeds missing from this result file, and append to it', (raw) => {
      if (!/\.jsonl$/i.test(raw)) throw new InvalidArgumentError(`--resume takes a .jsonl result file; got "${raw}".`);
      return raw;
    })
    .option('--trajectories <file.jsonl>', 'write one line per step of every run to this file')
    .option('--no-observations', 'with --trajectories: leave the observation text out of the step lines')
    .option(
      '--move-timeout <ms>',
      'fail a run whose agent takes longer than this for one move, timed from when it is asked (default 30000 ' +
        'for cmd: agents, 60000 for agent modules, none for the built-ins)',
      intIn(1, 86_400_000),
    )
    .option(
      '--startup-timeout <ms>',
      "cmd: agents: the longest a fresh process's first answer may take, its start-up included (default 120000)",
      intIn(1, 86_400_000),
    )
    .addOption(
      new Option(
        '--reply-format <format>',
        'llm agent: text (the JSON action ending a free reply), json (a JSON-schema reply, response_format) or ' +
          'tools (one function whose parameter is the action; tool_calls are read)',
      ).choices(['text', 'json', 'tools']),
    )
    .addOption(
      new Option(
        '--menu-order <order>',
        "llm agent: the legal actions' order in the prompt: shuffled (default, seeded from the run's seed) or engine",
      ).choices(['shuffled', 'engine']),
    )
    .option(
      '--compact',
      'llm agent: the observation lines that never change (the legend) go once into the system message, not into every move',
    )
    .option(
      '--token-budget <n>',
      'llm agent: end a run (truncated, reason token_budget) once its requests were billed this many tokens',
      intIn(1, Number.MAX_SAFE_INTEGER),
    )
    .option(
      '--eval-token-budget <n>',
      'stop the evaluation cleanly once its runs were billed this many tokens (checked as runs finish; resumable)',
      intIn(1, Number.MAX_SAFE_INTEGER),
    )
    .option(
      '--label <text>',
      'the name this agent goes by in the result file, compare and table (e.g. "org/model, t=0")',
    )
    .option(
      '--max-forfeit-rate <r>',
      'mark a run degraded (counted apart in the summary) when its agent forfeits more than this share of its moves',
      (raw) => {
        const r = Number(raw);
        if (!Number.isFinite(r) || r < 0 || r > 1) throw new InvalidArgumentError('a share from 0 to 1, e.g. 0.2');
        return r;
      },
      0.2,
    )
    .option('--submit <name>', 'submit every run to the open board of --server under this agent name', parsePlayerName)
    .option(
      '--submit-evaluation <label>',
      "send the whole suite's runs to --server's benchmark board under this label, owned by --name (see `gameboard submit`)",
    )
    .option('--name <name>', 'the player name of --submit-evaluation and --ranked', parsePlayerName)
    .option(
      '--ranked <n>',
      'play n ranked live sessions on --server as --name (held-out seeds the server draws; at most 8 at once)',
      intIn(1, 10_000),
    )
    .option('--base-url <url>', 'llm agent: the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1', parseUrl)
    .option('--model <name>', 'llm agent: the model')
    .option('--api-key-env <var>', 'llm agent: the environment variable holding the key (default OPENAI_API_KEY)')
    .option('--no-menu', 'llm agent: withhold the legal actions from the prompt (legality is tested too)')
    .option('--retries <n>', 'llm agent: attempts after an unusable reply before a forfeit (default 2)', intIn(0, 20))
    .option(
      '--max-batch <n>',
      'llm agent: the largest Briarwink tick count it sends; larger counts are cut (default 30)',
      intIn(1, 30),
    )
    .option('--strict-parse', 'llm agent: repair nothing in a reply (a misspelt or out-of-cap action is unparsable)')
    .option('--temperature <t>', 'llm agent: sampling temperature', parseFloat)
    .option('--timeout-ms <ms>', 'llm agent: per request (default 60000)', intIn(1, 600_000))
    .option(
      '--max-tokens <n>',
      'llm agent: sent as max_tokens in every request (default 1024; raise it for reasoning models)',
      intIn(1, 1_000_000),
    )
    .option(
      '--max-failures <n>',
      'llm agent: failures of one request in a row, each waited on, after which the endpoint is unavailable: ' +
        'the run is an error run (model_unavailable) and the evaluation stops (default 8)',
      intIn(1, 1000),
    )
    .option(
      '--backoff-ms <ms>',
      'llm agent: the first wait after a failure without Retry-After, doubled per failure, with jitter (default 1000)',
      intIn(0, 3_600_000),
    )
    .option('--backoff-max-ms <ms>', 'llm agent: the longest such wait (default 60000)', intIn(0, 3_600_000))
    .option(
      '--player-key <key>',
      'the key of the --submit name (default: $GAMEBOARD_PLAYER_KEY, else the key kept from an earlier --submit)',
    )
    .action(async (flags: EvalFlags, cmd: Command) => {
      if (flags.ranked !== undefined) {
        if (!flags.server || !flags.name || flags.suite !== undefined || flags.seeds !== undefined)
          cmd.error('error: --ranked N needs --server URL and --name NAME, and no --suite or --seeds', { exitCode: 2 });
      } else if ((flags.suite === undefined) === (flags.seeds === undefined))
        cmd.error('error: give exactly one of --suite dev|test and --seeds RANGE', { exitCode: 2 });
      if (flags.submit && !flags.server)
        cmd.error('error: --submit needs --server URL: the runs are played on that server and go on its open board', {
          exitCode: 2,
        });
      if (flags.submitEvaluation && (!flags.server || !flags.name || (!flags.suite && flags.ranked === undefined)))
        cmd.error('error: --submit-evaluation needs --server URL, --name NAME and --suite dev|test (or --ranked N)', {
          exitCode: 2,
        });
      try {
        await runEval(flags);
      } catch (err) {
        throw UserError.from(err);
      }
    });
}
