/**
 * The reply parser: forgiving (every repair named), strict (nothing repaired), and its grammar errors
 * compared with what the HTTP API answers for the same action through a real `buildApp`.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../../server/state/seal.js';
import { registry } from '../../games/index.js';
import { buildApp } from '../../server/app.js';
import { editDistance, grammarOf, parseReply, type Grammar } from './parse.js';

const grammars = new Map<string, Grammar>();
const grammar = (slug: string) => {
  let g = grammars.get(slug);
  if (!g) grammars.set(slug, (g = grammarOf(registry.get(slug)!.spec.actionSchema)));
  return g;
};

/** name, game, reply, the action it reads as (or null when it must be unparsable), and whether it needs a repair. */
const CASES: [string, string, string, object | null, boolean][] = [
  ['plain JSON', 'whirlyard', '{"type":"move","direction":"n"}', { type: 'move', direction: 'n' }, false],
  ['a json code fence', 'whirlyard', 'I will wait.\n```json\n{"type": "wait"}\n```', { type: 'wait' }, false],
  ['a bare code fence', 'delvewick', '```\n{"type":"move","dir":"down"}\n```', { type: 'move', dir: 'down' }, false],
  [
    'the last action wins',
    'whirlyard',
    'Not {"type":"pulse"} but rather {"type":"move","direction":"se"}.',
    { type: 'move', direction: 'se' },
    false,
  ],
  [
    'a trailing object without a type is skipped',
    'whirlyard',
    '{"type":"wait"} {"confidence": 0.9}',
    { type: 'wait' },
    false,
  ],
  ['an "action" wrapper', 'whirlyard', '{"action": {"type": "pulse"}, "why": "adjacent"}', { type: 'pulse' }, true],
  ['type case and underscores', 'whirlyard', '{"type":"END_RUN"}', { type: 'end_run' }, true],
  ['endrun for endRun', 'cragwake', '{"type":"endrun"}', { type: 'endRun' }, true],
  ['end_run for endRun', 'briarwink', '{"type":"end_run"}', { type: 'endRun' }, true],
  ['a one-letter typo in a long type', 'cragwake', '{"type":"breath"}', { type: 'breathe' }, true],
  ['upper-case direction', 'whirlyard', '{"type":"move","direction":"N"}', { type: 'move', direction: 'n' }, true],
  ['direction words', 'whirlyard', '{"type":"move","direction":"north-east"}', { type: 'move', direction: 'ne' }, true],
  ['up for n', 'whirlyard', '{"type":"move","direction":"up"}', { type: 'move', direction: 'n' }, true],
  ['dir for direction', 'whirlyard', '{"type":"move","dir":"w"}', { type: 'move', direction: 'w' }, true],
  ['direction for dir', 'delvewick', '{"type":"move","direction":"Down"}', { type: 'move', dir: 'down' }, true],
  ['south for down', 'delvewick', '{"type":"move","dir":"south"}', { type: 'move', dir: 'down' }, true],
  ['numbers as strings', 'cragwake', '{"type":"move","row":"4","col":"2"}', { type: 'move', row: 4, col: 2 }, true],
  ['column for col', 'cragwake', '{"type":"move","row":4,"column":2}', { type: 'move', row: 4, col: 2 }, true],
  [
    'single quotes and bare keys',
    'cragwake',
    "{type: 'move', row: 5, col: 3,}",
    { type: 'move', row: 5, col: 3 },
    true,
  ],
  [
    'Python literals',
    'briarwink',
    "{'type': 'tick', 'move': None, 'plant': True}",
    { type: 'tick', move: null, plant: true },
    true,
  ],
  ['extra fields are dropped', 'delvewick', '{"type":"wait","reason":"let the boulder fall"}', { type: 'wait' }, true],
  [
    'a missing nullable move is null',
    'briarwink',
    '{"type":"tick","plant":true}',
    { type: 'tick', move: null, plant: true },
    true,
  ],
  [
    '"none" as null',
    'briarwink',
    '{"type":"tick","move":"none","count":5}',
    { type: 'tick', move: null, count: 5 },
    true,
  ],
  [
    'walkTo branch',
    'briarwink',
    '{"type":"tick","walk_to":24,"count":"30"}',
    { type: 'tick', walkTo: 24, count: 30 },
    true,
  ],
  ['a bare type name', 'whirlyard', 'wait', { type: 'wait' }, true],
  ['a bare type name in a fence', 'briarwink', '```\nstart\n```', { type: 'start' }, true],
  ['garbage', 'whirlyard', 'I am not sure what to do here.', null, false],
  ['an unknown type', 'whirlyard', '{"type":"teleport","to":[1,2]}', null, false],
  ['an invalid enum value', 'whirlyard', '{"type":"move","direction":"sideways"}', null, false],
  ['a missing required field', 'cragwake', '{"type":"move","row":3}', null, false],
  ['out of the grammar range', 'briarwink', '{"type":"tick","walkTo":99}', null, false],
  ['broken JSON', 'whirlyard', '{"type": "move", "direction": ', null, false],
  ['a non-integer row', 'cragwake', '{"type":"move","row":2.5,"col":1}', null, false],
];

