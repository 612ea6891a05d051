/**
 * The LLM agent against a scripted chat-completions server started here on 127.0.0.1: good, fenced,
 * near-miss, illegal, garbage, slow and failing replies, played through `playRun` on the real engines.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS_HEADING } from '../../core/text.js';
import { registry } from '../../games/index.js';
import { GameboardClient } from '../../client/index.js';
import { StateSealer } from '../../server/state/seal.js';
import { buildApp } from '../../server/app.js';
import { actionBudget } from '../budgets.js';
import { runRemote } from '../harness/remote.js';
import { EvaluationAbort } from '../harness/errors.js';
import { playRun } from '../play.js';
import { createLlmAgent, llmColumns, ModelUnavailable, summarise } from './index.js';
import { parseRetryAfter } from './chat.js';
import { staticLines } from '../../mcp/compact.js';
import { MENU_HEADING } from './prompt.js';

/** The actions of the prompt's menu, one JSON object each (Cragwake's lines carry a note after it). */
const menuOf = (prompt: string): string[] =>
  prompt
    .slice(prompt.indexOf(MENU_HEADING))
    .split('\n')
    .slice(1)
    .map((l) => /^\s*(\{.*?\})(\s|$)/.exec(l)?.[1])
    .filter((l): l is string => l !== undefined);

/** One scripted answer: the reply text, or an HTTP error, optionally late, optionally with usage. */
interface Scripted {
  content?: string | null;
  status?: number;
  /** A Retry-After header to send. */
  retryAfter?: string;
  /** A tool-call reply: these arguments, with `content: null`. */
  toolArguments?: string;
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

let server: Server;
let baseUrl: string;
let script: Scripted[] = [];
/** The last request's body, whatever answered it. */
let lastBody: { messages: { role: string; content: string }[] } | undefined;
/** When set, answers every request the script does not, from the last message's text. */
let responder: ((prompt: string) => string) | undefined;
let requests: {
  headers: IncomingHttpHeaders;
  body: { model: string; max_tokens?: number; messages: { role: string; content: string }[] };
}[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (!responder) requests.push({ headers: req.headers, body: JSON.parse(raw) });
      lastBody = JSON.parse(raw) as typeof lastBody;
      const body = JSON.parse(raw) as { messages: { content: string }[] };
      const next =
        script.shift() ??
        (responder ? { content: responder(body.messages.at(-1)!.content) } : { content: 'the script ran out' });
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(next.status ?? 200, {
          'content-type': 'application/json',
          ...(next.retryAfter ? { 'retry-after': next.retryAfter } : {}),
        });
        const message = next.toolArguments
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'c1', type: 'function', function: { name: 'act', arguments: next.toolArguments } }],
            }
          : { role: 'assistant', content: next.content };
        res.end(
          JSON.stringify(
            next.status ? { error: { message: 'scripted failure' } } : { choices: [{ message }], usage: next.usage },
          ),
        );
      }, next.delayMs ?? 0);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
afterEach(() => {
  expect(script, 'every scripted reply was asked for').toEqual([]);
  script = [];
  requests = [];
  responder = undefined;
});

const good = (a: object, usage?: Scripted['usage']): Scripted => ({ content: JSON.stringify(a), usage });
const userMessages = (i: number) => requests[i].body.messages.filter((m) => m.role === 'user').map((m) => m.content);

