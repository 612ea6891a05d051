/**
 * Where the state-sealing secret comes from: `GAMEBOARD_SECRET` (comma-separated to rotate: the first
 * signs, all verify), else a random secret generated once into `<dataDir>/secret` with mode 0600, so
 * tokens survive restarts and every instance sharing the folder serves the same runs.
 *
 * A secret must carry at least 128 bits of entropy: a guessable one lets anyone forge states. The file
 * is created atomically (written whole under a temporary name, then linked into place without ever
 * overwriting), so instances starting together on a fresh folder all read the one complete secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { SQLITE_FILE } from '../../store/sqlite.js';

/** Fewest bits of entropy a secret must carry. */
export const MIN_SECRET_BITS = 128;
/** Fewest random bytes an encoded (hex or base64) secret must decode to. */
export const MIN_SECRET_BYTES = MIN_SECRET_BITS / 8;
/** Fewest characters of a secret that is not hex or base64: 32 characters of text, at the least. */
export const MIN_SECRET_LENGTH = 32;
/**
 * Bits a hex or base64 secret's patterns may cost before it counts as weak: the characters outside
 * patterns must carry 128 bits, or all their text could carry less these (whichever is less). 32 random
 * hex digits carry exactly 128 bits, and a chance short run or repeat in them (one secret in a few
 * hundred has five characters of one) must not refuse a genuine `openssl rand -hex 16`; a person's
 * pattern is long.
 */
export const PATTERN_SLACK_BITS = 48;
/** Shortest sequence, keyboard walk or repeated block that counts as a pattern. */
const PATTERN_LENGTH = 5;

const HOW_TO_MAKE = 'make one with `openssl rand -base64 32`';

/**
 * An estimate of a text's entropy in bits: the smaller of its length times the Shannon entropy of its
 * character frequencies (16 × "a" is 0 bits) and its deflated size (a repeated pattern compresses).
 * Random text scores close to its true entropy. A long dictionary passphrase is over-rated; the README
 * says to use random bytes.
 */
export function estimateEntropyBits(secret: string): number {
  if (secret === '') return 0;
  return Math.min(shannonBits(secret), deflateRawSync(secret, { level: 9 }).length * 8);
}

function shannonBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** How a secret is written: hex digits, base64 (standard or URL-safe), or plain text. */
export interface SecretEncoding {
  kind: 'hex' | 'base64' | 'text';
  /** The bytes it stands for (the UTF-8 of plain text). */
  bytes: Buffer;
  /** Bits one character carries when the text is random (4 for hex, 6 for base64; 0 for plain text). */
  bitsPerChar: number;
}

/**
 * What `secret` decodes to: hex when it is only hex digits (an odd last digit is ignored), else base64
 * when it is only base64 or only base64url characters with valid padding, else plain text. Hex wins
 * where both read: it counts fewer bytes.
 */
export function decodeSecret(secret: string): SecretEncoding {
  if (/^[0-9a-fA-F]+$/.test(secret))
    return { kind: 'hex', bytes: Buffer.from(secret.slice(0, secret.length & ~1), 'hex'), bitsPerChar: 4 };
  const m = /^([A-Za-z0-9+/]+|[A-Za-z0-9_-]+)(={0,2})$/.exec(secret);
  if (m && m[1].length % 4 !== 1 && (m[2] === '' || secret.length % 4 === 0))
    return {
      kind: 'base64',
      bytes: Buffer.from(m[1], m[1].includes('-') || m[1].includes('_') ? 'base64url' : 'base64'),
      bitsPerChar: 6,
    };
  return { kind: 'text', bytes: Buffer.from(secret, 'utf8'), bitsPerChar: 0 };
}

/** Keyboard rows (US layout), unshifted and shifted: the same column is the same key. */
const KEY_ROWS = [
  ['`1234567890-=', '~!@#$%^&*()_+'],
  ['qwertyuiop[]\\', 'QWERTYUIOP{}|'],
  ["asdfghjkl;'", 'ASDFGHJKL:"'],
  ['zxcvbnm,./', 'ZXCVBNM<>?'],
];
const KEY_AT = new Map<string, { row: number; col: number }>();
KEY_ROWS.forEach((spellings, row) => {
  for (const spelling of spellings) [...spelling].forEach((c, col) => KEY_AT.set(c, { row, col }));
});

/** Marks `covered[i..j)` when the stretch is at least PATTERN_LENGTH long. */
function cover(covered: boolean[], i: number, j: number): void {
  if (j - i >= PATTERN_LENGTH) for (let k = i; k < j; k++) covered[k] = true;
}

/**
 * Which characters of `text` belong to a pattern of at least PATTERN_LENGTH characters: a sequence
 * (each character one up, one down or the same as the one before, letters compared without case:
 * `abcde`, `98765`, `aaaaa`), a keyboard walk (each key next to the one before on its row: `qwert`,
 * `asdfg`, `!@#$%`), or a block seen earlier in the text (the second `k3Xq9` of `k3Xq9k3Xq9`: the first
 * may be random).
 */
