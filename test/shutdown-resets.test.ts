/**
 * SIGTERM under load resets nothing: 32 keep-alive connections, each sending its next request the
 * moment it has an answer, through the whole shutdown of a real server process (one worker, and two).
 * Every request a client sent must be answered 200 or 503 `shutting_down`; a connection reset (or a
 * socket closed with a request unanswered) is counted as a failure. A request the client could not send
 * at all (connection refused once the server stopped listening) is not a request the server received.
 */
import { randomBytes } from 'node:crypto';
import { request, Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startServer } from './helpers/server.js';

const dirs: string[] = [];
afterAll(() => {
  killAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const CLIENTS = 32;
const ROUNDS = 5;

interface Tally {
  ok: number;
  shuttingDown: number;
  other: string[];
  resets: number;
  refused: number;
  /** The server's warnings and errors of a round with resets (what to read when this test fails). */
  log: string[];
}

/** One GET on `agent`: its status and error code, or the error that ended it. */
function get(url: string, agent: Agent): Promise<{ status: number; error?: string } | { failed: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let error: string | undefined;
        try {
          error = (JSON.parse(text) as { error?: string }).error;
        } catch {
          error = 'not json';
        }
        resolve({ status: res.statusCode!, error });
      });
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ failed: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ failed: e.code ?? e.message }));
    req.end();
  });
}

/** One round: load, SIGTERM, and every client's answers until the server is gone. */
async function round(workers: number): Promise<Tally> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gameboard-resets-'));
  dirs.push(dataDir);
  const server = await startServer({
    GAMEBOARD_DATA_DIR: dataDir,
    GAMEBOARD_SECRET: randomBytes(32).toString('base64'),
    GAMEBOARD_RATE_LIMIT: 'off',
    GAMEBOARD_WORKERS: String(workers),
    DATABASE_URL: '',
  });
  const tally: Tally = { ok: 0, shuttingDown: 0, other: [], resets: 0, refused: 0, log: [] };
  let gone = false;
  void server.exited.then(() => (gone = true));
  let answered = 0;
  const clients = Array.from({ length: CLIENTS }, async (_, i) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let seed = i * 1000;
    try {
      for (;;) {
        const r = await get(`${server.url}/api/games/whirlyard/init?seed=${seed++}`, agent);
        if ('failed' in r) {
          if (r.failed === 'ECONNREFUSED') {
            tally.refused++;
            if (gone) return;
            // Refused while the process is still exiting: nothing was sent; try again shortly.
            await new Promise((resolve) => setTimeout(resolve, 5));
            continue;
          }
          tally.resets++;
          if (gone) return;
          continue;
        }
        answered++;
        if (r.status === 200) tally.ok++;
        else if (r.status === 503 && r.error === 'shutting_down') tally.shuttingDown++;
        else tally.other.push(`${r.status} ${r.error}`);
        if (gone) return;
      }
    } finally {
      agent.destroy();
    }
  });
  // Steady load first: every client has had answers.
  await expect.poll(() => answered, { timeout: 20_000, interval: 20 }).toBeGreaterThan(CLIENTS * 10);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  await Promise.all(clients);
  if (tally.resets > 0)
    tally.log = [...server.lines, ...server.stderr().split('\n')].filter((l) =>
      /warn|error|"level":[4-6]\d|stopped/i.test(l),
    );
  return tally;
}

describe('SIGTERM with 32 keep-alive connections sending back to back', () => {
  for (const workers of [1, 2])
    it(`resets no connection over ${ROUNDS} rounds with ${workers} worker${workers > 1 ? 's' : ''}`, async () => {
      const rounds: Tally[] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await round(workers));
      const resets = rounds.map((r) => r.resets);
      console.log(
        `workers=${workers}: resets per round ${JSON.stringify(resets)}; answered 200 ${rounds.map((r) => r.ok).join('/')}, 503 shutting_down ${rounds.map((r) => r.shuttingDown).join('/')}, refused (never sent) ${rounds.map((r) => r.refused).join('/')}`,
      );
      for (const [i, r] of rounds.entries())
        if (r.log.length > 0) console.log(`workers=${workers}, round ${i + 1}, the server said:\n${r.log.join('\n')}`);
      expect(rounds.flatMap((r) => r.other)).toEqual([]);
      expect(resets).toEqual(rounds.map(() => 0));
    }, 240_000);
});