describe('the LLM agent', () => {
  it('plays through good, fenced, near-miss, illegal, garbage and slow replies, counting each', async () => {
    process.env.LLM_TEST_KEY = 'sk-scripted';
    script = [
      // move 0: an illegal move (bedrock above the mole), then a good one with usage
      good({ type: 'move', dir: 'up' }),
      good({ type: 'move', dir: 'right' }, { prompt_tokens: 900, completion_tokens: 12 }),
      // move 1: fenced, after some thinking
      { content: 'Dig on.\n```json\n{"type": "move", "dir": "right"}\n```' },
      // move 2: a near miss
      { content: 'Going down: {"type": "Move", "direction": "Down"}' },
      // move 3: garbage three times: a forfeit, and Delvewick's fallback (wait) is played
      { content: 'Hmm.' },
      { content: 'I would rather not say.' },
      { content: '{"type": "dance"}' },
      // move 4: too slow (the request is cut off), then good
      { ...good({ type: 'wait' }), delayMs: 2000 },
      good({ type: 'wait' }, { prompt_tokens: 800, completion_tokens: 5 }),
    ];
    const factory = createLlmAgent({
      baseUrl,
      model: 'scripted-1',
      apiKeyEnv: 'LLM_TEST_KEY',
      menuOrder: 'engine',
      retries: 2,
      timeoutMs: 400,
      backoffMs: 20,
    });
    const delvewick = registry.get('delvewick')!;
    const run = await playRun(delvewick, factory, 0, { maxSteps: 5 });
    expect(run.actions).toEqual([
      { type: 'move', dir: 'right' },
      { type: 'move', dir: 'right' },
      { type: 'move', dir: 'down' },
      { type: 'wait' },
      { type: 'wait' },
    ]);
    const moves = factory.runs[0].moves.map(
      ({ latencyMs: _l, action: _a, repairs: _r, waitedMs: _w, ...rest }) => rest,
    );
    expect(moves).toEqual([
      {
        step: 0,
        repaired: 0,
        retries: 1,
        illegal: 1,
        unparsable: 0,
        requests: 2,
        waits: 0,
        failedTokens: 0,
        errors: 0,
        forfeit: false,
        promptTokens: 900,
        completionTokens: 12,
      },
      {
        step: 1,
        repaired: 0,
        retries: 0,
        illegal: 0,
        unparsable: 0,
        requests: 1,
        waits: 0,
        failedTokens: 0,
        errors: 0,
        forfeit: false,
        promptTokens: null,
        completionTokens: null,
      },
      {
        step: 2,
        repaired: 1,
        retries: 0,
        illegal: 0,
        unparsable: 0,
        requests: 1,
        waits: 0,
        failedTokens: 0,
        errors: 0,
        forfeit: false,
        promptTokens: null,
        completionTokens: null,
      },
      {
        step: 3,
        repaired: 0,
        retries: 2,
        illegal: 0,
        unparsable: 3,
        requests: 3,
        waits: 0,
        failedTokens: 0,
        errors: 0,
        forfeit: true,
        promptTokens: null,
        completionTokens: null,
      },
      {
        step: 4,
        repaired: 0,
        retries: 0,
        illegal: 0,
        unparsable: 0,
        requests: 2,
        waits: 1,
        failedTokens: 0,
        errors: 1,
        forfeit: false,
        promptTokens: 800,
        completionTokens: 5,
      },
    ]);
    expect(summarise(factory.runs[0])).toMatchObject({
      mode: 'menu',
      moves: 5,
      retries: 3,
      illegal: 1,
      unparsable: 3,
      repaired: 1,
      errors: 1,
      requests: 9,
      waits: 1,
      forfeits: 1,
      promptTokens: 1700,
      completionTokens: 17,
    });
    expect(factory.runs[0].moves.every((m) => m.latencyMs > 0)).toBe(true);
    expect(llmColumns(factory.runs)).toMatchObject({
      mode: 'menu',
      retries: '3',
      illegal: '1',
      unparsable: '3',
      repaired: '1',
      errors: '1',
      'error rate': '11.1 %',
      forfeits: '1',
      'forfeit rate': '20.0 %',
      'prompt tokens': '1700',
      'completion tokens': '17',
    });

    // what the endpoint saw: the model, the key, the rules, the position with the menu, the feedback
    expect(requests[0].body.model).toBe('scripted-1');
    expect(requests[0].headers.authorization).toBe('Bearer sk-scripted');
    expect(requests[0].body.messages[0].content).toContain('# Delvewick: the rules');
    expect(userMessages(0)[0]).toContain(`${MENU_HEADING}:\n{"type":"move","dir":"down"}`);
    // the refusal carries the engine's own reason and message
    const refusal = delvewick.step(delvewick.init(0), { type: 'move', dir: 'up' });
    expect(refusal.ok).toBe(false);
    if (!refusal.ok) {
      expect(userMessages(1)[1]).toContain(`The game refused {"type":"move","dir":"up"} (${refusal.reason}): `);
      expect(userMessages(1)[1]).toContain(refusal.message.replace(/\.$/, ''));
    }
    // the repair of move 2's reply is named
    expect(factory.runs[0].moves[2].repairs).toEqual([
      'type "Move" read as "move"',
      'field "direction" read as "dir"',
      '"Down" read as "down"',
    ]);
    expect(userMessages(5)[1]).toContain('Your reply could not be read as an action: the reply holds no JSON action');
    expect(userMessages(6)).toHaveLength(3);
    // the history recalls earlier moves, forfeits marked
    expect(userMessages(8)[0]).toContain('step 3: {"type":"wait"} (forfeit, played for you) -> score');
    delete process.env.LLM_TEST_KEY;
  });

  it('the menu is shuffled by default, seeded by the run: each legal action once, the same order for the same seed', async () => {
    const g = registry.get('cragwake')!;
    const s0 = g.init(5);
    const engineOrder = g.legalActions(s0).map((a) => JSON.stringify(a));
    const orders: string[][] = [];
    for (const menuOrder of ['shuffled', 'shuffled', 'engine'] as const) {
      let seen: string[] = [];
      responder = (prompt) => {
        seen = menuOf(prompt.replace(ACTIONS_HEADING, MENU_HEADING));
        return seen[0];
      };
      const factory = createLlmAgent({ baseUrl, model: 'm', menuOrder });
      await playRun(g, factory, 5, { maxSteps: 1 });
      orders.push(seen);
    }
    expect(orders[2]).toEqual(engineOrder);
    expect([...orders[0]].sort()).toEqual([...engineOrder].sort());
    expect(orders[1]).toEqual(orders[0]);
    expect(orders[0]).not.toEqual(engineOrder);
  });

  it('--compact: the lines the same in every position go once into the system message, none into the moves', async () => {
    const g = registry.get('whirlyard')!;
    const fixed = staticLines(g);
    expect(fixed.size).toBeGreaterThan(0);
    responder = (prompt) => menuOf(prompt)[0];
    const seen: { system: string; position: string }[] = [];
    for (const compact of [false, true]) {
      const factory = createLlmAgent({ baseUrl, model: 'm', compact });
      await playRun(g, factory, 4, { maxSteps: 1 });
      seen.push({ system: lastBody!.messages[0].content, position: lastBody!.messages[1].content });
    }
    const [full, compact] = seen;
    for (const line of fixed) {
      expect(full.position).toContain(line);
      expect(compact.position).not.toContain(line);
      expect(compact.system).toContain(line);
    }
    expect(compact.position.length).toBeLessThan(full.position.length);
    // the board and the menu are still there
    expect(compact.position).toContain(MENU_HEADING);
  });

  it('no-menu mode withholds the legal actions, also from the observation text', async () => {
    script = [good({ type: 'move', direction: 'n' })];
    const factory = createLlmAgent({ baseUrl, model: 'm', menu: false });
    const run = await playRun(registry.get('whirlyard')!, factory, 7, { maxSteps: 1 });
    expect(run.actions).toEqual([{ type: 'move', direction: 'n' }]);
    expect(factory.mode).toBe('no-menu');
    expect(factory.runs[0].mode).toBe('no-menu');
    const position = userMessages(0)[0];
    expect(position).toContain('Whirlyard - wave 1');
    expect(position).not.toContain(ACTIONS_HEADING);
    expect(position).not.toContain('Legal actions');
    expect(requests[0].body.messages[0].content).toContain('The legal actions are not listed');
  });

  it('an illegal action in no-menu mode is refused without revealing the menu, then forfeited', async () => {
    script = [good({ type: 'move', dir: 'up' }), good({ type: 'move', dir: 'left' })];
    const factory = createLlmAgent({ baseUrl, model: 'm', menu: false, retries: 1 });
    const run = await playRun(registry.get('delvewick')!, factory, 0, { maxSteps: 1 });
    expect(run.actions).toEqual([{ type: 'wait' }]);
    expect(factory.runs[0].moves[0]).toMatchObject({ illegal: 2, retries: 1, forfeit: true });
    expect(userMessages(1)[1]).not.toContain('{"type":"move","dir":"down"}');
  });

  it('Briarwink: the prompt explains batching and --max-batch caps the count', async () => {
    script = [good({ type: 'start' }), good({ type: 'tick', move: 'right', count: 30 })];
    const factory = createLlmAgent({ baseUrl, model: 'm', maxBatch: 5 });
    const run = await playRun(registry.get('briarwink')!, factory, 3, { maxSteps: 2 });
    expect(run.actions).toEqual([{ type: 'start' }, { type: 'tick', move: 'right', count: 5 }]);
    expect(requests[0].body.messages[0].content).toContain('"count" (1 to 5)');
  });

  it('a failed request is waited on and sent again: it costs the move no attempt; a 400 does', async () => {
    script = [{ status: 500 }, { status: 429 }, good({ type: 'breathe' })];
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const factory = createLlmAgent({ baseUrl, model: 'm', retries: 0, backoffMs: 100, sleep });
    const run = await playRun(registry.get('cragwake')!, factory, 1, { maxSteps: 1 });
    expect(run.actions).toEqual([{ type: 'breathe' }]);
    expect(factory.runs[0].moves[0]).toMatchObject({ errors: 2, waits: 2, requests: 3, retries: 0, forfeit: false });
    // exponential with jitter: the first wait in [50, 100], the second in [100, 200]
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
    // max_tokens goes with every request (the default, 1024)
    expect(requests.map((r) => r.body.max_tokens)).toEqual([1024, 1024, 1024]);

    // a 400 is the request's fault: one attempt of the move, then (no retries left) a forfeit, no wait
    script = [{ status: 400 }];
    const other = createLlmAgent({ baseUrl, model: 'm', retries: 0, sleep });
    await playRun(registry.get('cragwake')!, other, 1, { maxSteps: 1 });
    expect(other.runs[0].moves[0]).toMatchObject({ errors: 1, waits: 0, forfeit: true });
  });

  it('honours Retry-After, in seconds or as an HTTP date', async () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('Sun, 06 Dec 2026 20:00:05 GMT', Date.parse('Sun, 06 Dec 2026 20:00:00 GMT'))).toBe(5000);
    expect(parseRetryAfter('soon')).toBeNull();
    script = [{ status: 503, retryAfter: '7' }, { status: 429, retryAfter: '3' }, good({ type: 'breathe' })];
    const waits: number[] = [];
    const factory = createLlmAgent({ baseUrl, model: 'm', sleep: async (ms) => void waits.push(ms) });
    await playRun(registry.get('cragwake')!, factory, 1, { maxSteps: 1 });
    expect(waits).toEqual([7000, 3000]);
  });

  it('reads a tool-call reply (content null) and counts its tokens, and the tokens of replies not played', async () => {
    script = [
      { toolArguments: '{"type":"nonsense"}', usage: { prompt_tokens: 50, completion_tokens: 5 } },
      { toolArguments: '{"type":"breathe"}', usage: { prompt_tokens: 60, completion_tokens: 6 } },
    ];
    const factory = createLlmAgent({ baseUrl, model: 'm', retries: 1 });
    const run = await playRun(registry.get('cragwake')!, factory, 1, { maxSteps: 1 });
    expect(run.actions).toEqual([{ type: 'breathe' }]);
    expect(factory.runs[0].moves[0]).toMatchObject({
      errors: 0,
      promptTokens: 110,
      completionTokens: 11,
      failedTokens: 55,
    });
  });

  it('plays whole runs with a model that reads the menu, and the stats cover every move', async () => {
    // a stand-in model: thinks aloud, then picks the last legal action that does not end the run
    responder = (prompt) => {
      const menu = menuOf(prompt);
      const options = menu.filter((l) => !/end_?run/i.test(l));
      return `Looking at the board, I choose:\n\`\`\`json\n${options.at(-1) ?? menu[0]}\n\`\`\``;
    };
    for (const slug of ['whirlyard', 'cragwake']) {
      const factory = createLlmAgent({ baseUrl, model: 'menu-reader' });
      const run = await playRun(registry.get(slug)!, factory, 5, { maxSteps: 60 });
      expect(run.steps).toBeGreaterThan(0);
      const s = summarise(factory.runs[0]);
      expect(s).toMatchObject({ moves: run.steps, retries: 0, illegal: 0, unparsable: 0, forfeits: 0 });
    }
  });

  it('Briarwink: a count above --max-batch is cut and counted as a repair, and the step info names it', async () => {
    script = [good({ type: 'start' }), good({ type: 'tick', move: 'left', count: 40 })];
    const factory = createLlmAgent({ baseUrl, model: 'm', maxBatch: 6 });
    const agent = factory({ game: 'briarwink', seed: 3 });
    const game = registry.get('briarwink')!;
    let state = game.init(3);
    const view = () => ({
      game: 'briarwink',
      observation: game.observe(state),
      legalActions: game.legalActions(state),
      score: game.score(state),
      step: 0,
    });
    const first = await agent.act(view());
    expect(agent.stepInfo()).toMatchObject({ reply: '{"type":"start"}', retries: 0, repaired: [], forfeit: false });
    const r = game.step(state, first);
    if (!r.ok) throw new Error(r.message);
    state = r.state;
    expect(await agent.act(view())).toEqual({ type: 'tick', move: 'left', count: 6 });
    expect(agent.stats.moves[1]).toMatchObject({ repaired: 1, unparsable: 0, illegal: 0 });
    const info = agent.stepInfo()!;
    expect(info).toMatchObject({
      reply: '{"type":"tick","move":"left","count":40}',
      retries: 0,
      repaired: ['"count" 40 cut to 6 (the --max-batch)'],
      tokens: { prompt: null, completion: null },
    });
    expect(info.latencyMs).toBeGreaterThan(0);
    // the prompt of the move, without the system message: the position
    expect(info.prompt.map((m) => m.role)).toEqual(['user']);
    expect(info.prompt[0].content).toContain('Briarwink - night 1');
    expect(llmColumns(factory.runs)).toMatchObject({ repaired: '1', unparsable: '0' });
  });

  it('--strict-parse: a reply that needs a repair is unparsable, and the prompt says counts are refused', async () => {
    script = [
      good({ type: 'Wait' }),
      { content: "{'type': 'wait'}" },
      good({ type: 'wait', why: 'safe' }),
      good({ type: 'wait' }),
    ];
    const factory = createLlmAgent({ baseUrl, model: 'm', strictParse: true, retries: 3 });
    const run = await playRun(registry.get('delvewick')!, factory, 0, { maxSteps: 1 });
    expect(run.actions).toEqual([{ type: 'wait' }]);
    expect(factory.runs[0].moves[0]).toMatchObject({ unparsable: 3, repaired: 0, retries: 3, forfeit: false });
    expect(userMessages(1)[1]).toContain('unknown type "Wait" (known types: move, wait)');
    expect(userMessages(3)[3]).toContain('unknown field "why" on "wait"');
    expect(requests[0].body.messages[0].content).toContain('nothing in your reply is corrected');
  });

  it('the system prompt holds the rules and no HTTP loop; the menu lists each legal action once', async () => {
    responder = (prompt) => menuOf(prompt).find((l) => !/end_?run/i.test(l)) ?? menuOf(prompt)[0];
    for (const game of registry.games) {
      const seen: string[][] = [];
      const slug = game.spec.slug;
      const factory = createLlmAgent({ baseUrl, model: 'm' });
      // watch what the agent is shown: the system and position messages of each move
      const record = factory({ game: slug, seed: 2 });
      let state = game.init(2);
      for (let step = 0; step < 3 && !game.isGameOver(state); step++) {
        const legal = game.legalActions(state);
        const action = await record.act({
          game: slug,
          observation: game.observe(state),
          legalActions: legal,
          score: game.score(state),
          step,
        });
        const { prompt } = record.stepInfo!()! as { prompt: { content: string }[] };
        // the position, after the recalled moves (which name the actions played)
        const position = prompt[0].content.slice(prompt[0].content.indexOf(`Step ${step}, score`));
        for (const a of legal) {
          const json = JSON.stringify(a);
          expect(position.split(json).length - 1, `${slug} step ${step}: ${json}`).toBe(1);
        }
        seen.push(menuOf(position));
        const r = game.step(state, action);
        if (!r.ok) throw new Error(r.message);
        state = r.state;
      }
      expect(seen[0].length).toBe(game.legalActions(game.init(2)).length);
    }
  });

  it('the system prompt: every rule of the spec, its goal and scoring, and nothing of the HTTP API', async () => {
    for (const game of registry.games) {
      script = [good(game.spec.exampleActions[0])];
      requests = [];
      const factory = createLlmAgent({ baseUrl, model: 'm' });
      await factory({ game: game.spec.slug, seed: 1 }).act({
        game: game.spec.slug,
        observation: game.observe(game.init(1)),
        legalActions: game.legalActions(game.init(1)),
        score: 0,
        step: 0,
      });
      const system = requests[0].body.messages[0];
      expect(system.role).toBe('system');
      for (const rule of game.spec.rules) expect(system.content).toContain(rule);
      expect(system.content).toContain(game.spec.goal);
      for (const line of game.spec.scoring) expect(system.content).toContain(line);
      for (const http of ['/api/', 'GET ', 'POST ', 'stateToken', 'gameOver', '"action"', 'The client carries'])
        expect(system.content, `${game.spec.slug}: ${http}`).not.toContain(http);
    }
  });

  it('no request is made once the budget is spent', async () => {
    responder = () => '{"type":"breathe"}';
    let asked = 0;
    const counting = createLlmAgent({ baseUrl, model: 'm' });
    const factory = Object.assign((ctx: { game: string; seed: number }) => {
      const agent = counting(ctx);
      return { ...agent, act: (v: Parameters<typeof agent.act>[0]) => (asked++, agent.act(v)) };
    }, counting);
    const run = await playRun(registry.get('cragwake')!, factory, 4, { budget: actionBudget(3), maxSteps: Infinity });
    expect(run.steps).toBe(3);
    expect(run.outcome).toEqual({ kind: 'truncated', reason: 'budget' });
    expect(asked).toBe(3);
    expect(counting.runs[0].moves).toHaveLength(3);
  });
});