export function patterned(text: string): boolean[] {
  const chars = [...text];
  const n = chars.length;
  const covered = new Array<boolean>(n).fill(false);
  const code = chars.map((c) => c.toLowerCase().codePointAt(0)!);
  // Sequences: maximal stretches where every step is the same -1, 0 or +1.
  for (let i = 0; i < n - 1;) {
    const d = code[i + 1] - code[i];
    let j = i + 1;
    if (d >= -1 && d <= 1) while (j + 1 < n && code[j + 1] - code[j] === d) j++;
    cover(covered, i, j + 1);
    i = j;
  }
  // Keyboard walks: maximal stretches of neighbouring keys on one row.
  const near = (a: string, b: string) => {
    const p = KEY_AT.get(a);
    const q = KEY_AT.get(b);
    return p !== undefined && q !== undefined && p.row === q.row && Math.abs(p.col - q.col) === 1;
  };
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && near(chars[j], chars[j + 1])) j++;
    cover(covered, i, j + 1);
    i = j + 1;
  }
  // Repeated blocks: every PATTERN_LENGTH-character block that already occurred earlier, with it.
  const seen = new Map<string, number>();
  for (let i = 0; i + PATTERN_LENGTH <= n; i++) {
    const block = chars.slice(i, i + PATTERN_LENGTH).join('');
    const first = seen.get(block);
    if (first === undefined) seen.set(block, i);
    else if (first + PATTERN_LENGTH <= i) cover(covered, i, i + PATTERN_LENGTH);
  }
  return covered;
}

/**
 * Placeholders people put where a secret goes, our own documentation's examples among them. Looked
 * for inside the secret, lower-cased with everything but letters and digits removed; each is five
 * characters or more, so random text holds one about once in a hundred thousand secrets.
 */
export const PLACEHOLDERS = [
  'changeme',
  'changethis',
  'replaceme',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'example',
  'default',
  'placeholder',
  'gameboard',
  'letmein',
  'admin',
  'iloveyou',
  'trustno1',
  'deadbeef',
  '1qaz2wsx',
  'cafebabe',
];

/** MD5, SHA-1 and SHA-256 of each placeholder and of the empty text, in hex and base64. */
const PLACEHOLDER_HASHES = new Set(
  ['', ...PLACEHOLDERS].flatMap((word) =>
    ['md5', 'sha1', 'sha256'].flatMap((alg) => {
      const digest = createHash(alg).update(word).digest();
      return [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')];
    }),
  ),
);

/** True when every byte is printable ASCII: hex or base64 of text, not of random bytes. */
const isPlainText = (bytes: Buffer) => bytes.every((b) => b >= 0x20 && b < 0x7f);

/**
 * Why `secret` is too weak to seal with, or null when it is strong enough. The reasons never quote
 * the secret or any part of it.
 *
 * Hex and base64 secrets must decode to at least 16 bytes; plain text must be 32 characters or more
 * and score 128 bits (`estimateEntropyBits`). Either way the characters outside sequences, keyboard
 * walks and repeated blocks (`patterned`) must carry 128 bits (less PATTERN_SLACK_BITS where the text
 * could carry less than 176), and the secret must not
 * hold a known placeholder, be the hex or base64 of plain text, or be a hash of a placeholder. A hash
 * of some other word, or a passphrase of dictionary words, cannot be told from random bytes: the
 * README says to use `openssl rand`.
 */
export function secretWeakness(secret: string): string | null {
  const enc = decodeSecret(secret);
  if (enc.kind !== 'text' && enc.bytes.length < MIN_SECRET_BYTES)
    return `it is ${enc.kind} of ${enc.bytes.length} bytes; at least ${MIN_SECRET_BYTES} random bytes are needed`;
  if (enc.kind === 'text' && [...secret].length < MIN_SECRET_LENGTH)
    return `it has ${[...secret].length} characters; at least ${MIN_SECRET_LENGTH} random characters (or ${MIN_SECRET_BYTES} random bytes in hex or base64) are needed`;
  return weakness(secret, enc, 'refuse');
}

/**
 * Why `key` (a player key a client chose, already of `CHOOSABLE_KEY`'s alphabet and length) is too weak
 * to own a name, or null: the same judgement as a secret's (`secretWeakness`), read as hex when it is
 * only hex digits (4 bits a character: 32 digits at least) and otherwise as base64url of any length (6
 * bits a character). One difference, so that every key drawn at random passes: a placeholder word found
 * in a key counts as a pattern (its characters carry nothing) instead of refusing the key outright; a
 * random key holds one about once in a hundred thousand, and the rest of it still carries its bits.
 */
export function keyWeakness(key: string): string | null {
  const enc: SecretEncoding = /^[0-9a-fA-F]+$/.test(key)
    ? { kind: 'hex', bytes: Buffer.from(key.slice(0, key.length & ~1), 'hex'), bitsPerChar: 4 }
    : { kind: 'base64', bytes: Buffer.from(key, 'base64url'), bitsPerChar: 6 };
  if (enc.bytes.length < MIN_SECRET_BYTES)
    return `it is ${enc.kind} of ${enc.bytes.length} bytes; at least ${MIN_SECRET_BYTES} random bytes are needed`;
  return weakness(key, enc, 'discount');
}

/** Marks the characters of `text` that spell a placeholder once lower-cased with all but letters and digits removed. */
function placeholderChars(text: string): boolean[] {
  const chars = [...text];
  const kept: number[] = [];
  let folded = '';
  chars.forEach((c, i) => {
    const l = c.toLowerCase();
    if (/^[a-z0-9]$/.test(l)) {
      kept.push(i);
      folded += l;
    }
  });
  const covered = new Array<boolean>(chars.length).fill(false);
  for (const word of PLACEHOLDERS)
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + 1))
      for (let k = at; k < at + word.length; k++) covered[kept[k]] = true;
  return covered;
}

