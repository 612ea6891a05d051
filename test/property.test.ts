/**
 * Property tests (fast-check) over every registered game: random action sequences, legal or not,
 * never throw; `fromWire(toWire(s))` equals `s`; packed and sealed tokens round-trip; and any
 * single-character change to a state token or to a tagged readable state is refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameAction } from '../src/core/game.js';
import { canonicalJson } from '../src/core/canonical.js';
import { StateSealer } from '../src/server/state/seal.js';
import { registry } from '../src/games/index.js';

const sealer = StateSealer.random();
const RUNS = 25;

/** One move of a random walk: a legal action by index, or arbitrary JSON shaped a little like an action. */
const moveArb = fc.oneof(
  { weight: 8, arbitrary: fc.nat().map((i) => ({ legal: i })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ type: fc.oneof(fc.string(), fc.constantFrom('move', 'wait', 'tick', 'start')) }, { requiredKeys: [] })
      .chain((base) =>
        fc
          .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }))
          .map((extra) => ({ junk: { ...extra, ...base } })),
      ),
  },
);

/** Plays `moves` from `init(seed)`; returns every state reached. Throws only if the engine throws. */
function walk(game: AnyGame, seed: number, moves: ({ legal: number } | { junk: unknown })[]): unknown[] {
  let state = game.init(seed);
  const states = [state];
  for (const m of moves) {
    if (game.isGameOver(state)) break;
    let action: GameAction;
    if ('legal' in m) {
      const legal = game.legalActions(state);
      if (legal.length === 0) break;
      action = legal[m.legal % legal.length];
    } else action = m.junk as GameAction;
    const r = game.step(state, action);
    if (r.ok) {
      state = r.state;
      states.push(state);
    } else expect(typeof r.reason, 'a refusal names its reason').toBe('string');
  }
  return states;
}

/** `state` without the fields the game keeps only to go faster and leaves out of its wire form (`Game.wireCaches`). */
function withoutCaches(game: AnyGame, state: unknown): unknown {
  const caches = game.wireCaches;
  if (!caches || state === null || typeof state !== 'object') return state;
  const copy: Record<string, unknown> = { ...(state as Record<string, unknown>) };
  for (const k of caches) delete copy[k];
  return copy;
}

const seedArb = fc.integer({ min: 0, max: 0xffffffff });
const movesArb = fc.array(moveArb, { maxLength: 40 });

/** `text` with the character at `at` replaced by another printable ASCII character. */
function changeOne(text: string, at: number, to: number): string {
  const i = at % text.length;
  let c = 32 + (to % 95);
  if (c === text.charCodeAt(i)) c = c === 126 ? 32 : c + 1;
  return text.slice(0, i) + String.fromCharCode(c) + text.slice(i + 1);
}

describe.each(registry.games.map((g) => [g.spec.slug, g] as const))('%s', (_slug, game) => {
  const s = game.spec;

  it('never throws on random action sequences, legal or not', () => {
    fc.assert(
      fc.property(seedArb, movesArb, (seed, moves) => {
        walk(game, seed, moves);
      }),
      { numRuns: RUNS },
    );
  });

  it('rebuilds every reached state from its wire form, and the rebuilt state plays on alike', () => {
    fc.assert(
      fc.property(seedArb, movesArb, (seed, moves) => {
        for (const state of walk(game, seed, moves)) {
          const wire = JSON.parse(JSON.stringify(game.toWire(state)));
          const back = game.fromWire(wire);
          expect(withoutCaches(game, back)).toEqual(withoutCaches(game, state));
          if (game.pack && game.unpack) expect(game.unpack(game.pack(state))).toEqual(state);
          // The next state from the rebuilt one is the next state from the original, for every legal action.
          if (game.isGameOver(state)) continue;
          for (const action of game.legalActions(state).slice(0, 4)) {
            const a = game.step(state, action);
            const b = game.step(back, action);
            expect(b.ok).toBe(a.ok);
            if (a.ok && b.ok) expect(game.toWire(b.state)).toEqual(game.toWire(a.state));
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('round-trips states through sealed tokens (packed where the game packs)', () => {
    fc.assert(
      fc.property(seedArb, movesArb, (seed, moves) => {
        for (const state of walk(game, seed, moves).slice(-3)) {
          const wire = JSON.parse(JSON.stringify(game.toWire(state)));
          const token = sealer.sealToken(s.slug, s.rulesVersion, wire);
          expect(sealer.openToken(s.slug, s.rulesVersion, token)).toEqual(wire);
          if (game.pack && game.unpack) {
            const bytes = game.pack(state);
            const content = sealer.openTokenContent(
              s.slug,
              s.rulesVersion,
              sealer.sealPacked(s.slug, s.rulesVersion, bytes),
            );
            expect('packed' in content && Buffer.from(content.packed).equals(Buffer.from(bytes))).toBe(true);
            const back = game.unpack((content as { packed: Uint8Array }).packed);
            expect(Buffer.from(game.pack(back)).equals(Buffer.from(bytes))).toBe(true);
            expect(game.observe(back)).toEqual(game.observe(state));
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses any single-character change of a state token', () => {
    fc.assert(
      fc.property(seedArb, movesArb, fc.nat(), fc.nat(), (seed, moves, at, to) => {
        const state = walk(game, seed, moves).at(-1);
        const token = game.pack
          ? sealer.sealPacked(s.slug, s.rulesVersion, game.pack(state))
          : sealer.sealToken(s.slug, s.rulesVersion, game.toWire(state));
        const changed = changeOne(token, at, to);
        expect(() => sealer.openTokenContent(s.slug, s.rulesVersion, changed)).toThrow();
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('refuses every other character in the last place of a token (its spare bits included)', () => {
    const state = game.init(11);
    const token = game.pack
      ? sealer.sealPacked(s.slug, s.rulesVersion, game.pack(state))
      : sealer.sealToken(s.slug, s.rulesVersion, game.toWire(state));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const c of alphabet.replace(token.at(-1)!, '')) {
      expect(() => sealer.openTokenContent(s.slug, s.rulesVersion, token.slice(0, -1) + c), c).toThrow();
    }
  });

  it('refuses any single-character change of a tagged readable state that changes its value', () => {
    fc.assert(
      fc.property(seedArb, movesArb, fc.nat(), fc.nat(), (seed, moves, at, to) => {
        const state = walk(game, seed, moves).at(-1);
        const readable = sealer.sealReadable(s.slug, s.rulesVersion, game.toWire(state));
        const text = JSON.stringify(readable);
        let parsed: unknown;
        try {
          parsed = JSON.parse(changeOne(text, at, to));
        } catch {
          return; // not JSON any more: refused before it reaches the server's checks
        }
        // A change JSON itself reads as the same value (none is known with one character) is no change.
        // One that makes a number JSON cannot represent (a digit turned into 'e': 1e999) has no
        // canonical form at all, and must be refused all the same.
        let same = false;
        try {
          same = canonicalJson(parsed) === canonicalJson(readable);
        } catch {
          same = false;
        }
        fc.pre(!same);
        expect(() => sealer.openReadable(s.slug, s.rulesVersion, parsed)).toThrow();
      }),
      { numRuns: RUNS * 4 },
    );
  });
});
