/**
 * A tiny client-side router over the History API: the app has a handful of routes, so a library would be more
 * code to learn than to write. Links with an in-app href are intercepted in `App`.
 */
import { useEffect, useState } from 'preact/hooks';
import { parseSeed, type Seed } from '../core/seed.js';

export type Route =
  | { page: 'home' }
  | { page: 'play'; slug: string; seed: Seed | null }
  | { page: 'rules'; slug: string }
  | { page: 'replay' }
  | { page: 'leaderboard'; slug: string }
  | { page: 'benchmarks'; slug: string }
  | { page: 'ranked'; slug: string; daily: boolean }
  | { page: 'missing'; path: string };

/** Parses a location into a route. */
export function parseRoute(pathname: string, search: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { page: 'home' };
  if (path === '/replay') return { page: 'replay' };
  let m = /^\/play\/([a-z0-9-]+)$/.exec(path);
  if (m) {
    // A free seed, or a wide one (a finished ranked run's, to practise it in free play).
    const raw = new URLSearchParams(search).get('seed');
    const seed = raw === null ? null : parseSeed(raw);
    return { page: 'play', slug: m[1], seed };
  }
  m = /^\/rules\/([a-z0-9-]+)$/.exec(path);
  if (m) return { page: 'rules', slug: m[1] };
  m = /^\/ranked\/([a-z0-9-]+)$/.exec(path);
  if (m) return { page: 'ranked', slug: m[1], daily: new URLSearchParams(search).get('daily') === '1' };
  m = /^\/benchmarks\/([a-z0-9-]+)$/.exec(path);
  if (m) return { page: 'benchmarks', slug: m[1] };
  m = /^\/leaderboard\/([a-z0-9-]+)$/.exec(path);
  if (m) return { page: 'leaderboard', slug: m[1] };
  return { page: 'missing', path };
}

/** True for hrefs the app routes itself (everything else, like /docs/api, is a real page load). */
export function isAppHref(href: string): boolean {
  return href === '/' || /^\/(play|rules|leaderboard|ranked|benchmarks)\//.test(href) || /^\/replay([?#]|$)/.test(href);
}

const listeners = new Set<() => void>();

/** Goes to an in-app URL without reloading the page. */
export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  window.scrollTo(0, 0);
  for (const l of listeners) l();
}

/** The current route, re-rendering on navigation and on back/forward. */
export function useRoute(): Route {
  const read = () => parseRoute(location.pathname, location.search);
  const [route, setRoute] = useState<Route>(read);
  useEffect(() => {
    const update = () => setRoute(read());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}
