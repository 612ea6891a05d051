/**
 * The evaluation harness with an agent that waits on I/O: every move asks a fake endpoint on
 * 127.0.0.1 that answers after `delayMs` (as a model endpoint would), and the same Cragwake seeds are played
 * with 1 run in flight and with `concurrency` runs in flight (`--concurrency`). The ratio of the two
 * wall times is the figure: with 200 ms answers, 16 runs in flight should finish at least 12x sooner.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate } from '../src/agents/harness/index.js';

/** One row of the benchmark. */
export interface ConcurrencyFigure {
  runs: number;
  movesPerRun: number;
  delayMs: number;
  concurrency: number;
  serialSeconds: number;
  concurrentSeconds: number;
  speedup: number;
}

/** Plays `runs` Cragwake runs of `movesPerRun` moves (no run ends sooner), each move a request answered after `delayMs`. */
export async function benchEvalConcurrency(
  runs = 32,
  movesPerRun = 4,
  delayMs = 200,
  concurrency = 16,
): Promise<ConcurrencyFigure> {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end('{"ok":true}'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const dir = mkdtempSync(join(tmpdir(), 'gameboard-bench-eval-'));
  const agent = join(dir, 'waits.mjs');
  writeFileSync(
    agent,
    `export default () => ({ async act(view) {\n` +
      `  await fetch('http://127.0.0.1:${port}/v1/chat/completions', { method: 'POST', body: '{}' }).then((r) => r.text());\n` +
      `  return view.legalActions[0];\n` +
      `} });\n`,
  );
  try {
    const seeds = Array.from({ length: runs }, (_, i) => i + 1);
    const timed = async (c: number) => {
      const started = performance.now();
      const ev = await evaluate({ game: 'cragwake', agent, seeds, workers: 0, concurrency: c, maxSteps: movesPerRun });
      if (ev.summary.failed > 0) throw new Error(`the benchmark agent failed ${ev.summary.failed} runs`);
      if (ev.summary.steps !== runs * movesPerRun) throw new Error('a benchmark run ended before its last move');
      return (performance.now() - started) / 1000;
    };
    const serialSeconds = await timed(1);
    const concurrentSeconds = await timed(concurrency);
    return {
      runs,
      movesPerRun,
      delayMs,
      concurrency,
      serialSeconds,
      concurrentSeconds,
      speedup: serialSeconds / concurrentSeconds,
    };
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
