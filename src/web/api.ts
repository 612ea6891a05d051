/**
 * The few API calls the browser makes: submitting a finished run, fetching a stored run, fetching a
 * leaderboard, and playing a live (ranked) session. Free play runs in the page; only verified runs
 * go to the server, and ranked play goes through it action by action.
 */
import type { RankedBudget } from '../core/budget.js';
import type { GameAction, GameEvent, Observation, Outcome } from '../core/game.js';
import type { Run } from '../core/replay.js';
import type { Seed } from '../core/seed.js';
import { PLAYER_NAME_PATTERN, type LeaderboardEntry, type Player } from '../store/store.js';
import {
  leaderboardAnswer,
  liveActionAnswer,
  resumeAnswer,
  rotateKeyAnswer,
  startRankedAnswer,
  storedRunAnswer,
  submitRunAnswer,
  transportTo,
} from '../client/calls.js';
import { GameboardError } from '../client/errors.js';
import type { Transport } from '../client/http.js';
import { parseRun } from './runfile.js';

export type { LeaderboardEntry, Player } from '../store/store.js';

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

/** The rule the server applies to player names (its request schema uses the same pattern, on the NFKC form). */
export const PLAYER_NAME = new RegExp(PLAYER_NAME_PATTERN, 'u');

/** An API refusal or a failed request, with the server's message when there is one. */
export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Every call goes through the project's client (src/client), on this page's own server, with the
 * player keys kept in this browser's storage. Its errors become `ApiFailure`s with the server's code.
 */
let shared: Transport | null = null;
function server(): Transport {
  return (shared ??= transportTo(location.origin, {
    keyStore: { get: (name) => savedKey(name) ?? undefined, set: (name, key) => keepKey(name, key) },
  }));
}

/** Runs a client call, answering its failure as an `ApiFailure` in the words the pages show. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (!(err instanceof GameboardError)) throw err;
    if (err.code === 'network') throw new ApiFailure('network', 'The server could not be reached.');
    throw new ApiFailure(err.code, err.message);
  }
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
 * A name's key before its first use: the one kept, else a new one of 32 random bytes (base64url), kept
 * before the request goes out. A name's first use then claims it for a key this browser already holds,
 * so an answer lost on the way back does not lose the name.
 */
function ensureKey(name: string): void {
  if (savedKey(name)) return;
  keepKey(name, newKey());
}

/** A new player key: 32 random bytes, base64url. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Replaces the key of `name` with a new one (the old key, and any link made from it, stops working),
 * keeps it here and answers it: for carrying the name to another device.
 */
export async function rotateKey(name: string): Promise<string> {
  return call(() => rotateKeyAnswer(server(), name, newKey()));
}

/** Keeps `key` as this browser's key of `name` (a name carried here from another device). */
export function adoptKey(name: string, key: string): void {
  keepKey(name, key);
}

export async function submitRun(run: Run, player: Player): Promise<Submitted> {
  ensureKey(player.name);
  return call(() => submitRunAnswer(server(), run, player));
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
  /** What the action did (an accepted action's answer). */
  events?: GameEvent[];
}

/** Starts a live session (today's daily challenge with `daily`), keeping a newly answered player key. */
export async function startLive(slug: string, player: Player, daily: boolean): Promise<LiveAnswer> {
  ensureKey(player.name);
  const answer = await call(() => startRankedAnswer(server(), slug, player, daily ? { challenge: 'daily' } : {}));
  return answer as unknown as LiveAnswer;
}

/**
 * Resumes a live session from any token it answered: the session's latest position, with its token.
 * This is how a reload, another tab or a reopened browser goes on where the server's record stands.
 */
export async function resumeLive(id: string, stateToken: string): Promise<LiveAnswer> {
  return (await call(() => resumeAnswer(server(), id, stateToken))) as unknown as LiveAnswer;
}

/** One live action; a refusal (`ok: false`) is answered, not thrown. */
export async function liveAction(id: string, stateToken: string, action: GameAction): Promise<LiveAnswer> {
  return (await call(() => liveActionAnswer(server(), id, stateToken, action))) as unknown as LiveAnswer;
}

export async function fetchRun(id: string): Promise<StoredRun> {
  const body = await call(() => storedRunAnswer(server(), id));
  return { ...body, run: parseRun(body.run) };
}

export async function fetchLeaderboard(
  slug: string,
  board: BoardName = 'open',
  date?: string,
  limit = 20,
): Promise<Leaderboard> {
  const b = (await call(() =>
    leaderboardAnswer(server(), slug, { board, limit, ...(date ? { date } : {}) }),
  )) as unknown as Leaderboard;
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