/** What `f` threw, or undefined. */
async function caught(f: () => Promise<unknown>): Promise<unknown> {
  try {
    await f();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('over HTTP (--server)', () => {
  it('the feedback after a refusal carries the server reason and message too', async () => {
    const app = await buildApp({ sealer: StateSealer.random(), webRoot: null, logger: false });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      script = [good({ type: 'move', dir: 'up' }), good({ type: 'move', dir: 'right' })];
      const factory = createLlmAgent({ baseUrl, model: 'm' });
      const r = await runRemote(new GameboardClient(url), 'delvewick', factory, 0, { maxSteps: 1 });
      expect(r.steps).toBe(1);
      expect(factory.runs[0].moves[0]).toMatchObject({
        illegal: 1,
        forfeit: false,
        action: { type: 'move', dir: 'right' },
      });
      const delvewick = registry.get('delvewick')!;
      const refusal = delvewick.step(delvewick.init(0), { type: 'move', dir: 'up' });
      if (refusal.ok) throw new Error('moving up from the start should be refused');
      expect(userMessages(1)[1]).toContain(`The game refused {"type":"move","dir":"up"} (${refusal.reason}): `);
      expect(userMessages(1)[1]).toContain(refusal.message.replace(/\.$/, ''));
    } finally {
      await app.close();
    }
  });
});

describe('an endpoint no run can succeed against', () => {
  const view = () => {
    const g = registry.get('whirlyard')!;
    const s = g.init(1);
    return { game: 'whirlyard', observation: g.observe(s), legalActions: g.legalActions(s), score: 0, step: 0 };
  };
  afterEach(() => {
    script = [];
    requests = [];
  });

  it.each([401, 403, 404])('an answer of %d stops the evaluation at the first request', async (status) => {
    script = [{ status }];
    const factory = createLlmAgent({
      baseUrl,
      model: 'm',
      apiKey: 'sk-secret',
    });
    const err = await caught(async () => factory({ game: 'whirlyard', seed: 1 }).act(view()));
    expect(err).toBeInstanceOf(EvaluationAbort);
    const message = (err as Error).message;
    expect(message).toContain(`the model endpoint ${baseUrl} answered HTTP ${status}`);
    expect(message).not.toContain('secret');
    expect(message).not.toContain('\n');
    expect(requests).toHaveLength(1);
  });

  it('an endpoint that keeps failing ends the run as model_unavailable, never a forfeit', async () => {
    script = [good({ type: 'wait' }), ...Array.from({ length: 4 }, () => ({ status: 503 }))];
    const waits: number[] = [];
    const factory = createLlmAgent({
      baseUrl,
      model: 'm',
      retries: 2,
      maxFailures: 4,
      sleep: async (ms) => void waits.push(ms),
    });
    const agent = factory({ game: 'whirlyard', seed: 1 });
    expect(await agent.act(view())).toEqual({ type: 'wait' });
    const err = await caught(async () => agent.act(view()));
    expect(err).toBeInstanceOf(ModelUnavailable);
    expect(err).toBeInstanceOf(EvaluationAbort);
    expect((err as ModelUnavailable).reason).toBe('model_unavailable');
    expect((err as Error).message).toBe(
      `the model endpoint ${baseUrl} is unavailable: 4 requests in a row failed (waiting between them); the last: HTTP 503 Service Unavailable: {"error":{"message":"scripted failure"}}`,
    );
    // three waits between four requests; no move was forfeited
    expect(waits).toHaveLength(3);
    expect(agent.stats.moves.every((m) => !m.forfeit)).toBe(true);
    expect(requests).toHaveLength(5);
  });
});
