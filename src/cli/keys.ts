/**
 * The keys of `gameboard play`: per game, a key (typed then Enter) stands for an action, as on the
 * browser's keyboard where there is one. A number picks from the numbered legal actions instead.
 */
import type { AnyGame, GameAction } from '../core/game.js';
import { withCount } from '../core/legal.js';
import { entryFor } from '../core/registry.js';
import type { Slug } from '../games/index.js';

/** Key → action, per game (every registered game has a row; `{}` for one played by number and JSON only). */
export const KEYS: Readonly<Record<Slug, Readonly<Record<string, GameAction>>>> = {
  // The eight directions laid out as on a keyboard around `s` (wait).
  whirlyard: {
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
  delvewick: {
    w: { type: 'move', dir: 'up' },
    a: { type: 'move', dir: 'left' },
    s: { type: 'move', dir: 'down' },
    d: { type: 'move', dir: 'right' },
    '.': { type: 'wait' },
  },
  cragwake: {
    b: { type: 'breathe' },
    c: { type: 'climbOn' },
  },
  // A tick batch: the key picks the input, `p` in front plants on the first tick.
  briarwink: {
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
};

/** A sentence more for the play prompt's help, per game where there is one (batching, given `--batch`). */
const NOTES: Readonly<Partial<Record<Slug, (batch: number) => string>>> = {
  briarwink: (batch) => `Ticks run in batches of ${batch} (add a count: d 12).`,
};

/** The help note of a game for `--batch <batch>`, or '' (with a leading space when there is one). */
export function playNote(slug: string, batch: number): string {
  const note = entryFor(NOTES, slug);
  return note ? ` ${note(batch)}` : '';
}

/** An action in one short line: `move direction=n`. */
export function describeAction(a: GameAction): string {
  const rest = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return [a.type, ...rest].join(' ');
}

/** The key help line of a game. */
export function keyHelp(slug: string): string {
  const keys = Object.entries(entryFor(KEYS, slug) ?? {}).map(([k, a]) => `${k}=${describeAction(a)}`);
  return keys.length ? `keys: ${keys.join(', ')}` : '';
}

/**
 * The action a line of input stands for: a number from the list, a key, `end` (the game's end-run
 * action), or an action as JSON. For Briarwink a tick may be followed by a count (`d 12`): that many
 * ticks in one batch (1 to 30); without one, `batch` ticks.
 */
export function parseInput(
  game: Pick<AnyGame, 'variants' | 'spec'>,
  line: string,
  legal: readonly GameAction[],
  batch: number,
): GameAction | { error: string } {
  const text = line.trim();
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text) as GameAction;
    } catch {
      return { error: 'that is not valid JSON' };
    }
  }
  const [word, countText] = text.split(/\s+/);
  if (/^\d+$/.test(word) && countText === undefined) {
    const n = Number(word);
    return n >= 1 && n <= legal.length
      ? withCount(game, legal[n - 1], batch)
      : { error: `pick a number from 1 to ${legal.length}` };
  }
  if (word === 'end') {
    const end = legal.find((a) => /^end_?run$/i.test(a.type));
    return end ?? { error: 'the run cannot be ended now' };
  }
  const keyed = entryFor(KEYS, game.spec.slug)?.[word.toLowerCase()];
  if (!keyed) return { error: `unknown input "${word}"` };
  if (countText !== undefined && (!/^\d+$/.test(countText) || Number(countText) < 1 || Number(countText) > 30))
    return { error: 'a tick count runs from 1 to 30' };
  return withCount(game, keyed, countText === undefined ? batch : Number(countText));
}
