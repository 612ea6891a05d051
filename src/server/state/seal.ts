/**
 * State integrity: the server only continues states it issued.
 *
 * - `stateToken` (opaque): AES-256-GCM over the game's state, with the game slug, rules version and
 *   key id as associated data. Format: `gb1.<kid>.<base64url(iv ‖ ciphertext ‖ tag)>`. The plaintext's
 *   first byte says what follows: the JSON of the wire state (0), the same deflated (1, for big
 *   states), or the game's own packed bytes (2, `Game.pack`).
 * - readable `state`: `{game, rulesVersion, data, sealed?, tag}` where `data` is plain JSON, hidden
 *   information travels sealed in `sealed` (an AES-GCM token of its own), and `tag` is an HMAC-SHA256
 *   over the canonical JSON (sorted keys, no whitespace) of everything else. Reordering keys or
 *   changing whitespace is not tampering; changing any value is.
 *
 * Keys are derived with HKDF from a master secret. Several secrets may be configured: the first signs,
 * all verify (rotation). Every failure is one `StateError`, never a crypto exception.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomFillSync,
  timingSafeEqual,
} from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { canonicalJson, NotJsonError } from '../../core/canonical.js';
import { clip } from '../../core/clip.js';
import type { Json, WireState } from '../../core/game.js';

/** What an opened token holds: a JSON wire state, or a game's packed bytes. */
export type TokenContent = { wire: WireState } | { packed: Uint8Array };

/** A sealed payload's first byte: what follows it. */
const PAYLOAD = { json: 0, deflatedJson: 1, packed: 2 } as const;

/** Thrown for any state or token the server cannot accept. The message is safe to show clients. */
export class StateError extends Error {
  override name = 'StateError';
}

interface KeySet {
  kid: string;
  enc: Buffer;
  mac: Buffer;
}

const TOKEN_PREFIX = 'gb1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Payloads longer than this are deflated before sealing (keeps big states' tokens small). */
const DEFLATE_OVER = 768;
/** Hard cap on a decoded payload, so a crafted token cannot inflate into a memory bomb. */
const MAX_PLAIN_BYTES = 1 << 20;

/** Random IVs are drawn in blocks and handed out 12 bytes at a time: one system call per 341 tokens. */
const ivPool = Buffer.alloc(IV_BYTES * 341);
let ivPoolAt = ivPool.length;
function nextIv(): Buffer {
  if (ivPoolAt + IV_BYTES > ivPool.length) {
    randomFillSync(ivPool);
    ivPoolAt = 0;
  }
  // A view, not a copy: the cipher copies the IV in and the token copies it out before the pool is
  // refilled, and nothing keeps it.
  const iv = ivPool.subarray(ivPoolAt, ivPoolAt + IV_BYTES);
  ivPoolAt += IV_BYTES;
  return iv;
}

function deriveKeys(secret: string): KeySet {
  const ikm = Buffer.from(secret, 'utf8');
  // The key id travels in every token, so it comes out of HKDF like the keys: a bare hash of the
  // secret would let anyone test guesses of the secret against one token offline.
  const kid = Buffer.from(hkdfSync('sha256', ikm, 'gameboard', 'key-id', 6)).toString('base64url');
  const enc = Buffer.from(hkdfSync('sha256', ikm, 'gameboard', 'state-token-aes-256-gcm', 32));
  const mac = Buffer.from(hkdfSync('sha256', ikm, 'gameboard', 'readable-state-hmac-sha256', 32));
  return { kid, enc, mac };
}

/** `value` with every -0 replaced by 0, so what was verified as canonical is also what the game reads. */
function withoutNegativeZero(value: Json): Json {
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) out[k] = withoutNegativeZero(v);
  return out;
}

/**
 * The JSON text of readable states sealed with `sortedKeys`, exactly as JSON.stringify writes the
 * object (held weakly: it goes when the state does).
 */
const READABLE_JSON = new WeakMap<object, string>();

