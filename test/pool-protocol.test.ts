/**
 * The engine pool's pipe protocol as the shipped bundle reads it (src/pool/main.ts): requests that come
 * in one write together are answered in order, one after the other, and a request larger than the
 * pool's first read buffer (64 KB) is read whole. Python sends one request at a time; these are the
 * cases its reader must still get right.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUNDLE } from '../scripts/build-pool.js';
import { OP } from '../src/pool/layout.js';

function frame(op: number, group: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt32LE(op, 0);
  head.writeUInt32LE(group, 4);
  head.writeUInt32LE(payload.length, 8);
  return Buffer.concat([head, payload]);
}

/** Writes `input` to a fresh pool in one write, closes its stdin, and parses every answer it gave. */
async function exchange(input: Buffer): Promise<{ status: number; body: { error?: string; slug?: string } }[]> {
  const child = spawn(process.execPath, [BUNDLE, '--workers', '0'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const out: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => out.push(d));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.stdin.end(input);
  expect(await closed).toBe(0);
  const all = Buffer.concat(out);
  const answers: { status: number; body: { error?: string; slug?: string } }[] = [];
  for (let at = 0; at < all.length;) {
    const status = all.readUInt32LE(at);
    const length = all.readUInt32LE(at + 4);
    answers.push({ status, body: JSON.parse(all.subarray(at + 8, at + 8 + length).toString('utf8')) });
    at += 8 + length;
  }
  return answers;
}

describe('the pool reads its requests', () => {
  it('answers requests that arrive in one write in order, each once', async () => {
    const answers = await exchange(
      Buffer.concat(['whirlyard', 'nosuchgame', 'cragwake'].map((slug) => frame(OP.SPEC, 0, Buffer.from(slug)))),
    );
    expect(answers.map((a) => [a.status, a.body.slug ?? a.body.error])).toEqual([
      [0, 'whirlyard'],
      [1, 'unknown_game'],
      [0, 'cragwake'],
    ]);
  }, 60_000);

  it('reads a request larger than its first buffer whole, and the next one after it', async () => {
    const big = Buffer.alloc(200_000, 'x');
    const answers = await exchange(
      Buffer.concat([frame(OP.SPEC, 0, big), frame(OP.SPEC, 0, Buffer.from('delvewick'))]),
    );
    expect(answers.map((a) => [a.status, a.body.slug ?? a.body.error])).toEqual([
      [1, 'unknown_game'],
      [0, 'delvewick'],
    ]);
  }, 60_000);
});
