/**
 * `npm run bench`: engine throughput and HTTP round trips, each printed with its ratio to a baseline
 * measured in the same run (these machines are noisy; ratios travel, absolute figures do not).
 * `npm run bench -- --engines` or `-- --http` runs one half.
 */
import { benchEngines } from './engines.js';
import { benchHttp } from './http.js';

const args = new Set(process.argv.slice(2));
const all = !args.has('--engines') && !args.has('--http');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

if (all || args.has('--engines')) {
  console.log('Engines, one thread, in-process (step + legalActions per second)');
  const rows = await benchEngines();
  console.table(
    rows.map((r) => ({ task: r.name, 'steps/s': fmt(r.stepsPerSecond), 'vs baseline': r.ratioToBaseline.toFixed(3) })),
  );
}

if (all || args.has('--http')) {
  console.log('HTTP on 127.0.0.1, 64 connections, autocannon');
  const rows = await benchHttp();
  const echo = rows.find((r) => r.name.startsWith('echo'))!.requestsPerSecond;
  const hello = rows.find((r) => r.name.startsWith('hello'))!.requestsPerSecond;
  console.table(
    rows.map((r) => ({
      route: r.name,
      'req/s': fmt(r.requestsPerSecond),
      'p99 ms': r.p99ms,
      'vs echo': (r.requestsPerSecond / echo).toFixed(3),
      'vs hello': (r.requestsPerSecond / hello).toFixed(3),
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}
