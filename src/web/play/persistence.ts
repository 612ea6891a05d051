/**
 * Keeping the game: the address names the seed being played (so the address bar is always a way back),
 * and every run is saved in localStorage (persist.ts): a finished run at once, a game in progress after
 * each turn (a real-time game at most once a second), and always when the page is left or hidden.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { AnyGame } from '../../core/game.js';
import type { GameView } from '../games/types.js';
import { saveFinished, saveUnfinished } from '../persist.js';
import type { PlaySession } from '../session.js';

/** Real-time games save at most this often while running (and always on leaving the page). */
const SAVE_EVERY_MS = 1000;

export function usePersistence(
  game: AnyGame,
  view: GameView,
  session: PlaySession,
  sessionRef: { current: PlaySession },
  textView: boolean,
): (s: PlaySession, now?: boolean) => void {
  const slug = game.spec.slug;
  useEffect(() => {
    const want = `/play/${slug}?seed=${session.seed}${textView ? '&view=text' : ''}`;
    if (location.pathname + location.search !== want) history.replaceState(null, '', want);
    document.title =
      game.spec.seedless === true
        ? `${game.spec.name} · Gameboard`
        : `${game.spec.name} · seed ${session.seed} · Gameboard`;
  }, [session, textView]);

  const lastSave = useRef(0);
  const save = (s: PlaySession, now = false) => {
    if (s.isOver()) {
      saveFinished(s.run(), s.score(), s.outcome());
      return;
    }
    const t = performance.now();
    if (!now && view.ownsKeys && t - lastSave.current < SAVE_EVERY_MS) return;
    lastSave.current = t;
    saveUnfinished(s.run(), s.score());
  };
  useEffect(() => {
    save(session, true);
    const flush = () => save(sessionRef.current, true);
    const onHide = () => document.hidden && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      flush();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [session]);
  return save;
}
