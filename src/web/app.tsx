/** The app shell: header, routes, and in-app link handling. */
import type { JSX } from 'preact';
import { gameBySlug } from './catalog.js';
import { HomePage } from './pages/home.js';
import { LeaderboardPage } from './pages/leaderboard.js';
import { BenchmarksPage } from './pages/benchmarks.js';
import { PlayPage } from './pages/play.js';
import { RankedPage } from './pages/ranked.js';
import { ReplayPage } from './pages/replay.js';
import { RulesPage } from './pages/rules.js';
import { isAppHref, navigate, useRoute } from './router.js';
import { SpriteSheet } from './sprites/sheet.js';

function onAppClick(e: JSX.TargetedMouseEvent<HTMLElement>) {
  // A button clicked with the mouse gives the focus back to the page, so game keys such as Space keep
  // playing the game instead of pressing that button again (keyboard presses keep their focus).
  const button = (e.target as HTMLElement).closest('button');
  if (button && e.detail > 0 && document.activeElement === button) button.blur();
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as HTMLElement).closest('a');
  if (!a || a.target || a.hasAttribute('download')) return;
  const href = a.getAttribute('href');
  if (!href || !isAppHref(href)) return;
  e.preventDefault();
  navigate(href);
}

function Missing({ what }: { what: string }) {
  return (
    <main id="main" class="panel">
      <h1>Not found</h1>
      <p>{what}</p>
      <p>
        <a href="/">All games</a>
      </p>
    </main>
  );
}

export function App() {
  const route = useRoute();
  let page;
  if (route.page === 'home') {
    document.title = 'Gameboard';
    page = <HomePage />;
  } else if (route.page === 'replay') page = <ReplayPage key={location.search} />;
  else if (route.page === 'missing') page = <Missing what={`There is no page at ${route.path}.`} />;
  else {
    const game = gameBySlug(route.slug);
    if (!game) page = <Missing what={`There is no game called "${route.slug}".`} />;
    else if (route.page === 'play')
      page = <PlayPage key={`${route.slug}:${route.seed}`} game={game} seed={route.seed} />;
    else if (route.page === 'leaderboard') page = <LeaderboardPage key={route.slug + location.search} game={game} />;
    else if (route.page === 'benchmarks') page = <BenchmarksPage key={route.slug + location.search} game={game} />;
    else if (route.page === 'ranked')
      page = <RankedPage key={`${route.slug}:${route.daily}`} game={game} daily={route.daily} />;
    else page = <RulesPage key={route.slug} game={game} />;
  }
  return (
    <div class="app" onClick={onAppClick}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a href="/" class="brand">
          <span class="logo" aria-hidden="true" />
          Gameboard
        </a>
        <nav aria-label="Site">
          <a href="/">Games</a>
          <a href="/replay">Replays</a>
          <a href="/docs/api">API docs</a>
        </nav>
      </header>
      {page}
      <SpriteSheet />
    </div>
  );
}
