/**
 * The LLM agent: plays any game through an OpenAI-compatible chat-completions endpoint.
 *
 * Each move: the prompt (the game's rules, recent moves, the observation text, and in menu mode the
 * legal actions, once) goes to the model; the reply is read by the parser (parse.ts: forgiving, with
 * each repair counted, or strict). An unparsable reply, an illegal action (the feedback carries the
 * engine's reason and message) or a failed request (HTTP error, timeout) is retried with the reason as
 * feedback, up to `retries` times; after that the move is a forfeit and the game's documented fallback
 * is played (each game's shells.ts guide: Whirlyard and Delvewick `wait`, Cragwake `breathe` or `climbOn`,
 * Briarwink a `tick` with `move: null` or `start`). Every game has a fallback legal whenever its run goes
 * on, so a forfeit never stops a run; if one ever had none, `act` throws and the run stops there.
 *
 * Waiting, not forfeiting: a request that got no reply from the model (no answer, a reset, a timeout,
 * 408, 409, 425, 429 or any 5xx) is sent again after a wait, and never costs the move an attempt: only a
 * reply the model gave can be refused, repaired or forfeited. The wait is what the answer's
 * `Retry-After` asked for (seconds or an HTTP date, up to `RETRY_AFTER_MAX_MS`), else an exponential
 * backoff with jitter (`backoffMs` doubled per failure, capped at `backoffMaxMs`, each wait drawn
 * between half and all of that). Past `maxFailures` failures of one request in a row the endpoint is
 * unavailable: `ModelUnavailable` (an EvaluationAbort with reason `model_unavailable`) ends the run as
 * an error run of that reason and stops the evaluation with one line naming the endpoint and the last
 * error. An answer of 401, 403 or 404 stops the evaluation at once (nothing a wait can mend). Other 4xx
 * answers (400, 413, 422...) are the request's fault: they count as a failed attempt of the move.
 *
 * Statistics: every agent made has `stats` (one `LlmMoveStats` per move), and the factory keeps every
 * run's stats in `factory.runs`, in the order the runs were started; `summarise` turns one into the
 * eval table's columns.
 */
import { createHash } from 'node:crypto';
import type { AnyGame, GameAction } from '../../core/game.js';
import { staticLines } from '../../mcp/compact.js';
import { isAllowed } from '../../core/legal.js';
import { registry } from '../../games/index.js';
import { EvaluationAbort } from '../harness/errors.js';
import type { Agent, AgentFactory, AgentView } from '../types.js';
import {
  chat,
  ChatError,
  endpointName,
  isFatalStatus,
  isTransient,
  type ChatMessage,
  type ChatOptions,
  type ChatReply,
  requestBody,
} from './chat.js';
import { grammarOf, parseReply, type Grammar } from './parse.js';
import {
  agentRulesText,
  feedbackMessage,
  positionMessage,
  systemMessage,
  type HistoryEntry,
  type PromptInput,
} from './prompt.js';

/** The longest `Retry-After` honoured as asked (10 minutes); a longer one waits this long. */
const RETRY_AFTER_MAX_MS = 600_000;

/**
 * The model endpoint gave no reply after `maxFailures` tries in a row: the run ends as an error run
 * with reason `model_unavailable`, and the evaluation stops (`--resume` plays such runs again).
 */
export class ModelUnavailable extends EvaluationAbort {
  override readonly reason = 'model_unavailable';
}

