import { describe, expect, it } from 'vitest';
import { briarwink } from '../games/briarwink/index.js';
import { whirlyard } from '../games/whirlyard/index.js';
import type { GameAction } from './game.js';
import { isAllowed, withCount } from './legal.js';

describe('isAllowed', () => {
  it('allows exactly the listed actions of a game that declares no variants', () => {
    const legal = whirlyard.legalActions(whirlyard.init(5));
    for (const a of legal) expect(isAllowed(whirlyard, a, legal)).toBe(true);
    const unlisted = ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se']
      .map((direction): GameAction => ({ type: 'move', direction }))
      .filter((a) => !legal.some((l) => JSON.stringify(l) === JSON.stringify(a)));
    for (const a of [...unlisted, { type: 'wait', count: 2 }]) expect(isAllowed(whirlyard, a, legal)).toBe(false);
  });

  it("allows a declared variant (Briarwink's walkTo, count) whenever an action of its type is listed, and only then", () => {
    const opening = briarwink.init(5);
    const started = briarwink.step(opening, { type: 'start' });
    expect(started.ok).toBe(true);
    const playing = briarwink.legalActions(started.ok ? started.state : opening);
    const walk = { type: 'tick', walkTo: 30, count: 12 };
    expect(isAllowed(briarwink, walk, playing)).toBe(true);
    expect(isAllowed(briarwink, walk, briarwink.legalActions(opening))).toBe(false);
    expect(isAllowed(briarwink, { type: 'start' }, playing)).toBe(false);
  });
});

describe('withCount', () => {
  it("puts the game's count field on an action of a counted type, and leaves everything else alone", () => {
    const tick = { type: 'tick', move: 'up', plant: false };
    expect(withCount(briarwink, tick, 12)).toEqual({ ...tick, count: 12 });
    expect(withCount(briarwink, tick, 1)).toBe(tick);
    expect(withCount(briarwink, { type: 'endRun' }, 12)).toEqual({ type: 'endRun' });
    expect(withCount(whirlyard, { type: 'wait' }, 12)).toEqual({ type: 'wait' });
  });
});