describe('parseReply', () => {
  it.each(CASES)('%s (%s)', (_name, slug, reply, want, repaired) => {
    const r = parseReply(reply, grammar(slug));
    if (want === null) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(0);
      return;
    }
    expect(r).toMatchObject({ ok: true, action: want });
    if (!r.ok) return;
    // every repair is named; a reply that needed none reads with none
    expect(r.repaired.length > 0).toBe(repaired);
    // strict parsing takes exactly the replies that needed no repair
    const strict = parseReply(reply, grammar(slug), { strict: true });
    expect(strict.ok).toBe(!repaired);
  });

  it('names each repair it made', () => {
    const r = parseReply('{"type": "Move", "direction": "Down", "why": "gem"}', grammar('delvewick'));
    expect(r).toEqual({
      ok: true,
      action: { type: 'move', dir: 'down' },
      repaired: [
        'type "Move" read as "move"',
        'field "direction" read as "dir"',
        '"Down" read as "down"',
        'dropped the field "why"',
      ],
    });
  });

  it('says why a reply is unparsable', () => {
    expect(parseReply('no idea', grammar('whirlyard'))).toEqual({
      ok: false,
      reason: 'the reply holds no JSON action',
    });
    const r = parseReply('{"type":"teleport"}', grammar('whirlyard'));
    expect(r).toEqual({ ok: false, reason: 'unknown type "teleport" (known types: move, wait, pulse, end_run)' });
  });
});

describe('counts above --max-batch', () => {
  const briar = grammar('briarwink');
  it('are cut to the cap and counted as a repair, also above the grammar limit of 30', () => {
    expect(parseReply('{"type":"tick","move":"left","count":8}', briar, { maxCount: 5 })).toEqual({
      ok: true,
      action: { type: 'tick', move: 'left', count: 5 },
      repaired: ['"count" 8 cut to 5 (the --max-batch)'],
    });
    expect(parseReply('{"type":"tick","move":"left","count":40}', briar, { maxCount: 30 })).toEqual({
      ok: true,
      action: { type: 'tick', move: 'left', count: 30 },
      repaired: ['"count" 40 cut to 30 (the --max-batch)'],
    });
    // within the cap: nothing to repair
    expect(parseReply('{"type":"tick","move":"left","count":5}', briar, { maxCount: 5 })).toMatchObject({
      ok: true,
      repaired: [],
    });
  });

  it('are refused when parsing is strict, in the API words above 30', () => {
    expect(parseReply('{"type":"tick","move":"left","count":8}', briar, { maxCount: 5, strict: true })).toEqual({
      ok: false,
      reason: '"count" must be at most 5 (the --max-batch), got 8',
    });
    expect(parseReply('{"type":"tick","move":"left","count":40}', briar, { maxCount: 30, strict: true })).toEqual({
      ok: false,
      reason: '"count" must be an integer from 1 to 30, got 40',
    });
  });
});

describe('strict parsing', () => {
  it('repairs nothing: a near miss is explained as the grammar sees it as sent', () => {
    const r = parseReply('{"type":"Move","dir":"down"}', grammar('delvewick'), { strict: true });
    expect(r).toEqual({ ok: false, reason: 'unknown type "Move" (known types: move, wait)' });
    const js = parseReply("{'type': 'wait'}", grammar('delvewick'), { strict: true });
    expect(js.ok).toBe(false);
    // still found in prose or a code fence
    expect(parseReply('So:\n```json\n{"type":"wait"}\n```', grammar('delvewick'), { strict: true })).toEqual({
      ok: true,
      action: { type: 'wait' },
      repaired: [],
    });
  });
});

describe('grammar errors read as the HTTP API', () => {
  const sealer = new StateSealer(['parse-test-secret-0123456789']);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ sealer, webRoot: null, logger: false });
  });
  afterAll(() => app.close());

  /** What POST /api/games/<slug>/action says of `action` from seed 1's start. */
  async function apiWhy(slug: string, action: unknown): Promise<string> {
    const init = (await app.inject({ method: 'GET', url: `/api/games/${slug}/init?seed=1` })).json();
    const carry = registry.get(slug)!.spec.carry as string;
    const r = await app.inject({
      method: 'POST',
      url: `/api/games/${slug}/action`,
      payload: { [carry]: init[carry], action },
    });
    const body = r.json();
    expect(body).toMatchObject({ ok: false, reason: 'unknown_action' });
    const m = /grammar: (.*)\.$/.exec(body.message as string);
    expect(m, body.message).not.toBeNull();
    return m![1];
  }

  const BAD: [string, object][] = [
    ['briarwink', { type: 'tick', move: 'left', count: 40 }],
    ['briarwink', { type: 'tick', walkTo: 99 }],
    ['whirlyard', { type: 'move', direction: 'sideways' }],
    ['whirlyard', { type: 'teleport' }],
    ['cragwake', { type: 'move', row: 3 }],
    ['cragwake', { type: 'move', row: 2.5, col: 1 }],
    ['delvewick', { type: 'Move', dir: 'down' }],
  ];
  it.each(BAD)('%s %j', async (slug, action) => {
    const want = await apiWhy(slug, action);
    const reply = `My move: ${JSON.stringify(action)}`;
    expect(parseReply(reply, grammar(slug), { strict: true })).toEqual({ ok: false, reason: want });
    // forgiving, a reply the repairs cannot mend is explained in the same words (Delvewick's "Move" they can)
    if (slug !== 'delvewick' && !('count' in action))
      expect(parseReply(reply, grammar(slug))).toEqual({ ok: false, reason: want });
  });

  it('the words the issue quotes', async () => {
    expect(await apiWhy('briarwink', { type: 'tick', move: 'left', count: 40 })).toBe(
      '"count" must be an integer from 1 to 30, got 40',
    );
  });
});

describe('editDistance', () => {
  it.each([
    ['wait', 'wait', 0],
    ['breath', 'breathe', 1],
    ['climbon', 'climbOn', 1],
    ['', 'abc', 3],
  ] as const)('%s -> %s is %d', (a, b, d) => expect(editDistance(a, b)).toBe(d));
});