/** The options, one for each CLI flag of `gameboard eval --agent llm`. */
export interface LlmAgentOptions {
  /** `--base-url`: the endpoint's base, e.g. https://api.openai.com/v1 (the agent posts to /chat/completions). */
  baseUrl: string;
  /** `--model`. */
  model: string;
  /** The key itself; when absent it is read from the environment variable `apiKeyEnv`. */
  apiKey?: string;
  /** `--api-key-env`: the variable holding the key (default OPENAI_API_KEY). No key: no Authorization header. */
  apiKeyEnv?: string;
  /** Menu mode (default true) lists the legal actions; `--no-menu` sets false and withholds them. */
  menu?: boolean;
  /** `--retries`: extra attempts after an unusable reply (default 2). */
  retries?: number;
  /** `--max-batch`: the largest Briarwink tick `count` the agent sends (default 30; larger counts are cut). */
  maxBatch?: number;
  /** `--strict-parse`: repair nothing in a reply (a reply that needs a repair is unparsable). */
  strictParse?: boolean;
  /** The rules for the system prompt; default the game's rules from its spec (`agentRulesText`). */
  rulesText?: string | ((game: string) => string);
  /** How many past moves the prompt recalls (default 8). */
  history?: number;
  /** Per request (default 60,000 ms); a slower reply counts as a failed request (waited on, sent again). */
  timeoutMs?: number;
  temperature?: number;
  /** `--max-tokens`: sent as `max_tokens` in every request (default 1024). */
  maxTokens?: number;
  /** `--max-failures`: failures of one request in a row (each after its wait) that make the endpoint unavailable (default 8). */
  maxFailures?: number;
  /** `--backoff-ms`: the first wait after a failure without Retry-After, doubled per failure (default 1000). */
  backoffMs?: number;
  /** `--backoff-max-ms`: the longest such wait (default 60,000). */
  backoffMaxMs?: number;
  /** How to wait (tests); default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * `--reply-format`: `text` (default: the action as JSON at the end of a free reply), `json` (a JSON-schema
   * reply, `response_format`: `{"action": ...}`), `tools` (one function, `act`, whose one parameter
   * `action` has the game's action schema; the reply's `tool_calls` are read).
   */
  replyFormat?: ReplyFormat;
  /**
   * `--menu-order`: `shuffled` (default: the legal actions listed in an order drawn from the run's seed
   * and the step, so position in the menu carries no signal) or `engine` (the game's own order).
   */
  menuOrder?: 'shuffled' | 'engine';
  /**
   * `--compact`: the observation lines that are the same in every position (src/mcp/compact.ts, as the
   * MCP server's compact mode) go once into the system message instead of into every position message.
   */
  compact?: boolean;
  /** `--token-budget`: a run whose requests were billed this many tokens (prompt + completion) ends `truncated`, reason `token_budget`. */
  tokenBudget?: number;
}

/** How the model is asked to answer. */
type ReplyFormat = 'text' | 'json' | 'tools';

/**
 * The request body fields a reply format adds for `game`: `response_format` with a JSON schema
 * (`{"action": <the action schema>}`), or one tool `act` with that one parameter, its use required.
 */
function replyFormatBody(format: ReplyFormat, game: string): Record<string, unknown> {
  if (format === 'text') return {};
  const action = registry.get(game)?.spec.actionSchema ?? { type: 'object' };
  const parameters = {
    type: 'object',
    properties: { action: { ...action, description: `One ${game} action.` } },
    required: ['action'],
    additionalProperties: false,
  };
  if (format === 'json')
    return { response_format: { type: 'json_schema', json_schema: { name: 'action', schema: parameters } } };
  return {
    tools: [
      {
        type: 'function',
        function: { name: 'act', description: `Play one ${game} action now.`, parameters },
      },
    ],
    tool_choice: { type: 'function', function: { name: 'act' } },
  };
}

const fixedByGame = new Map<string, ReadonlySet<string>>();

/** The lines of `game`'s observation text that are the same in every position (learnt once per thread). */
function fixedLinesOf(game: AnyGame): ReadonlySet<string> {
  let lines = fixedByGame.get(game.spec.slug);
  if (!lines) fixedByGame.set(game.spec.slug, (lines = staticLines(game)));
  return lines;
}

