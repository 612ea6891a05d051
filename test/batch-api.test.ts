/**
 * The tensor option and the batch route over real HTTP (buildApp + inject): `tensor` answers the
 * numeric observation, mask and legal indices and leaves answers byte-identical when not asked; a
 * batch answers, item by item, byte for byte what init and /action answer (the carried state compared
 * by what it opens to: sealing draws a fresh IV each time); bad items fail alone; limits hold.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { canonicalJson } from '../src/core/canonical.js';
import { StateSealer } from '../src/server/state/seal.js';
import { actionMask, type GameTensor } from '../src/core/tensor.js';
import { games } from '../src/games/index.js';
import { buildApp } from '../src/server/app.js';
import { DEFAULT_RATE_LIMITS } from '../src/server/config.js';
import { playout } from './helpers/playout.js';

const sealer = StateSealer.random();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ sealer, webRoot: null });
});
afterAll(() => app.close());

type Body = Record<string, unknown>;

/** An answer's JSON with the carried state replaced by what it opens to. */
function normalised(game: AnyGame, body: Body): string {
  const s = game.spec;
  const out = { ...body };
  if (typeof out.stateToken === 'string') {
    const c = sealer.openTokenContent(s.slug, s.rulesVersion, out.stateToken);
    out.stateToken = 'packed' in c ? Buffer.from(c.packed).toString('base64') : canonicalJson(c.wire);
  }
  if (out.state && typeof out.state === 'object') {
    out.state = canonicalJson(sealer.openReadable(s.slug, s.rulesVersion, out.state));
  }
  return JSON.stringify(out);
}

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as Body });

