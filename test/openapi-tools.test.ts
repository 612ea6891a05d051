/**
 * /openapi.json through other people's tools, as a client author would use them: Redocly CLI lints the
 * served document with its recommended rules (redocly.yaml says which rule is off, and why), and
 * openapi-typescript generates a client whose types carry a whole loop with openapi-fetch (init with a
 * number seed, actions, a run submission with the player key header, a live session) with no casts:
 * `tsc --noEmit` type-checks it in a project outside the checkout, then it runs against a real server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateSealer } from '../src/server/state/seal.js';
import { buildApp } from '../src/server/app.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const modules = join(root, 'node_modules');

let app: FastifyInstance;
let store: SqliteRunStore;
let base: string;
let doc: object;
let dir: string;

beforeAll(async () => {
  store = new SqliteRunStore(':memory:');
  app = await buildApp({ sealer: StateSealer.random(), store, webRoot: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  doc = await (await fetch(`${base}/openapi.json`)).json();
  dir = mkdtempSync(join(tmpdir(), 'gameboard-openapi-'));
});
afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Redocly CLI', () => {
  it('lints the served document with the recommended rules: no errors, no warnings', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = join(modules, '@redocly/cli/bin/cli.js');
    const args = [cli, 'lint', '--config', join(root, 'redocly.yaml'), '--format', 'json', file];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // Redocly exits 1 on errors; the JSON report is on stdout either way.
    const out = await run(process.execPath, args, { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }),
    );
    const report = JSON.parse(out.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});

/** A loop written against the generated types: every value comes typed from the document, no `as`. */
const LOOP = `import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type BriarwinkAction = components['schemas']['BriarwinkAction'];
const client = createClient<paths>({ baseUrl: process.env.BASE_URL });

const init = await client.GET('/api/games/briarwink/init', { params: { query: { seed: 7 } } });
if (!init.data) throw new Error(\`init: \${init.error?.message}\`);
const seed: number | string = init.data.seed;
const rulesVersion: string = init.data.spec.rulesVersion;
let stateToken: string = init.data.stateToken;
let legal: BriarwinkAction[] = init.data.legalActions;
const played: BriarwinkAction[] = [];
for (let i = 0; i < 5 && legal.length > 0; i++) {
  const action = legal[0];
  const answer = await client.POST('/api/games/briarwink/action', { body: { stateToken, action } });
  if (!answer.data) throw new Error(\`action: \${answer.error?.message}\`);
  if (!answer.data.ok) throw new Error(\`refused: \${answer.data.reason} \${answer.data.message}\`);
  played.push(action);
  stateToken = answer.data.stateToken;
  legal = answer.data.legalActions;
}
const player = { name: 'typed loop', kind: 'agent' as const };
const first = await client.POST('/api/runs', {
  body: { game: 'briarwink', rulesVersion, seed, actions: played, player },
});
if (!first.data) throw new Error(\`submit: \${first.error?.message}\`);
const key: string | undefined = first.data.playerKey;
const again = await client.POST('/api/runs', {
  params: { header: { 'x-player-key': key } },
  body: { game: 'briarwink', rulesVersion, seed, actions: played.slice(0, 3), player },
});
if (!again.data) throw new Error(\`submit with key: \${again.error?.message}\`);
const stored = await client.GET('/api/runs/{id}', { params: { path: { id: again.data.id } } });
if (!stored.data) throw new Error(\`run: \${stored.error?.message}\`);
const live = await client.POST('/api/games/{slug}/sessions', {
  params: { path: { slug: 'briarwink' }, header: { 'x-player-key': key } },
  body: { player },
});
if (!live.data) throw new Error(\`session: \${live.error?.message}\`);
if (!live.data.ok) throw new Error('a session start is never refused');
const step = await client.POST('/api/sessions/{id}/action', {
  params: { path: { id: live.data.session.id } },
  body: { stateToken: live.data.stateToken, action: live.data.legalActions[0] },
});
if (!step.data) throw new Error(\`live action: \${step.error?.message}\`);
const board = await client.GET('/api/games/{slug}/leaderboard', {
  params: { path: { slug: 'briarwink' }, query: { board: 'open', limit: 5 } },
});
if (!board.data) throw new Error(\`board: \${board.error?.message}\`);
const wrong = await client.GET('/api/games/{slug}/init', { params: { path: { slug: 'nope' }, query: { seed: 1 } } });
const code: string | undefined = wrong.error?.error;
console.log(
  JSON.stringify({
    seed,
    played: played.length,
    score: first.data.score,
    keyed: again.data.created,
    storedActions: stored.data.run.actions.length,
    liveStep: step.data.session.step,
    agents: board.data.agent?.length,
    code,
  }),
);
`;

describe('a client generated with openapi-typescript', () => {
  it('type-checks a loop with openapi-fetch with no casts, and the loop runs against the server', async () => {
    expect(LOOP).not.toMatch(/\bas (?!const\b)/);
    expect(LOOP).not.toMatch(/\bany\b|@ts-|!\./);
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(JSON.parse(JSON.stringify(doc)))));
    writeFileSync(join(dir, 'loop.ts'), LOOP);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'outside', private: true, type: 'module' }));
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      skipLibCheck: true,
      types: ['node'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['loop.ts'] }));
    symlinkSync(modules, join(dir, 'node_modules'), 'dir');
    const api = readFileSync(join(dir, 'api.d.ts'), 'utf8');
    // Nothing typed as an empty object (besides the document's absent webhooks and $defs).
    const empty = api.split('\n').filter((l) => l.includes('Record<string, never>'));
    expect(empty.map((l) => l.trim())).toEqual([
      'export type webhooks = Record<string, never>;',
      'export type $defs = Record<string, never>;',
    ]);
    const tsc = join(modules, 'typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).catch((e: { stdout?: string }) => ({
      stdout: e.stdout ?? 'tsc failed',
      failed: true,
    }));
    expect(checked.stdout).toBe('');
    const env = { ...process.env, BASE_URL: base };
    const played = await run(process.execPath, ['--import', 'tsx', 'loop.ts'], { cwd: dir, env });
    const result = JSON.parse(played.stdout);
    expect(result).toMatchObject({
      seed: 7,
      played: 5,
      keyed: true,
      storedActions: 3,
      liveStep: 1,
      code: 'unknown_game',
    });
    expect(result.score).toBeTypeOf('number');
  }, 180_000);
});