/** A `{"action": {...}}` reply (json and tools formats) as the action's own JSON; other text as it is. */
function unwrapAction(content: string): string {
  try {
    const parsed = JSON.parse(content) as { action?: unknown } | null;
    if (parsed && typeof parsed === 'object' && parsed.action && typeof parsed.action === 'object')
      return JSON.stringify(parsed.action);
  } catch {
    // not JSON: the parser says why
  }
  return content;
}

/** What one move cost. */
interface LlmMoveStats {
  step: number;
  /** Wall time of all the move's requests, in ms. */
  latencyMs: number;
  /** Requests after the first. */
  retries: number;
  /** Replies that parsed to an action the game did not allow now. */
  illegal: number;
  /** Replies that could not be read as an action of the grammar. */
  unparsable: number;
  /** Replies read only after a repair (a spelling, a case, an alias, a count cut to the cap...). */
  repaired: number;
  /** What was repaired, over the move's replies. */
  repairs: string[];
  /** Requests that failed (HTTP error, timeout, malformed answer). */
  errors: number;
  /** Requests sent, those sent again after a failure included. */
  requests: number;
  /** Requests sent again after a wait (a failure without a reply from the model). */
  waits: number;
  /** Time spent waiting before those, in ms (in `latencyMs` too). */
  waitedMs: number;
  /** Tokens (prompt + completion) billed for replies that could not be played (unparsable, refused, empty). */
  failedTokens: number;
  /** True when the retries ran out and the fallback was played. */
  forfeit: boolean;
  /** Summed over the move's requests; null when the endpoint reported no usage. */
  promptTokens: number | null;
  completionTokens: number | null;
  action: GameAction;
}

/** One run's statistics. */
export interface LlmRunStats {
  game: string;
  seed: number;
  mode: 'menu' | 'no-menu';
  model: string;
  moves: LlmMoveStats[];
}

/** An LLM agent, with its run's statistics. */
interface LlmAgent extends Agent {
  stats: LlmRunStats;
  stepInfo(): LlmStepInfo | undefined;
}

/** What the last move did, for `--trajectories` (`Agent.stepInfo`). */
interface LlmStepInfo extends Record<string, unknown> {
  /** The messages of the move's last request, without the system message (the same every move of a run). */
  prompt: ChatMessage[];
  /** The last reply's text; null when the last request failed. */
  reply: string | null;
  latencyMs: number;
  /** Summed over the move's requests, as the endpoint reported them; null when it reported none. */
  tokens: { prompt: number | null; completion: number | null };
  retries: number;
  /** The repairs made to read the move's replies. */
  repaired: string[];
  forfeit: boolean;
}

/** The factory, with every run's statistics. */
export interface LlmAgentFactory extends AgentFactory {
  (ctx: { game: string; seed: number }): LlmAgent;
  mode: 'menu' | 'no-menu';
  runs: LlmRunStats[];
  /** The totals of the latest run of `seed` (the evaluation's per-run figures). */
  runStats(seed: number): LlmSummary | undefined;
  /** The evaluation's added rows, from every run's totals. */
  columns(stats: unknown[]): Record<string, string>;
}

/** One run's totals: the columns the eval table adds. */
export interface LlmSummary {
  mode: 'menu' | 'no-menu';
  moves: number;
  meanLatencyMs: number;
  retries: number;
  illegal: number;
  unparsable: number;
  repaired: number;
  errors: number;
  /** Requests sent, those sent again after a wait included. */
  requests: number;
  /** Requests sent again after a wait. */
  waits: number;
  waitedMs: number;
  forfeits: number;
  /** Tokens billed for replies that could not be played. */
  failedTokens: number;
  promptTokens: number | null;
  completionTokens: number | null;
}