describe.each(games.map((g) => [g.spec.slug, g] as const))('%s tensor and batch over HTTP', (slug, game) => {
  const carry = game.spec.carry;
  const t = game.tensor as GameTensor;

  it('init and action answer tensor, actionMask and legalIndex when asked, and nothing new otherwise', async () => {
    const plain = (await app.inject({ url: `/api/games/${slug}/init?seed=7` })).json();
    const asked = (await app.inject({ url: `/api/games/${slug}/init?seed=7&tensor=true` })).json();
    expect(plain.tensor).toBeUndefined();
    const local = game.init(7);
    const x = t.encode(game.observe(local));
    expect(asked.tensor).toEqual({ planes: Array.from(x.planes), features: Array.from(x.features) });
    expect(asked.actionMask).toEqual(Array.from(actionMask(t, local, game.legalActions(local))));
    expect(asked.legalIndex).toEqual(game.legalActions(local).map((a) => t.indexOf(local, a)));
    const { tensor: _t, actionMask: _m, legalIndex: _l, ...rest } = asked;
    expect(normalised(game, rest)).toBe(normalised(game, plain));

    const action = game.legalActions(local)[0];
    const a1 = (await post(`/api/games/${slug}/action`, { [carry]: plain[carry], action })).json();
    const a2 = (await post(`/api/games/${slug}/action`, { [carry]: plain[carry], action, tensor: true })).json();
    expect(a1.tensor).toBeUndefined();
    expect(a2.tensor.planes).toHaveLength(x.planes.length);
    expect(Object.keys(a2)).toEqual([
      ...Object.keys(a1).filter((k) => k !== 'events'),
      'tensor',
      'actionMask',
      'legalIndex',
      'events',
    ]);
    // A refusal carries them too.
    const refused = (
      await post(`/api/games/${slug}/action`, { [carry]: plain[carry], action: { type: 'fly' }, tensor: true })
    ).json();
    expect(refused.ok).toBe(false);
    expect(refused.actionMask).toEqual(asked.actionMask);
  });

  /** A tensorFormat the route refuses: a 400 on /action, and in a batch that item's error alone. */
  const expectFormatRefused = async (carried: unknown, action: unknown, tensorFormat: string) => {
    const onAction = await post(`/api/games/${slug}/action`, { [carry]: carried, action, tensorFormat });
    expect(onAction.statusCode).toBe(400);
    expect(onAction.json().error).toBe('bad_request');
    const mixed = (await post(`/api/games/${slug}/batch`, { items: [{ seed: 1, tensorFormat }, { seed: 2 }] })).json();
    expect(mixed.results[0]).toMatchObject({ ok: false, error: 'bad_request' });
    expect(mixed.results[1].ok).toBe(true);
  };

  it('tensorFormat "base64" answers the same numbers as the JSON arrays, as bytes (float32 little-endian)', async () => {
    const json = (await app.inject({ url: `/api/games/${slug}/init?seed=11&tensor=true` })).json();
    const b64 = (await app.inject({ url: `/api/games/${slug}/init?seed=11&tensorFormat=base64` })).json();
    expect(b64.tensor.format).toBe('base64');
    const planes = Buffer.from(b64.tensor.planes, 'base64');
    expect(Array.from(planes)).toEqual(json.tensor.planes);
    const fbytes = Buffer.from(b64.tensor.features, 'base64');
    expect(fbytes.length).toBe(json.tensor.features.length * 4);
    const features = Array.from({ length: fbytes.length / 4 }, (_, i) => fbytes.readFloatLE(i * 4));
    expect(features).toEqual(json.tensor.features);
    expect(b64.actionMask).toEqual(json.actionMask);
    expect(b64.legalIndex).toEqual(json.legalIndex);
    // The shapes are the spec's.
    const spec = game.tensor!.tensorSpec;
    expect(planes.length).toBe(spec.planes.shape.reduce((n, d) => n * d, 1));
    expect(features.length).toBe(spec.features.shape[0]);

    // On /action, and in a batch (the batch's format, or an item's own).
    const action = json.legalActions[0];
    const a = (
      await post(`/api/games/${slug}/action`, { [carry]: json[carry], action, tensorFormat: 'base64' })
    ).json();
    const aj = (await post(`/api/games/${slug}/action`, { [carry]: json[carry], action, tensor: true })).json();
    expect(Array.from(Buffer.from(a.tensor.planes, 'base64'))).toEqual(aj.tensor.planes);
    const batch = (
      await post(`/api/games/${slug}/batch`, {
        items: [{ seed: 11 }, { [carry]: json[carry], action }, { seed: 11, tensorFormat: 'json' }],
        tensorFormat: 'base64',
      })
    ).json();
    expect(batch.results[0].tensor).toEqual(b64.tensor);
    expect(batch.results[1].tensor).toEqual(a.tensor);
    expect(batch.results[2].tensor).toEqual(json.tensor);

    // A format the API does not know is a 400 (an item's fails alone).
    const bad = await app.inject({ url: `/api/games/${slug}/init?seed=11&tensorFormat=npy` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('bad_request');
    await expectFormatRefused(json[carry], action, 'hex');
  });

  it('tensorFormat "bits" packs 0/1 planes eight cells a byte, first cell in the top bit; games with other planes refuse it', async () => {
    const json = (await app.inject({ url: `/api/games/${slug}/init?seed=13&tensor=true` })).json();
    const res = await app.inject({ url: `/api/games/${slug}/init?seed=13&tensorFormat=bits` });
    const action = json.legalActions[0];
    const cells = t.tensorSpec.planes.shape.reduce((n, d) => n * d, 1);
    if (t.tensorSpec.planes.high !== 1) {
      // Values above 1 cannot be bits: a 400 naming the form to ask for instead, on every route.
      expect(t.tensorSpec.planes.high).toBeGreaterThan(1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request' });
      expect(res.json().message).toMatch(/base64/);
      await expectFormatRefused(json[carry], action, 'bits');
      return;
    }
    expect(res.statusCode).toBe(200);
    const bits = res.json();
    expect(bits.tensor.format).toBe('bits');
    const packed = Buffer.from(bits.tensor.planes, 'base64');
    expect(packed.length).toBe(Math.ceil(cells / 8));
    const unpacked = Array.from({ length: cells }, (_, i) => (packed[i >> 3] >> (7 - (i & 7))) & 1);
    expect(unpacked).toEqual(json.tensor.planes);
    // The padding bits of the last byte are 0, and the features are the base64 form's.
    expect(packed[packed.length - 1] & (0xff >> (cells % 8 || 8))).toBe(0);
    const b64 = (await app.inject({ url: `/api/games/${slug}/init?seed=13&tensorFormat=base64` })).json();
    expect(bits.tensor.features).toBe(b64.tensor.features);
    expect(bits.actionMask).toEqual(json.actionMask);
    // On /action and in a batch alike.
    const a = (await post(`/api/games/${slug}/action`, { [carry]: json[carry], action, tensorFormat: 'bits' })).json();
    const aj = (await post(`/api/games/${slug}/action`, { [carry]: json[carry], action, tensor: true })).json();
    const ap = Buffer.from(a.tensor.planes, 'base64');
    expect(Array.from({ length: cells }, (_, i) => (ap[i >> 3] >> (7 - (i & 7))) & 1)).toEqual(aj.tensor.planes);
    const batch = (
      await post(`/api/games/${slug}/batch`, {
        items: [{ seed: 13 }, { [carry]: json[carry], action }],
        tensorFormat: 'bits',
      })
    ).json();
    expect(batch.results[0].tensor).toEqual(bits.tensor);
    expect(batch.results[1].tensor).toEqual(a.tensor);
  });

  it('actionIndex plays the action its index names now, exactly as sending that action; bad indices are refused or 400', async () => {
    const init = (await app.inject({ url: `/api/games/${slug}/init?seed=21` })).json();
    const local = game.init(21);
    const url = `/api/games/${slug}/action`;
    let named = 0;
    for (let i = 0; i < t.actionIndex.length; i++) {
      const byIndex = (await post(url, { [carry]: init[carry], actionIndex: i })).json();
      const action = t.actionAt(local, i);
      if (action === null) {
        expect(byIndex).toMatchObject({ ok: false, reason: 'unknown_action' });
        expect(byIndex.message).toContain(`Action index ${i}`);
        continue;
      }
      named++;
      const byAction = (await post(url, { [carry]: init[carry], action })).json();
      expect(normalised(game, byIndex), `index ${i}`).toBe(normalised(game, byAction));
    }
    expect(named).toBeGreaterThan(0);
    for (const bad of [-1, t.actionIndex.length, 1.5, '2', null]) {
      const r = await post(url, { [carry]: init[carry], actionIndex: bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().error).toBe('bad_request');
    }
    const both = await post(url, { [carry]: init[carry], actionIndex: 0, action: init.legalActions[0] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('not both');
    const neither = await post(url, { [carry]: init[carry] });
    expect(neither.statusCode).toBe(400);
    // In a batch, beside the state as any item carries it.
    const first =
      init.legalIndex ?? (await app.inject({ url: `/api/games/${slug}/init?seed=21&tensor=true` })).json().legalIndex;
    const batch = (
      await post(`/api/games/${slug}/batch`, {
        items: [
          { [carry]: init[carry], actionIndex: first[0] },
          { [carry]: init[carry], actionIndex: -1 },
        ],
      })
    ).json();
    const single = (await post(url, { [carry]: init[carry], actionIndex: first[0] })).json();
    expect(normalised(game, batch.results[0])).toBe(normalised(game, single));
    expect(batch.results[1]).toMatchObject({ ok: false, error: 'bad_request' });
  });

  it('a batch answers item by item what init and /action answer, byte for byte', async () => {
    const run = playout(game, 1234, 12);
    // Singles: the init, then each action from the previous answer.
    const singles: Body[] = [(await app.inject({ url: `/api/games/${slug}/init?seed=1234` })).json()];
    const bodies: Body[] = [];
    for (const [i, action] of run.actions.entries()) {
      const body: Body = { [carry]: singles[i][carry], action, ...(i % 2 ? { tensor: true } : {}) };
      bodies.push(body);
      singles.push((await post(`/api/games/${slug}/action`, body)).json());
    }
    const refusedBody = { [carry]: singles[1][carry], action: { type: 'fly' } };
    const refusedSingle = (await post(`/api/games/${slug}/action`, refusedBody)).json();
    const r = await post(`/api/games/${slug}/batch`, { items: [{ seed: 1234 }, ...bodies, refusedBody] });
    expect(r.statusCode).toBe(200);
    const answer = r.json();
    expect(answer.ok).toBe(true);
    expect(answer.results).toHaveLength(bodies.length + 2);
    [...singles, refusedSingle].forEach((single, i) => {
      expect(normalised(game, answer.results[i]), `item ${i}`).toBe(normalised(game, single));
    });
  });

  it('a batch trimmed to leave the observation out (built without its text) answers the kept fields of a full batch', async () => {
    const run = playout(game, 4321, 30);
    const items: Body[] = [{ seed: 4321 }];
    let current: Body = (await app.inject({ url: `/api/games/${slug}/init?seed=4321` })).json();
    for (const action of run.actions) {
      items.push({ [carry]: current[carry], action });
      current = (await post(`/api/games/${slug}/action`, { [carry]: current[carry], action })).json();
    }
    const kept = [
      carry,
      'tensor',
      'actionMask',
      'legalIndex',
      'legalActions',
      'score',
      'gameOver',
      'outcome',
      'events',
    ];
    const full = (await post(`/api/games/${slug}/batch`, { items, tensorFormat: 'base64' })).json().results as Body[];
    const trimmed = (await post(`/api/games/${slug}/batch`, { items, tensorFormat: 'base64', fields: kept })).json()
      .results as Body[];
    expect(trimmed).toHaveLength(items.length);
    trimmed.forEach((item, i) => {
      const keep: Body = {};
      for (const k in full[i]) if (k === 'ok' || kept.includes(k)) keep[k] = full[i][k];
      expect(normalised(game, item), `item ${i}`).toBe(normalised(game, keep));
    });
  });

  it('fields trims every result; a bad item fails alone with its own error', async () => {
    const init = (await app.inject({ url: `/api/games/${slug}/init?seed=3` })).json();
    const action = init.legalActions[0] as GameAction;
    const r = await post(`/api/games/${slug}/batch`, {
      items: [
        { seed: 5 },
        { [carry]: init[carry], action },
        { seed: -1 },
        { [carry]: { forged: true }, action },
        7,
        { nope: 1 },
      ],
      tensor: true,
      fields: [carry, 'tensor', 'actionMask', 'score', 'gameOver', 'outcome'],
    });
    expect(r.statusCode).toBe(200);
    const [a, b, c, d, e, f] = r.json().results;
    expect(Object.keys(a).sort()).toEqual(['ok', carry, 'tensor', 'actionMask', 'score', 'gameOver', 'outcome'].sort());
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(c).toMatchObject({ ok: false, error: 'bad_seed' });
    expect(d).toMatchObject({ ok: false, error: 'invalid_state' });
    expect(e).toMatchObject({ ok: false, error: 'bad_request' });
    expect(f).toMatchObject({ ok: false, error: 'bad_request' });
    for (const x of [c, d, e, f]) expect(typeof x.message).toBe('string');
  });
});

describe('batch limits', () => {
  it('a malformed batch, or one past 256 items, is a 4xx with a code from the catalogue', async () => {
    for (const payload of [{}, { items: 3 }, { items: [], extra: 1 }]) {
      const r = await post('/api/games/whirlyard/batch', payload);
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe('bad_request');
    }
    const big = await post('/api/games/whirlyard/batch', { items: Array.from({ length: 257 }, () => ({ seed: 1 })) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ ok: false, error: 'batch_too_large' });
    const full = await post('/api/games/whirlyard/batch', {
      items: Array.from({ length: 256 }, (_, i) => ({ seed: i })),
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().results).toHaveLength(256);
    expect((await post('/api/games/chess/batch', { items: [] })).json().error).toBe('unknown_game');
  });

  it('each kind of bad item fails alone with its own code and message, between good ones', async () => {
    const bad: [unknown, string, string][] = [
      [7, 'bad_request', 'Each batch item is an object: {"seed": N} or the body of /action.'],
      [null, 'bad_request', 'Each batch item is an object: {"seed": N} or the body of /action.'],
      [[1], 'bad_request', 'Each batch item is an object: {"seed": N} or the body of /action.'],
      [{ seed: 1, extra: 2 }, 'bad_request', 'A batch item has an unknown field "extra".'],
      [{ seed: 1, tensor: 'yes' }, 'bad_request', "An item's `tensor` is true or false."],
      [{ seed: 1, tensorFormat: 'npy' }, 'bad_request', '`tensorFormat` is "json", "base64" or "bits".'],
      [
        { seed: 1, action: 'wait' },
        'bad_request',
        'A batch item is either {"seed": N} (an init) or an /action body, not both.',
      ],
      [{ seed: true }, 'bad_seed', 'The seed must be an integer from 0 to 4294967295.'],
      [{ seed: 1.5 }, 'bad_seed', 'The seed must be an integer from 0 to 4294967295 or 32 hex digits; got "1.5".'],
      [
        { stateToken: 'x' },
        'bad_request',
        'A batch item needs `seed` (an init), or `action` (or `actionIndex`) with the carried state.',
      ],
    ];
    const r = await post('/api/games/whirlyard/batch', {
      items: [{ seed: 1 }, ...bad.map(([item]) => item), { seed: 2 }],
    });
    expect(r.statusCode).toBe(200);
    const results = r.json().results as Record<string, unknown>[];
    expect(results).toHaveLength(bad.length + 2);
    expect(results[0].ok).toBe(true);
    expect(results[bad.length + 1].ok).toBe(true);
    bad.forEach(([item, error, message], i) =>
      expect(results[i + 1], JSON.stringify(item)).toEqual({ ok: false, error, message }),
    );
  });

  it('rate limits count a batch as its items, in the action group', async () => {
    const limited = await buildApp({
      sealer,
      webRoot: null,
      rateLimits: { ...DEFAULT_RATE_LIMITS, action: { max: 10, windowMs: 60_000 } },
    });
    try {
      const batch = (n: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/games/whirlyard/batch',
          payload: { items: Array.from({ length: n }, () => ({ seed: 1 })) },
        });
      expect((await batch(8)).statusCode).toBe(200);
      const init = (await limited.inject({ url: '/api/games/whirlyard/init?seed=1' })).json();
      const one = await limited.inject({
        method: 'POST',
        url: '/api/games/whirlyard/action',
        payload: { stateToken: init.stateToken, action: { type: 'wait' } },
      });
      expect(one.statusCode, 'the 9th unit of 10').toBe(200);
      const over = await batch(2);
      expect(over.statusCode, '9 + 2 items pass a limit of 10').toBe(429);
      expect(over.json().error).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('the batch route is in /openapi.json', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths.some((p) => p.includes('batch'))).toBe(true);
  });
});
