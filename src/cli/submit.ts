/**
 * `gameboard submit FILE --label ... --name ... --server URL`: sends a whole result file of a published
 * suite to a server's benchmark board (POST /api/evaluations) and follows its replay until the server
 * publishes or refuses it. `gameboard eval --submit-evaluation LABEL` does the same with the runs it
 * has just played. The name's player key is kept as `eval --submit` keeps it (src/client/keyfile.ts).
 */
import { Command, InvalidArgumentError } from 'commander';
import { readResultFile, ResultFileError, type ResultFile } from '../agents/harness/results.js';
import { KeyFile } from '../client/keyfile.js';
import { parsePlayerName, parseUrl } from './args.js';
import { UserError } from './errors.js';

/** What the submitter says about the agent (the server's `meta`). */
interface SubmitMeta {
  model?: string;
  provider?: string;
  replyFormat?: string;
  temperature?: number;
  harnessVersion?: string;
  note?: string;
}

export interface SubmitOptions {
  server: string;
  label: string;
  name: string;
  /** The name's key: given, from $GAMEBOARD_PLAYER_KEY, or kept from an earlier use. */
  playerKey?: string;
  meta?: SubmitMeta;
  /** Where progress lines go (default stderr). */
  log?: (line: string) => void;
  /** How long to wait between looks at the replay's progress (ms). */
  pollMs?: number;
}

/** The evaluation as the server last answered it. */
export interface SubmittedEvaluation {
  id: string;
  status: 'published' | 'refused';
  error: string | null;
  figures: { mean: number; ci95: [number, number]; normalised: number | null; runs: number; failed: number } | null;
  url: string;
}

/** What the result file's header already says about the agent, unless given otherwise. */
function metaFromHeader(file: ResultFile, given: SubmitMeta = {}): SubmitMeta {
  const options = (file.header.agentOptions ?? {}) as Record<string, unknown>;
  const meta: SubmitMeta = {};
  if (typeof options.model === 'string') meta.model = options.model.slice(0, 100);
  if (typeof options.temperature === 'number') meta.temperature = options.temperature;
  if (typeof options.menu === 'boolean' && file.header.agent === 'llm')
    meta.replyFormat = options.menu ? 'menu' : 'no-menu';
  if (file.header.gameboardVersion && file.header.gameboardVersion !== 'unknown')
    meta.harnessVersion = `gameboard ${file.header.gameboardVersion}`.slice(0, 40);
  return { ...meta, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
}

async function json(res: Response): Promise<Record<string, unknown>> {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return { ok: false, error: 'bad_answer', message: `the server answered ${res.status} without JSON` };
  }
}