/** Totals of one run's statistics. */
export function summarise(run: LlmRunStats): LlmSummary {
  const sum = (f: (m: LlmMoveStats) => number) => run.moves.reduce((a, m) => a + f(m), 0);
  const tokens = (f: (m: LlmMoveStats) => number | null) =>
    run.moves.some((m) => f(m) !== null) ? sum((m) => f(m) ?? 0) : null;
  return {
    mode: run.mode,
    moves: run.moves.length,
    meanLatencyMs: run.moves.length ? sum((m) => m.latencyMs) / run.moves.length : 0,
    retries: sum((m) => m.retries),
    illegal: sum((m) => m.illegal),
    unparsable: sum((m) => m.unparsable),
    repaired: sum((m) => m.repaired),
    errors: sum((m) => m.errors),
    requests: sum((m) => m.requests),
    waits: sum((m) => m.waits),
    waitedMs: sum((m) => m.waitedMs),
    forfeits: sum((m) => (m.forfeit ? 1 : 0)),
    failedTokens: sum((m) => m.failedTokens),
    promptTokens: tokens((m) => m.promptTokens),
    completionTokens: tokens((m) => m.completionTokens),
  };
}

/**
 * The columns the eval table adds for LLM runs, formatted: mode, mean latency, retries, illegal,
 * unparsable, repaired, errors, the error rate (failed requests of all requests), forfeits, the forfeit
 * rate (forfeited moves of all moves) and tokens ("-" when the endpoint reported none), over `runs`.
 */
export function llmColumns(runs: LlmRunStats[]): Record<string, string> {
  return llmColumnsOf(runs.map(summarise));
}

/** `llmColumns` from the runs' totals (what `runStats` reports across worker threads). */
function llmColumnsOf(all: LlmSummary[]): Record<string, string> {
  const total = (f: (s: LlmSummary) => number) => all.reduce((a, s) => a + f(s), 0);
  const moves = total((s) => s.moves);
  const tokens = (f: (s: LlmSummary) => number | null) =>
    all.some((s) => f(s) !== null) ? String(total((s) => f(s) ?? 0)) : '-';
  return {
    mode: [...new Set(all.map((s) => s.mode))].join('+') || '-',
    'latency ms': moves ? (total((s) => s.meanLatencyMs * s.moves) / moves).toFixed(0) : '-',
    retries: String(total((s) => s.retries)),
    illegal: String(total((s) => s.illegal)),
    unparsable: String(total((s) => s.unparsable)),
    repaired: String(total((s) => s.repaired)),
    errors: String(total((s) => s.errors)),
    waits: String(total((s) => s.waits ?? 0)),
    'error rate': rate(
      total((s) => s.errors),
      total((s) => s.requests),
    ),
    forfeits: String(total((s) => s.forfeits)),
    'forfeit rate': rate(
      total((s) => s.forfeits),
      moves,
    ),
    'prompt tokens': tokens((s) => s.promptTokens),
    'completion tokens': tokens((s) => s.completionTokens),
  };
}

/** `part` of `whole` as a percentage with one decimal, "-" of nothing. */
const rate = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '-');

