/** What the shells know of Delvewick beyond its spec (src/core/shells.ts): plain data, read through the registry. */
import type { GameShells } from '../../core/shells.js';

export const shells: GameShells = {
  keys: {
    w: { type: 'move', dir: 'up' },
    a: { type: 'move', dir: 'left' },
    s: { type: 'move', dir: 'down' },
    d: { type: 'move', dir: 'right' },
    '.': { type: 'wait' },
  },
  guide: {
    actions: [
      {
        example: { type: 'move', dir: 'down' },
        says: 'dir up, down, left or right; up is y-1; digs soil, collects gems, pushes boulders sideways',
      },
      { example: { type: 'wait' }, says: 'let one tick of gravity pass' },
    ],
    ends: 'Clearing level 8 wins (terminated, won); a falling boulder or geode on the mole (crushed), running out of oil (out_of_oil) or being boxed in (boxed_in) end it too.',
    fallback: [{ type: 'wait' }],
    tip: 'Never stand under a boulder that can fall; collect the quota, then walk onto the open exit E.',
  },
  marginCap: 5000,
  reference: {
    rulesVersion: 'delvewick-1',
    suites: { dev: { random: 16.25, heuristic: 6405 }, test: { random: 16.8, heuristic: 6405 } },
  },
  screenshots: {
    moment: 'gem',
    midSteps: 6,
    more: [
      {
        // Level 1 to a crush: seven steps right, three down, right, down, and a wait drops the boulder.
        name: 'crush',
        actions: [
          ...Array.from({ length: 7 }, () => ({ type: 'move', dir: 'right' })),
          ...Array.from({ length: 3 }, () => ({ type: 'move', dir: 'down' })),
          { type: 'move', dir: 'right' },
          { type: 'move', dir: 'down' },
          { type: 'wait' },
        ],
        shows: 'dw-struck',
      },
    ],
  },
};
