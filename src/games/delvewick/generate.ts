/**
 * Where boards come from: the eight handcrafted levels (embedded from levels/*.txt by `levels.ts`),
 * the start of a run, and, for tests, a state built from any text map.
 */
import type { Seed } from '../../core/seed.js';
import { mapRows, parseRows } from './board.js';
import { LEVEL_FILES } from './levels.js';
import { PLAYING, type DelvewickState } from './types.js';

/** One level as its file describes it. */
export interface LevelDef {
  number: number;
  name: string;
  quota: number;
  oil: number;
  /** What the level teaches, in a sentence. */
  lesson: string;
  rows: readonly string[];
  w: number;
  h: number;
  /** The starting board; copied, never handed out. */
  grid: number[];
  mole: number;
}

/**
 * Reads a level file: `key: value` header lines (level, name, quota, oil, lesson), a blank line, then
 * the map. Throws on anything missing or malformed, so a bad edit fails loudly at import.
 */
function parseLevelFile(text: string): LevelDef {
  const blank = text.search(/\n\s*\n/);
  if (blank < 0) throw new Error('a level file needs a header, a blank line, then the map');
  const header: Record<string, string> = {};
  for (const line of text.slice(0, blank).split('\n')) {
    const m = /^([a-z]+):\s*(.+)$/.exec(line.trim());
    if (!m) throw new Error(`bad level header line "${line}"`);
    header[m[1]] = m[2].trim();
  }
  const num = (key: string): number => {
    const v = Number(header[key]);
    if (!Number.isInteger(v) || v <= 0) throw new Error(`level header "${key}" must be a positive integer`);
    return v;
  };
  if (!header.name || !header.lesson) throw new Error('a level needs a name and a lesson');
  const rows = mapRows(text.slice(blank));
  const board = parseRows(rows);
  if (board.mole < 0) throw new Error(`level "${header.name}" has no mole (M)`);
  if (board.exitOpen !== false) throw new Error(`level "${header.name}" needs a closed exit (X) and no open one`);
  return {
    number: num('level'),
    name: header.name,
    quota: num('quota'),
    oil: num('oil'),
    lesson: header.lesson,
    rows,
    w: board.w,
    h: board.h,
    grid: board.grid,
    mole: board.mole,
  };
}

/** The eight levels, in order. */
export const LEVELS: readonly LevelDef[] = LEVEL_FILES.map((f) => parseLevelFile(f.text));

/** Resets `s` (a state under construction) to the fresh start of level `n`: board, oil, quota, chain. */
export function enterLevel(s: DelvewickState, n: number): void {
  const def = LEVELS[n - 1];
  s.level = n;
  s.w = def.w;
  s.h = def.h;
  s.grid = def.grid.slice();
  s.mole = def.mole;
  s.oil = def.oil;
  s.quota = def.quota;
  s.gems = 0;
  s.exitOpen = false;
  s.chain = 0;
  s.chainAge = 0;
  s.settled = false;
}

/** A run positioned at the fresh start of level `n` (as if levels 1..n-1 had just been cleared, scoring 0). */
export function levelStart(n: number, seed: Seed = 0): DelvewickState {
  const s = blankState(seed);
  enterLevel(s, n);
  return s;
}

function blankState(seed: Seed): DelvewickState {
  return {
    seed,
    level: 1,
    w: 1,
    h: 1,
    grid: [0],
    mole: 0,
    oil: 0,
    quota: 0,
    gems: 0,
    exitOpen: false,
    score: 0,
    chain: 0,
    chainAge: 0,
    end: PLAYING,
    settled: false,
  };
}

/** Settings for `stateFromMap`; anything left out takes a plain default. */
export interface MapOptions {
  seed?: number;
  level?: number;
  quota?: number;
  oil?: number;
  gems?: number;
  score?: number;
  chain?: number;
  chainAge?: number;
}

/**
 * A playing state on any board written as a text map (for tests and puzzles): 'E' exits start open,
 * 'X' exits closed. Defaults: level 1, quota 1, oil 50, nothing collected yet.
 */
export function stateFromMap(map: string, opts: MapOptions = {}): DelvewickState {
  const board = parseRows(mapRows(map));
  if (board.mole < 0) throw new Error('the map has no mole (M)');
  const s = blankState(opts.seed ?? 0);
  s.level = opts.level ?? 1;
  s.w = board.w;
  s.h = board.h;
  s.grid = board.grid;
  s.mole = board.mole;
  s.oil = opts.oil ?? 50;
  s.quota = opts.quota ?? 1;
  s.gems = opts.gems ?? 0;
  s.exitOpen = board.exitOpen === true;
  s.score = opts.score ?? 0;
  s.chain = opts.chain ?? 0;
  s.chainAge = opts.chainAge ?? 0;
  return s;
}
