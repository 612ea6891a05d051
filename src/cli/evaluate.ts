/**
 * `gameboard eval`: an agent over a seed suite (or a seed range), in-process on worker threads or
 * against a server, with a live progress bar on a terminal, a summary table at the end, and the runs
 * optionally saved (`--out`) and submitted to the open board (`--submit`).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Command, Option } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { evaluate, formatSummary, runsToCsv, type AgentOptions, type RunResult } from '../agents/harness/index.js';
import { GameboardClient } from '../client/index.js';
import { registry } from '../games/index.js';
import { intIn, parseOutFile, parsePlayerName, parseSeedList, parseSlug, parseUrl } from './args.js';
import { UserError } from './errors.js';

/** The options eval itself reads; any other option is handed to the agent (see AGENT_MAKERS). */
const OWN_OPTIONS = new Set([
  'game',
  'agent',
  'suite',
  'seeds',
  'workers',
  'server',
  'out',
  'submit',
  'playerKey',
  'maxSteps',
]);

interface EvalFlags {
  game: string;
  agent: string;
  suite?: 'dev' | 'test';
  seeds?: number[];
  workers?: number;
  server?: string;
  out?: string;
  submit?: string;
  playerKey?: string;
  maxSteps?: number;
  [agentOption: string]: unknown;
}

/** A progress bar on stderr when it is a terminal; nothing otherwise (CI logs stay clean). */
function progressBar(total: number): { update(done: number, mean: number): void; stop(): void } {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
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
  return { update: (done, mean) => bar.update(done, { mean: mean.toFixed(1) }), stop: () => bar.stop() };
}

/**
 * Submits every run to the open board of `server` under `name` (with its key when given); answers the
 * best rank reached (null when no run was listed) and the key the server handed out if the name was new.
 */
async function submitAll(
  server: string,
  game: string,
  name: string,
  key: string | undefined,
  results: RunResult[],
): Promise<{ best: number | null; newKey?: string }> {
  const client = new GameboardClient(server, key ? { playerKeys: { [name]: key } } : {});
  const spec = registry.get(game)!.spec;
  let best: number | null = null;
  let newKey: string | undefined;
  for (const r of results) {
    const saved = await client.submitRun(
      { game, rulesVersion: spec.rulesVersion, seed: r.seed, actions: r.actions ?? [] },
      { name, kind: 'agent' },
    );
    newKey ??= saved.playerKey;
    if (saved.rank !== null) best = best === null ? saved.rank : Math.min(best, saved.rank);
  }
  return { best, newKey };
}

async function runEval(flags: EvalFlags): Promise<void> {
  const spec = registry.get(flags.game)!.spec;
  const seeds = flags.seeds ?? spec.suites[flags.suite!];
  const workers = flags.workers ?? (flags.server ? 4 : Math.max(1, availableParallelism()));
  const agentOptions: AgentOptions = {};
  for (const [k, v] of Object.entries(flags)) if (!OWN_OPTIONS.has(k)) agentOptions[k] = v as AgentOptions[string];

  const bar = progressBar(seeds.length);
  let total = 0;
  let evaluation;
  try {
    evaluation = await evaluate({
      game: flags.game,
      agent: flags.agent,
      seeds,
      workers,
      server: flags.server,
      maxSteps: flags.maxSteps,
      keepActions: Boolean(flags.submit) || Boolean(flags.out?.toLowerCase().endsWith('.json')),
      agentOptions,
      onRun: (r, done) => {
        total += r.score;
        bar.update(done, total / done);
      },
    });
  } finally {
    bar.stop();
  }
  const { results, summary } = evaluation;
  const where = flags.server ? `server ${flags.server}, ${workers} at a time` : `in-process, ${workers} workers`;
  const from = flags.seeds ? `${seeds.length} given` : `suite ${flags.suite}`;
  process.stdout.write(`${formatSummary(summary, [['seeds', from], ['ran', where], ...evaluation.agentRows])}\n`);
  if (evaluation.rateLimited > 0)
    process.stderr.write(
      `the server rate-limited ${evaluation.rateLimited} requests; each waited for its Retry-After, which slowed the runs ` +
        `(on your own server, GAMEBOARD_RATE_LIMIT=off turns the limits off)\n`,
    );

  if (flags.out) {
    const text = flags.out.toLowerCase().endsWith('.csv')
      ? runsToCsv(flags.game, flags.agent, results)
      : JSON.stringify(
          { game: flags.game, rulesVersion: spec.rulesVersion, agent: flags.agent, summary, runs: results },
          null,
          1,
        ) + '\n';
    writeFileSync(flags.out, text);
    process.stdout.write(`wrote ${results.length} runs to ${flags.out}\n`);
  }
  if (flags.submit) {
    const key = flags.playerKey ?? process.env.GAMEBOARD_PLAYER_KEY;
    const { best, newKey } = await submitAll(flags.server!, flags.game, flags.submit, key, results);
    process.stdout.write(
      `submitted ${results.length} runs as ${flags.submit} to ${flags.server}; best rank ${best ?? '- (none finished)'}\n`,
    );
    if (newKey)
      process.stderr.write(
        `the name ${flags.submit} is now yours on ${flags.server}: keep its player key to submit under it again ` +
          `(--player-key or GAMEBOARD_PLAYER_KEY):\n${newKey}\n`,
      );
  }
}

/** The `eval` command. */
export function evalCommand(): Command {
  return new Command('eval')
    .description('evaluate an agent over a seed suite or a seed range, and summarise its runs')
    .requiredOption('--game <slug>', 'the game', parseSlug)
    .option(
      '--agent <name|path>',
      'a built-in agent (random, heuristic) or a module default-exporting a factory',
      'random',
    )
    .addOption(new Option('--suite <name>', "one of the game's published seed suites").choices(['dev', 'test']))
    .option('--seeds <range>', 'seeds instead of a suite: 1-100, 3,5,8', parseSeedList)
    .option(
      '--workers <n>',
      'worker threads in-process (default: one per CPU), or runs in flight with --server',
      intIn(0, 256),
    )
    .option('--server <url>', 'play over HTTP against this server instead of in-process', parseUrl)
    .option(
      '--max-steps <n>',
      "cap every run at n actions instead of the game's published budget",
      intIn(1, 10_000_000),
    )
    .option('--out <file>', 'save the runs: results.json (with actions) or results.csv', parseOutFile)
    .option('--submit <name>', 'submit every run to the open board of --server under this agent name', parsePlayerName)
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
      '--player-key <key>',
      'the key of the --submit name, answered when the name was first used (default: $GAMEBOARD_PLAYER_KEY)',
    )
    .action(async (flags: EvalFlags, cmd: Command) => {
      if ((flags.suite === undefined) === (flags.seeds === undefined))
        cmd.error('error: give exactly one of --suite dev|test and --seeds RANGE', { exitCode: 2 });
      if (flags.submit && !flags.server)
        cmd.error('error: --submit needs --server URL: the runs are played on that server and go on its open board', {
          exitCode: 2,
        });
      try {
        await runEval(flags);
      } catch (err) {
        throw UserError.from(err);
      }
    });
}