/** Sends `file` and waits for its verdict. Throws a UserError for a refusal at the door. */
export async function submitEvaluation(file: ResultFile, opts: SubmitOptions): Promise<SubmittedEvaluation> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const base = opts.server.replace(/\/+$/, '');
  const keys = new KeyFile();
  const key = opts.playerKey ?? process.env.GAMEBOARD_PLAYER_KEY ?? keys.get(base, opts.name);
  const body = {
    label: opts.label,
    player: { name: opts.name, kind: 'agent' },
    meta: metaFromHeader(file, opts.meta),
    result: { header: file.header, runs: file.runs },
  };
  let res: Response;
  try {
    res = await fetch(`${base}/api/evaluations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-player-key': key } : {}) },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new UserError(`Cannot reach ${base}: ${(err as Error).message}`);
  }
  const sent = await json(res);
  if (!res.ok || sent.ok !== true)
    throw new UserError(`${base} refused the evaluation: ${String(sent.message)} (${String(sent.error)})`, 2);
  const id = String(sent.id);
  if (typeof sent.playerKey === 'string') {
    keys.set(base, opts.name, sent.playerKey);
    log(
      `the name ${opts.name} is now yours on ${base}: its player key is kept in ${keys.path} and used again:\n${sent.playerKey}`,
    );
  }
  log(`evaluation ${id}: the server replays its ${String(sent.total)} runs`);
  let last = -1;
  for (;;) {
    const r = await fetch(`${base}/api/evaluations/${id}`);
    const now = await json(r);
    if (!r.ok) throw new UserError(`${base} answered ${r.status} for evaluation ${id}: ${String(now.message)}`);
    if (now.status !== 'replaying')
      return {
        id,
        status: now.status as SubmittedEvaluation['status'],
        error: (now.error as string | null) ?? null,
        figures: now.figures as SubmittedEvaluation['figures'],
        url: `${base}/benchmarks/${String(now.game)}`,
      };
    if (now.replayed !== last) {
      last = now.replayed as number;
      if (last > 0) log(`  replayed ${last} of ${String(now.total)}`);
    }
    await new Promise((ok) => setTimeout(ok, opts.pollMs ?? 500));
  }
}

/** The verdict as the CLI prints it; sets a failing exit code for a refusal. */
export function reportEvaluation(e: SubmittedEvaluation): string {
  if (e.status === 'refused') {
    process.exitCode = 1;
    return `evaluation ${e.id} refused: ${e.error ?? 'no reason given'}\n`;
  }
  const f = e.figures!;
  const r2 = (x: number) => (Math.round(x * 100) / 100).toString();
  return (
    `evaluation ${e.id} published: mean ${r2(f.mean)} (95% CI ${r2(f.ci95[0])} to ${r2(f.ci95[1])}) over ${f.runs} runs` +
    (f.failed ? `, ${f.failed} failed` : '') +
    (f.normalised === null ? '' : `, normalised ${r2(f.normalised)}`) +
    `\nboard: ${e.url}\n`
  );
}

const parseLabel = (raw: string) => {
  if (
    raw.length < 1 ||
    raw.length > 100 ||
    raw.trim() !== raw ||
    [...raw].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)
  )
    throw new InvalidArgumentError('a label is 1 to 100 characters, no control characters, no space at either end');
  return raw;
};

const parseNote = (raw: string) => {
  if (raw.length > 500) throw new InvalidArgumentError('a note is at most 500 characters');
  return raw;
};

interface SubmitFlags {
  label: string;
  name: string;
  server: string;
  playerKey?: string;
  model?: string;
  provider?: string;
  replyFormat?: string;
  temperature?: number;
  harnessVersion?: string;
  note?: string;
}

/** The `submit` command. */
export function submitCommand(): Command {
  return new Command('submit')
    .description("send a result file of a whole published suite to a server's benchmark board")
    .argument('<file>', 'a result file of `gameboard eval --suite dev|test --out FILE.jsonl` (or .json)')
    .requiredOption(
      '--label <text>',
      'the row\'s label, up to 100 characters ("/" allowed): "org/model (menu, t=0)"',
      parseLabel,
    )
    .requiredOption('--name <name>', 'the player name that owns the evaluation', parsePlayerName)
    .requiredOption('--server <url>', 'the server whose benchmark board it goes on', parseUrl)
    .option(
      '--player-key <key>',
      "the name's key (default: $GAMEBOARD_PLAYER_KEY, else the key kept from an earlier use)",
    )
    .option('--model <name>', "the model (default: the file's --model)")
    .option('--provider <name>', 'who served the model')
    .option('--reply-format <format>', 'how the agent answered, e.g. menu or json')
    .option('--temperature <t>', "sampling temperature (default: the file's)", parseFloat)
    .option('--harness-version <version>', "the harness's version (default: the file's gameboard version)")
    .option('--note <text>', 'anything a reader should know, at most 500 characters', parseNote)
    .action(async (path: string, flags: SubmitFlags) => {
      let file: ResultFile;
      try {
        file = readResultFile(path);
      } catch (err) {
        if (err instanceof ResultFileError) throw new UserError(err.message, 2);
        throw err;
      }
      const e = await submitEvaluation(file, {
        server: flags.server,
        label: flags.label,
        name: flags.name,
        playerKey: flags.playerKey,
        meta: {
          model: flags.model,
          provider: flags.provider,
          replyFormat: flags.replyFormat,
          temperature: flags.temperature,
          harnessVersion: flags.harnessVersion,
          note: flags.note,
        },
      });
      process.stdout.write(reportEvaluation(e));
    });
}
