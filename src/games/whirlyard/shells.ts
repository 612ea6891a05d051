/** What the shells know of Whirlyard beyond its spec (src/core/shells.ts): plain data, read through the registry. */
import type { GameShells } from '../../core/shells.js';

export const shells: GameShells = {
  // The eight directions laid out as on a keyboard around `s` (wait).
  keys: {
    q: { type: 'move', direction: 'nw' },
    w: { type: 'move', direction: 'n' },
    e: { type: 'move', direction: 'ne' },
    a: { type: 'move', direction: 'w' },
    s: { type: 'wait' },
    d: { type: 'move', direction: 'e' },
    z: { type: 'move', direction: 'sw' },
    x: { type: 'move', direction: 's' },
    c: { type: 'move', direction: 'se' },
    p: { type: 'pulse' },
  },
  guide: {
    actions: [
      {
        example: { type: 'move', direction: 'n' },
        says: 'direction nw, n, ne, w, e, sw, s or se; n is up (y-1), e is right (x+1)',
      },
      { example: { type: 'wait' }, says: 'stay put; the drones still step' },
      { example: { type: 'pulse' }, says: 'spend a charge: drones next to you become scrap' },
      { example: { type: 'end_run' }, says: 'bank the score and stop' },
    ],
    ends: 'A drone reaching the rover ends it (terminated, reason caught); end_run ends it at once (ended). There is no other end.',
    fallback: [{ type: 'wait' }],
    tip: 'Lure drones into each other and onto scrap (#); keep at least one cell between you and every drone.',
  },
  marginCap: 1000,
  reference: {
    rulesVersion: 'whirlyard-1',
    suites: { dev: { random: 50, heuristic: 162841 }, test: { random: 38.2, heuristic: 162615.1 } },
  },
  screenshots: {
    moment: 'wave_cleared',
    midSteps: 8,
    // The heuristic agent's first turn on seed 1 where drones meet (three at one cell) and drones remain.
    animation: {
      name: 'collision',
      seed: 1,
      actions: [
        { type: 'move', direction: 'nw' },
        { type: 'move', direction: 'n' },
        { type: 'move', direction: 'n' },
        { type: 'pulse' },
        { type: 'move', direction: 'nw' },
      ],
      shows: 'wy-hit',
    },
  },
};
