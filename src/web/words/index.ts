/**
 * The words for a game by slug, and the fallbacks for a game without its own: never raw JSON, only
 * the event's name and the refusal reason made readable.
 */
import type { AnyGame, GameAction, GameEvent, Observation, Outcome } from '../../core/game.js';
import { num, points, type GameWords } from './types.js';
import { webOf } from '../games/index.js';
import type { GameWeb } from '../games/types.js';

export type { GameWords, Moment } from './types.js';

const human = (s: string) =>
  s
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** Words for a game that has none of its own. */
function genericWords(game: AnyGame): GameWords {
  return {
    refusal: (_a: GameAction, reason: string) => `You can't do that now: ${human(reason)}.`,
    event: (e: GameEvent) => {
      const p = num(e, 'points');
      const name = human(e.type);
      return name[0].toUpperCase() + name.slice(1) + (p ? `: ${points(p)}` : '.');
    },
    ending: (o: Outcome, _obs: Observation) => {
      const d = game.spec.outcomes.find((x) => x.reason === o.reason && x.kind === o.kind);
      return d ? d.description : `The run ended: ${human(o.reason)}.`;
    },
  };
}

/** The words for this game (its own, from its web folder, or the generic ones; `shelf` as in `webOf`). */
export function wordsFor(game: AnyGame, shelf?: ReadonlyMap<string, GameWeb>): GameWords {
  return webOf(game.spec.slug, shelf)?.words ?? genericWords(game);
}

/** How a run ended in a few words, for a table cell ("caught by a drone", "out of stamina"). */
const SHORT_ENDINGS: Record<string, string> = {
  caught: 'caught by a drone',
  won: 'won: every level cleared',
  crushed: 'crushed',
  out_of_oil: 'out of oil',
  boxed_in: 'boxed in',
  exhausted: 'out of stamina',
  no_move: 'no move left',
  out_of_hearts: 'out of hearts',
};

export function shortEnding(o: Outcome): string {
  if (o.kind === 'truncated') return 'budget reached';
  if (o.kind === 'ended') return 'ended by the player';
  return SHORT_ENDINGS[o.reason] ?? human(o.reason);
}
