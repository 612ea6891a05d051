/**
 * Where the state-sealing secret comes from: `GAMEBOARD_SECRET` (comma-separated to rotate: the first
 * signs, all verify), else a random secret generated once into `<dataDir>/secret` with mode 0600, so
 * tokens survive restarts and every instance sharing the folder serves the same runs.
 *
 * A secret must carry at least 128 bits of entropy: a guessable one lets anyone forge states. The file
 * is created atomically (written whole under a temporary name, then linked into place without ever
 * overwriting), so instances starting together on a fresh folder all read the one complete secret.
 */
import { randomBytes } from 'node:crypto';
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
import { SQLITE_FILE } from '../store/sqlite.js';

/** Fewest bits of entropy a secret must carry. */
export const MIN_SECRET_BITS = 128;
/** Fewest characters: 32 random characters from a 16-letter alphabet already give 128 bits. */
export const MIN_SECRET_LENGTH = 32;

const HOW_TO_MAKE = 'make one with `openssl rand -base64 32`';

/**
 * An estimate of a secret's entropy in bits: the smaller of its length times the Shannon entropy of its
 * character frequencies (16 × "a" is 0 bits) and its deflated size (a repeated pattern compresses).
 * Random text scores close to its true entropy. A long dictionary passphrase is over-rated; the README
 * says to use random bytes.
 */
export function estimateEntropyBits(secret: string): number {
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

/** Why `secret` is too weak to seal with, or null when it is strong enough. */
export function secretWeakness(secret: string): string | null {
  if (secret.length < MIN_SECRET_LENGTH)
    return `it has ${secret.length} characters; at least ${MIN_SECRET_LENGTH} random characters are needed`;
  const bits = Math.floor(estimateEntropyBits(secret));
  if (bits < MIN_SECRET_BITS)
    return `it looks like about ${bits} bits of randomness; at least ${MIN_SECRET_BITS} are needed (repeated or patterned characters count little)`;
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
