/**
 * A run-verification worker thread: replays each run the server hands it and answers the verdict.
 * Messages: in `{id, run}`, out `{id, verdict}`.
 */
import { parentPort } from 'node:worker_threads';
import type { Run } from '../../core/replay.js';
import { registry } from '../../games/index.js';
import { verifyRun, type Verdict } from './replay.js';

const port = parentPort;
if (!port) throw new Error('verify/worker.ts runs as a worker thread only');

port.on('message', ({ id, run }: { id: number; run: Run }) => {
  const game = registry.get(run.game);
  const verdict: Verdict = game
    ? verifyRun(game, run)
    : { ok: false, message: `The run is for "${run.game}", which is not a game here.` };
  port.postMessage({ id, verdict });
});
port.postMessage({ ready: true });