/**
 * The checks secrets and keys share, past their length: placeholders (refused, or for keys counted as
 * patterns), hashes of placeholders, hex or base64 of plain text, and the bits the characters outside
 * patterns carry.
 */
function weakness(secret: string, enc: SecretEncoding, placeholders: 'refuse' | 'discount'): string | null {
  const named = placeholderChars(secret);
  if (placeholders === 'refuse' && named.some(Boolean))
    return 'it holds a well-known placeholder word (such as those of documentation examples)';
  if (PLACEHOLDER_HASHES.has(enc.kind === 'hex' ? secret.toLowerCase() : secret))
    return 'it is a hash of a well-known placeholder word (or of nothing at all)';
  if (enc.kind !== 'text' && isPlainText(enc.bytes)) return `it is the ${enc.kind} of plain text, not of random bytes`;
  const covered = patterned(secret);
  const rest = [...secret].filter((c, i) => !covered[i] && !named[i] && c !== '=').join('');
  let bits: number, needed: number;
  if (enc.kind === 'text') [bits, needed] = [estimateEntropyBits(rest), MIN_SECRET_BITS];
  else {
    const potential = secret.replace(/=+$/, '').length * enc.bitsPerChar;
    [bits, needed] = [rest.length * enc.bitsPerChar, Math.min(MIN_SECRET_BITS, potential - PATTERN_SLACK_BITS)];
  }
  if (bits < needed)
    return `outside sequences, keyboard rows${placeholders === 'discount' ? ', placeholder words' : ''} and repeated blocks it carries about ${Math.floor(bits)} bits of randomness; at least ${needed} are needed`;
  return null;
}

/** The secrets of `GAMEBOARD_SECRET`, each checked; throws a message that never quotes a secret. */
function fromEnv(raw: string): string[] {
  const secrets = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0)
    throw new Error(`GAMEBOARD_SECRET holds no secret (only commas and spaces); ${HOW_TO_MAKE}, or unset it`);
  secrets.forEach((s, i) => {
    const weak = secretWeakness(s);
    const which = secrets.length > 1 ? `secret ${i + 1} of GAMEBOARD_SECRET` : 'GAMEBOARD_SECRET';
    if (weak) throw new Error(`${which} is too weak: ${weak}; ${HOW_TO_MAKE}`);
  });
  return secrets;
}

/**
 * Creates `file` holding a fresh random secret unless it exists. The secret is written and flushed
 * under a temporary name, then hard-linked into place: the link fails when another process won, and
 * either way the file that exists is complete.
 */
function createSecretFile(file: string): void {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, randomBytes(32).toString('base64url') + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(tmp);
  }
}

/** The secrets to seal with, first one signing. */
export function loadSecrets(env: NodeJS.ProcessEnv, dataDir: string): string[] {
  const raw = env.GAMEBOARD_SECRET;
  if (raw !== undefined && raw.trim() !== '') return fromEnv(raw);

  const file = join(dataDir, 'secret');
  // The store is looked for first: whoever creates the store created the secret before it, so a store
  // seen before the secret's absence means the secret was lost, not that another instance is starting.
  const storeExists = existsSync(join(dataDir, SQLITE_FILE));
  if (!existsSync(file)) {
    // Making a new secret silently would turn away every token issued so far and hide the loss.
    if (storeExists)
      throw new Error(
        `${file} is missing, but ${join(dataDir, SQLITE_FILE)} exists: the secret was deleted or moved. ` +
          `Restore it, set GAMEBOARD_SECRET, or accept that issued tokens stop working and ${HOW_TO_MAKE} > ${file}`,
      );
    mkdirSync(dataDir, { recursive: true });
    createSecretFile(file);
  }
  // Read only: the file may belong to someone else or sit on a read-only folder, and that is fine.
  const secret = readFileSync(file, 'utf8').trim();
  const weak = secretWeakness(secret);
  if (weak)
    throw new Error(
      `${file} is too weak: ${weak}. Replace its content (issued tokens stop working): ${HOW_TO_MAKE} > ${file}`,
    );
  return [secret];
}
