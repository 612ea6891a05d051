import { describe, expect, it } from 'vitest';
import { replay } from '../core/replay.js';
import { registry } from '../games/index.js';
import { playRun } from './play.js';
import { random } from './random.js';

describe('the random agent', () => {
  for (const game of registry.games) {
    it(`plays ${game.spec.slug} legally, and its run replays to the same score`, async () => {
      const run = await playRun(game, random, 11, { maxSteps: 300 });
      expect(run.steps).toBeGreaterThan(0);
      const again = replay(game, run);
      expect(again.ok && again.score).toBe(run.score);
    });
  }

  it('is deterministic for a seed', async () => {
    const game = registry.get('whirlyard')!;
    const a = await playRun(game, random, 5, { maxSteps: 200 });
    const b = await playRun(game, random, 5, { maxSteps: 200 });
    expect(a.actions).toEqual(b.actions);
  });
});
