import { describe, expect, it } from 'vitest';
import { registry } from '../../games/index.js';
import { editDistance, grammarOf, parseReply } from './parse.js';

const grammar = (slug: string) => grammarOf(registry.get(slug)!.spec.actionSchema);

/** name, game, reply, the action it reads as (or null when it must be unparsable). */
const CASES: [string, string, string, object | null][] = [
  ['plain JSON', 'whirlyard', '{"type":"move","direction":"n"}', { type: 'move', direction: 'n' }],
  ['a json code fence', 'whirlyard', 'I will wait.\n```json\n{"type": "wait"}\n```', { type: 'wait' }],
  ['a bare code fence', 'delvewick', '```\n{"type":"move","dir":"down"}\n```', { type: 'move', dir: 'down' }],
  [
    'the last action wins',
    'whirlyard',
    'Not {"type":"pulse"} but rather {"type":"move","direction":"se"}.',
    { type: 'move', direction: 'se' },
  ],
  ['a trailing object without a type is skipped', 'whirlyard', '{"type":"wait"} {"confidence": 0.9}', { type: 'wait' }],
  ['an "action" wrapper', 'whirlyard', '{"action": {"type": "pulse"}, "why": "adjacent"}', { type: 'pulse' }],
  ['type case and underscores', 'whirlyard', '{"type":"END_RUN"}', { type: 'end_run' }],
  ['endrun for endRun', 'cragwake', '{"type":"endrun"}', { type: 'endRun' }],
  ['end_run for endRun', 'briarwink', '{"type":"end_run"}', { type: 'endRun' }],
  ['a one-letter typo in a long type', 'cragwake', '{"type":"breath"}', { type: 'breathe' }],
  ['upper-case direction', 'whirlyard', '{"type":"move","direction":"N"}', { type: 'move', direction: 'n' }],
  ['direction words', 'whirlyard', '{"type":"move","direction":"north-east"}', { type: 'move', direction: 'ne' }],
  ['up for n', 'whirlyard', '{"type":"move","direction":"up"}', { type: 'move', direction: 'n' }],
  ['dir for direction', 'whirlyard', '{"type":"move","dir":"w"}', { type: 'move', direction: 'w' }],
  ['direction for dir', 'delvewick', '{"type":"move","direction":"Down"}', { type: 'move', dir: 'down' }],
  ['south for down', 'delvewick', '{"type":"move","dir":"south"}', { type: 'move', dir: 'down' }],
  ['numbers as strings', 'cragwake', '{"type":"move","row":"4","col":"2"}', { type: 'move', row: 4, col: 2 }],
  ['column for col', 'cragwake', '{"type":"move","row":4,"column":2}', { type: 'move', row: 4, col: 2 }],
  ['single quotes and bare keys', 'cragwake', "{type: 'move', row: 5, col: 3,}", { type: 'move', row: 5, col: 3 }],
  [
    'Python literals',
    'briarwink',
    "{'type': 'tick', 'move': None, 'plant': True}",
    { type: 'tick', move: null, plant: true },
  ],
  ['extra fields are dropped', 'delvewick', '{"type":"wait","reason":"let the boulder fall"}', { type: 'wait' }],
  [
    'a missing nullable move is null',
    'briarwink',
    '{"type":"tick","plant":true}',
    { type: 'tick', move: null, plant: true },
  ],
  ['"none" as null', 'briarwink', '{"type":"tick","move":"none","count":5}', { type: 'tick', move: null, count: 5 }],
  ['walkTo branch', 'briarwink', '{"type":"tick","walk_to":24,"count":"30"}', { type: 'tick', walkTo: 24, count: 30 }],
  ['a bare type name', 'whirlyard', 'wait', { type: 'wait' }],
  ['a bare type name in a fence', 'briarwink', '```\nstart\n```', { type: 'start' }],
  ['garbage', 'whirlyard', 'I am not sure what to do here.', null],
  ['an unknown type', 'whirlyard', '{"type":"teleport","to":[1,2]}', null],
  ['an invalid enum value', 'whirlyard', '{"type":"move","direction":"sideways"}', null],
  ['a missing required field', 'cragwake', '{"type":"move","row":3}', null],
  ['out of the grammar range', 'briarwink', '{"type":"tick","walkTo":99}', null],
  ['broken JSON', 'whirlyard', '{"type": "move", "direction": ', null],
  ['a non-integer row', 'cragwake', '{"type":"move","row":2.5,"col":1}', null],
];

describe('parseReply', () => {
  it.each(CASES)('%s (%s)', (_name, slug, reply, want) => {
    const r = parseReply(reply, grammar(slug));
    if (want === null) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(0);
    } else expect(r).toEqual({ ok: true, action: want });
  });

  it('says why a reply is unparsable', () => {
    expect(parseReply('no idea', grammar('whirlyard'))).toEqual({
      ok: false,
      reason: 'the reply holds no JSON action',
    });
    const r = parseReply('{"type":"teleport"}', grammar('whirlyard'));
    expect(r.ok === false && r.reason).toContain('the types are move, wait, pulse, end_run');
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
