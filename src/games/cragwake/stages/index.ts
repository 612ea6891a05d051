/**
 * One Cragwake turn as an ordered list of named stages, in the seed file's order: pay or gain stamina;
 * spend a crack on the hold left; move; award height; note a dip; complete the pitch on the belay (and
 * stop); otherwise sweep rockfall, spread frost, advance the turn and test for the end of the run.
 * A stage answers true to stop the turn there; the core stage runner (src/core/stages.ts) runs them.
 */
import type { GameEvent } from '../../../core/game.js';
import { runStages, type Stage } from '../../../core/stages.js';
import { difficulty } from '../difficulty.js';
import type { Draft } from '../types.js';
import { awardHeight, completePitch, move, noteDip, payOrGain, spendCrack } from './climber.js';
import { advanceTurn, endRun, spreadFrost, sweepRockfall } from './wall.js';

/** Everything one turn works on: a private copy of the state, the action's facts, and the events. */
export interface Turn {
  d: Draft;
  kind: 'move' | 'breathe';
  fromRow: number;
  fromCol: number;
  toRow: number;
  toCol: number;
  /** Stamina the move costs (0 for a breath). */
  cost: number;
  lunge: boolean;
  events: GameEvent[];
}

/** The turn, in the seed file's order. */
export const TURN_STAGES: readonly Stage<Turn>[] = [
  { name: 'payOrGain', run: payOrGain },
  { name: 'spendCrack', run: spendCrack },
  { name: 'move', run: move },
  { name: 'awardHeight', run: awardHeight },
  { name: 'noteDip', run: noteDip },
  { name: 'completePitch', run: completePitch },
  { name: 'sweepRockfall', run: sweepRockfall },
  { name: 'spreadFrost', run: spreadFrost },
  { name: 'advanceTurn', run: advanceTurn },
  { name: 'endRun', run: endRun },
];

/** Runs the stages in order until one stops the turn, then drops events about rows now in fog. */
export function runTurn(t: Turn): void {
  runStages(TURN_STAGES, t, undefined);
  const top = t.d.high + difficulty(t.d.pitch).foresight;
  let hidden = false;
  for (const e of t.events) if (typeof e.row === 'number' && e.row > top) hidden = true;
  if (hidden) t.events = t.events.filter((e) => !(typeof e.row === 'number' && e.row > top));
}
