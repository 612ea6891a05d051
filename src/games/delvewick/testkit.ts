/**
 * Helpers for Delvewick's tests: boards from text maps, actions by name, and boards back to text, so
 * each rule test reads as a before picture, some actions and an after picture.
 */
import type { GameEvent, StepResult } from '../../core/game.js';
import { mapRows, renderRows } from './board.js';
import { stateFromMap, type MapOptions } from './generate.js';
import { delvewick } from './index.js';
import type { DelvewickAction, DelvewickState } from './types.js';

/** An action by short name. */
export type Act = 'up' | 'down' | 'left' | 'right' | 'wait';

/** The grammar action for a short name. */
export function action(a: Act): DelvewickAction {
  return a === 'wait' ? { type: 'wait' } : { type: 'move', dir: a };
}

/** A playing state on the board drawn in `map`. */
export function board(map: string, opts?: MapOptions): DelvewickState {
  return stateFromMap(map, opts);
}

/** One public step; the raw result (accepted or refused). */
export function attempt(s: DelvewickState, a: Act): StepResult<DelvewickState> {
  return delvewick.step(s, action(a));
}

/** Plays the actions through the public step, failing loudly if any is refused. */
export function act(s: DelvewickState, ...acts: Act[]): DelvewickState {
  return actWithEvents(s, ...acts).state;
}

/** Like `act`, also returning every event the steps produced. */
export function actWithEvents(s: DelvewickState, ...acts: Act[]): { state: DelvewickState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of acts) {
    const r = attempt(s, a);
    if (!r.ok) throw new Error(`"${a}" was refused: ${r.reason}: ${r.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The board as a map (rows joined by newlines). */
export function picture(s: DelvewickState): string {
  return renderRows(s.grid, s.w, s.h, s.exitOpen).join('\n');
}

/** A map written in a test, normalised the way `picture` prints it. */
export function drawn(map: string): string {
  return mapRows(map).join('\n');
}
