/**
 * The daily challenge: one seed per game per UTC day, the same for everyone, derived from the date and
 * the server's secret (HMAC-SHA256 under a key derived for this purpose, cut to 128 bits: a wide seed),
 * so it cannot be known before the day starts and every instance sharing the secret agrees. The first
 * draw of a day is pinned in the store (`daily_seeds`), and every later start reads the pinned one: a
 * secret rotated during the day (`GAMEBOARD_SECRET=new,old`) does not change the day's seed. A day's
 * seed and runs become public once the day is over. A game without randomness (Delvewick: every seed
 * plays the same levels) has no daily seed: its daily board is its ranked board, shown against the
 * solver's score as par.
 */
import { createHmac } from 'node:crypto';
import type { AnyGame } from '../../core/game.js';
import type { RunStore } from '../../store/store.js';
import { ApiError } from '../errors.js';

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

  /** The seed this key derives for `game` on `day` (YYYY-MM-DD): a wide seed, 32 hex digits. */
  seed(game: string, day: string): string {
    return createHmac('sha256', this.key).update(`daily|${game}|${day}`).digest().subarray(0, 16).toString('hex');
  }

  /** The day's seed as the store pinned it on its first draw (pinning this key's seed if none was). */
  pinned(store: RunStore, game: string, day: string): Promise<string> {
    return store.pinDailySeed(game, day, this.seed(game, day));
  }

  /** A past day's seed to reveal: the pinned one, else (no session drew it) this key's. */
  async revealed(store: RunStore, game: string, day: string): Promise<string> {
    return (await store.dailySeed(game, day)) ?? this.seed(game, day);
  }
}
