/** Whirlyard in words: eight-way moves, drones, scrap, pulses and waves. */
import type { GameAction, GameEvent, Observation } from '../../../core/game.js';
import { Count, count, num, plural, points, type GameWords } from '../../words/types.js';

const DIR: Record<string, string> = {
  nw: 'north-west',
  n: 'north',
  ne: 'north-east',
  w: 'west',
  e: 'east',
  sw: 'south-west',
  s: 'south',
  se: 'south-east',
};

const SIZE = 6;

function tryTo(a: GameAction): string {
  if (a.type === 'move') return `move ${DIR[String(a.direction)] ?? 'that way'}`;
  if (a.type === 'pulse') return 'pulse';
  if (a.type === 'wait') return 'wait';
  return 'do that';
}

export const whirlyardWords: GameWords = {
  refusal(a, reason, message, obs) {
    // A click on a cell that is no move (the board sends it as a move with no direction).
    const to = a.type === 'move' && a.to && typeof a.to === 'object' ? (a.to as { x: number; y: number }) : null;
    if (to) {
      const r = (obs as unknown as { rover?: { x: number; y: number } }).rover;
      if (r && r.x === to.x && r.y === to.y)
        return 'That is your rover: click a marked cell next to it to move there, or press Wait.';
      return `You can't reach (${to.x}, ${to.y}) in one move: the rover moves one cell at a time, onto a marked cell next to it.`;
    }
    switch (reason) {
      case 'out_of_bounds':
        return `You can't ${tryTo(a)}: that would take the rover off the yard.`;
      case 'blocked':
        return `You can't ${tryTo(a)}: ${/drone/.test(message) ? 'a drone' : 'scrap'} is in the way.`;
      case 'no_charge':
        return "You can't pulse: no charge is left this wave.";
      case 'game_over':
        return 'The run is over: start a new game to play again.';
      default:
        return `You can't ${tryTo(a)} here.`;
    }
  },
  event(e) {
    switch (e.type) {
      case 'moved':
        return `You moved ${DIR[String(e.direction)] ?? ''}.`;
      case 'waited':
        return 'You waited.';
      case 'pursuit':
        return null;
      case 'dismantled':
        return e.cause === 'collision'
          ? `Drones collided into scrap: ${points(num(e, 'points'))}`
          : e.cause === 'scrap'
            ? `A drone ran into scrap: ${points(num(e, 'points'))}`
            : `The pulse dismantled a drone: ${points(num(e, 'points'))}`;
      case 'bonus':
        return `${Count(num(e, 'casualties'))} drones lost in one step: ${points(num(e, 'points'))} bonus`;
      case 'pulse':
        return `Pulse! ${Count(num(e, 'dismantled'))} dismantled, ${plural(num(e, 'charges'), 'charge')} left.`;
      case 'wave_cleared':
        return `Wave ${num(e, 'wave')} cleared${e.noPulseBonus ? ' without a pulse' : ''}: ${points(num(e, 'points'))}`;
      case 'wave_started':
        return `Wave ${num(e, 'wave')} begins: ${plural(num(e, 'drones'), 'drone')}${
          num(e, 'charged') ? `, ${count(num(e, 'charged'))} charged` : ''
        }.`;
      case 'caught':
        return 'A drone caught the rover.';
      case 'run_ended':
        return `You banked ${num(e, 'score')} points.`;
      default:
        return null;
    }
  },
  ending(o, raw) {
    const wave = (raw as unknown as { wave: number }).wave;
    if (o.reason === 'caught') return `Caught by a drone on wave ${wave}.`;
    if (o.reason === 'end_run') return `You banked your score on wave ${wave}.`;
    return `The run ended on wave ${wave}.`;
  },
  spot(e: GameEvent, _obs: Observation) {
    if (typeof e.x !== 'number' || typeof e.y !== 'number') return null;
    return { fx: (e.x + 0.5) / SIZE, fy: (e.y + 0.5) / SIZE };
  },
  moment(e) {
    if (e.type === 'wave_cleared')
      return { title: `Wave ${num(e, 'wave')} cleared`, points: num(e, 'points'), tone: 'good' };
    return null;
  },
};
