/**
 * `gameboard serve` and `gameboard games`: the server `npm start` runs (its options become the
 * environment variables main.ts reads), and the list of games.
 */
import { Command } from 'commander';
import { registry } from '../games/index.js';
import { intIn } from './args.js';

/** The `serve` command. */
export function serveCommand(): Command {
  return new Command('serve')
    .description('serve the platform (the same server as npm start; run npm run build:web once for the browser UI)')
    .option('--port <n>', 'port to listen on (PORT, default 3000)', intIn(0, 65535))
    .option('--host <host>', 'address to listen on (HOST, default 127.0.0.1)')
    .option('--data <dir>', 'data folder: secret and run store (GAMEBOARD_DATA_DIR, default ./data)')
    .option('--workers <n|auto>', 'server processes sharing the port (GAMEBOARD_WORKERS, default 1)')
    .option(
      '--new-store',
      'begin an empty run store although the data folder shows an earlier one whose file is missing (GAMEBOARD_NEW_STORE=1)',
    )
    .action(async (opts: { port?: number; host?: string; data?: string; workers?: string; newStore?: boolean }) => {
      if (opts.newStore) process.env.GAMEBOARD_NEW_STORE = '1';
      if (opts.port !== undefined) process.env.PORT = String(opts.port);
      if (opts.host !== undefined) process.env.HOST = opts.host;
      if (opts.data !== undefined) process.env.GAMEBOARD_DATA_DIR = opts.data;
      if (opts.workers !== undefined) process.env.GAMEBOARD_WORKERS = opts.workers;
      // main.ts reads its settings from the environment when it loads, and starts listening.
      await import('../server/main.js');
    });
}

/** The `games` command. */
export function gamesCommand(): Command {
  return new Command('games')
    .description('list the games')
    .option('--json', 'as JSON')
    .action((opts: { json?: boolean }) => {
      const rows = registry.games.map((g) => ({
        slug: g.spec.slug,
        name: g.spec.name,
        carry: g.spec.carry,
        rulesVersion: g.spec.rulesVersion,
        description: g.spec.description,
      }));
      if (opts.json) {
        process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
        return;
      }
      const w = Math.max(...rows.map((r) => r.slug.length));
      for (const r of rows) process.stdout.write(`${r.slug.padEnd(w)}  ${r.description}\n`);
    });
}
