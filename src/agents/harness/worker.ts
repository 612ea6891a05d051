/**
 * An evaluation worker thread: loads the game and the agent once, then plays each seed the main
 * thread sends and answers its result. Messages: in `{seed}`, out `{ready}`, `{result}` or `{error}`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { registry } from '../../games/index.js';
import { loadAgent, type AgentOptions } from './load.js';
import { runLocal, type RunSettings } from './local.js';
import { warmUp } from './warm.js';

/** What the main thread hands each worker at start. */
export interface WorkerSetup extends RunSettings {
  game: string;
  agent: string;
  agentOptions: AgentOptions;
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread only');
const setup = workerData as WorkerSetup;

try {
  const game = registry.get(setup.game);
  if (!game) throw new Error(`unknown game ${setup.game}`);
  const factory = await loadAgent(setup.agent, setup.game, setup.agentOptions);
  await warmUp(game);
  port.on('message', (msg: { seed: number }) => {
    runLocal(game, factory, msg.seed, setup).then(
      (result) => port.postMessage({ type: 'result', result }),
      (err: unknown) => port.postMessage({ type: 'error', message: (err as Error).message ?? String(err) }),
    );
  });
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'error', message: (err as Error).message ?? String(err) });
}
