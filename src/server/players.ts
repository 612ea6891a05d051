/**
 * Owned player names. The first submission or live session under a name claims it and answers a
 * player key, once; every later use of the name must send that key in the `x-player-key` header. The
 * store keeps only the key's SHA-256 (a 32-byte random key needs no slow hash: it cannot be guessed).
 * `kind` (human or agent) stays self-declared: the key proves who owns a name, not what plays it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Player, RunStore } from '../store/store.js';
import { ApiError } from './errors.js';

/** The request header that carries a player key. */
export const PLAYER_KEY_HEADER = 'x-player-key';

/** SHA-256 of a key, base64url: what the store keeps. */
export function hashPlayerKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

/**
 * The key id recorded with runs and sessions for audit: the first 12 characters (72 bits) of the
 * key's stored hash. It tells an operator which key stored what without being the key or its hash.
 */
export function keyIdOf(key: string): string {
  return hashPlayerKey(key).slice(0, 12);
}

/** The key a request used for its name: the one just issued, else the one sent; null for none. */
export function usedKey(issued: string | null, header: unknown): string | null {
  if (issued) return issued;
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : null;
}

/**
 * Checks that the request may use `player.name`: answers a new key when this use claimed the name,
 * null when the key sent is the owner's, and throws 403 name_owned otherwise.
 */
export async function ownName(store: RunStore, player: Player, header: unknown): Promise<string | null> {
  const sent = typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : null;
  const fresh = 'pk_' + randomBytes(32).toString('base64url');
  const check = await store.checkName(player.name, sent === null ? null : hashPlayerKey(sent), hashPlayerKey(fresh));
  if (check === 'claimed') return fresh;
  if (check === 'ok') return null;
  throw new ApiError(
    'name_owned',
    sent === null
      ? `The name "${player.name}" is taken: send its player key in the ${PLAYER_KEY_HEADER} header, or pick another name.`
      : `The player key sent is not the key of "${player.name}".`,
  );
}
