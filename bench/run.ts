/**
 * `npm run bench`: engine throughput and HTTP round trips, each printed with its ratio to a baseline
 * measured in the same run (these machines are noisy; ratios travel, absolute figures do not).
 * `npm run bench -- --engines`, `-- --http`, `-- --live`, `-- --store`, `-- --boards` or `-- --hostile`
 * runs one part (`--boards`: action p99 with 20 board reads a second over 100,000 runs, both stores;
 * `--seconds N`, default 5);
 * `--engines` takes `--rounds N` (3: each task measured in N rounds of 1.5 / N s, the best round kept);
 * `--http` takes `--seconds N` and `--rounds N` (3 and 3), `--routes init,action,live,batch,extra` (all by
 * default), `--compress` (adds every game's route with gzip and brotli answers) and `--pin` (servers on CPU 0, the load generator on CPU 1);
 * `-- --batch` (opt-in) the batch route against the single action route and the Python vector env
 * against one env (bench/batch.ts; `--seconds N`, `--rounds N`, 3 and 2);
 * `-- --rl` (opt-in) reinforcement-learning env steps per second per game: the engine pool's own loop,
 * the Python local and HTTP 64-env vector envs, and CartPole-v1 (bench/rl.ts; `--seconds N`, 3);
 * `-- --load` (opt-in, minutes long) the reliability figures of bench/load.ts (`--seconds N` for the
 * sustained load's length); `-- --eval` the evaluation harness's `--concurrency` with an agent that
 * waits 200 ms on a fake endpoint for every move (16 runs in flight against 1);
 * `-- --ab DIR` (opt-in) this checkout's action routes against another checkout's, interleaved against
 * one echo (bench/ab.ts; `--games a,b`, `--rounds N`, `--seconds N`, 4 and 3);
 * `-- --flood` (opt-in) other clients' board reads with and without a flood of board reads that is mostly
 * refused 429, the server and the flood pinned to a CPU each (bench/flood.ts; `--seconds N`, `--rounds N`,
 * `--connections N`: 10, 3 and 64);
 * `-- --fishing` (opt-in) restart-fishing on the ranked board, simulated over real runs (bench/fishing.ts;
 * `--seeds N`, 120).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { games } from '../src/games/index.js';
import { benchAb } from './ab.js';
import { benchBatch } from './batch.js';
import { benchRl } from './rl.js';
import { benchEngines, type EngineFigure } from './engines.js';
import { benchEvalConcurrency } from './eval.js';
import { benchHostile } from './hostile.js';
import { base, benchHttp, ROUTE_GROUPS, withServers, type RouteGroup } from './http.js';
import { benchLoad } from './load.js';
import { benchLive } from './live.js';
import { benchStores } from './store.js';
import { benchBoards, RUNS } from './boards.js';
import { benchFishing } from './fishing.js';
import { benchFlood } from './flood.js';

const args = new Set(process.argv.slice(2));
const all =
  !args.has('--engines') &&
  !args.has('--http') &&
  !args.has('--hostile') &&
  !args.has('--load') &&
  !args.has('--batch') &&
  !args.has('--rl') &&
  !args.has('--ab') &&
  !args.has('--live') &&
  !args.has('--store') &&
  !args.has('--boards') &&
  !args.has('--eval') &&
  !args.has('--fishing') &&
  !args.has('--flood') &&
  !args.has('--engines-child');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const numberOption = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};

if (args.has('--fishing')) {
  // Opt-in: a simulation of restart-fishing on the ranked board (bench/fishing.ts), not a speed figure.
  await benchFishing(undefined, numberOption('--seeds', 120));
}

const child = process.argv.indexOf('--engines-child');
if (child >= 0) {
  // One game's engine figures, measured in this fresh process, printed as JSON for the parent.
  const figures = await benchEngines([process.argv[child + 1]], 1500, numberOption('--rounds', 3));
  process.stdout.write(JSON.stringify(figures) + '\n');
  process.exit(0);
}

if (all || args.has('--engines')) {
  const rounds = numberOption('--rounds', 3);
  console.log(
    `Engines, one thread, in-process, one process per game, ${rounds} rounds of ${(1.5 / rounds).toFixed(2)} s per task (step + legalActions per second: the best round of the wall clock, and all rounds' CPU time); load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows: EngineFigure[] = [];
  for (const game of games) {
    const out = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--engines-child',
        game.spec.slug,
        '--rounds',
        String(rounds),
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (out.status !== 0) throw new Error(`engine benchmark for ${game.spec.slug} failed`);
    const figures = JSON.parse(out.stdout.trim().split('\n').pop()!) as EngineFigure[];
    rows.push(
      ...figures.map((f) => (f.name.startsWith('baseline') ? { ...f, name: `${f.name} (${game.spec.slug} run)` } : f)),
    );
  }
  console.table(
    rows.map((r) => ({
      task: r.name,
      'steps/s': fmt(r.stepsPerSecond),
      'vs baseline': r.ratioToBaseline.toFixed(3),
      'round by round': `${r.roundRatios[0].toFixed(2)}-${r.roundRatios[1].toFixed(2)}`,
      'steps per CPU s': fmt(r.stepsPerCpuSecond),
      'vs baseline (CPU)': r.cpuRatioToBaseline.toFixed(3),
    })),
  );
}

if (all || args.has('--http') || args.has('--hostile') || args.has('--live')) {
  const pin = args.has('--pin');
  await withServers(async (ports) => {
    if (all || args.has('--http')) {
      const seconds = numberOption('--seconds', 3);
      const rounds = numberOption('--rounds', 3);
      console.log(
        `HTTP on 127.0.0.1, 64 connections, autocannon, best of ${rounds} interleaved rounds of ${seconds} s` +
          (pin ? '; servers on CPU 0, the load generator on CPU 1 (taskset)' : '') +
          `; load average before: ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
      const routesAt = process.argv.indexOf('--routes');
      const groups = (routesAt >= 0 ? process.argv[routesAt + 1].split(',') : ROUTE_GROUPS) as RouteGroup[];
      for (const g of groups)
        if (!ROUTE_GROUPS.includes(g)) throw new Error(`--routes takes ${ROUTE_GROUPS.join(',')}; got ${g}`);
      const rows = await benchHttp(ports, seconds, rounds, args.has('--compress'), groups);
      const hello = rows.find((r) => r.name.startsWith('hello'))!;
      console.table(
        rows.map((r) => ({
          route: r.name,
          'server CPU µs/req': r.cpuUsPerRequest?.toFixed(0) ?? '',
          'CPU vs echo': r.cpuVsEcho?.toFixed(2) ?? '',
          'req/s': fmt(r.requestsPerSecond),
          'req/s vs echo': r.echo
            ? (r.requestsPerSecond / rows.find((e) => e.name === r.echo)!.requestsPerSecond).toFixed(3)
            : '',
          'req/s vs hello': (r.requestsPerSecond / hello.requestsPerSecond).toFixed(3),
          'p99 ms': r.p99ms,
          'request B': r.requestBytes ?? '',
          'answer B': r.answerBytes ?? '',
          errors: r.errors,
          non2xx: r.non2xx,
        })),
      );
      const one = rows.find((r) => r.name === 'whirlyard action');
      const two = rows.find((r) => r.name === 'whirlyard action, 2 workers');
      if (one && two)
        console.log(
          `2 workers / 1 process: ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)} requests/s ` +
            `(${availableParallelism()} CPUs${pin ? ', the servers confined to one' : ', shared with the load generator'}); ` +
            `server CPU per request ${two.cpuUsPerRequest?.toFixed(0)} µs against ${one.cpuUsPerRequest?.toFixed(0)} µs`,
        );
    }
    if (all || args.has('--live')) {
      console.log('Live sessions: the recorded action route against the stateless one, same game, 64 connections');
      const rows = await benchLive(base(ports.ranked));
      const stateless = rows[0].requestsPerSecond;
      console.table(
        rows.map((r) => ({
          route: r.name,
          'req/s': fmt(r.requestsPerSecond),
          'p99 ms': r.p99ms,
          'vs stateless': (r.requestsPerSecond / stateless).toFixed(3),
          errors: r.errors,
          non2xx: r.non2xx,
        })),
      );
    }
    if (all || args.has('--hostile')) {
      console.log('Hostile input: 100,000 malformed or forged requests against the real app');
      const h = await benchHostile(base(ports.app), `${base(ports.app)}/_mem`);
      const fives = Object.entries(h.byStatus)
        .filter(([s]) => s.startsWith('5'))
        .reduce((n, [, c]) => n + c, 0);
      console.table([
        {
          'requests sent': fmt(h.requests),
          answered: fmt(Object.values(h.byStatus).reduce((a, b) => a + b, 0)),
          'answers by status': JSON.stringify(h.byStatus),
          '5xx': fives,
          'dropped/errors': h.errors,
          'heap MB after warm-up': h.heapBeforeMB.toFixed(1),
          'heap MB after run': h.heapAfterMB.toFixed(1),
        },
      ]);
    }
  });
}

if (all || args.has('--store')) {
  console.log(
    'Run stores: PostgreSQL (a throwaway local cluster) against SQLite, behind the real app, 16 requests in flight; best of 2 interleaved rounds',
  );
  const rows = await benchStores();
  if (typeof rows === 'string') console.log(`PostgreSQL rows skipped: ${rows}`);
  else
    console.table(
      rows.map((r) => ({
        task: r.task,
        'SQLite /s': fmt(r.sqlite),
        'PostgreSQL /s': fmt(r.postgres),
        'PostgreSQL vs SQLite': (r.postgres / r.sqlite).toFixed(3),
      })),
    );
}

if (all || args.has('--boards')) {
  const seconds = numberOption('--seconds', 5);
  console.log(
    `Boards never block play: the real server, whirlyard's stateless action route at 16 connections, quiet and with 20 open-board reads a second, ${RUNS.toLocaleString('en-US')} stored runs; 2 interleaved rounds of ${seconds} s, the worst p99 of each; load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows = await benchBoards(seconds);
  for (const r of rows) if (typeof r === 'string') console.log(r);
  console.table(
    rows
      .filter((r) => typeof r !== 'string')
      .map((r) => ({
        store: r.store,
        'quiet p99 ms': r.quietP99,
        'with board reads p99 ms': r.loadedP99,
        'loaded / quiet': (r.loadedP99 / r.quietP99).toFixed(2),
        'quiet req/s': fmt(r.quietRps),
        'loaded req/s': fmt(r.loadedRps),
        'board reads answered': r.reads,
        'board read median ms': r.readMedianMs.toFixed(1),
      })),
  );
}

if (args.has('--flood')) {
  const seconds = numberOption('--seconds', 10);
  const rounds = numberOption('--rounds', 3);
  const connections = numberOption('--connections', 64);
  console.log(
    `A flood of board reads (bench/flood.ts): the server on CPU 0, the flood (${connections} keep-alive connections from 127.0.0.2, back to back) and the other client (10 reads a second from 127.0.0.1) on CPU 1; ${rounds} rounds of ${seconds} s quiet then flooded, ${RUNS.toLocaleString('en-US')} stored runs, the default rate limits`,
  );
  const rows = await benchFlood(seconds, rounds, connections);
  console.table(
    rows.map((r, i) => ({
      round: i + 1,
      'load avg (1 min)': r.load.toFixed(2),
      'quiet median ms': r.quiet.median.toFixed(1),
      'quiet p99 ms': r.quiet.p99.toFixed(1),
      'flooded median ms': r.flooded.median.toFixed(1),
      'flooded p99 ms': r.flooded.p99.toFixed(1),
      'median ratio': (r.flooded.median / r.quiet.median).toFixed(2),
      'p99 ratio': (r.flooded.p99 / r.quiet.p99).toFixed(2),
      'flood req/s': fmt(r.floodRps),
      'server µs/request': fmt(r.serverUsPerRequest),
      'flood answers': Object.entries(r.flood)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', '),
    })),
  );
}

if (args.has('--rl')) {
  const seconds = numberOption('--seconds', 3);
  const before = loadavg();
  console.log(
    `Reinforcement learning, env steps/s, best of 2 rounds of ${seconds} s (the pool loop and local 64: of 4, measured in turn), random (masked) play with autoreset, ${availableParallelism()} CPUs; load average before: ${before
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rl = await benchRl(seconds);
  if (typeof rl === 'string') console.log(`skipped: ${rl}`);
  else {
    console.log(`CartPole-v1: one env ${fmt(rl.cartpole1)}, 64-env SyncVectorEnv ${fmt(rl.cartpole64)}`);
    console.table(
      rl.rows.map((r) => ({
        game: r.game,
        'pool loop (Node)': fmt(r.poolLoop),
        'slow path': fmt(r.poolLoopSlow),
        'local 64': fmt(r.local64),
        'HTTP 64': fmt(r.http64),
        'local / HTTP': (r.local64 / r.http64).toFixed(1),
        'local / CartPole 1': (r.local64 / rl.cartpole1).toFixed(2),
        'local / pool loop': (r.local64 / r.poolLoop).toFixed(2),
        'local Python CPU µs/step': r.localCpuUs.toFixed(1),
      })),
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

if (args.has('--batch')) {
  const seconds = numberOption('--seconds', 3);
  const rounds = numberOption('--rounds', 2);
  console.log(
    `Batches on 127.0.0.1: the batch route (64 actions a request) against the action route, 64 connections, best of ${rounds} rounds of ${seconds} s; then the Python vector env (64 envs) against one env, each game; load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const { route, vector } = await benchBatch(seconds, rounds);
  const one = route[0].stepsPerSecond;
  console.table(
    route.map((r) => ({
      route: r.name,
      'req/s': fmt(r.requestsPerSecond),
      'steps/s': fmt(r.stepsPerSecond),
      'vs action route': (r.stepsPerSecond / one).toFixed(2),
      'server CPU µs/step': r.cpuUsPerStep?.toFixed(1) ?? '',
      'steps per CPU s vs action route': r.cpuUsPerStep ? (route[0].cpuUsPerStep! / r.cpuUsPerStep).toFixed(2) : '',
      'p99 ms': r.p99ms,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
  if (typeof vector === 'string') console.log(`Python vector env skipped: ${vector}`);
  else {
    // Rows come in pairs per game: one GameboardEnv, then the vector env; each ratio is to its game's one env.
    console.table(
      vector.map((v, i) => ({
        env: v.name,
        'env steps/s': fmt(v.envStepsPerSecond),
        'vs one env': (v.envStepsPerSecond / vector[i - (i % 2)].envStepsPerSecond).toFixed(2),
        requests: fmt(v.requests),
      })),
    );
  }
}

if (args.has('--load')) {
  const at = process.argv.indexOf('--seconds');
  const seconds = at >= 0 ? Number(process.argv[at + 1]) : 60;
  console.log(
    `Reliability: npm start's server, 2 workers, rate limits off; ${seconds} s at 64 connections over the action routes of all four games`,
  );
  const f = await benchLoad(seconds);
  console.table([
    {
      requests: fmt(f.requests),
      'req/s': fmt(f.requestsPerSecond),
      errors: f.errors,
      non2xx: f.non2xx,
      'p99 ms': f.p99ms,
      'RSS MB start': f.rssStartMB.toFixed(0),
      'RSS MB end': f.rssEndMB.toFixed(0),
    },
  ]);
  console.table([
    {
      'kill -9 of a worker under load: failed requests': `${f.killFailed} of ${fmt(f.killRequests)}`,
      'replacement forked after (ms)': f.replaceMs,
      'kill -9 after acknowledged runs: rounds': f.crashRounds,
      'acknowledged runs lost': f.crashLost,
    },
  ]);
}

if (all || args.has('--eval')) {
  const f = await benchEvalConcurrency();
  console.log(
    `Evaluation harness, an agent waiting ${f.delayMs} ms on a fake endpoint (127.0.0.1) for each move: ${f.runs} Cragwake runs of ${f.movesPerRun} moves, in this thread`,
  );
  console.table([
    {
      '1 run in flight (s)': f.serialSeconds.toFixed(2),
      [`--concurrency ${f.concurrency} (s)`]: f.concurrentSeconds.toFixed(2),
      speedup: `${f.speedup.toFixed(1)}x`,
      target: '>= 12x',
    },
  ]);
}

if (args.has('--ab')) {
  const at = process.argv.indexOf('--ab');
  const other = process.argv[at + 1];
  if (!other || other.startsWith('--')) throw new Error('--ab takes the folder of another checkout');
  const gamesAt = process.argv.indexOf('--games');
  const slugs = gamesAt >= 0 ? process.argv[gamesAt + 1].split(',') : games.map((g) => g.spec.slug);
  const rounds = numberOption('--rounds', 4);
  const seconds = numberOption('--seconds', 3);
  console.log(
    `Action routes, this checkout against ${other}, each against one bare echo, 64 connections, ${rounds} interleaved rounds of ${seconds} s (least CPU per request kept); servers on CPU 0, the load generator on CPU 1; load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows = await benchAb(other, slugs, rounds, seconds);
  console.table(
    rows.map((r) => ({
      game: r.game,
      'echo CPU µs/req': r.echoUs.toFixed(1),
      'this µs/req': r.thisUs.toFixed(1),
      'this vs echo': (r.thisUs / r.echoUs).toFixed(2),
      'other µs/req': r.otherUs.toFixed(1),
      'other vs echo': (r.otherUs / r.echoUs).toFixed(2),
      'this vs other': (r.thisUs / r.otherUs).toFixed(3),
    })),
  );
}
