/**
 * The few API calls the browser makes: submitting a finished run, fetching a stored run, fetching a
 * leaderboard. Games themselves run in the page; only verified runs go to the server.
 */
import type { Run } from '../core/replay.js';
import { PLAYER_NAME_PATTERN, type LeaderboardEntry, type Player } from '../store/store.js';
import { parseRun } from './runfile.js';

export type { LeaderboardEntry, Player, PlayerKind } from '../store/store.js';

export interface Leaderboard {
  game: string;
  rulesVersion: string;
  human: LeaderboardEntry[];
  agent: LeaderboardEntry[];
}

export interface Submitted {
  id: string;
  score: number;
  gameOver: boolean;
  steps: number;
  rank: number;
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

export function submitRun(run: Run, player: Player): Promise<Submitted> {
  return call<Submitted>('/api/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...run, player }),
  });
}

export async function fetchRun(id: string): Promise<StoredRun> {
  const body = await call<StoredRun>(`/api/runs/${encodeURIComponent(id)}`);
  return { ...body, run: parseRun(body.run) };
}

export async function fetchLeaderboard(slug: string, limit = 20): Promise<Leaderboard> {
  const b = await call<Partial<Leaderboard> & { game: string; rulesVersion: string }>(
    `/api/games/${encodeURIComponent(slug)}/leaderboard?limit=${limit}`,
  );
  return { game: b.game, rulesVersion: b.rulesVersion, human: b.human ?? [], agent: b.agent ?? [] };
}
