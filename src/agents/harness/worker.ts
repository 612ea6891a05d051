/**
 * An evaluation worker thread: loads the game and the agent once, warms up, says `ready`, waits for
 * the start signal, then plays seeds taken from the counter all threads share until none is left
 * (`concurrency` runs at a time), sending its results in batches (see pool.ts). An agent's
 * EvaluationAbort is sent as an `abort` message: the main thread stops every thread on it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { registry } from '../../games/index.js';
import { loadAgent, type AgentOptions } from './load.js';
import { isEvaluationAbort } from './guard.js';
import { runLanes, runLocal, type RunSettings } from './local.js';
import { GO, NEXT_SEED, REPORT_MS, type PoolShare, type Reply } from './pool.js';
import type { RunResult } from './stats.js';
import { warmUp } from './warm.js';

/** What the main thread hands each worker at start (with the seeds, `PoolShare`). */
export interface WorkerSetup extends RunSettings {
  game: string;
  agent: string;
  agentOptions: AgentOptions;
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread only');
const setup = workerData as WorkerSetup & PoolShare;
const send = (reply: Reply) => port.postMessage(reply);
const failed = (err: unknown) => send({ type: 'error', message: (err as Error).message ?? String(err) });

try {
  const game = registry.get(setup.game);
  if (!game) throw new Error(`unknown game ${setup.game}`);
  const factory = await loadAgent(setup.agent, setup.game, setup.agentOptions);
  await warmUp(game);
  const shared = new Int32Array(setup.shared);
  const play = async () => {
    let batch: Array<[number, RunResult]> = [];
    let sentAt = performance.now();
    let aborted = false;
    // a run that finished goes out within REPORT_MS even when no other run finishes after it (a slow
    // agent's next run may take minutes, or hang): it is in the result file before anything else happens
    let flushTimer: NodeJS.Timeout | undefined;
    const flush = () => {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      if (batch.length === 0) return;
      send({ type: 'results', results: batch });
      batch = [];
      sentAt = performance.now();
    };
    const next = () => {
      const i = Atomics.add(shared, NEXT_SEED, 1);
      return i < setup.seeds.length ? i : undefined;
    };
    try {
      await runLanes(
        setup.concurrency ?? 1,
        next,
        (i) => runLocal(game, factory, setup.seeds[i], setup, () => aborted),
        (i, r) => {
          batch.push([i, r]);
          if (performance.now() - sentAt >= REPORT_MS) flush();
          else flushTimer ??= setTimeout(flush, REPORT_MS);
        },
        () => aborted,
      );
    } catch (err) {
      aborted = true;
      flush();
      if (isEvaluationAbort(err)) return send({ type: 'abort', message: err.message });
      throw err;
    }
    flush();
    send({ type: 'done' });
  };
  send({ type: 'ready' });
  // Nothing else is due to this thread until every thread is ready: block until then.
  Atomics.wait(shared, GO, 0);
  await play();
} catch (err) {
  failed(err);
}
