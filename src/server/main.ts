/**
 * Starts the server: `npm start`. PORT (default 3000) and HOST (default 127.0.0.1) override where it
 * listens; GAMEBOARD_DATA_DIR (default ./data) holds the generated secret and the run store
 * (gameboard.sqlite); GAMEBOARD_SECRET overrides the secret; LOG_LEVEL sets the structured log level
 * (default info).
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { StateSealer } from '../core/seal.js';
import { SqliteRunStore } from '../store/sqlite.js';
import { buildApp } from './app.js';
import { loadSecrets } from './secret.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.GAMEBOARD_DATA_DIR ?? 'data');
const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535; got ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}

let store: SqliteRunStore;
try {
  store = SqliteRunStore.inDataDir(dataDir);
} catch (err) {
  console.error(`cannot open the run store in ${dataDir}: ${(err as Error).message}`);
  process.exit(1);
}
const app = await buildApp({
  sealer: new StateSealer(loadSecrets(process.env, dataDir)),
  store,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  webRoot,
});

try {
  await app.listen({ port, host, listenTextResolver: (address) => `Gameboard listening on ${address}` });
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
