/**
 * The TypeScript client against a real server listening on a port: every game played through
 * `GameboardClient`, refusals, forks, submissions, the error codes, and the retries.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameboardClient, GameboardError, decodeTensor } from '../src/client/index.js';
import type { GameAction } from '../src/core/game.js';
import { replay } from '../src/core/replay.js';
import { Rng } from '../src/core/rng.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

let app: FastifyInstance;
let store: SqliteRunStore;
let base: string;

beforeAll(async () => {
  store = new SqliteRunStore(':memory:');
  app = await buildApp({ sealer: new StateSealer(['client-test-secret-0123456789']), store, webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (addr === null || typeof addr === 'string') throw new Error('the test server has no port');
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await app.close();
  await store.close();
});

/** A fetch that answers `status` (with `Retry-After: 0`) for the first `times` calls, then the real one. */
function flaky(status: number, times: number) {
  const calls: string[] = [];
  const f: typeof fetch = async (input, init) => {
    calls.push(String(input));
    if (calls.length <= times) {
      return new Response(JSON.stringify({ ok: false, error: 'busy', message: 'try later' }), {
        status,
        headers: { 'retry-after': '0', 'content-type': 'application/json' },
      });
    }
    return fetch(input, init);
  };
  return { f, calls };
}

describe('GameboardClient against a real server', () => {
  it('lists the registered games', async () => {
    const games = await new GameboardClient(base).games();
    expect(games.map((g) => g.slug)).toEqual(registry.slugs());
    expect(games[0]).toMatchObject({ carry: registry.games[0].spec.carry });
  });

  // One client for the four games: it claims the name "client-test" once and keeps its key.
  let client: GameboardClient;
  beforeAll(() => {
    client = new GameboardClient(base);
  });
  for (const game of registry.games) {
    const slug = game.spec.slug;
    it(`plays ${slug} through the client, and the server keeps the score the engine replays`, async () => {
      const session = await client.start(slug, { seed: 4242 });
      expect(session.seed).toBe(4242);
      expect(session.carry).toBe(game.spec.carry);
      expect(session.legalActions).toEqual(game.legalActions(game.init(4242)));
      const rng = Rng.fromSeed(99);
      for (let i = 0; i < 40 && !session.gameOver; i++) {
        // Stay away from the run-ending actions so the run goes on.
        const options = session.legalActions.filter((a: GameAction) => !/end/i.test(a.type));
        const pick = options.length > 0 ? options : session.legalActions;
        await session.act(pick[rng.int(pick.length)]);
      }
      const replayed = replay(game, session.run());
      if (!replayed.ok) throw new Error(replayed.message);
      expect(session.history.length).toBe(replayed.steps);
      expect(session.score).toBe(replayed.score);
      expect(session.observation).toEqual(game.observe(replayed.state));
      expect(session.outcome).toEqual(game.outcome(replayed.state));

      const submitted = await session.submit('client-test');
      expect(submitted).toMatchObject({ ok: true, score: replayed.score, steps: replayed.steps });
    });
  }

  it('claims a new player name, keeps its key for later submissions, and refuses the name to others', async () => {
    const game = registry.get('whirlyard')!;
    const run = (seed: number) => ({ game: 'whirlyard', rulesVersion: game.spec.rulesVersion, seed, actions: [] });
    const first = new GameboardClient(base);
    const claimed = await first.submitRun(run(11), 'key-keeper');
    expect(claimed.playerKey).toEqual(expect.any(String));
    expect(first.playerKey('Key-Keeper')).toBe(claimed.playerKey);
    const again = await first.submitRun(run(12), 'key-keeper');
    expect(again.ok).toBe(true);
    expect(again.playerKey).toBeUndefined();

    const stranger = await new GameboardClient(base).submitRun(run(13), 'key-keeper').catch((e: unknown) => e);
    expect(stranger).toMatchObject({ code: 'name_owned' });
    const owner = new GameboardClient(base, { playerKeys: { 'key-keeper': claimed.playerKey! } });
    expect((await owner.submitRun(run(14), 'key-keeper')).ok).toBe(true);
  });

  it('rotates a name key: the new key kept and working, the old one refused, a repeated call answered again', async () => {
    const game = registry.get('whirlyard')!;
    const run = (seed: number) => ({ game: 'whirlyard', rulesVersion: game.spec.rulesVersion, seed, actions: [] });
    const owner = new GameboardClient(base);
    const old = (await owner.submitRun(run(21), 'key-rotator')).playerKey!;
    const next = await owner.rotatePlayerKey('key-rotator');
    expect(next).not.toBe(old);
    expect(owner.playerKey('key-rotator')).toBe(next);
    expect((await owner.submitRun(run(22), 'key-rotator')).ok).toBe(true);
    const stale = new GameboardClient(base, { playerKeys: { 'key-rotator': old } });
    expect(await stale.submitRun(run(23), 'key-rotator').catch((e: unknown) => e)).toMatchObject({
      code: 'name_owned',
    });
    // The answer lost: the old holder calls again with the same new key, and is answered again.
    expect(await stale.rotatePlayerKey('key-rotator', next)).toBe(next);
    expect(await new GameboardClient(base).rotatePlayerKey('key-rotator').catch((e: unknown) => e)).toBeInstanceOf(
      GameboardError,
    );
  });

  it('a refused action throws code refused with the reason, and the session stays as it was', async () => {
    const session = await new GameboardClient(base).start('whirlyard', { seed: 3 });
    const before = { score: session.score, observation: session.observation, history: session.history.length };
    const err = await session.act({ type: 'fly' } as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GameboardError);
    expect(err).toMatchObject({ code: 'refused', reason: 'unknown_action' });
    expect((err as GameboardError).legalActions?.length).toBeGreaterThan(0);
    expect({ score: session.score, observation: session.observation, history: session.history.length }).toEqual(before);
    await session.act(session.legalActions[0]);
    expect(session.history.length).toBe(1);
  });

  it("batch: inits and index actions in one request, the tensor in base64 decoded to the engine's numbers", async () => {
    const client = new GameboardClient(base);
    for (const game of registry.games) {
      const slug = game.spec.slug;
      const t = game.tensor!;
      const [a, b] = await client.batch(slug, [{ seed: 3 }, { seed: 4 }], { tensor: 'base64' });
      const x = t.encode(game.observe(game.init(3)));
      const decoded = decodeTensor(a.tensor!);
      expect(Array.from(decoded.planes), slug).toEqual(Array.from(x.planes));
      expect(Array.from(decoded.features), slug).toEqual(Array.from(x.features));
      // The JSON form decodes to the same numbers.
      const [asJson] = await client.batch(slug, [{ seed: 3 }], { tensor: true });
      expect(decodeTensor(asJson.tensor!)).toEqual(decoded);
      // The bits form (games whose planes are 0 or 1) decodes, with the spec's tensorSpec, to the same numbers.
      if (t.tensorSpec.planes.high === 1) {
        const [asBits] = await client.batch(slug, [{ seed: 3 }], { tensor: 'bits' });
        expect((asBits.tensor as { format: string }).format).toBe('bits');
        expect(decodeTensor(asBits.tensor!, t.tensorSpec)).toEqual(decoded);
        expect(() => decodeTensor(asBits.tensor!)).toThrow(/tensorSpec/);
      }
      // An index action from b's state, trimmed to a few fields; a bad item fails alone.
      const carry = game.spec.carry;
      const carried = carry === 'stateToken' ? { stateToken: b.stateToken } : { state: b.state };
      const [played, bad] = await client.batch(
        slug,
        [
          { ...carried, actionIndex: b.legalIndex![0] },
          { ...carried, actionIndex: -1 },
        ],
        { tensor: 'base64', fields: [carry, 'actionMask', 'score'] },
      );
      expect(played.ok, slug).toBe(true);
      expect(Object.keys(played).sort()).toEqual(['ok', carry, 'actionMask', 'score'].sort());
      expect(bad).toMatchObject({ ok: false, error: 'bad_request' });
    }
  });

  it('fork gives an independent run from the same point', async () => {
    const a = await new GameboardClient(base).start('delvewick', { seed: 8 });
    await a.act(a.legalActions[0]);
    const b = a.fork();
    await a.act({ type: 'wait' });
    await b.act({ type: 'move', dir: 'left' }).catch(() => b.act({ type: 'wait' }));
    expect(a.history.length).toBe(2);
    expect(b.history.length).toBe(2);
    expect(a.history[0]).toEqual(b.history[0]);
    for (const s of [a, b]) {
      const r = replay(registry.get('delvewick')!, s.run());
      expect(r.ok && r.score).toBe(s.score);
    }
  });

  it('plays a wide seed (a finished ranked run, practised) and gives a run that replays with it', async () => {
    const client = new GameboardClient(base);
    const wide = '00ff00ff00ff00ff00ff00ff00ff00ff';
    const session = await client.start('briarwink', { seed: wide });
    expect(session.seed).toBe(wide);
    await session.act(session.legalActions[0]);
    const run = session.run();
    expect(run.seed).toBe(wide);
    const r = replay(registry.get('briarwink')!, run);
    expect(r.ok && r.score).toBe(session.score);
  });

  it("answers the server's error codes: unknown_game, bad_seed, invalid_state", async () => {
    const client = new GameboardClient(base);
    await expect(client.start('chess')).rejects.toMatchObject({ code: 'unknown_game', status: 404 });
    await expect(client.start('whirlyard', { seed: -1 })).rejects.toMatchObject({ code: 'bad_seed', status: 400 });
    const session = await client.start('cragwake', { seed: 1 });
    // A state this server never issued, as a tampering caller would send it.
    (session as unknown as { carried: unknown }).carried = { forged: true };
    await expect(session.act(session.legalActions[0])).rejects.toMatchObject({ code: 'invalid_state', status: 400 });
  });

  it('retries 429 and 503 answers, honouring Retry-After, and then succeeds', async () => {
    for (const status of [429, 503]) {
      const { f, calls } = flaky(status, 2);
      const client = new GameboardClient(base, { fetch: f, backoffMs: 1 });
      const games = await client.games();
      expect(games.length).toBe(registry.games.length);
      expect(calls.length).toBe(3);
      // Only 429s count as rate-limited (eval says so when a server slowed it down).
      expect(client.rateLimited).toBe(status === 429 ? 2 : 0);
    }
  });

  it('does not retry a client error', async () => {
    const { f, calls } = flaky(400, 5);
    await expect(new GameboardClient(base, { fetch: f, backoffMs: 1 }).games()).rejects.toMatchObject({
      code: 'busy',
      status: 400,
    });
    expect(calls.length).toBe(1);
  });

  it('gives code network after the retries when nothing listens', async () => {
    const client = new GameboardClient('http://127.0.0.1:9', { retries: 2, backoffMs: 1 });
    await expect(client.games()).rejects.toMatchObject({ code: 'network' });
  });
});
