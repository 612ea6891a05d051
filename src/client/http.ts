/**
 * JSON over fetch with retries: a request is retried, with exponential backoff, only when the server
 * could not be reached or answered 429 / 503 (honouring `Retry-After`). Every call of the API is safe
 * to repeat (the game loop is stateless and a run is stored once), so a retry never plays twice.
 */
import { GameboardError } from './errors.js';

/** How the client retries. */
export interface RetryOptions {
  /** Retries after the first attempt (default 4). */
  retries?: number;
  /** The first backoff in milliseconds, doubled each retry (default 200). */
  backoffMs?: number;
  /** The longest wait between attempts, `Retry-After` included (default 10,000). */
  maxWaitMs?: number;
  /** Give up on one attempt after this many milliseconds (default: no limit). */
  timeoutMs?: number;
}

/**
 * Where a client keeps the player keys of the names it claimed. Names are case-blind on the server, so
 * a store must be too: the default one (in memory) lower-cases them; the MCP server gives one backed by
 * the key file (keyfile.ts), so keys survive the process.
 */
export interface PlayerKeyStore {
  get(name: string): string | undefined;
  set(name: string, key: string): unknown;
}

/** A store in memory, case-blind. */
export function memoryKeyStore(): PlayerKeyStore {
  const keys = new Map<string, string>();
  return { get: (name) => keys.get(name.toLowerCase()), set: (name, key) => keys.set(name.toLowerCase(), key) };
}

/** Transport settings shared by every call. */
export interface Transport extends RetryOptions {
  baseUrl: string;
  fetch: typeof fetch;
  /** Player keys by name: sent with submissions under that name, learnt from answers. */
  playerKeys: PlayerKeyStore;
  /** Requests the server answered 429 and that were sent again after its Retry-After. */
  rateLimited: number;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** `Retry-After` in milliseconds (seconds or an HTTP date), or undefined. */
function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Sends one request and answers the parsed JSON body of a 2xx. A 4xx/5xx with an `error` body throws
 * `GameboardError(error)`; an unreachable server throws `GameboardError('network')` after the retries.
 */
export async function requestJson(
  t: Transport,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const retries = t.retries ?? 4;
  const backoff = t.backoffMs ?? 200;
  const maxWait = t.maxWaitMs ?? 10_000;
  const url = new URL(path, t.baseUrl.endsWith('/') ? t.baseUrl : `${t.baseUrl}/`).href;
  const init: RequestInit = { method, headers: { ...headers, accept: 'application/json' } };
  if (t.timeoutMs !== undefined) init.signal = AbortSignal.timeout(t.timeoutMs);
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...headers, accept: 'application/json', 'content-type': 'application/json' };
  }
  for (let attempt = 0; ; attempt++) {
    const wait = Math.min(maxWait, backoff * 2 ** attempt);
    let res: Response;
    try {
      res = await t.fetch(url, init);
    } catch (cause) {
      if (attempt < retries) {
        await sleep(wait);
        continue;
      }
      const why = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : '';
      throw new GameboardError('network', `Cannot reach ${url}${why ? `: ${why}` : ''}.`, { cause });
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const error = (parsed as { error?: unknown } | undefined)?.error;
    const busy = res.status === 429 || (res.status === 503 && error !== 'store_unavailable');
    if (busy && attempt < retries) {
      if (res.status === 429) t.rateLimited++;
      await sleep(Math.min(maxWait, retryAfterMs(res.headers.get('retry-after')) ?? wait));
      continue;
    }
    if (res.ok && parsed !== undefined) return parsed;
    const message = (parsed as { message?: unknown } | undefined)?.message;
    throw new GameboardError(
      typeof error === 'string' ? error : res.ok ? 'bad_answer' : `http_${res.status}`,
      typeof message === 'string' ? message : `${method} ${url} answered HTTP ${res.status} without a JSON body.`,
      { status: res.status },
    );
  }
}

/** The header that proves a player name is one's own (the server answers the key when a name is claimed). */
export const PLAYER_KEY_HEADER = 'x-player-key';

/** A new player key: 32 random bytes, base64url (43 characters, the server's own `pk_` format). */
export function drawPlayerKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return (
    'pk_' +
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  );
}

/**
 * POST /api/runs under `player`, with the name's key. A name the client holds no key for gets a new
 * one, kept before the request goes out: the server claims a free name for the key sent, so a retried
 * first submission (its answer lost) is answered again instead of refused.
 */
export async function submitAs(
  t: Transport,
  run: { game: string; rulesVersion: string; seed: number | string; actions: unknown[] },
  player: { name: string; kind: string },
): Promise<unknown> {
  const name = player.name;
  let key = t.playerKeys.get(name);
  if (key === undefined) {
    key = drawPlayerKey();
    t.playerKeys.set(name, key);
  }
  const answer = await requestJson(t, 'POST', 'api/runs', { ...run, player }, { [PLAYER_KEY_HEADER]: key });
  const given = (answer as { playerKey?: unknown }).playerKey;
  if (typeof given === 'string') t.playerKeys.set(name, given);
  return answer;
}
