/**
 * Where the state-sealing secret comes from: `GAMEBOARD_SECRET` (comma-separated to rotate: the first
 * signs, all verify), else a random secret generated once into `<dataDir>/secret` with mode 0600, so
 * tokens survive restarts and every instance sharing the folder serves the same runs.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The secrets to seal with, first one signing. */
export function loadSecrets(env: NodeJS.ProcessEnv, dataDir: string): string[] {
  const fromEnv = env.GAMEBOARD_SECRET?.trim();
  if (fromEnv) {
    const secrets = fromEnv
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const s of secrets) {
      if (s.length < 16) throw new Error('GAMEBOARD_SECRET: each secret must be at least 16 characters long');
    }
    return secrets;
  }
  const file = join(dataDir, 'secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two instances starting together cannot overwrite each other.
    writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) throw new Error(`${file}: the secret is too short; delete the file to make a new one`);
  return [secret];
}
