/**
 * The daily challenge: one seed per game per UTC day, the same for everyone, derived from the date and
 * the server's secret (HMAC-SHA256 under a key derived for this purpose), so it cannot be known before
 * the day starts and every instance sharing the secret agrees. A day's seed and runs become public
 * once the day is over. A game without randomness (Delvewick: every seed plays the same levels) has
 * no daily seed: its daily board is its ranked board, shown against the solver's score as par.
 */
import { createHmac } from 'node:crypto';
import type { AnyGame } from '../core/game.js';
import { ApiError } from './errors.js';

/** The UTC day of `now`, as YYYY-MM-DD. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Checks a YYYY-MM-DD date (a real calendar day); throws 400 bad_date. */
export function parseDay(raw: string): string {
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(raw) && utcDayOrNull(raw) === raw;
  if (!ok)
    throw new ApiError(
      'bad_date',
      `The date must be a UTC day written YYYY-MM-DD; got ${JSON.stringify(raw.slice(0, 20))}.`,
    );
  return raw;
}

function utcDayOrNull(raw: string): string | null {
  const t = Date.parse(`${raw}T00:00:00Z`);
  return Number.isNaN(t) ? null : utcDay(new Date(t));
}

/** Whether a game draws anything from its seed (spec `seedless: true` says it does not). */
export function isSeeded(game: AnyGame): boolean {
  return game.spec.seedless !== true;
}

/** Derives daily seeds from a secret key. */
export class DailySeeds {
  constructor(private readonly key: Buffer) {}

  /** The seed of `game` on `day` (YYYY-MM-DD): an integer 0..2^32-1. */
  seed(game: string, day: string): number {
    return createHmac('sha256', this.key).update(`daily|${game}|${day}`).digest().readUInt32BE(0);
  }
}