/** The JSON text of a readable state this sealer made with `sortedKeys`, or undefined. */
export function readableJsonOf(state: object): string | undefined {
  return READABLE_JSON.get(state);
}

/** A readable state as the client carries it. */
export interface ReadableState {
  game: string;
  rulesVersion: string;
  data: Json;
  sealed?: string;
  tag: string;
}

/** Seals and opens game states under a set of secrets (the first one signs). */
export class StateSealer {
  private readonly keys: KeySet[];

  constructor(secrets: readonly string[]) {
    if (secrets.length === 0 || secrets.some((s) => s.length < 16)) {
      throw new Error('StateSealer needs at least one secret of 16 or more characters');
    }
    this.keys = secrets.map(deriveKeys);
    this.masters = secrets.map((s) => Buffer.from(s, 'utf8'));
  }

  /** Every configured secret's bytes, the signing one first, kept only to derive the keys below. */
  private readonly masters: Buffer[];

  /**
   * A 32-byte key for another purpose (live-session tokens, daily seeds), derived with HKDF from the
   * signing secret: the same on every instance sharing the secret, unrelated to the sealing keys.
   */
  deriveKey(purpose: string): Buffer {
    return this.derivedKeys(purpose)[0];
  }

  /**
   * The key for `purpose` under every configured secret, the signing secret's first: seal with the
   * first, open with any, so tokens sealed before a rotation (`GAMEBOARD_SECRET=new,old`) still open.
   */
  derivedKeys(purpose: string): Buffer[] {
    return this.masters.map((m) => Buffer.from(hkdfSync('sha256', m, 'gameboard', `derived|${purpose}`, 32)));
  }

  /** A sealer with a random secret (tests, throwaway servers). */
  static random(): StateSealer {
    return new StateSealer([randomBytes(32).toString('base64url')]);
  }

  private keyFor(kid: string): KeySet | undefined {
    return this.keys.find((k) => k.kid === kid);
  }

  /**
   * Associated data per (game, rules version, key, purpose), built once: a handful exist. Looked up
   * by game, then by comparing the other three (the same string objects on every call).
   */
  private readonly aads = new Map<string, { rulesVersion: string; kid: string; purpose: string; bytes: Buffer }[]>();

  private aad(game: string, rulesVersion: string, kid: string, purpose: string): Buffer {
    let known = this.aads.get(game);
    if (!known) {
      if (this.aads.size >= 256) this.aads.clear();
      known = [];
      this.aads.set(game, known);
    }
    for (const a of known)
      if (a.rulesVersion === rulesVersion && a.kid === kid && a.purpose === purpose) return a.bytes;
    const bytes = Buffer.from(`${TOKEN_PREFIX}|${purpose}|${game}|${rulesVersion}|${kid}`, 'utf8');
    if (known.length < 16) known.push({ rulesVersion, kid, purpose, bytes });
    return bytes;
  }

  /** Seals a payload whose first byte is its kind (see `PAYLOAD`). */
  private seal(plain: Buffer, game: string, rulesVersion: string, purpose: string): string {
    const key = this.keys[0];
    const iv = nextIv();
    const cipher = createCipheriv('aes-256-gcm', key.enc, iv);
    cipher.setAAD(this.aad(game, rulesVersion, key.kid, purpose));
    const out = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return `${TOKEN_PREFIX}.${key.kid}.${out.toString('base64url')}`;
  }

