/**
 * A new game is its folders and one registry line: Cairn (test/fixtures/cairn/, a tiny engine of a few
 * states, with its shells.ts) is registered in a test-only registry (test/fixtures/registry.ts) beside
 * the project's games, with no other edit anywhere, and passes the registry-wide conformance,
 * immutability and contract suites. The shells then serve and play it as they find it: the HTTP API
 * answers its spec and plays it to the end, and the CLI reads its keys from its shells.ts. Its web
 * folder (test/fixtures/web/cairn/) and its agent folder (test/fixtures/agents/cairn/) are found by
 * the same rules that find the project's (by slug, no list); where the project's own folders are
 * looked in, it has none, and the browser and the agents fall back to their generic forms.
 */
import type { FastifyInstance } from 'fastify';
import { benchCasesFor } from '../bench/engines.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowed } from '../src/core/legal.js';
import { StateSealer } from '../src/server/state/seal.js';
import { loadAgent } from '../src/agents/harness/load.js';
import { heuristicFor } from '../src/agents/index.js';
import { playRun } from '../src/agents/play.js';
import { random } from '../src/agents/random.js';
import { keyHelp, parseInput } from '../src/cli/keys.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { genericView } from '../src/web/games/generic.js';
import { hasOwnView, viewFor, webShelf, webs } from '../src/web/games/index.js';
import type { GameWeb } from '../src/web/games/types.js';
import { wordsFor } from '../src/web/words/index.js';
import { spec } from './fixtures/cairn/spec.js';
import { testRegistry } from './fixtures/registry.js';
import { conformanceSuite } from './helpers/conformance.js';
import { contractSuite } from './helpers/contract.js';
import { immutabilitySuite } from './helpers/immutability.js';

const cairn = testRegistry.get('cairn')!;

it('the test registry holds the project games and Cairn, in catalogue order', () => {
  expect(testRegistry.slugs()).toEqual([...registry.slugs(), 'cairn']);
  expect(registry.has('cairn')).toBe(false);
});

conformanceSuite([cairn]);
immutabilitySuite([cairn]);
contractSuite(testRegistry, ['cairn']);

describe('the HTTP API serves and plays Cairn from the test registry', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      sealer: new StateSealer(['sixth-game-test-secret-0123456789']),
      registry: testRegistry,
      webRoot: null,
    });
  });
  afterAll(() => app.close());

  it('lists it, answers its spec as published, and plays a run to its end', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/games' })).json() as { games: { slug: string }[] };
    expect(list.games.map((g) => g.slug)).toContain('cairn');
    const one = await app.inject({ method: 'GET', url: '/api/games/cairn' });
    expect(one.statusCode).toBe(200);
    expect((one.json() as { spec: unknown }).spec).toEqual(JSON.parse(JSON.stringify(spec)));

    let answer = (await app.inject({ method: 'GET', url: '/api/games/cairn/init?seed=7' })).json() as {
      stateToken: string;
      gameOver: boolean;
      score: number;
      outcome: unknown;
    };
    let places = 0;
    while (!answer.gameOver) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/games/cairn/action',
        payload: { stateToken: answer.stateToken, action: { type: 'place' } },
      });
      expect(r.statusCode, r.body).toBe(200);
      answer = r.json();
      places++;
    }
    expect(places).toBe(spec.top);
    expect(answer.outcome).toEqual({ kind: 'terminated', reason: 'finished' });
    expect(answer.score).toBe(cairn.score(replayed(7)));
  });

  it('answers an action outside its grammar, as for every game, with unknown_action and the state unchanged', async () => {
    const init = (await app.inject({ method: 'GET', url: '/api/games/cairn/init?seed=7' })).json() as {
      stateToken: string;
    };
    const r = await app.inject({
      method: 'POST',
      url: '/api/games/cairn/action',
      payload: { stateToken: init.stateToken, action: { type: 'topple' } },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ ok: false, reason: 'unknown_action', stateToken: init.stateToken, score: 0 });
  });
});

