/**
 * The keys of `gameboard play`: per game, a key (typed then Enter) stands for an action, as on the
 * browser's keyboard where there is one (the keys are the game's own: `shells.keys` in its shells.ts).
 * A number picks from the numbered legal actions instead.
 */
import type { AnyGame, GameAction } from '../core/game.js';
import { withCount } from '../core/legal.js';

/** The help note of a game for `--batch <batch>`, or '' (with a leading space when there is one). */
export function playNote(game: Pick<AnyGame, 'shells'>, batch: number): string {
  const note = game.shells?.playNote;
  return note ? ` ${note.replaceAll('{batch}', String(batch))}` : '';
}

/** An action in one short line: `move direction=n`. */
export function describeAction(a: GameAction): string {
  const rest = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return [a.type, ...rest].join(' ');
}

/** The key help line of a game (its keys are in its shells.ts; none for a game without). */
export function keyHelp(game: Pick<AnyGame, 'shells'>): string {
  const keys = Object.entries(game.shells?.keys ?? {}).map(([k, a]) => `${k}=${describeAction(a)}`);
  return keys.length ? `keys: ${keys.join(', ')}` : '';
}

/**
 * The action a line of input stands for: a number from the list, a key, `end` (the game's end-run
 * action), or an action as JSON. For Briarwink a tick may be followed by a count (`d 12`): that many
 * ticks in one batch (1 to 30); without one, `batch` ticks.
 */
export function parseInput(
  game: Pick<AnyGame, 'variants' | 'shells'>,
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
  const keys = game.shells?.keys ?? {};
  const key = word.toLowerCase();
  const keyed = Object.hasOwn(keys, key) ? keys[key] : undefined;
  if (!keyed) return { error: `unknown input "${word}"` };
  if (countText !== undefined && (!/^\d+$/.test(countText) || Number(countText) < 1 || Number(countText) > 30))
    return { error: 'a tick count runs from 1 to 30' };
  return withCount(game, keyed, countText === undefined ? batch : Number(countText));
}