  /** Authenticates and decrypts a token; the payload's first byte is its kind. */
  private open(token: unknown, game: string, rulesVersion: string, purpose: string): Buffer {
    if (typeof token !== 'string') throw new StateError('the state token must be a string');
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== TOKEN_PREFIX)
      throw new StateError('the state token is not one this server issued');
    const key = this.keyFor(parts[1]);
    if (!key) throw new StateError('the state token was sealed with a key this server does not hold');
    // One spelling per token: a base64url decoder skips foreign characters and ignores the spare low
    // bits of the last character, so a changed character could otherwise decode to the same bytes.
    const raw = Buffer.from(parts[2], 'base64url');
    if (raw.toString('base64url') !== parts[2]) throw new StateError('the state token is not one this server issued');
    if (raw.length < IV_BYTES + TAG_BYTES + 1) throw new StateError('the state token is truncated');
    const iv = raw.subarray(0, IV_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.enc, iv);
      decipher.setAAD(this.aad(game, rulesVersion, key.kid, purpose));
      decipher.setAuthTag(tag);
      const plain = decipher.update(body);
      decipher.final(); // GCM: checks the tag and adds no bytes
      return plain;
    } catch {
      throw new StateError(
        `the state token failed authentication: altered, truncated, or issued for another game or rules version than ${game} ${rulesVersion}`,
      );
    }
  }

  private sealJson(value: unknown, game: string, rulesVersion: string, purpose: string): string {
    const json = JSON.stringify(value);
    const plain =
      json.length > DEFLATE_OVER
        ? Buffer.concat([Buffer.of(PAYLOAD.deflatedJson), deflateRawSync(json)])
        : Buffer.from('\0' + json, 'utf8');
    return this.seal(plain, game, rulesVersion, purpose);
  }

  /** The JSON value of an opened JSON payload. */
  private static readJson(plain: Buffer): unknown {
    try {
      const kind = plain[0];
      let json = plain.subarray(1);
      if (kind === PAYLOAD.deflatedJson) json = inflateRawSync(json, { maxOutputLength: MAX_PLAIN_BYTES });
      else if (kind !== PAYLOAD.json) throw new Error('not a JSON payload');
      return JSON.parse(json.toString('utf8'));
    } catch {
      throw new StateError('the state token payload is unreadable');
    }
  }

  private openJson(token: unknown, game: string, rulesVersion: string, purpose: string): unknown {
    return StateSealer.readJson(this.open(token, game, rulesVersion, purpose));
  }

  /** An opaque token for a whole wire state. */
  sealToken(game: string, rulesVersion: string, wire: WireState): string {
    return this.sealJson(wire, game, rulesVersion, 'token');
  }

  /** An opaque token for a game's packed state (`Game.pack`). */
  sealPacked(game: string, rulesVersion: string, packed: Uint8Array): string {
    const plain = Buffer.allocUnsafe(packed.length + 1);
    plain[0] = PAYLOAD.packed;
    plain.set(packed, 1);
    return this.seal(plain, game, rulesVersion, 'token');
  }

  /**
   * Opens a token made by `sealToken` or `sealPacked` for the same game and rules version: its wire
   * state, or its packed bytes for the game's `unpack`. Throws `StateError`.
   */
  openTokenContent(game: string, rulesVersion: string, token: unknown): TokenContent {
    const plain = this.open(token, game, rulesVersion, 'token');
    if (plain[0] === PAYLOAD.packed) return { packed: plain.subarray(1) };
    const wire = StateSealer.readJson(plain);
    if (wire === null || typeof wire !== 'object' || !('data' in wire))
      throw new StateError('the state token payload is malformed');
    return { wire: wire as WireState };
  }

  /** Opens a token made by `sealToken` for the same game and rules version; throws `StateError`. */
  openToken(game: string, rulesVersion: string, token: unknown): WireState {
    const content = this.openTokenContent(game, rulesVersion, token);
    if (!('wire' in content)) throw new StateError('the state token holds a packed state, not a wire state');
    return content.wire;
  }

  private macOf(key: KeySet, content: Omit<ReadableState, 'tag'>, seen?: { negativeZero: boolean }): string {
    let text: string;
    try {
      text = canonicalJson(content, seen);
    } catch (err) {
      throw err instanceof NotJsonError ? new StateError(`the state ${err.message}`) : err;
    }
    return key.kid + '.' + createHmac('sha256', key.mac).update(text).digest('base64url');
  }

  /**
   * A readable state object: `data` in the clear, `secret` sealed, all of it under an HMAC tag over the
   * canonical JSON of the rest.
   *
   * `sortedKeys`: the caller promises that every object in `wire.data` has its keys in sorted order (as
   * the games' `toWire` write them; test/wire-order.test.ts holds every readable game to it). The
   * canonical text is then exactly what `JSON.stringify` writes, which is about half the cost of the
   * canonical writer (Cragwake's 1 KB of data: 4 µs against 9). Unsorted data under this promise would
   * get a tag that no state sent back could match: a refused state, never a forged one accepted.
   */
  sealReadable(
    game: string,
    rulesVersion: string,
    wire: WireState,
    options: { sortedKeys?: boolean } = {},
  ): ReadableState {
    const key = this.keys[0];
    const content: Omit<ReadableState, 'tag'> = { game, rulesVersion, data: wire.data };
    if (wire.secret !== undefined) content.sealed = this.sealJson(wire.secret, game, rulesVersion, 'secret');
    if (!options.sortedKeys) return { ...content, tag: this.macOf(key, content) };
    // Each part's JSON once, for the tag's canonical text (keys data, game, rulesVersion, sealed) and
    // for the state's own text, which the answer's serialiser splices in (readableJsonOf) instead of
    // writing the data a second time.
    const dataJson = JSON.stringify(wire.data);
    const head = '"game":' + JSON.stringify(game) + ',"rulesVersion":' + JSON.stringify(rulesVersion);
    const sealedJson = content.sealed === undefined ? '' : ',"sealed":' + JSON.stringify(content.sealed);
    const text = '{"data":' + dataJson + ',' + head + sealedJson + '}';
    const tag = key.kid + '.' + createHmac('sha256', key.mac).update(text).digest('base64url');
    const state: ReadableState = { ...content, tag };
    READABLE_JSON.set(state, '{' + head + ',"data":' + dataJson + sealedJson + ',"tag":' + JSON.stringify(tag) + '}');
    return state;
  }

  /** Checks a readable state's tag and game, and opens its sealed part; throws `StateError`. */
  openReadable(game: string, rulesVersion: string, state: unknown): WireState {
    if (state === null || typeof state !== 'object' || Array.isArray(state))
      throw new StateError('the state must be an object');
    const s = state as Record<string, unknown>;
    const allowed = new Set(['game', 'rulesVersion', 'data', 'sealed', 'tag']);
    for (const k of Object.keys(s))
      if (!allowed.has(k)) throw new StateError(`the state has an unexpected field "${clip(k, 64)}"`);
    if (typeof s.tag !== 'string') throw new StateError('the state has no integrity tag');
    if (s.game !== game) throw new StateError(`the state belongs to game "${clip(String(s.game), 64)}", not "${game}"`);
    if (s.rulesVersion !== rulesVersion) {
      throw new StateError(
        `the state was issued for rules version "${clip(String(s.rulesVersion), 64)}"; this server runs "${rulesVersion}"`,
      );
    }
    if (!('data' in s)) throw new StateError('the state has no data');
    if (s.sealed !== undefined && typeof s.sealed !== 'string')
      throw new StateError("the state's sealed part must be a string");
    const kid = s.tag.split('.')[0];
    const key = this.keyFor(kid);
    if (!key) throw new StateError('the state was signed with a key this server does not hold');
    const content: Omit<ReadableState, 'tag'> = { game, rulesVersion, data: s.data as Json };
    if (s.sealed !== undefined) content.sealed = s.sealed as string;
    const seen = { negativeZero: false };
    const expected = Buffer.from(this.macOf(key, content, seen));
    const given = Buffer.from(s.tag);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new StateError('the state failed its integrity check: some value was changed');
    }
    // A client may write 0 as -0 (same canonical text, same tag); the game always sees 0.
    const wire: WireState = { data: seen.negativeZero ? withoutNegativeZero(s.data as Json) : (s.data as Json) };
    if (s.sealed !== undefined) wire.secret = this.openJson(s.sealed, game, rulesVersion, 'secret') as Json;
    return wire;
  }
}
