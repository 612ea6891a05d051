/**
 * "You" on the boards: which runs on the server are this browser's. A ranked or daily session is noted
 * here when it starts (its run id is its session id); a free-play run submitted to the open board is
 * known from the finished runs kept in persist.ts (its `submittedId`). A row is also yours when its
 * name is one this browser holds the key of (names are owned). Storage can be missing: then nothing is
 * known and nothing is marked.
 */
import { savedKey, type BoardName, type LeaderboardEntry } from './api.js';
import { finishedRuns } from './persist.js';

/** One run of this browser's on a board. */
export interface MyRun {
  slug: string;
  board: BoardName;
  id: string;
  /** The daily challenge's day (UTC), for a daily run. */
  date?: string;
  at: number;
}

const KEY = 'gameboard.mine.v1';
const MAX = 100;

function readOwn(): MyRun[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? (v as MyRun[]).filter((r) => typeof r?.id === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes a ranked or daily session this browser started (once per id). */
export function noteMine(run: MyRun): void {
  try {
    const rest = readOwn().filter((r) => r.id !== run.id);
    localStorage.setItem(KEY, JSON.stringify([run, ...rest].slice(0, MAX)));
  } catch {
    /* private mode: nothing is noted */
  }
}

/** This browser's runs of a game on any board, newest first: live sessions and open submissions. */
export function myRuns(slug: string): MyRun[] {
  const open: MyRun[] = finishedRuns()
    .filter((r) => r.run.game === slug && r.submittedId)
    .map((r) => ({ slug, board: 'open' as const, id: r.submittedId!, at: r.endedAt }));
  return [...readOwn().filter((r) => r.slug === slug), ...open].sort((a, b) => b.at - a.at);
}

/** The newest of them, if any. */
export function latestMine(slug: string): MyRun | null {
  return myRuns(slug)[0] ?? null;
}

/** True when a board's row is this browser's: one of its runs, or a human name it holds the key of. */
export function isMine(entry: LeaderboardEntry, ids: Set<string>): boolean {
  return ids.has(entry.id) || (entry.player.kind === 'human' && savedKey(entry.player.name) !== null);
}
