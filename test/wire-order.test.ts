/**
 * Readable games (carry "state") write every object of their wire data with its keys in sorted order,
 * so the server tags the states it issues over JSON.stringify's text instead of running the canonical
 * writer (src/server/state/seal.ts, sealReadable with sortedKeys). This holds them to it over random play, and
 * shows that a state so tagged verifies the slow way: sent back to a server that remembers nothing,
 * with its keys reordered as a client may.
 */
import { describe, expect, it } from 'vitest';
import { games } from '../src/games/index.js';
import { canonicalJson } from '../src/core/canonical.js';
import { StateSealer } from '../src/server/state/seal.js';
import { playout } from './helpers/playout.js';

const readableGames = games.filter((g) => g.spec.carry === 'state').map((g) => [g.spec.slug, g] as const);

/** The same JSON value with every object's keys in reverse order (as a client's serializer may write it). */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).reverse()) out[k] = reversedKeys((value as Record<string, unknown>)[k]);
  return out;
}

describe('readable wire data is written with sorted keys', () => {
  it('there is at least one readable game to check', () => {
    expect(readableGames.length).toBeGreaterThan(0);
  });

  it.each(readableGames)('%s: JSON.stringify of every wire state is its canonical JSON', (_slug, game) => {
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      for (const state of playout(game, seed, 150).states) {
        const data = game.toWire(state).data;
        expect(JSON.stringify(data)).toBe(canonicalJson(data));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it.each(readableGames)(
    '%s: a state tagged the fast way verifies the canonical way, keys in any order',
    (slug, game) => {
      const sealer = StateSealer.random();
      const rv = game.spec.rulesVersion;
      for (const state of playout(game, 5, 40).states) {
        const fast = sealer.sealReadable(slug, rv, game.toWire(state), { sortedKeys: true });
        const slow = sealer.sealReadable(slug, rv, game.toWire(state));
        // The same canonical text under the same key: the same tag (a fresh secret seal differs only in `sealed`).
        if (fast.sealed === undefined) expect(fast.tag).toBe(slow.tag);
        const sent = reversedKeys(JSON.parse(JSON.stringify(fast)));
        expect(game.fromWire(sealer.openReadable(slug, rv, sent))).toEqual(game.fromWire(game.toWire(state)));
      }
    },
  );

  it('data whose keys are not sorted, tagged under the promise, is refused when it comes back', () => {
    const sealer = StateSealer.random();
    const sent = JSON.parse(
      JSON.stringify(sealer.sealReadable('g', 'g-1', { data: { b: 1, a: 2 } }, { sortedKeys: true })),
    );
    expect(() => sealer.openReadable('g', 'g-1', sent)).toThrow(/integrity/);
  });
});
