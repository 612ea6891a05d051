/**
 * Owned player names. The first submission or live session stored under a name claims it, in the
 * same store transaction as that run or session (a refused copy, a refused daily start or a failed
 * write claims nothing); every later use of the name must send its key in the `x-player-key` header.
 *
 * The key is the client's own when it sends one on first use (`isChoosableKey`: at least 128 bits), so
 * a retried first request, or ten sent at once, all succeed under one owner; without a header the
 * server draws one and answers it, once. The store keeps only the key's SHA-256 (a key of 128 random
 * bits or more needs no slow hash: it cannot be guessed). Names are owned by their folded form
 * (`store/names.ts`). `kind` (human or agent) stays self-declared: the key proves who owns a name,
 * not what plays it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyError, FastifyRequest } from 'fastify';
import {
  NameRefusedError,
  normalizePlayerName,
  PLAYER_NAME_RULE,
  type NameUse,
  type Player,
} from '../../store/store.js';
import { ApiError } from '../errors.js';
import { keyWeakness } from '../state/secret.js';

/** The request header that carries a player key. */
export const PLAYER_KEY_HEADER = 'x-player-key';

/**
 * The alphabet and length of a key a client may claim a name with: 22 to 128 characters of the
 * base64url alphabet (`A-Z a-z 0-9 _ -`), so at least 22 × 6 = 132 bits when drawn at random: 16
 * random bytes in base64url, or the server's own `pk_` + 43 characters. A key of hex digits alone
 * carries 4 bits a character, so it needs 32 of them (16 random bytes in hex, a UUID without its dashes).
 */
const CHOOSABLE_KEY = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * Whether `key` may claim a free name: of `CHOOSABLE_KEY`'s alphabet and length, and carrying at least
 * 128 bits by the checker that judges the sealing secret (`keyWeakness` in secret.ts: runs, keyboard
 * rows, repeated blocks and placeholder words carry nothing; hex or base64 of plain text is refused).
 * Every key drawn at random in the documented forms passes.
 */
export function isChoosableKey(key: string): boolean {
  return CHOOSABLE_KEY.test(key) && keyWeakness(key) === null;
}

/** What a key of one's own must be, for error messages. */
export const CHOOSABLE_KEY_RULE =
  'a key of your own must be 22 to 128 characters of A-Z, a-z, 0-9, _ and - (at least 32 if they are all hex digits) drawn at random, carrying at least 128 random bits: runs (abcde, 12345), keyboard rows (qwerty), repeated blocks and placeholder words count for nothing (for example 16 random bytes as base64url, or 32 random hex digits)';

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

/** The key a request uses for its name: the one it sent, else the one a claim by it would draw. */
export function usedKey(use: KeyedUse, header: unknown): string | null {
  return typeof header === 'string' && header.length > 0 ? header : use.claimKey;
}

/** How a request uses its player's name, and the key to answer if the use claims it. */
export interface KeyedUse {
  use: NameUse;
  /** The key a claim by this request belongs to: the one sent, or one drawn now. */
  claimKey: string | null;
}

/** The name use of a request from its `x-player-key` header (a string, absent, or repeated). */
export function nameUse(header: unknown): KeyedUse {
  const sent = typeof header === 'string' && header.length > 0 ? header : null;
  if (sent === null) {
    const fresh = 'pk_' + randomBytes(32).toString('base64url');
    return { use: { keyHash: null, claimHash: hashPlayerKey(fresh) }, claimKey: fresh };
  }
  const keyHash = hashPlayerKey(sent);
  return isChoosableKey(sent)
    ? { use: { keyHash, claimHash: keyHash }, claimKey: sent }
    : { use: { keyHash, claimHash: null }, claimKey: null };
}

/** The API error for a name the store refused. */
function nameRefusal(err: NameRefusedError, player: Player, keySent: boolean): ApiError {
  switch (err.reason) {
    case 'reserved':
      return new ApiError(
        'name_reserved',
        `The name "${player.name}" holds runs stored before names had keys; it is reserved for them: pick another name.`,
      );
    case 'weak_key':
      return new ApiError(
        'bad_player_key',
        `The name "${player.name}" is free, but the ${PLAYER_KEY_HEADER} sent cannot claim it: ${CHOOSABLE_KEY_RULE}. Or send no key, and the server answers one.`,
      );
    case 'owned':
      return new ApiError(
        'name_owned',
        keySent
          ? `The name "${player.name}" is taken and the player key sent is not its key: send the key its first use answered or chose, or pick another name (names that differ only in case, spaces or look-alike characters such as I, l and 1 or O and 0 are one name).`
          : `The name "${player.name}" is taken: send its player key in the ${PLAYER_KEY_HEADER} header, or pick another name.`,
      );
  }
}

/** Maps a store's name refusal to its API error; other errors pass through. */
export function asNameError(err: unknown, player: Player, use: NameUse): unknown {
  return err instanceof NameRefusedError ? nameRefusal(err, player, use.keyHash !== null) : err;
}

/**
 * A `preValidation` hook: a request's `player.name` becomes its NFKC form before the schema checks it,
 * so the pattern and the length judge the name as it will be stored, and stored names are NFKC.
 */
export async function normalizePlayerNames(req: FastifyRequest): Promise<void> {
  const body = req.body as { player?: { name?: unknown } } | null | undefined;
  const player = body !== null && typeof body === 'object' ? body.player : undefined;
  if (player !== null && typeof player === 'object' && typeof player.name === 'string')
    player.name = normalizePlayerName(player.name);
}

/** The message of a refused request whose player name the schema refused (null for other refusals). */
export function nameSchemaMessage(err: FastifyError): string | null {
  const aboutName = (err.validation ?? []).some(
    (v) =>
      v.instancePath.endsWith('/player/name') || (err.validationContext === 'params' && v.instancePath === '/name'),
  );
  return aboutName ? `The player name is not allowed: a name is ${PLAYER_NAME_RULE}.` : null;
}
