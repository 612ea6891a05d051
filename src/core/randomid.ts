/**
 * Random ids (request ids and the like) without a system call each: `crypto.randomBytes(12)` per
 * request was 8% of the action route's CPU under load (`npm run profile -- whirlyard`). Bytes come
 * from the same cryptographic source, drawn 4 KiB at a time, and no byte is handed out twice.
 */
import { randomBytes, randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let at = pool.length;

/** `bytes` fresh random bytes (at most 4,096) as base64url: 12 bytes make 16 characters. */
export function randomId(bytes = 12): string {
  if (bytes > pool.length) return randomBytes(bytes).toString('base64url');
  if (at + bytes > pool.length) {
    randomFillSync(pool);
    at = 0;
  }
  const id = pool.toString('base64url', at, at + bytes);
  at += bytes;
  return id;
}
