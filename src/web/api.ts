/**
 * The few API calls the browser makes: submitting a finished run, fetching a stored run, fetching a
 * leaderboard, and playing a live (ranked) session. Free play runs in the page; only verified runs
 * go to the server, and ranked play goes through it action by action.
 */
import type { RankedBudget } from '../core/budget.js';
import type { GameAction, Observation, Outcome } from '../core/game.js';
import type { Run } from '../core/replay.js';
import type { Seed } from '../core/seed.js';
import { PLAYER_NAME_PATTERN, type LeaderboardEntry, type Player } from '../store/store.js';
import { parseRun } from './runfile.js';

export type { LeaderboardEntry, Player, PlayerKind } from '../store/store.js';

/** Which board: live sessions, replay-verified submissions, or one day's challenge. */
export type BoardName = 'ranked' | 'open' | 'daily';

export interface Leaderboard {
  game: string;
  rulesVersion: string;
  board: BoardName;
  label: string;
  date?: string;
  /** A past day's pinned seed (32 hex digits). */
  seed?: Seed;
  progressLabel: string | null;
  par: { score: number; by: string } | null;
  human: (LeaderboardEntry & { rank: number })[];
  agent: (LeaderboardEntry & { rank: number })[];
}

export interface Submitted {
  id: string;
  score: number;
  gameOver: boolean;
  steps: number;
  rank: number | null;
  playerKey?: string;
}

export interface StoredRun {
  id: string;
  run: Run;
  player: Player;
  score: number;
  createdAt: string;
}

/** The rule the server applies to player names (its request schema uses the same pattern). */
export const PLAYER_NAME = new RegExp(PLAYER_NAME_PATTERN);

/** An API refusal or a failed request, with the server's message when there is one. */
export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiFailure('network', 'The server could not be reached.');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiFailure('bad_answer', `The server answered ${res.status} without JSON: is the API running here?`);
  }
  const b = body as { ok?: boolean; error?: string; message?: string };
  if (!res.ok || b.ok !== true)
    throw new ApiFailure(b.error ?? 'error', b.message ?? `The server answered ${res.status}.`);
  return body as T;
}

const KEY_PREFIX = 'gameboard.playerKey.';

/** The player key this browser holds for a name (names are owned; the key is answered once). */
export function savedKey(name: string): string | null {
  try {
    return localStorage.getItem(KEY_PREFIX + name.toLowerCase());
  } catch {
    return null;
  }
}

function keepKey(name: string, key: string | undefined): void {
  if (!key) return;
  try {
    localStorage.setItem(KEY_PREFIX + name.toLowerCase(), key);
  } catch {
    /* private mode: the key cannot be kept, and the name cannot be used again from here */
  }
}

/**
 * The key to send for a name: the one kept, else a new one of 32 random bytes (base64url), kept before
 * the request goes out. A name's first use then claims it for a key this browser already holds, so an
 * answer lost on the way back does not lose the name.
 */
function keyFor(name: string): string {
  const kept = savedKey(name);
  if (kept) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  keepKey(name, key);
  return key;
}

function jsonHeaders(name: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-player-key': keyFor(name) };
}

export async function submitRun(run: Run, player: Player): Promise<Submitted> {
  const r = await call<Submitted>('/api/runs', {
    method: 'POST',
    headers: jsonHeaders(player.name),
    body: JSON.stringify({ ...run, player }),
  });
  keepKey(player.name, r.playerKey);
  return r;
}

/** A live session's answer (start or action), as the server gives it. */
export interface LiveAnswer {
  ok: boolean;
  session: {
    id: string;
    step: number;
    spent: number;
    finished: boolean;
    budget: RankedBudget | null;
  };
  challenge?: string | null;
  playerKey?: string;
  stateToken: string;
  observation: Observation;
  legalActions: GameAction[];
  score: number;
  gameOver: boolean;
  outcome: Outcome | null;
  reason?: string;
  message?: string;
}

