/**
 * A live session's keys: ? for the help, Escape to close it, and for turn-based games the same keys as
 * free play (the game's own, or 1-9 for the listed actions), sent to the server. No take-back: every action
 * is recorded. A layout effect, so keys work from the first frame.
 */
import { useLayoutEffect } from 'preact/hooks';
import type { GameAction } from '../../../core/game.js';
import type { GameView } from '../../games/types.js';
import type { LiveGame } from '../../live.js';

function isTyping(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

export function useLiveKeys(o: {
  view: GameView;
  liveRef: { current: LiveGame };
  helpRef: { current: boolean };
  setHelp: (h: boolean | ((h: boolean) => boolean)) => void;
  act: (x: GameAction) => void;
}) {
  const { view, liveRef, helpRef, setHelp, act } = o;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp((h) => !h);
        return;
      }
      if (helpRef.current) {
        if (e.key === 'Escape') setHelp(false);
        return;
      }
      if (view.ownsKeys) return;
      const l = liveRef.current;
      if (l.isOver()) return;
      if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof HTMLElement && e.target.closest('button, a'))
        return;
      let x: GameAction | null = null;
      const answer = l.answer;
      if (view.keyToAction) x = view.keyToAction(e, answer.legalActions, answer.observation);
      else if (/^[1-9]$/.test(e.key)) x = answer.legalActions[Number(e.key) - 1] ?? null;
      if (x) {
        e.preventDefault();
        act(x);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view]);
}
