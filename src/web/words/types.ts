/**
 * Words for people: what each game's refusals, events and endings mean, as sentences. The engines'
 * reasons and events stay machine-readable (agents and tests depend on them); the web layer turns
 * them into words here, one module per game.
 */
import type { GameAction, GameEvent, Observation, Outcome } from '../../core/game.js';

/** Where on the board something happened, as fractions of the board's width and height. */
interface Spot {
  fx: number;
  fy: number;
}

/** A moment worth a banner: a wave, level, pitch or night cleared, or a heart lost. */
export interface Moment {
  title: string;
  points: number;
  /** `good` for a clear, `bad` for a loss. */
  tone: 'good' | 'bad';
}

export interface GameWords {
  /** "You can't move up: a boulder is in the way." */
  refusal(action: GameAction, reason: string, message: string, obs: Observation): string;
  /** One event as a sentence, or null when it is not worth a line (a step the board already shows). */
  event(e: GameEvent): string | null;
  /** How the run ended, e.g. "Caught by a drone on wave 8." */
  ending(outcome: Outcome, obs: Observation): string;
  /** Where an event happened on the board, for the floating points; null: near the score. */
  spot?(e: GameEvent, obs: Observation): Spot | null;
  /** A banner-worthy moment, or null. */
  moment?(e: GameEvent): Moment | null;
}

const SMALL = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 2 → "two" (small counts read better as words), 12 → "12". */
export function count(n: number): string {
  return n >= 0 && n < SMALL.length ? SMALL[n] : String(n);
}

/** Same as `count`, capitalised, to start a sentence. */
export function Count(n: number): string {
  const s = count(n);
  return s[0].toUpperCase() + s.slice(1);
}

/** "1 drone", "3 drones" with the count in words. */
export function plural(n: number, one: string, many = one + 's'): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** "+120" or "−20" (no sign for 0). */
export function points(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** The number field `k` of an event, or 0. */
export function num(e: GameEvent, k: string): number {
  const v = e[k];
  return typeof v === 'number' ? v : 0;
}

/** Seconds from ticks at 30 a second, for people: "65 s", "1 min 05 s". */
export function seconds(ticks: number, rate = 30): string {
  const s = Math.ceil(ticks / rate);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