const same = (a: GameAction, b: GameAction) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether `action` is allowed now, judged from the legal actions alone (so it works over HTTP too):
 * core/legal.ts's one rule, with the game's declared variants (Briarwink's `count` and `walkTo`).
 */
function isLegal(game: string, action: GameAction, legal: GameAction[]): boolean {
  return isAllowed(registry.get(game) ?? {}, action, legal);
}

/** The forfeit fallback: the first of the game's fallbacks that is legal now. */
function fallbackFor(game: string, legal: GameAction[]): GameAction | undefined {
  return registry.get(game)?.shells?.guide.fallback.find((f) => legal.some((a) => same(a, f)));
}

/**
 * The LLM agent's settings where an option is not given: the agent plays by them, and an evaluation's
 * result file records them beside the options given, so a file says exactly how its runs were played
 * (the temperature sent is 0 unless `--temperature` is given).
 */
export const LLM_DEFAULTS = {
  apiKeyEnv: 'OPENAI_API_KEY',
  menu: true,
  retries: 2,
  maxBatch: 30,
  strictParse: false,
  timeoutMs: 60_000,
  temperature: 0,
  maxTokens: 1024,
  replyFormat: 'text',
  menuOrder: 'shuffled',
  compact: false,
  tokenBudget: null,
  maxFailures: 8,
  backoffMs: 1000,
  backoffMaxMs: 60_000,
} as const;

/**
 * What an evaluation's header records of the LLM agent for `game`: the request parameters every request
 * carries (as `chat` sends them, without the messages and the key) with the prompt's settings, and the
 * SHA-256 of the system prompt sent for the game.
 */
export function requestFacts(
  opts: LlmAgentOptions,
  game: string,
): { request: Record<string, unknown>; systemPromptSha256: string } {
  const menu = opts.menu ?? LLM_DEFAULTS.menu;
  const maxBatch = Math.min(30, Math.max(1, opts.maxBatch ?? LLM_DEFAULTS.maxBatch));
  const strict = opts.strictParse ?? LLM_DEFAULTS.strictParse;
  const replyFormat = opts.replyFormat ?? LLM_DEFAULTS.replyFormat;
  const { messages: _m, ...body } = requestBody(
    {
      baseUrl: opts.baseUrl,
      model: opts.model,
      temperature: opts.temperature ?? LLM_DEFAULTS.temperature,
      maxTokens: opts.maxTokens ?? LLM_DEFAULTS.maxTokens,
      extraBody: replyFormatBody(replyFormat, game),
    },
    [],
  );
  const g = registry.get(game);
  const rulesText =
    typeof opts.rulesText === 'string'
      ? opts.rulesText
      : opts.rulesText
        ? opts.rulesText(game)
        : g
          ? agentRulesText(g)
          : '';
  const system = systemMessage({
    game,
    rulesText,
    menu,
    maxBatch,
    strict,
    replyFormat,
    fixedLines: opts.compact && g ? fixedLinesOf(g) : undefined,
    text: '',
    legalActions: [],
    score: 0,
    step: 0,
    history: [],
  });
  return {
    request: {
      endpoint: endpointName(opts.baseUrl),
      ...body,
      mode: menu ? 'menu' : 'no-menu',
      menuOrder: opts.menuOrder ?? LLM_DEFAULTS.menuOrder,
      compact: opts.compact ?? LLM_DEFAULTS.compact,
      replyFormat,
      tokenBudget: opts.tokenBudget ?? null,
      strictParse: strict,
      retries: Math.max(0, opts.retries ?? LLM_DEFAULTS.retries),
      history: opts.history ?? 8,
    },
    systemPromptSha256: createHash('sha256').update(system.content).digest('hex'),
  };
}

/** Makes the LLM agent factory. */
export function createLlmAgent(opts: LlmAgentOptions): LlmAgentFactory {
  const menu = opts.menu ?? LLM_DEFAULTS.menu;
  const retries = Math.max(0, opts.retries ?? LLM_DEFAULTS.retries);
  const maxBatch = Math.min(30, Math.max(1, opts.maxBatch ?? LLM_DEFAULTS.maxBatch));
  const strict = opts.strictParse ?? LLM_DEFAULTS.strictParse;
  const chatOpts: ChatOptions = {
    baseUrl: opts.baseUrl,
    model: opts.model,
    apiKey: opts.apiKey ?? process.env[opts.apiKeyEnv ?? LLM_DEFAULTS.apiKeyEnv],
    timeoutMs: opts.timeoutMs ?? LLM_DEFAULTS.timeoutMs,
    temperature: opts.temperature ?? LLM_DEFAULTS.temperature,
    maxTokens: opts.maxTokens ?? LLM_DEFAULTS.maxTokens,
  };
  const endpoint = endpointName(opts.baseUrl);
  const grammars = new Map<string, Grammar>();
  const runs: LlmRunStats[] = [];
  const maxFailures = Math.max(1, opts.maxFailures ?? LLM_DEFAULTS.maxFailures);
  const backoffMs = Math.max(0, opts.backoffMs ?? LLM_DEFAULTS.backoffMs);
  const backoffMaxMs = Math.max(backoffMs, opts.backoffMaxMs ?? LLM_DEFAULTS.backoffMaxMs);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((ok) => setTimeout(ok, ms)));

  /**
   * Sends one request until the model replies: a failure waiting may mend is waited on and sent again
   * (never costing the move an attempt), up to `maxFailures` in a row (then ModelUnavailable); one no
   * wait mends stops the evaluation (401, 403, 404); another 4xx is thrown as the move's failed attempt.
   */
  const replyFormat = opts.replyFormat ?? LLM_DEFAULTS.replyFormat;
  const perGame = new Map<string, ChatOptions>();
  const optsFor = (game: string): ChatOptions => {
    let o = perGame.get(game);
    if (!o) perGame.set(game, (o = { ...chatOpts, extraBody: replyFormatBody(replyFormat, game) }));
    return o;
  };
  const ask = async (game: string, messages: ChatMessage[], move: LlmMoveStats): Promise<ChatReply> => {
    for (let failures = 0; ;) {
      move.requests++;
      try {
        return await chat(optsFor(game), messages);
      } catch (err) {
        if (!(err instanceof ChatError)) throw err;
        move.errors++;
        if (isFatalStatus(err.status))
          throw new EvaluationAbort(
            `the model endpoint ${endpoint} answered HTTP ${err.status}` +
              (err.status === 401 || err.status === 403
                ? ' (check the key in the variable of --api-key-env)'
                : ' (check --base-url and --model)'),
          );
        if (!isTransient(err)) throw err;
        if (++failures >= maxFailures)
          throw new ModelUnavailable(
            `the model endpoint ${endpoint} is unavailable: ${failures} requests in a row failed (waiting between ` +
              `them); the last: ${err.message}`,
          );
        const backoff = Math.min(backoffMaxMs, backoffMs * 2 ** (failures - 1));
        const wait =
          err.retryAfterMs !== null
            ? Math.min(err.retryAfterMs, RETRY_AFTER_MAX_MS)
            : Math.round(backoff / 2 + (Math.random() * backoff) / 2);
        move.waits++;
        move.waitedMs += wait;
        await sleep(wait);
      }
    }
  };

  const rulesFor = (game: string): string => {
    if (typeof opts.rulesText === 'string') return opts.rulesText;
    if (opts.rulesText) return opts.rulesText(game);
    const g = registry.get(game);
    return g ? agentRulesText(g) : '';
  };

  const factory = (({ game, seed }) => {
    let grammar = grammars.get(game);
    if (!grammar) {
      const g = registry.get(game);
      if (!g) throw new Error(`the LLM agent does not know the game "${game}"`);
      grammar = grammarOf(g.spec.actionSchema);
      grammars.set(game, grammar);
    }
    const rulesText = rulesFor(game);
    const fixedLines = opts.compact ? fixedLinesOf(registry.get(game)!) : undefined;
    const stats: LlmRunStats = { game, seed, mode: menu ? 'menu' : 'no-menu', model: opts.model, moves: [] };
    runs.push(stats);
    const history: HistoryEntry[] = [];
    let pending: HistoryEntry | undefined;
    let info: LlmStepInfo | undefined;

    const act = async (view: AgentView): Promise<GameAction> => {
      // the score after the previous move is only known now
      if (pending) {
        pending.score = view.score;
        history.push(pending);
        if (history.length > (opts.history ?? 8)) history.shift();
      }
      const input: PromptInput = {
        game,
        rulesText,
        menu,
        maxBatch,
        strict,
        replyFormat,
        menuOrder: opts.menuOrder ?? LLM_DEFAULTS.menuOrder,
        seed,
        fixedLines,
        text: view.observation.text,
        legalActions: view.legalActions,
        score: view.score,
        step: view.step,
        history,
      };
      const messages: ChatMessage[] = [systemMessage(input), positionMessage(input)];
      const move: LlmMoveStats = {
        step: view.step,
        latencyMs: 0,
        retries: 0,
        illegal: 0,
        unparsable: 0,
        repaired: 0,
        repairs: [],
        errors: 0,
        requests: 0,
        waits: 0,
        waitedMs: 0,
        failedTokens: 0,
        forfeit: false,
        promptTokens: null,
        completionTokens: null,
        action: { type: '' },
      };
      let chosen: GameAction | undefined;
      let prompt: ChatMessage[] = [];
      let last: string | null = null;
      for (let attempt = 0; attempt <= retries && !chosen; attempt++) {
        if (attempt > 0) move.retries++;
        prompt = messages.slice(1);
        last = null;
        const t0 = performance.now();
        let reply: ChatReply;
        try {
          reply = await ask(game, messages, move);
        } catch (err) {
          if (!(err instanceof ChatError)) throw err;
          continue;
        } finally {
          move.latencyMs += performance.now() - t0;
        }
        if (reply.promptTokens !== null) move.promptTokens = (move.promptTokens ?? 0) + reply.promptTokens;
        if (reply.completionTokens !== null)
          move.completionTokens = (move.completionTokens ?? 0) + reply.completionTokens;
        const billed = (reply.promptTokens ?? 0) + (reply.completionTokens ?? 0);
        const content = replyFormat === 'text' ? (reply.content ?? '') : unwrapAction(reply.content ?? '');
        last = reply.content;
        const parsed = parseReply(content, grammar, { strict, maxCount: maxBatch });
        messages.push({ role: 'assistant', content });
        if (!parsed.ok) {
          move.unparsable++;
          move.failedTokens += billed;
          messages.push(feedbackMessage({ kind: 'unparsable', reason: parsed.reason }, input));
          continue;
        }
        if (parsed.repaired.length > 0) {
          move.repaired++;
          move.repairs.push(...parsed.repaired);
        }
        const action = parsed.action;
        const refused = view.refusal
          ? await view.refusal(action)
          : isLegal(game, action, view.legalActions)
            ? null
            : { reason: 'not_legal', message: 'It is not one of the legal actions now' };
        if (refused) {
          move.illegal++;
          move.failedTokens += billed;
          messages.push(feedbackMessage({ kind: 'illegal', action, ...refused }, input));
          continue;
        }
        chosen = action;
      }
      if (!chosen) {
        chosen = fallbackFor(game, view.legalActions);
        if (!chosen) throw new Error(`the model forfeited a move of ${game} and no fallback action is legal`);
        move.forfeit = true;
      }
      move.action = chosen;
      stats.moves.push(move);
      info = {
        prompt,
        reply: last,
        latencyMs: move.latencyMs,
        tokens: { prompt: move.promptTokens, completion: move.completionTokens },
        retries: move.retries,
        repaired: move.repairs,
        forfeit: move.forfeit,
      };
      pending = { step: view.step, action: chosen, score: view.score, forfeit: move.forfeit };
      return chosen;
    };
    const tokensSoFar = () => stats.moves.reduce((a, m) => a + (m.promptTokens ?? 0) + (m.completionTokens ?? 0), 0);
    const stopReason = () =>
      opts.tokenBudget !== undefined && tokensSoFar() >= opts.tokenBudget ? 'token_budget' : undefined;
    return { act, stats, stepInfo: () => info, stopReason };
  }) as LlmAgentFactory;
  factory.mode = menu ? 'menu' : 'no-menu';
  factory.runs = runs;
  factory.runStats = (seed) => {
    const run = runs.findLast((r) => r.seed === seed);
    return run && summarise(run);
  };
  factory.columns = (stats) =>
    llmColumnsOf(stats.filter((s): s is LlmSummary => typeof s === 'object' && s !== null && 'mode' in s));
  return factory;
}
