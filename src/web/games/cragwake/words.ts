/** Cragwake in words: holds, stamina, breaths, pitches and belays. */
import type { GameAction } from '../../../core/game.js';
import { num, plural, points, type GameWords } from '../../words/types.js';

interface CragObs {
  pitch: number;
  row: number;
  col: number;
  high: number;
  band: { row: number }[];
}

/** The wall's drawing (view.tsx): cell size, left and top margins, columns. */
export const CW_CELL = 56;
export const CW_LEFT = 34;
export const CW_TOP = 26;
export const CW_COLUMNS = 6;

function tryTo(a: GameAction): string {
  if (a.type === 'move' && typeof a.row === 'number' && typeof a.col === 'number')
    return `reach row ${a.row}, column ${a.col}`;
  if (a.type === 'breathe') return 'breathe';
  if (a.type === 'climbOn') return 'climb on';
  if (a.type === 'endRun') return 'end the run';
  return 'do that';
}

export const cragwakeWords: GameWords = {
  refusal(a, reason, message) {
    switch (reason) {
      case 'bare_rock':
        return `You can't ${tryTo(a)}: there is no hold there.`;
      case 'lunge_from_ice':
        return `You can't ${tryTo(a)}: you cannot lunge from an icy hold.`;
      case 'out_of_reach':
        return /belay/.test(message)
          ? `You can't ${tryTo(a)}: it is above the next belay.`
          : `You can't ${tryTo(a)}: it is out of reach.`;
      case 'too_costly': {
        const m = /costs (\d+) stamina and you have (\d+)/.exec(message);
        return m
          ? `You can't ${tryTo(a)}: it costs ${m[1]} stamina and you have ${m[2]}.`
          : `You can't ${tryTo(a)}: you have not the stamina for it.`;
      }
      case 'under_floor':
        return `You can't ${tryTo(a)}: it is below the floor.`;
      case 'wrong_phase':
        return /belay/.test(message)
          ? `You can't ${tryTo(a)} now: you are on a belay; climb on or end the run.`
          : `You can't ${tryTo(a)} now.`;
      case 'game_over':
        return 'The run is over: start a new game to play again.';
      default:
        return `You can't ${tryTo(a)} here.`;
    }
  },
  event(e) {
    switch (e.type) {
      case 'moved':
        return `${e.lunge ? 'Lunged' : 'Climbed'} to row ${num(e, 'row')}, column ${num(e, 'col')} for ${plural(
          num(e, 'cost'),
          'stamina',
          'stamina',
        )}.`;
      case 'height':
        return `New height, row ${num(e, 'high')}: ${points(num(e, 'points'))}`;
      case 'dipped':
        return 'Stamina is low: you dipped into your reserve.';
      case 'breathed':
        return `You breathed: stamina ${points(num(e, 'stamina'))}, ${plural(num(e, 'breathsLeft'), 'breath')} left on this jug.`;
      case 'pitchComplete':
        return `Pitch ${num(e, 'pitch')} complete${e.clean ? ', clean' : ''}: ${points(num(e, 'points'))}`;
      case 'climbedOn':
        return `You climbed on to pitch ${num(e, 'pitch')}.`;
      case 'crackSpent':
        return `The hold cracked: ${plural(num(e, 'cracksLeft'), 'use')} left.`;
      case 'holdLost':
        return e.cause === 'rockfall' ? 'Rockfall swept a hold away.' : 'The hold crumbled behind you.';
      case 'holdWorn':
        return `A hold wore ${String(e.now)}.`;
      case 'holdAdded':
        return 'A new hold appeared.';
      case 'rockfall':
        return `Rockfall in column ${num(e, 'col')}!`;
      case 'spindrift':
        return `Spindrift cost you ${plural(num(e, 'stamina'), 'stamina', 'stamina')}.`;
      case 'frost':
        return 'Frost glazed the holds.';
      case 'runEnded':
        return null;
      default:
        return null;
    }
  },
  ending(o, raw) {
    const c = raw as unknown as CragObs;
    const where = `on pitch ${c.pitch}, high point row ${c.high}`;
    switch (o.reason) {
      case 'exhausted':
        return `Out of stamina ${where}.`;
      case 'no_move':
        return `No move left that you could afford ${where}.`;
      case 'end_run':
        return `You ended the run on the belay after pitch ${Math.max(1, c.pitch)}.`;
      default:
        return `The run ended ${where}.`;
    }
  },
  // Points are earned where the climber is after the move: there, on the wall as drawn.
  spot(_e, raw) {
    const o = raw as unknown as CragObs;
    const i = Array.isArray(o.band) ? o.band.findIndex((r) => r.row === o.row) : -1;
    if (i < 0 || typeof o.col !== 'number') return null;
    const w = CW_LEFT + CW_COLUMNS * CW_CELL + 4;
    const h = CW_TOP + o.band.length * CW_CELL + 4;
    return { fx: (CW_LEFT + (o.col + 0.5) * CW_CELL) / w, fy: (CW_TOP + (i + 0.5) * CW_CELL) / h };
  },
  moment(e) {
    if (e.type === 'pitchComplete')
      return { title: `Pitch ${num(e, 'pitch')} complete`, points: num(e, 'points'), tone: 'good' };
    return null;
  },
};
