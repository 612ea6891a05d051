/**
 * `observe(state, { text: false })` (Game.observe): every field but the text page, each equal to the
 * full observation's, for every game over random play, so a batch trimmed to the tensor can skip the
 * page without changing anything it answers.
 */
import { describe, expect, it } from 'vitest';
import { games } from '../src/games/index.js';
import { playout } from './helpers/playout.js';

describe.each(games.map((g) => [g.spec.slug, g] as const))('%s observe without the text page', (_slug, game) => {
  it('answers the full observation with text "" in every state of random play', () => {
    let checked = 0;
    for (let seed = 1; seed <= 8; seed++) {
      for (const state of playout(game, seed, 200).states) {
        const full = game.observe(state);
        const lean = game.observe(state, { text: false });
        expect(full.text.length).toBeGreaterThan(0);
        expect(lean.text).toBe('');
        expect(JSON.stringify(lean)).toBe(JSON.stringify({ ...full, text: '' }));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('the tensor of the lean observation is the tensor of the full one', () => {
    const t = game.tensor;
    if (!t) return;
    for (const state of playout(game, 3, 60).states) {
      const a = t.encode(game.observe(state));
      const b = t.encode(game.observe(state, { text: false }));
      expect(Buffer.from(b.planes).equals(Buffer.from(a.planes))).toBe(true);
      expect(Array.from(b.features)).toEqual(Array.from(a.features));
    }
  });
});
