/**
 * Small server-rendered pieces of the site that the single-page app cannot give: the HTML 404 page,
 * the Open Graph tags that share links carry (link previews are fetched without JavaScript), and the
 * picture of each game those tags point to.
 */
import type { FastifyRequest } from 'fastify';
import type { AnyGame } from '../../core/game.js';
import type { Registry } from '../../core/registry.js';
import { parseSeed } from '../../core/seed.js';
import type { RunStore } from '../../store/store.js';
import { utcDay } from '../ranked/daily.js';

/** Escapes text for HTML element content and quoted attribute values. */
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Longest path echoed on the 404 page; longer ones are cut with an ellipsis. */
const MAX_PATH = 120;

/** Paths that belong to machines: they keep the JSON not-found answer whatever the client accepts. */
const MACHINE_PREFIXES = ['/api/', '/api?', '/openapi.json', '/llms', '/metrics', '/healthz', '/readyz'];

/**
 * Whether a not-found request should get the HTML page rather than JSON: a GET (or HEAD) from a client
 * that accepts HTML, outside the API and the machine-readable paths.
 */
export function wantsHtmlPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.url === '/api' || MACHINE_PREFIXES.some((p) => req.url.startsWith(p))) return false;
  return (req.headers.accept ?? '').toLowerCase().includes('text/html');
}

/** The site's colours (src/web/style.css), so the server's pages look like the app. */
const INK = '#1d2430';
const PAPER = '#f7f5f0';
const ACCENT = '#0072b2';
/** One Okabe–Ito colour per game picture, by the game's place in the registry. */
const GAME_COLOURS = ['#0072b2', '#009e73', '#d55e00', '#cc79a7', '#e69f00', '#56b4e9'];

/** The 404 page: the site's name, what was not found (clipped, escaped) and where to go instead. */
export function notFoundPage(path: string, registry: Registry): string {
  // Shown as the person typed it (decoded), so it reads well; escaped below, so it stays text.
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: show the raw path.
  }
  const shown = decoded.length > MAX_PATH ? `${decoded.slice(0, MAX_PATH)}…` : decoded;
  const games = registry
    .slugs()
    .map(
      (slug) =>
        `<li><a href="/play/${encodeURIComponent(slug)}">${esc(registry.get(slug)?.spec.name ?? slug)}</a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found · Gameboard</title>
<style>
body{margin:0;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:${INK};background:${PAPER}}
header{background:${INK};color:#fff;padding:10px 24px;font-weight:700}
header a{color:#fff;text-decoration:none}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #d9d4c7;border-radius:8px;padding:1rem 1.5rem}
code{font:14px ui-monospace,monospace;background:#eef0f3;border-radius:4px;padding:0 .25rem;word-break:break-all}
a{color:${ACCENT}}
</style></head><body>
<header><a href="/">Gameboard</a></header>
<main><div class="card">
<h1>Page not found</h1>
<p>There is no page at <code>${esc(shown)}</code>.</p>
<p>Play a game:</p><ul>${games}</ul>
<p>Agents and developers: <a href="/docs/api">the API docs</a> and <a href="/llms.txt">/llms.txt</a>.</p>
</div></main>
</body></html>`;
}

/** What a share link's preview says. */
export interface ShareInfo {
  title: string;
  description: string;
  /** The game whose picture is shown; null for the site's generic preview. */
  game: AnyGame | null;
}

/** A run id as GET /api/runs/:id accepts it (schemas.ts). */
const RUN_ID = /^[A-Za-z0-9_-]{1,64}$/;

const GENERIC: ShareInfo = {
  title: 'Gameboard',
  description: 'Seeded single-player games for agents and humans: play, read the rules, watch replays.',
  game: null,
};

/**
 * What the preview of a client-side route says. `/replay?run=<id>` names the stored run's game, player,
 * score and ending, unless the run is missing or a daily challenge whose day is not over (the API
 * refuses those too, see runs.ts); `/play/<slug>?seed=N` names the game and the seed. Anything else,
 * or any doubt, gets the generic preview.
 */
export async function shareInfo(
  req: FastifyRequest,
  registry: Registry,
  store: RunStore | null,
  clock: () => Date,
): Promise<ShareInfo> {
  const path = req.url.split('?')[0];
  const query = req.query as Record<string, string | undefined>;
  const play = /^\/play\/([^/]+)$/.exec(path);
  if (play) {
    const game = registry.get(decodeURIComponent(play[1]));
    if (!game) return GENERIC;
    const seed = query.seed ? parseSeed(query.seed) : null;
    return {
      title: seed === null ? `Play ${game.spec.name} · Gameboard` : `${game.spec.name}, seed ${seed} · Gameboard`,
      description:
        seed === null
          ? `Play ${game.spec.name} in the browser, or let an agent play it through the API.`
          : `Play ${game.spec.name} on seed ${seed}: the same seed deals the same game to everyone.`,
      game,
    };
  }
  if (path === '/replay' && typeof query.run === 'string' && RUN_ID.test(query.run) && store) {
    const stored = await store.get(query.run).catch(() => null);
    if (!stored || (stored.challenge !== null && stored.challenge >= utcDay(clock()))) return GENERIC;
    const game = registry.get(stored.run.game);
    if (!game) return GENERIC;
    const ending = stored.outcome ? `, ended: ${stored.outcome.reason.replace(/_/g, ' ')}` : '';
    const far = stored.progress !== null ? `, progress ${stored.progress}` : '';
    return {
      title: `${stored.player.name} scored ${stored.score} at ${game.spec.name} · Gameboard`,
      description: `Watch the replay: ${game.spec.name}, seed ${stored.run.seed}, ${stored.steps} moves${far}${ending}.`,
      game,
    };
  }
  return GENERIC;
}

/** The `<meta>` tags of a preview, with absolute URLs on `base` (scheme and host as the client used). */
export function ogTags(info: ShareInfo, base: string, url: string): string {
  const image = info.game ? `${base}/og/${encodeURIComponent(info.game.spec.slug)}.svg` : `${base}/og/gameboard.svg`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Gameboard'],
    ['property', 'og:title', info.title],
    ['property', 'og:description', info.description],
    ['property', 'og:url', `${base}${url}`],
    ['property', 'og:image', image],
    ['name', 'twitter:card', 'summary'],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${esc(value)}" />`).join('\n    ');
}

/** index.html with the preview tags added at the end of its head. */
export function withTags(html: string, tags: string): string {
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}  ${tags}\n  ${html.slice(at)}`;
}

/**
 * A game's picture for link previews (1200×630 SVG): the game's name on a card in its colour. Null
 * gives the site's own picture.
 */
export function gamePicture(game: AnyGame | null, registry: Registry): string {
  const index = game ? registry.slugs().indexOf(game.spec.slug) : 0;
  const colour = GAME_COLOURS[Math.max(0, index) % GAME_COLOURS.length];
  const name = esc(game ? game.spec.name : 'Gameboard');
  const line = game ? 'a seeded game on Gameboard' : 'seeded games for agents and humans';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="${PAPER}"/>
<rect x="60" y="60" width="1080" height="510" rx="32" fill="${colour}"/>
<rect x="120" y="150" width="120" height="120" rx="16" fill="${INK}"/>
<path d="M150 180h60v60h-60z" fill="#f0e442"/>
<text x="120" y="400" font-family="system-ui,Arial,sans-serif" font-size="110" font-weight="700" fill="#ffffff">${name}</text>
<text x="120" y="480" font-family="system-ui,Arial,sans-serif" font-size="44" fill="#ffffff">${line}</text>
</svg>`;
}
