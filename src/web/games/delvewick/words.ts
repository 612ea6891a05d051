/** Delvewick in words: the mole's digging, boulders, geodes, gems, oil and levels. */
import type { GameAction, GameEvent, Observation } from '../../../core/game.js';
import { num, points, type GameWords } from '../../words/types.js';

interface DelveObs {
  width: number;
  height: number;
  level: number;
  levelName: string;
  gems: number;
  quota: number;
}

function tryTo(a: GameAction): string {
  if (a.type === 'move' && typeof a.dir === 'string' && /^(up|down|left|right)$/.test(a.dir)) return `move ${a.dir}`;
  return a.type === 'wait' ? 'wait' : 'do that';
}

export const delvewickWords: GameWords = {
  refusal(a, reason, message, raw) {
    const o = raw as unknown as DelveObs;
    switch (reason) {
      case 'off_grid':
        return `You can't ${tryTo(a)}: that is the edge of the mine.`;
      case 'bedrock':
        return `You can't ${tryTo(a)}: bedrock is in the way, and it cannot be dug.`;
      case 'exit_closed':
        return `You can't ${tryTo(a)} yet: the exit opens after ${o.quota} gems (you have ${o.gems}).`;
      case 'movable_in_the_way':
        return `You can't ${tryTo(a)}: a ${/geode/.test(message) ? 'geode' : 'boulder'} is in the way.`;
      case 'cannot_push':
        return `You can't ${tryTo(a)}: the ${/geode/.test(message) ? 'geode' : 'boulder'} has nowhere to go.`;
      case 'game_over':
        return 'The run is over: start a new game to play again.';
      default:
        return `You can't ${tryTo(a)} here.`;
    }
  },
  event(e) {
    switch (e.type) {
      case 'move':
        return `You moved ${String(e.dir)}.`;
      case 'wait':
        return 'You waited.';
      case 'dig':
        return 'You dug through the earth.';
      case 'push':
        return `You pushed a ${String(e.what)} ${String(e.dir)}.`;
      case 'gem':
        return `${e.how === 'caught' ? 'Caught a falling gem' : 'Gem collected'}${
          num(e, 'chain') > 1 ? ` (chain of ${num(e, 'chain')})` : ''
        }: ${points(num(e, 'points'))}`;
      case 'crack':
        return `A geode cracked open: ${points(num(e, 'points'))}`;
      case 'chain_ended':
        return null;
      case 'exit_opened':
        return 'The exit is open.';
      case 'level_cleared':
        return `Level ${num(e, 'level')} cleared with ${num(e, 'oilLeft')} oil left: ${points(num(e, 'points'))}`;
      case 'level_started':
        return `Level ${num(e, 'level')}: ${String(e.name)}.`;
      case 'crushed':
        return `A falling ${String(e.by ?? 'boulder')} crushed the mole.`;
      case 'run_won':
        return `All eight levels cleared: ${points(num(e, 'points'))}`;
      case 'run_ended':
        return null;
      default:
        return null;
    }
  },
  ending(o, raw) {
    const d = raw as unknown as DelveObs;
    const where = `on level ${d.level} (${d.levelName})`;
    switch (o.reason) {
      case 'won':
        return 'You cleared all eight levels!';
      case 'crushed':
        return `Crushed by a falling rock ${where}.`;
      case 'out_of_oil':
        return `The lantern ran out of oil ${where}.`;
      case 'boxed_in':
        return `Boxed in with no move left ${where}.`;
      default:
        return `The run ended ${where}.`;
    }
  },
  spot(e: GameEvent, raw: Observation) {
    const o = raw as unknown as DelveObs;
    if (typeof e.x !== 'number' || typeof e.y !== 'number' || !o.width) return null;
    return { fx: (e.x + 0.5) / o.width, fy: (e.y + 0.5) / o.height };
  },
  moment(e) {
    if (e.type === 'level_cleared')
      return { title: `Level ${num(e, 'level')} cleared`, points: num(e, 'points'), tone: 'good' };
    if (e.type === 'run_won') return { title: 'The mine is cleared', points: num(e, 'points'), tone: 'good' };
    return null;
  },
};