/** Cairn played to its end with `place` only, in process. */
function replayed(seed: number): unknown {
  let s = cairn.init(seed);
  while (!cairn.isGameOver(s)) {
    const r = cairn.step(s, { type: 'place' });
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

describe('Cairn where the project looks: no web or agent folder of its own, generic forms', () => {
  it('the browser draws it with the generic text view and words', () => {
    expect(hasOwnView('cairn')).toBe(false);
    expect(viewFor('cairn')).toBe(genericView);
    expect(wordsFor(cairn).ending({ kind: 'ended', reason: 'stop' }, cairn.observe(cairn.init(1)))).toBe(
      'The player stopped.',
    );
  });

  it('the CLI reads its keys from its shells.ts, and takes numbers from the list too', () => {
    expect(keyHelp(cairn)).toBe('keys: p=place, s=stop');
    const legal = cairn.legalActions(cairn.init(1));
    expect(parseInput(cairn, 'p', legal, 10)).toEqual({ type: 'place' });
    expect(parseInput(cairn, '2', legal, 10)).toEqual({ type: 'stop' });
    expect(parseInput(cairn, 'q', legal, 10)).toEqual({ error: 'unknown input "q"' });
    expect(keyHelp({ shells: undefined })).toBe('');
  });

  it('the one legality rule judges it by its listed actions', () => {
    const legal = cairn.legalActions(cairn.init(1));
    expect(isAllowed(cairn, { type: 'stop' }, legal)).toBe(true);
    expect(isAllowed(cairn, { type: 'topple' }, legal)).toBe(false);
  });

  it('the heuristic agent says it has no Cairn player, by name; the random agent plays it', async () => {
    await expect(loadAgent('heuristic', 'cairn')).rejects.toThrow('The agent "heuristic" has no cairn player yet');
    await expect(loadAgent('random', 'cairn')).resolves.toBeTypeOf('function');
  });
});

describe("Cairn's web and agent folders, found by the rules that find every game's", () => {
  /** The project's web folders and the fixtures' (test/fixtures/web/<slug>/), as the browser finds its own. */
  const shelf = webShelf({
    ...import.meta.glob<GameWeb>('../src/web/games/*/index.ts', { eager: true, import: 'web' }),
    ...import.meta.glob<GameWeb>('./fixtures/web/*/index.ts', { eager: true, import: 'web' }),
  });

  it('the browser finds every project game and Cairn, each under its slug', () => {
    expect([...webs.keys()].sort()).toEqual(registry.slugs().slice().sort());
    expect([...shelf.keys()].sort()).toEqual(testRegistry.slugs().slice().sort());
    expect(() => webShelf({ './games/cairn/index.ts': { ...shelf.get('cairn')!, slug: 'stack' } })).toThrow(
      'named by its slug',
    );
  });

  it('draws Cairn with its own board, keys, status and words', () => {
    expect(hasOwnView('cairn', shelf)).toBe(true);
    const view = viewFor('cairn', shelf);
    expect(view).not.toBe(genericView);
    const obs = cairn.observe(cairn.init(1));
    const legal = cairn.legalActions(cairn.init(1));
    expect(view.keyToAction!({ key: 'p' } as KeyboardEvent, legal, obs)).toEqual({ type: 'place' });
    expect(view.status!(obs)).toEqual([
      { label: 'Stones', value: 0 },
      { label: 'Next stone', value: obs.next },
    ]);
    const words = wordsFor(cairn, shelf);
    expect(words.event({ type: 'placed', weight: 2 })).toBe('A stone of weight 2 placed.');
    expect(words.ending({ kind: 'terminated', reason: 'finished' }, obs)).toBe('The cairn stands: four stones high.');
    expect(shelf.get('cairn')!.symbols).toBeDefined();
  });

  it('its heuristic comes from its agent folder by slug, and builds the whole cairn, beating random', async () => {
    const heuristic = (await heuristicFor('cairn', new URL('./fixtures/agents/', import.meta.url).pathname))!;
    expect(heuristic).toBeTypeOf('function');
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
    let own = 0;
    let drawn = 0;
    for (const seed of seeds) {
      const run = await playRun(cairn, heuristic, seed);
      expect(run.score).toBe(cairn.score(replayed(seed)));
      own += run.score;
      drawn += (await playRun(cairn, random, seed)).score;
    }
    expect(own).toBeGreaterThan(drawn);
  });

  it('its bench cases come from its engine folder by slug (none where the project looks)', async () => {
    const cases = await benchCasesFor('cairn', new URL('./fixtures/', import.meta.url).pathname);
    const [own] = cases.engineCases!();
    expect(own.name).toBe('cairn: whole cairns, seeds 1-50');
    for (const [state, action] of own.pairs) expect(cairn.step(state, action).ok).toBe(true);
    expect(await benchCasesFor('cairn')).toEqual({});
  });
});
