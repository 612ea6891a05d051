/**
 * Nothing a player did is lost: the browser keeps every game in progress and every finished run in
 * `localStorage`, so a reload, Back, the Rules page or a new seed never throws a game away.
 *
 * Two lists, newest first:
 * - `unfinished`: games in progress, one per game and seed (the seed and the accepted actions; the
 *   engine rebuilds the state by replaying them, which is exact because engines are deterministic);
 * - `finished`: finished runs, submitted or not, which is also the player's local history.
 * Storage can be missing (private mode) or full; every call then degrades to "nothing kept" instead of
 * failing, and the oldest finished runs make room for new ones.
 */
import type { Outcome } from '../core/game.js';
import type { Run } from '../core/replay.js';
import type { Seed } from '../core/seed.js';

const UNFINISHED_KEY = 'gameboard.unfinished.v1';
const FINISHED_KEY = 'gameboard.finished.v1';
/** At most this many games in progress (the oldest is set aside first). */
export const MAX_UNFINISHED = 12;
/** At most this many finished runs (the oldest submitted ones go first, then the oldest at all). */
export const MAX_FINISHED = 60;

/** A game in progress. `actions` may be empty: a fresh game the player has just chosen. */
export interface SavedGame {
  run: Run;
  score: number;
  savedAt: number;
}

/** A finished run, with how it ended, and the server's id once it has been submitted. */
export interface FinishedRun {
  id: string;
  run: Run;
  score: number;
  outcome: Outcome | null;
  endedAt: number;
  submittedId?: string;
}

function read<T>(key: string): T[] {
  try {
    const raw = localStorage.getItem(key);
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** Writes a list, dropping items from its end (the oldest) until it fits the storage quota. */
function write<T>(key: string, items: T[]): void {
  const list = [...items];
  for (;;) {
    try {
      localStorage.setItem(key, JSON.stringify(list));
      return;
    } catch {
      if (list.length === 0) return;
      list.pop();
    }
  }
}

const sameGame = (a: Run, slug: string, seed: Seed) => a.game === slug && a.seed === seed;

/** A finished run's identity: the same game, version, seed and actions always get the same id. */
export function runId(run: Run): string {
  let h = 2166136261;
  const s = JSON.stringify(run.actions);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return `${run.game}-${run.seed}-${run.actions.length}-${(h >>> 0).toString(36)}`;
}

/** Every game in progress, newest first. */
export function unfinishedGames(): SavedGame[] {
  return read<SavedGame>(UNFINISHED_KEY);
}

/** The game in progress for this game and seed, if any. */
export function unfinishedFor(slug: string, seed: Seed): SavedGame | null {
  return unfinishedGames().find((g) => sameGame(g.run, slug, seed)) ?? null;
}

/** The most recent game in progress of this game that has at least one action, if any. */
export function latestUnfinished(slug: string): SavedGame | null {
  return unfinishedGames().find((g) => g.run.game === slug && g.run.actions.length > 0) ?? null;
}

/** Keeps (or replaces) the game in progress for the run's game and seed, and makes it the newest. */
export function saveUnfinished(run: Run, score: number): void {
  // Only the newest entry may be a game without actions: empty games never push real ones out.
  const rest = unfinishedGames().filter((g) => !sameGame(g.run, run.game, run.seed) && g.run.actions.length > 0);
  write(UNFINISHED_KEY, [{ run, score, savedAt: Date.now() }, ...rest].slice(0, MAX_UNFINISHED));
}

/** Forgets the game in progress for this game and seed (after the player agreed, or once it ended). */
export function dropUnfinished(slug: string, seed: Seed): void {
  write(
    UNFINISHED_KEY,
    unfinishedGames().filter((g) => !sameGame(g.run, slug, seed)),
  );
}

/** Every finished run, newest first. */
export function finishedRuns(): FinishedRun[] {
  return read<FinishedRun>(FINISHED_KEY);
}

/** The finished runs not yet on a leaderboard, newest first. */
export function unsubmittedRuns(slug?: string): FinishedRun[] {
  return finishedRuns().filter((r) => !r.submittedId && (slug === undefined || r.run.game === slug));
}

/** The newest finished run of this game and seed, if any. */
export function finishedFor(slug: string, seed: Seed): FinishedRun | null {
  return finishedRuns().find((r) => sameGame(r.run, slug, seed)) ?? null;
}

/** The stored finished run with exactly these actions, if this browser played it. */
export function ownRun(run: Run): FinishedRun | null {
  const id = runId(run);
  return finishedRuns().find((r) => r.id === id && r.run.rulesVersion === run.rulesVersion) ?? null;
}

/**
 * Records a finished run (once: the same run again only moves it to the front) and forgets the game in
 * progress it came from. Returns the stored entry.
 */
export function saveFinished(run: Run, score: number, outcome: Outcome | null): FinishedRun {
  const id = runId(run);
  const all = finishedRuns();
  const old = all.find((r) => r.id === id);
  const entry: FinishedRun = old ?? { id, run, score, outcome, endedAt: Date.now() };
  let list = [entry, ...all.filter((r) => r.id !== id)];
  if (list.length > MAX_FINISHED) {
    // Submitted runs are safe on the server: they make room first.
    const dropSubmitted = list.length - MAX_FINISHED;
    let dropped = 0;
    list = list
      .reverse()
      .filter((r) => !(r.submittedId && r !== entry && dropped++ < dropSubmitted))
      .reverse()
      .slice(0, MAX_FINISHED);
  }
  write(FINISHED_KEY, list);
  dropUnfinished(run.game, run.seed);
  return entry;
}

/** Marks a finished run as submitted (it stays in the history, with the server's id). */
export function markSubmitted(id: string, submittedId: string): void {
  write(
    FINISHED_KEY,
    finishedRuns().map((r) => (r.id === id ? { ...r, submittedId } : r)),
  );
  // The lists of runs on the page ("Your games") say so at once.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(RUNS_CHANGED));
}

/** Sent on `window` when a kept run changes in a way a list of runs shows (a run submitted). */
export const RUNS_CHANGED = 'gameboard:runs-changed';

/** Forgets a finished run (after the player agreed). */
export function dropFinished(id: string): void {
  write(
    FINISHED_KEY,
    finishedRuns().filter((r) => r.id !== id),
  );
}

/** The player's best score for a game among the runs this browser keeps, or null. */
export function personalBest(slug: string): number | null {
  let best: number | null = null;
  for (const r of finishedRuns()) if (r.run.game === slug && (best === null || r.score > best)) best = r.score;
  return best;
}
