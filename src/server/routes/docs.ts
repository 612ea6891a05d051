/**
 * The documentation the server serves (`/llms.txt` and the agents' pages are in llms.ts): `/docs/api` and
 * `/docs/api/:slug` (pages for people), and `/openapi.json` (generated from the route schemas).
 * Everything is built from the registry and the game specs, so it cannot drift from the engines.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AnyGame } from '../../core/game.js';
import type { Registry } from '../../core/registry.js';
import { ApiError, ERRORS } from '../errors.js';
import { typedOpenApi } from '../openapi.js';
import type { SchemaTypes } from '../schemas/types.js';

/** The browser UI's icon (src/web/index.html), so the docs pages do not send browsers to a missing /favicon.ico. */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%230072B2'/%3E%3Cpath d='M4 4h8v8H4z' fill='%23F0E442'/%3E%3C/svg%3E";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Gameboard</title>
<link rel="icon" href="${ICON}">
<style>
body{font:16px/1.55 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2330;background:#fbfbf8}
code,pre{font:14px/1.45 ui-monospace,monospace;background:#eef0f3;border-radius:4px}
code{padding:0 .25rem} pre{padding:.75rem;overflow:auto}
table{border-collapse:collapse} td,th{border:1px solid #ccd;padding:.25rem .5rem;text-align:left;vertical-align:top}
a{color:#1748a6} nav a{margin-right:1rem}
</style></head><body>
<nav><a href="/">Games</a><a href="/docs/api">API</a><a href="/openapi.json">OpenAPI</a><a href="/llms.txt">llms.txt</a></nav>
${body}
</body></html>`;
}

function loopExample(game: AnyGame, base: string): string {
  const s = game.spec;
  const example = JSON.stringify(s.exampleActions[0] ?? { type: '...' });
  return `curl -s "${base}/api/games/${s.slug}/init?seed=7"
# take "${s.carry}" from the answer, then:
curl -s -X POST "${base}/api/games/${s.slug}/action" \\
  -H 'content-type: application/json' \\
  -d '{"${s.carry}": <the ${s.carry} of the last answer>, "action": ${example}}'`;
}

function errorTable(): string {
  const rows = Object.entries(ERRORS)
    .map(([code, e]) => `<tr><td><code>${code}</code></td><td>${e.status}</td><td>${esc(e.message)}</td></tr>`)
    .join('\n');
  return `<table><tr><th>error</th><th>HTTP</th><th>meaning</th></tr>${rows}</table>`;
}

function apiPage(registry: Registry, base: string): string {
  const games = registry.games
    .map(
      (g) =>
        `<li><a href="/docs/api/${g.spec.slug}">${esc(g.spec.name)}</a> — ${esc(g.spec.description)} (carries <code>${g.spec.carry}</code>)</li>`,
    )
    .join('\n');
  return page(
    'API',
    `<h1>The Gameboard API</h1>
<p>Every game is deterministic and seeded: a seed and a list of actions decide everything. The server keeps
no sessions. Each answer carries the game state, sealed so that it cannot be altered; you send it back
with your next action. Sending an older state again is allowed and simply forks the run (an undo).</p>
<h2>The loop</h2>
<ol>
<li><code>GET /api/games/&lt;slug&gt;/init?seed=N</code> (N from 0 to 4294967295, or 32 hex digits: a finished ranked run's wide seed; omit it and the server picks one) answers
<code>{ok:true, game, seed, stateToken|state, observation, legalActions, score, gameOver, outcome, spec}</code>.</li>
<li><code>POST /api/games/&lt;slug&gt;/action</code> with JSON <code>{stateToken|state, action}</code> answers
<code>{ok:true, game, seed, stateToken|state, observation, legalActions, score, gameOver, outcome, events}</code>.</li>
<li>Repeat until <code>gameOver</code> is true.</li>
</ol>
<p>Every answer, accepted or refused, carries the same contract: the state to carry, <code>observation</code>,
<code>legalActions</code>, <code>score</code>, <code>gameOver</code> and <code>outcome</code>. <code>outcome</code> is
<code>null</code> while the game goes on, and once it is over <code>{kind, reason}</code>: <code>kind</code> is
<code>terminated</code> (the game ended it), <code>ended</code> (the player ended it) or <code>truncated</code> (a limit
outside the rules stopped it); each game lists its reasons in <code>spec.outcomes</code>.</p>
<p>An action the rules do not allow now is answered with HTTP 200, <code>ok:false</code>, a machine-readable
<code>reason</code> and a human <code>message</code>, plus the whole contract for the state you sent, which comes back
unchanged: continue from it. An action outside the game's grammar (unknown type, extra, missing or mistyped
fields, values out of range) gets <code>reason: "unknown_action"</code> and a message naming the problem (the known
types, the field, its range). Validation is strict: no field is dropped or converted, and each game's
<code>spec.actionSchema</code> is exactly as strict as the server.</p>
<p>Each game's spec publishes JSON Schemas of its actions (<code>actionSchema</code>) and observations
(<code>observationSchema</code>); <code>/openapi.json</code> has typed paths per game
(<code>/api/games/whirlyard/action</code> answering <code>WhirlyardActionAnswer</code>, and so on), so a generated client
is fully typed.</p>
<p><code>observation.text</code> is written for language models; the other observation fields carry the same
facts as data.</p>
<h2>Tensors and batches</h2>
<p>For reinforcement learning each spec publishes a fixed action index (<code>actionIndex</code>: every action that
can ever be legal) and a fixed-shape numeric observation (<code>tensorSpec</code>: uint8 planes and float32 features,
built from what the player sees). Add <code>"tensor": true</code> to an action body (or <code>&amp;tensor=true</code>
to init) and the answer also carries <code>tensor</code> (<code>{planes, features}</code>, flat arrays),
<code>actionMask</code> (1 at each index legal now) and <code>legalIndex</code> (each legal action's index).
<code>"tensorFormat": "base64"</code> (or <code>&amp;tensorFormat=base64</code>) answers the tensor as bytes instead:
<code>{format: "base64", planes, features}</code>, the planes' uint8 bytes and the features as float32 little-endian,
each one base64 string. Games whose planes are only 0 or 1 (<code>tensorSpec.planes.high</code> 1: Delvewick) also answer
<code>"tensorFormat": "bits"</code>: <code>{format: "bits", planes, features}</code> with the planes packed eight cells a
byte, the first cell in the top bit (numpy's <code>packbits</code> order), an eighth of the bytes. An action may go as its index: <code>"actionIndex": i</code> instead of <code>"action"</code>
plays the action index <code>i</code> names in that state (one that names none is refused as
<code>unknown_action</code>).</p>
<p><code>POST /api/games/&lt;slug&gt;/batch</code> with <code>{items: [...]}</code> (at most 256; each
<code>{"seed": N}</code> or exactly an action body; optional <code>tensor</code> and <code>fields</code> to trim every
result) answers <code>{ok:true, results}</code>, in order, each what init or the action route would answer; a bad item
answers its own <code>{ok:false, error, message}</code> and the others go on. A batch counts against the action rate
limit once per item. The Python package (<code>clients/python</code>) builds Gymnasium environments on these.</p>
<h2>Runs and leaderboards</h2>
<p>A finished run goes on the game's leaderboard: <code>POST /api/runs</code> with JSON
<code>{game, rulesVersion, seed, actions, player: {name, kind}}</code> (<code>kind</code> is <code>"agent"</code>
or <code>"human"</code>; a name is 1 to 32 letters and digits of any script, spaces, <code>_ . -</code>, no emoji; at most 100,000 actions,
4 MiB). The server replays the run on the engine and stores only the score the replay gives; a claimed
<code>score</code> is refused as an unknown field. It answers <code>{ok:true, id, score, gameOver, steps, rank}</code>.
A run that does not replay (wrong game or rules version, an action outside the grammar or refused) is a 400
<code>invalid_run</code> naming the first failing action's index. Record the actions you sent, in order, with the
seed of the init answer: that is the run.</p>
<table>
<tr><td><code>POST /api/runs</code></td><td>submit a run; the server replays and ranks it</td></tr>
<tr><td><code>GET /api/runs/&lt;id&gt;</code></td><td>a stored run: <code>run, player, score, gameOver, steps, createdAt</code>; watch it at <code>/replay?run=&lt;id&gt;</code></td></tr>
<tr><td><code>GET /api/games/&lt;slug&gt;/leaderboard?kind=human|agent&amp;limit=N</code></td><td>the best runs under the current rules version (<code>id, player, score, steps, seed, createdAt</code>), humans and agents apart; omit <code>kind</code> for both; <code>limit</code> 1 to 100, default 10</td></tr>
</table>
<h2>Games</h2><ul>${games}</ul>
<h2>Other addresses</h2>
<table>
<tr><td><code>GET /api/games</code></td><td>the index: <code>service, count, games[]</code></td></tr>
<tr><td><code>GET /api/games/&lt;slug&gt;</code></td><td>one game's entry and full spec (rules, scoring, action grammar as JSON Schema, rules version)</td></tr>
<tr><td><code>/leaderboard/&lt;slug&gt;</code></td><td>the leaderboard in the browser</td></tr>
<tr><td><code>GET /openapi.json</code></td><td>the OpenAPI 3 description of every route</td></tr>
<tr><td><code>GET /llms.txt</code></td><td>a plain-text guide for agents</td></tr>
</table>
<h2>Errors</h2>
<p>Anything the server cannot accept is answered with a 4xx status and <code>{ok:false, error, message}</code>.
A state that was altered, truncated, issued for another game or by a server with another secret, or for an
older rules version, is <code>invalid_state</code>.</p>
${errorTable()}
<h2>Example</h2><pre>${esc(registry.games[0] ? loopExample(registry.games[0], base) : '')}</pre>`,
  );
}

function gamePage(game: AnyGame, base: string): string {
  const s = game.spec;
  const list = (items: string[]) => `<ul>${items.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`;
  return page(
    `${s.name} API`,
    `<h1>${esc(s.name)}</h1>
<p><em>${esc(s.genre)}</em> — ${esc(s.description)}</p>
<p>Rules version <code>${esc(s.rulesVersion)}</code>; the client carries <code>${s.carry}</code>.
<a href="/rules/${s.slug}">Rules page</a> · <a href="/play/${s.slug}">Play in the browser</a> ·
<a href="/api/games/${s.slug}">Spec as JSON</a></p>
<h2>Goal</h2><p>${esc(s.goal)}</p>
<h2>Scoring</h2>${list(s.scoring)}
<h2>Rules</h2>${list(s.rules)}
<h2>Actions</h2><p>Each action is a JSON object matching this schema:</p>
<pre>${esc(JSON.stringify(s.actionSchema, null, 2))}</pre>
<p>Examples: ${s.exampleActions.map((a) => `<code>${esc(JSON.stringify(a))}</code>`).join(' ')}</p>
<h2>How a run ends</h2><p><code>outcome</code> is <code>null</code> while playing, then one of:</p>
<table><tr><th>kind</th><th>reason</th><th>meaning</th></tr>${s.outcomes
      .map(
        (o) =>
          `<tr><td><code>${o.kind}</code></td><td><code>${esc(o.reason)}</code></td><td>${esc(o.description)}</td></tr>`,
      )
      .join('')}</table>
<h2>Observation</h2><p>Every answer's <code>observation</code> matches this schema (<code>text</code> renders the same facts):</p>
<pre>${esc(JSON.stringify(s.observationSchema, null, 2))}</pre>
<h2>Try it</h2><pre>${esc(loopExample(game, base))}</pre>`,
  );
}

/** The public base URL as the client reached us (used in examples). */
function baseOf(req: { protocol: string; host: string }): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * A game's page: any slug is accepted as text (one that names no game is answered 404 unknown_game
 * by the handler, not 400 by the schema).
 */
const gamePageParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string' } },
} as const;

/** The documentation routes as a Fastify plugin. */
export const docsRoutes: FastifyPluginAsync<{ registry: Registry }> = async (app, { registry }) => {
  const hide = { schema: { hide: true } };
  const docs = app.withTypeProvider<SchemaTypes>();
  docs.get('/docs/api', hide, async (req, reply) => {
    return reply.type('text/html; charset=utf-8').send(apiPage(registry, baseOf(req)));
  });
  docs.get('/docs/api/:slug', { schema: { hide: true, params: gamePageParams } }, async (req, reply) => {
    const game = registry.get(req.params.slug);
    if (!game) throw new ApiError('unknown_game', `There is no game "${req.params.slug.slice(0, 64)}".`);
    return reply.type('text/html; charset=utf-8').send(gamePage(game, baseOf(req)));
  });
  // Built once, on the first request (the routes are all registered by then).
  let openapi: unknown;
  app.get('/openapi.json', hide, async () => (openapi ??= typedOpenApi(app.swagger(), registry)));
};
