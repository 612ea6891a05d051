/** What the shells know of Briarwink beyond its spec (src/core/shells.ts): plain data, read through the registry. */
import type { GameShells } from '../../core/shells.js';

export const shells: GameShells = {
  // A tick batch: the key picks the input, `p` in front plants on the first tick.
  keys: {
    w: { type: 'tick', move: 'up', plant: false },
    a: { type: 'tick', move: 'left', plant: false },
    s: { type: 'tick', move: 'down', plant: false },
    d: { type: 'tick', move: 'right', plant: false },
    '.': { type: 'tick', move: null, plant: false },
    p: { type: 'tick', move: null, plant: true },
    pw: { type: 'tick', move: 'up', plant: true },
    pa: { type: 'tick', move: 'left', plant: true },
    ps: { type: 'tick', move: 'down', plant: true },
    pd: { type: 'tick', move: 'right', plant: true },
    start: { type: 'start' },
  },
  playNote: 'Ticks run in batches of {batch} (add a count: d 12).',
  guide: {
    actions: [
      { example: { type: 'start' }, says: 'begin the next night (only while waiting)' },
      {
        example: { type: 'tick', move: 'right', plant: false, count: 8 },
        says: 'hold a direction (up, right, down, left, or null to stop) for count 1-30 ticks; plant true plants a pod on the first tick',
      },
      {
        example: { type: 'tick', walkTo: 24, count: 30 },
        says: 'walk toward cell y*7+x by the shortest path for up to count ticks (stops on arrival)',
      },
      { example: { type: 'endRun' }, says: 'stop and keep the score (not in the opening wait)' },
    ],
    ends: 'Losing the last heart ends it (terminated, out_of_hearts); endRun ends it (ended). Nights never end on their own.',
    fallback: [{ type: 'tick', move: null, plant: false }, { type: 'start' }],
    tip: 'Real time in 30 ticks a second, batched: a pod bursts 66 ticks after planting, so plant, walk out of its row and column, and wait with count.',
    batching: (cap, strict) =>
      `Briarwink runs in ticks (30 a second) and nothing moves between your replies. A tick action may add ` +
      `"count" (1 to ${cap}) to run that many ticks with the same input, for example ` +
      `{"type":"tick","move":"right","plant":false,"count":${Math.min(8, cap)}}; a batch stops early when you ` +
      `lose a heart, clear the night, or (walkTo) arrive. ` +
      (strict ? `A count above ${cap} is refused.` : `Counts above ${cap} are cut to ${cap}.`),
  },
  marginCap: 10000,
  reference: {
    rulesVersion: 'briarwink-2',
    suites: { dev: { random: 0, heuristic: 12112.75 }, test: { random: 0, heuristic: 17189.45 } },
  },
  screenshots: { moment: 'burst', midSteps: 150, onTop: { type: 'tick', move: null, plant: false } },
};
