/**
 * The client's calls as plain functions of a transport, one per route, answering the server's JSON:
 * what `GameboardClient` and its sessions are built on, and what a caller that keeps the answers
 * itself (the browser's pages) uses directly, so that it carries none of the session classes.
 */
import type { GameAction } from '../core/game.js';
import { GameboardError } from './errors.js';
import {
  memoryKeyStore,
  PLAYER_KEY_HEADER,
  requestJson,
  submitAs,
  type PlayerKeyStore,
  type Transport,
} from './http.js';
import type { BoardName, Leaderboard, LiveAnswer, Player, SessionStatus, StoredRun, SubmitResult } from './types.js';

/** A transport for the server at `baseUrl`: global fetch, keys in `keyStore` (default: in memory). */
export function transportTo(
  baseUrl: string,
  options: {
    fetch?: typeof fetch;
    keyStore?: PlayerKeyStore;
    retries?: number;
    backoffMs?: number;
    maxWaitMs?: number;
    timeoutMs?: number;
  } = {},
): Transport {
  const { keyStore, ...rest } = options;
  return {
    ...rest,
    baseUrl,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    playerKeys: keyStore ?? memoryKeyStore(),
    rateLimited: 0,
  };
}

/** `POST /api/runs` under `player` (see `submitAs`). */
export async function submitRunAnswer(
  t: Transport,
  run: { game: string; rulesVersion: string; seed: number | string; actions: unknown[] },
  player: Player,
): Promise<SubmitResult> {
  return (await submitAs(t, run, player)) as SubmitResult;
}

/**
 * `POST /api/games/:slug/sessions`: a live ranked session (or the daily challenge). The name's key is
 * sent when the transport holds one; a key the server answers (the name claimed now) is kept.
 */
export async function startRankedAnswer(
  t: Transport,
  slug: string,
  player: Player,
  opts: { challenge?: 'daily' } = {},
): Promise<LiveAnswer> {
  const key = t.playerKeys.get(player.name);
  const answer = (await requestJson(
    t,
    'POST',
    `api/games/${encodeURIComponent(slug)}/sessions`,
    { player, ...(opts.challenge ? { challenge: opts.challenge } : {}) },
    key === undefined ? {} : { [PLAYER_KEY_HEADER]: key },
  )) as LiveAnswer;
  if (typeof answer.playerKey === 'string') t.playerKeys.set(player.name, answer.playerKey);
  return answer;
}

/** `POST /api/sessions/:id/action`: one live action; a refusal is answered (`ok: false`), not thrown. */
export async function liveActionAnswer(
  t: Transport,
  id: string,
  stateToken: string,
  action: GameAction,
): Promise<LiveAnswer> {
  return (await requestJson(t, 'POST', `api/sessions/${encodeURIComponent(id)}/action`, {
    stateToken,
    action,
  })) as LiveAnswer;
}

/** `POST /api/sessions/:id/resume` with any token of the session: its latest position. */
export async function resumeAnswer(t: Transport, id: string, stateToken: string): Promise<LiveAnswer> {
  return (await requestJson(t, 'POST', `api/sessions/${encodeURIComponent(id)}/resume`, {
    stateToken,
  })) as LiveAnswer;
}

/** `GET /api/sessions/:id`: where a live session stands. */
export async function sessionStatusAnswer(t: Transport, id: string): Promise<SessionStatus> {
  const answer = (await requestJson(t, 'GET', `api/sessions/${encodeURIComponent(id)}`)) as {
    session: SessionStatus;
  };
  return answer.session;
}

/** `GET /api/games/:slug/leaderboard`: a board. */
export async function leaderboardAnswer(
  t: Transport,
  slug: string,
  opts: { board?: BoardName; kind?: Player['kind']; date?: string; limit?: number } = {},
): Promise<Leaderboard> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(opts)) if (v !== undefined) q.set(k, String(v));
  const query = q.toString() ? `?${q.toString()}` : '';
  return (await requestJson(t, 'GET', `api/games/${encodeURIComponent(slug)}/leaderboard${query}`)) as Leaderboard;
}

/** `GET /api/runs/:id`: a stored run. */
export async function storedRunAnswer(t: Transport, id: string): Promise<StoredRun> {
  return (await requestJson(t, 'GET', `api/runs/${encodeURIComponent(id)}`)) as StoredRun;
}

/**
 * `POST /api/players/:name/key`: replaces the key of `name` (the key `t` holds for it is sent) with
 * `newKey`, keeps the new key in `t`'s key store and answers it. Called again with the same `newKey`
 * after a lost answer, it is answered again.
 */
export async function rotateKeyAnswer(t: Transport, name: string, newKey: string): Promise<string> {
  const current = t.playerKeys.get(name);
  if (current === undefined) throw new GameboardError('bad_request', `No key is held for the player name "${name}".`);
  const answer = (await requestJson(
    t,
    'POST',
    `api/players/${encodeURIComponent(name)}/key`,
    { key: newKey },
    { [PLAYER_KEY_HEADER]: current },
  )) as { playerKey: string };
  t.playerKeys.set(name, answer.playerKey);
  return answer.playerKey;
}
