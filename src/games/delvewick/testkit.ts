/**
 * Helpers for Delvewick's tests: boards from text maps, actions by name, and boards back to text, so
 * each rule test reads as a before picture, some actions and an after picture.
 */
import type { GameEvent } from '../../core/game.js';
import { mapRows, renderRows } from './board.js';
import { stateFromMap, type MapOptions } from './generate.js';
import { delvewick } from './index.js';
import type { DelvewickAction, DelvewickState } from './types.js';

/** An action by short name. */
export type Act = 'up' | 'down' | 'left' | 'right' | 'wait';

/** The grammar action for a short name. */
function action(a: Act): DelvewickAction {
  return a === 'wait' ? { type: 'wait' } : { type: 'move', dir: a };
}

/** A playing state on the board drawn in `map`. */
export function fromMap(map: string, opts?: MapOptions): DelvewickState {
  return stateFromMap(map, opts);
}

/** The refusal of `a` (a short name) in `s` (its reason and message), or null when the engine accepts it. */
export function refusal(s: DelvewickState, a: Act): { reason: string; message: string } | null {
  const r = delvewick.step(s, action(a));
  return r.ok ? null : { reason: r.reason, message: r.message };
}

/** `play`'s final state only. */
export function act(s: DelvewickState, ...acts: Act[]): DelvewickState {
  return play(s, ...acts).state;
}

/** Plays the actions (short names) through the public step, failing loudly on a refusal; returns the final state and every event. */
export function play(s: DelvewickState, ...acts: Act[]): { state: DelvewickState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of acts) {
    const r = delvewick.step(s, action(a));
    if (!r.ok) throw new Error(`"${a}" was refused: ${r.reason}: ${r.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The board as a map (rows joined by newlines). */
export function toMap(s: DelvewickState): string {
  return renderRows(s.grid, s.w, s.h, s.exitOpen).join('\n');
}

/** A map written in a test, normalised the way `toMap` prints it. */
export function map(text: string): string {
  return mapRows(text).join('\n');
}
