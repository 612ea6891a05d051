/**
 * Argument parsers for commander: each turns one option's text into a value or throws commander's
 * InvalidArgumentError, whose message commander prints (with the usage, and exit code 2; see main.ts).
 */
import { InvalidArgumentError } from 'commander';
import { registry } from '../games/index.js';
import { isPlayerName, normalizePlayerName, PLAYER_NAME_RULE } from '../store/store.js';

/** The largest seed the games take. */
const MAX_SEED = 0xffffffff;

/** A registered game's slug. */
export function parseSlug(raw: string): string {
  if (!registry.get(raw)) throw new InvalidArgumentError(`no game "${raw}"; games: ${registry.slugs().join(', ')}.`);
  return raw;
}

/** An integer from `min` to `max`. */
export function intIn(min: number, max: number): (raw: string) => number {
  return (raw) => {
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max)
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}; got "${raw}".`);
    return Number(raw);
  };
}

/** One seed, 0 to 2^32-1. */
export const parseSeed = intIn(0, MAX_SEED);

/**
 * A list of seeds: `1-100` (a range, inclusive), `3,5,8`, or a mix (`1-10,42`); at most 100,000 seeds,
 * no seed twice.
 */
export function parseSeedList(raw: string): number[] {
  const seeds: number[] = [];
  for (const part of raw.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new InvalidArgumentError(`seeds are a range or a list such as 1-100 or 3,5,8; got "${raw}".`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from || to > MAX_SEED) throw new InvalidArgumentError(`"${part.trim()}" is not a range of seeds.`);
    if (seeds.length + (to - from + 1) > 100_000) throw new InvalidArgumentError('at most 100,000 seeds at once.');
    for (let s = from; s <= to; s++) seeds.push(s);
  }
  if (new Set(seeds).size !== seeds.length) throw new InvalidArgumentError(`"${raw}" names a seed twice.`);
  return seeds;
}

/** A server's base URL (http or https). */
export function parseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidArgumentError(`"${raw}" is not a URL; for example http://127.0.0.1:3000.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError(`"${raw}" is not an http(s) URL.`);
  return url.href;
}

/** A results file: .jsonl, .json or .csv. */
export function parseOutFile(raw: string): string {
  if (!/\.(jsonl|json|csv)$/i.test(raw))
    throw new InvalidArgumentError(`the results file must end in .jsonl, .json or .csv; got "${raw}".`);
  return raw;
}

/** A player name, as the leaderboards accept it: its NFKC form, the one the server stores. */
export function parsePlayerName(raw: string): string {
  if (!isPlayerName(raw)) throw new InvalidArgumentError(`a player name is ${PLAYER_NAME_RULE}; got "${raw}".`);
  return normalizePlayerName(raw);
}
