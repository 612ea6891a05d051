/** Briarwink in words: nights, pods and blooms, dimlings, hearts; time in seconds, never ticks. */
import type { GameAction, GameEvent, Observation } from '../../../core/game.js';
import { Count, num, plural, points, type GameWords } from '../../words/types.js';

const W = 7;
const H = 9;

const WHY: Record<string, string> = {
  dazzled: 'dazzled by a bloom',
  bumped: 'bumped by a dimling',
  swapped: 'caught swapping places with a dimling',
};

function tryTo(a: GameAction): string {
  if (a.type === 'tick') return a.plant ? 'plant' : 'move';
  if (a.type === 'start') return 'start';
  return 'do that';
}

export const briarwinkWords: GameWords = {
  refusal(a, reason) {
    switch (reason) {
      case 'not_started':
        return `You can't ${tryTo(a)} yet: start the night first.`;
      case 'game_over':
        return 'The run is over: start a new game to play again.';
      default:
        return `You can't ${tryTo(a)} now.`;
    }
  },
  event(e) {
    switch (e.type) {
      case 'nightStarts':
        return `Night ${num(e, 'night')} begins${e.moonless ? ', moonless' : ''}.`;
      case 'plant':
        return 'You planted a pod.';
      case 'burst':
        return 'A pod burst into bloom.';
      case 'relight':
        return `A ${String(e.kind ?? 'dimling')} was relit: ${points(num(e, 'points'))}`;
      case 'cascadeClosed':
        return num(e, 'points')
          ? `${Count(num(e, 'pods'))}-pod cascade relit ${plural(num(e, 'relights'), 'dimling')}: ${points(num(e, 'points'))}`
          : null;
      case 'briarCleared':
        return `Briar cleared: ${points(num(e, 'points'))}`;
      case 'heartLost':
        return `Heart lost, ${WHY[String(e.why)] ?? String(e.why)}: ${plural(num(e, 'hearts'), 'heart')} left.`;
      case 'respawn':
        return 'You are back in the garden.';
      case 'pickup':
        return `Picked up ${String(e.power)}: ${points(num(e, 'points'))}`;
      case 'powerRevealed':
        return `A pickup appeared: ${String(e.power)}.`;
      case 'gateOpens':
        return 'The moon gate is open: step on it to clear the night.';
      case 'allRelit':
        return 'Every dimling is relit.';
      case 'nightCleared':
        return `Night ${num(e, 'night')} cleared${num(e, 'heart') ? ', and a heart back' : ''}: ${points(
          num(e, 'clear') + num(e, 'bright') + num(e, 'heartPoints'),
        )}`;
      case 'creepBegins':
        return 'The creep begins: marks will grow into thicket.';
      case 'spotted':
        return 'A peeker spotted you.';
      case 'split':
        return 'A twinbud split in two.';
      case 'upgradeLost':
        return `You lost a level of ${String(e.power)}.`;
      case 'runOver':
        return null;
      default:
        return null;
    }
  },
  ending(o, raw) {
    const p = (raw as unknown as { player: { night: number; nightsCleared: number } }).player;
    if (o.reason === 'out_of_hearts')
      return `Out of hearts on night ${p.night}, after ${plural(p.nightsCleared, 'night')} cleared.`;
    if (o.reason === 'end_run') return `You ended the run after ${plural(p.nightsCleared, 'night')} cleared.`;
    return `The run ended on night ${p.night}.`;
  },
  spot(e: GameEvent, _obs: Observation) {
    if (typeof e.cell !== 'number') return null;
    return { fx: ((e.cell % W) + 0.5) / W, fy: (Math.floor(e.cell / W) + 0.5) / H };
  },
  moment(e) {
    if (e.type === 'nightCleared')
      return {
        title: `Night ${num(e, 'night')} cleared`,
        points: num(e, 'heartPoints') + num(e, 'clear') + num(e, 'bright'),
        tone: 'good',
      };
    if (e.type === 'heartLost') return { title: 'Heart lost', points: 0, tone: 'bad' };
    return null;
  },
};
