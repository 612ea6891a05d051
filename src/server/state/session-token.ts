/**
 * The state token of a live session: the game state bound to its session and step, sealed so that
 * nothing about it can be read, not even its length.
 *
 * - AES-256-GCM under a key of its own (derived from the server secret), with the game and rules version
 *   as associated data. Format: `gbs1.<base64url(iv ‖ ciphertext ‖ tag)>`. With several secrets
 *   (rotation) a token is sealed under the first and opened under whichever authenticates it: a token
 *   carries no key id (nothing about it can be read), so opening tries the keys in order, the newest
 *   first, and a token of a secret no longer listed fails authentication under all of them.
 * - The plaintext is padded to a fixed size (PAD_BYTES, and in the rare state larger than that, the
 *   next multiple), so the token's length does not follow the hidden information (Cragwake's fog, a
 *   moonless night's dimlings). JSON states are deflated before padding; the padding hides the result.
 * - The IV is synthetic: an HMAC of the plaintext. The same state at the same step of the same session
 *   always seals to the same token, so a retried action is answered byte for byte as before. Two
 *   different plaintexts get different IVs (up to a 96-bit HMAC collision), so GCM's nonce rule holds.
 *
 * Plaintext: version (1 byte) ‖ session id (9 bytes) ‖ step (u32) ‖ budget spent (u32) ‖ payload
 * length (u32) ‖ payload kind (1 byte: 1 deflated JSON wire state, 2 packed) ‖ payload ‖ zero padding.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { AnyGame, WireState } from '../../core/game.js';
import { StateError } from './seal.js';

/** Every live token's plaintext is this long (or a multiple, for an exceptionally large state). */
const PAD_BYTES = 1024;
const PREFIX = 'gbs1';
const VERSION = 1;
const ID_BYTES = 9;
const HEAD = 1 + ID_BYTES + 4 + 4 + 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KIND = { json: 1, packed: 2 } as const;
/** Largest inflated wire state accepted (a crafted token cannot inflate into a memory bomb). */
const MAX_PLAIN = 1 << 20;

/** What a live token holds. */
export interface LiveContent {
  /** The session id (9 random bytes, base64url). */
  session: string;
  /** How many actions were recorded before this state: the state is the one at this step. */
  step: number;
  /** Budget units spent up to this state. */
  spent: number;
  state: unknown;
}

/** Seals and opens live-session states. */
export class SessionTokens {
  /** One key pair per secret, the sealing one first. */
  private readonly keys: { enc: Buffer; mac: Buffer }[];

  /**
   * `keys`: 32 bytes of key material per secret, the sealing one first, e.g.
   * `StateSealer.derivedKeys('live-session')`; a single key is one secret.
   */
  constructor(keys: Buffer | readonly Buffer[]) {
    const list = Buffer.isBuffer(keys) ? [keys] : [...keys];
    if (list.length === 0) throw new Error('SessionTokens needs at least one key');
    this.keys = list.map((key) => ({
      enc: Buffer.from(hkdfSync('sha256', key, 'gameboard', 'live-token-aes-256-gcm', 32)),
      mac: Buffer.from(hkdfSync('sha256', key, 'gameboard', 'live-token-siv', 32)),
    }));
  }

  seal(game: AnyGame, c: LiveContent): string {
    const payload = game.pack ? game.pack(c.state) : deflateRawSync(JSON.stringify(game.toWire(c.state)), { level: 1 });
    const need = HEAD + 1 + payload.length;
    const plain = Buffer.alloc(Math.ceil(need / PAD_BYTES) * PAD_BYTES);
    plain[0] = VERSION;
    plain.write(c.session, 1, ID_BYTES, 'base64url');
    plain.writeUInt32BE(c.step, 1 + ID_BYTES);
    plain.writeUInt32BE(c.spent, 5 + ID_BYTES);
    plain.writeUInt32BE(payload.length, 9 + ID_BYTES);
    plain[HEAD] = game.pack ? KIND.packed : KIND.json;
    plain.set(payload, HEAD + 1);
    const aad = this.aad(game);
    const key = this.keys[0];
    const iv = createHmac('sha256', key.mac).update(aad).update(plain).digest().subarray(0, IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.enc, iv);
    cipher.setAAD(aad);
    const out = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}.${out.toString('base64url')}`;
  }

  /** Authenticates and opens a live token of `game`; every failure is a `StateError`. */
  open(game: AnyGame, token: unknown): LiveContent {
    if (typeof token !== 'string') throw new StateError('the state token must be a string');
    const dot = token.indexOf('.');
    if (dot < 0 || token.slice(0, dot) !== PREFIX)
      throw new StateError('the state token is not a live-session token of this server');
    const raw = Buffer.from(token.slice(dot + 1), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES + PAD_BYTES) throw new StateError('the state token is truncated');
    const plain = this.decrypt(game, raw);
    if (!plain)
      throw new StateError(
        `the state token failed authentication: altered, truncated, or issued for another game than ${game.spec.slug}`,
      );
    const length = plain.readUInt32BE(9 + ID_BYTES);
    if (plain[0] !== VERSION || HEAD + 1 + length > plain.length)
      throw new StateError('the state token payload is malformed');
    const payload = plain.subarray(HEAD + 1, HEAD + 1 + length);
    let state: unknown;
    if (plain[HEAD] === KIND.packed && game.unpack) state = game.unpack(payload);
    else if (plain[HEAD] === KIND.json) {
      const json = inflateRawSync(payload, { maxOutputLength: MAX_PLAIN }).toString('utf8');
      state = game.fromWire(JSON.parse(json) as WireState);
    } else throw new StateError('the state token holds a state this game cannot read');
    return {
      session: plain.subarray(1, 1 + ID_BYTES).toString('base64url'),
      step: plain.readUInt32BE(1 + ID_BYTES),
      spent: plain.readUInt32BE(5 + ID_BYTES),
      state,
    };
  }

  /** The plaintext under the first key that authenticates `raw`, or null when none does. */
  private decrypt(game: AnyGame, raw: Buffer): Buffer | null {
    const aad = this.aad(game);
    for (const key of this.keys) {
      try {
        const d = createDecipheriv('aes-256-gcm', key.enc, raw.subarray(0, IV_BYTES));
        d.setAAD(aad);
        d.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const plain = d.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES));
        d.final();
        return plain;
      } catch {
        // Not this key's: try the next.
      }
    }
    return null;
  }

  private aad(game: AnyGame): Buffer {
    return Buffer.from(`${PREFIX}|${game.spec.slug}|${game.spec.rulesVersion}`, 'utf8');
  }
}
