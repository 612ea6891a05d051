/**
 * The play page's keys: ? for the help, Escape to close it, any key to put a level's card away, U to
 * take a move back (free play, turn games), and the game's own keys (or 1-9 for the listed actions).
 * A layout effect, so keys work from the first frame (a plain effect waits for the next paint).
 */
import { useLayoutEffect } from 'preact/hooks';
import type { GameAction } from '../../core/game.js';
import type { GameView } from '../games/types.js';
import type { PlaySession } from '../session.js';
import type { Feedback } from './feedback.js';

function isTyping(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

export function usePlayKeys(o: {
  view: GameView;
  sessionRef: { current: PlaySession };
  helpRef: { current: boolean };
  fb: Feedback;
  setHelp: (f: (h: boolean) => boolean) => void;
  act: (a: GameAction) => void;
  cutTo: (n: number) => void;
}) {
  const { view } = o;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '?') {
        e.preventDefault();
        o.setHelp((h) => !h);
        return;
      }
      if (o.helpRef.current) {
        if (e.key === 'Escape') o.setHelp(() => false);
        return;
      }
      // Any key dismisses the card between levels (and plays nothing); Tab still moves the focus.
      if (o.fb.cardRef.current && !['Tab', 'Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) {
        e.preventDefault();
        o.fb.setCard(null);
        return;
      }
      const s = o.sessionRef.current;
      if (view.undo && !view.ownsKeys && (e.key === 'u' || e.key === 'U')) {
        e.preventDefault();
        o.cutTo(s.actions.length - 1);
        return;
      }
      if (view.ownsKeys || s.isOver()) return;
      // Enter and Space on a focused button belong to the button.
      if (
        (e.key === 'Enter' || e.key === ' ') &&
        e.target instanceof HTMLElement &&
        e.target.closest('button, [role=button], a')
      )
        return;
      let a: GameAction | null = null;
      if (view.keyToAction) a = view.keyToAction(e, s.legal(), s.observation());
      else if (/^[1-9]$/.test(e.key)) a = s.legal()[Number(e.key) - 1] ?? null;
      if (a) {
        e.preventDefault();
        o.act(a);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view]);
}
