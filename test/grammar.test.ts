/**
 * Action grammars: the words a malformed action gets (through the action route and the run route), and
 * the published grammar agreeing with the engine on what is well-formed, over generated actions.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/core/game.js';
import { StateSealer } from '../src/server/state/seal.js';
import { games, registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { compileActionGrammars } from '../src/server/answer-json.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ sealer: StateSealer.random(), store: new SqliteRunStore(':memory:'), webRoot: null });
});
afterAll(() => app.close());

/** The message the action route gives `action` on a fresh game of `slug`. */
async function refusalOf(slug: string, action: unknown): Promise<{ reason: string; message: string }> {
  const init = (await app.inject({ url: `/api/games/${slug}/init?seed=7` })).json();
  const carry = init.stateToken !== undefined ? { stateToken: init.stateToken } : { state: init.state };
  const r = await app.inject({ method: 'POST', url: `/api/games/${slug}/action`, payload: { ...carry, action } });
  expect(r.statusCode).toBe(200);
  const body = r.json();
  expect(body.ok).toBe(false);
  return body;
}

describe('grammar errors name the real problem', () => {
  const cases: Array<[string, string, unknown, RegExp]> = [
    ['an unknown field on a known type', 'whirlyard', { type: 'wait', x: 1 }, /unknown field "x" on "wait"/],
    ['an out-of-range count', 'briarwink', { type: 'tick', move: 'up', count: 31 }, /"count" must be .*1 to 30/],
    [
      'an unknown type lists the known types',
      'cragwake',
      { type: 'jump' },
      /unknown type "jump" \(known types: move, breathe, climbOn, endRun\)/,
    ],
    ['a missing type lists the known types', 'delvewick', { dir: 'up' }, /no "type" \(known types: move, wait\)/],
    ['a missing field on a known type', 'cragwake', { type: 'move', row: 1 }, /missing field "col" on "move"/],
    ['a mistyped field', 'cragwake', { type: 'move', row: 1, col: 'a' }, /"col" must be an integer, got "a"/],
    ['a value outside an enum', 'delvewick', { type: 'move', dir: 'north' }, /"dir" must be one of "up", "down"/],
    ['an extra field on Delvewick', 'delvewick', { type: 'wait', please: 1 }, /unknown field "please" on "wait"/],
    ['a tick with neither input', 'briarwink', { type: 'tick' }, /"tick" needs the field "move" or "walkTo"/],
    ['a cell off the garden', 'briarwink', { type: 'tick', walkTo: 63 }, /"walkTo" must be an integer from 0 to 62/],
    ['not an object', 'whirlyard', 'wait', /JSON object with a "type".*got "wait"/],
    [
      'a tick with both inputs',
      'briarwink',
      { type: 'tick', move: 'up', walkTo: 3 },
      /one of "move", "walkTo", not both/,
    ],
    [
      'one problem per field, every field',
      'whirlyard',
      { type: 'move', direction: 5, y: 1 },
      /^The action is not in the Whirlyard grammar: unknown field "y" on "move" \(it takes "direction"\); "direction" must be one of "nw", .*"se", got 5\.$/,
    ],
  ];
  it.each(cases)('%s (%s)', async (_, slug, action, words) => {
    const body = await refusalOf(slug, action);
    expect(body.reason).toBe('unknown_action');
    expect(body.message).toMatch(words);
    // The old first-branch messages are gone.
    expect(body.message).not.toMatch(/must have required property|must NOT have additional properties/);
  });

  it('the run route uses the same words, naming the action index', async () => {
    const game = registry.get('briarwink')!;
    const r = await app.inject({
      method: 'POST',
      url: '/api/runs',
      payload: {
        game: 'briarwink',
        rulesVersion: game.spec.rulesVersion,
        seed: 7,
        actions: [{ type: 'start' }, { type: 'tick', move: 'up', count: 31 }],
        player: { name: 'grammar test', kind: 'agent' },
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe('invalid_run');
    expect(r.json().message).toMatch(/Action 1 is not in the Briarwink grammar: "count" must be .*1 to 30/);
  });
});

/** Reasons an engine gives an action it finds malformed (as opposed to illegal now). */
const MALFORMED = new Set([
  'unknown_action',
  'unknown_field',
  'move_and_walkto',
  'missing_move',
  'bad_move',
  'bad_walkto',
  'bad_plant',
  'bad_count',
]);

/** A state where a well-formed action is judged on its shape first: a game under way. */
function playingState(game: AnyGame): unknown {
  const s = game.init(7);
  const start = game.legalActions(s).find((a: { type: string }) => a.type === 'start');
  if (!start) return s;
  const r = game.step(s, start);
  if (!r.ok) throw new Error('start was refused');
  return r.state;
}

/** Actions built from each game's own vocabulary, so that many are close to well-formed. */
function actionArbitrary(game: AnyGame) {
  const schema = JSON.stringify(game.spec.actionSchema);
  const words = [...new Set([...schema.matchAll(/"([A-Za-z_]+)"/g)].map((m) => m[1]))];
  const key = fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 4 }));
  const value = fc.oneof(
    fc.constantFrom(...words),
    fc.integer({ min: -3, max: 70 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 4 }),
    fc.constant([]),
    fc.constant({}),
  );
  const shaped = fc.record({ type: fc.oneof(fc.constantFrom(...words), value) }, { requiredKeys: [] });
  return fc.oneof(
    fc.tuple(shaped, fc.dictionary(key, value, { maxKeys: 4 })).map(([a, b]) => ({ ...b, ...a })),
    fc.dictionary(key, value, { maxKeys: 4 }),
    value,
  );
}

describe.each(games.map((g) => [g.spec.slug, g] as const))('%s: grammar and engine agree', (slug, game) => {
  const grammar = compileActionGrammars(registry).get(slug)!;
  const state = playingState(game);

  it('an action the grammar accepts is never refused as malformed, and one it refuses always is', () => {
    fc.assert(
      fc.property(actionArbitrary(game), (action) => {
        const inGrammar = grammar.check(action);
        const r = game.step(state, action as never);
        const malformed = !r.ok && MALFORMED.has(r.reason);
        if (inGrammar === malformed) {
          throw new Error(
            `${JSON.stringify(action)}: grammar ${inGrammar ? 'accepts' : 'refuses'} it, engine ${r.ok ? 'accepts it' : `says ${r.reason}`}`,
          );
        }
        if (!inGrammar) expect(grammar.explain(action)).toMatch(/\S/);
      }),
      { numRuns: 3000, seed: 12 },
    );
  });

  it('every legal action is in the grammar (and the grammar is still callable as an Ajv validator)', () => {
    for (const a of game.legalActions(state)) {
      expect(grammar.check(a), JSON.stringify(a)).toBe(true);
      expect(grammar(a)).toBe(true);
    }
    expect(grammar({ type: 'no such type' })).toBe(false);
    expect(grammar.errors?.length).toBeGreaterThan(0);
  });
});