/** Starts a live session (today's daily challenge with `daily`), keeping a newly answered player key. */
export async function startLive(slug: string, player: Player, daily: boolean): Promise<LiveAnswer> {
  const r = await call<LiveAnswer>(`/api/games/${encodeURIComponent(slug)}/sessions`, {
    method: 'POST',
    headers: jsonHeaders(player.name),
    body: JSON.stringify({ player, ...(daily ? { challenge: 'daily' } : {}) }),
  });
  keepKey(player.name, r.playerKey);
  return r;
}

/**
 * Resumes a live session from any token it answered: the session's latest position, with its token.
 * This is how a reload, another tab or a reopened browser goes on where the server's record stands.
 */
export async function resumeLive(id: string, stateToken: string): Promise<LiveAnswer> {
  return call<LiveAnswer>(`/api/sessions/${encodeURIComponent(id)}/resume`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stateToken }),
  });
}

/** One live action; a refusal (`ok: false`) is answered, not thrown. */
export async function liveAction(id: string, stateToken: string, action: GameAction): Promise<LiveAnswer> {
  let res: Response;
  try {
    res = await fetch(`/api/sessions/${encodeURIComponent(id)}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stateToken, action }),
    });
  } catch {
    throw new ApiFailure('network', 'The server could not be reached.');
  }
  const b = (await res.json()) as LiveAnswer & { error?: string };
  if (!res.ok) throw new ApiFailure(b.error ?? 'error', b.message ?? `The server answered ${res.status}.`);
  return b;
}

export async function fetchRun(id: string): Promise<StoredRun> {
  const body = await call<StoredRun>(`/api/runs/${encodeURIComponent(id)}`);
  return { ...body, run: parseRun(body.run) };
}

export async function fetchLeaderboard(
  slug: string,
  board: BoardName = 'open',
  date?: string,
  limit = 20,
): Promise<Leaderboard> {
  const q = new URLSearchParams({ board, limit: String(limit) });
  if (date) q.set('date', date);
  const b = await call<Leaderboard>(`/api/games/${encodeURIComponent(slug)}/leaderboard?${q}`);
  return { ...b, human: b.human ?? [], agent: b.agent ?? [] };
}

/** Where a finished live run stands on its board: its own rank, or the player's better run's. */
export interface BoardStanding {
  /** The run's rank among humans, when it is the player's best on the board. */
  rank: number | null;
  /** The player's best entry when it is another run (a better one played earlier). */
  best: (LeaderboardEntry & { rank: number }) | null;
  /** How many humans the board lists (at most the page read). */
  of: number;
}

/**
 * The standing of run `id` (a ranked or daily session's id) among the humans of its board, read from
 * the board's first 100 entries; `name` finds the player's better run when this one is not their best.
 */
export async function fetchStanding(
  slug: string,
  board: BoardName,
  id: string,
  name: string | null,
  date?: string,
): Promise<BoardStanding> {
  const b = await fetchLeaderboard(slug, board, date, 100);
  const own = b.human.find((e) => e.id === id);
  if (own) return { rank: own.rank, best: null, of: b.human.length };
  const low = name?.toLowerCase();
  const best = low ? (b.human.find((e) => e.player.name.toLowerCase() === low) ?? null) : null;
  return { rank: null, best, of: b.human.length };
}

/**
 * A server refusal in plain words for a player (no header names, no codes): the few a person can meet
 * when starting a ranked session or submitting a run; anything else keeps the server's sentence.
 */
export function plainProblem(err: unknown): string {
  const code = err instanceof ApiFailure ? err.code : '';
  switch (code) {
    case 'name_owned':
      return 'That name is already someone else\u2019s on this server, and this browser does not hold its key: pick another name.';
    case 'daily_taken':
      return 'You have already played today\u2019s challenge of this game under that name: one attempt a day. Come back tomorrow, or play ranked.';
    case 'run_copied':
      return 'This exact run is already on the board under another name.';
    case 'rate_limited':
      return 'Too many requests from here just now: wait a few seconds and try again.';
    case 'network':
      return 'The server could not be reached: check the connection and try again.';
    default:
      return err instanceof Error ? err.message : String(err);
  }
}
