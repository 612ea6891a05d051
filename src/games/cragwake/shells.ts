/** What the shells know of Cragwake beyond its spec (src/core/shells.ts): plain data, read through the registry. */
import type { GameShells } from '../../core/shells.js';

export const shells: GameShells = {
  keys: {
    b: { type: 'breathe' },
    c: { type: 'climbOn' },
  },
  guide: {
    actions: [
      {
        example: { type: 'move', row: 1, col: 3 },
        says: 'climb to an absolute cell; rows count upward from 0, columns 0-5',
      },
      { example: { type: 'breathe' }, says: 'rest: on a jug with breaths left gain stamina, elsewhere costs 1' },
      { example: { type: 'climbOn' }, says: 'on a belay ledge: start the next pitch' },
      { example: { type: 'endRun' }, says: 'on a belay ledge: stop and keep the score' },
    ],
    ends: 'Stamina 0 (terminated, exhausted), no affordable move (no_move), or endRun on a belay ledge (ended).',
    fallback: [{ type: 'breathe' }, { type: 'climbOn' }],
    tip: 'The text lists every legal move with its stamina cost; breathe on jugs (J) before you run low.',
  },
  marginCap: 5000,
  reference: {
    rulesVersion: 'cragwake-2',
    suites: { dev: { random: 224, heuristic: 38905.75 }, test: { random: 237.6, heuristic: 41336.75 } },
  },
  screenshots: {
    moment: 'pitchComplete',
    midSteps: 6,
    click: { move: '.cw-target[data-row="{row}"][data-col="{col}"]' },
  },
};
