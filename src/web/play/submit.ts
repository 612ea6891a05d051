/**
 * Playing a move: every action the player makes (a key, a button, a cell, a swipe) goes through `act`.
 * Ending the run asks first (it cannot be taken back); a board between two pictures (a Whirlyard wave
 * change) takes no move; an accepted move brings its moment, its card, its marks and its sound. The
 * keyboard focus stays on the board after a move, even when the control it was on goes away.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { GameAction } from '../../core/game.js';
import type { Ask } from '../components/confirm.js';
import { endRunQuestion, endsRun } from '../games/index.js';
import type { GameView } from '../games/types.js';
import { marksFor, momentIn } from '../motion/fx.js';
import type { PlaySession } from '../session.js';
import { play as playSound } from '../sound.js';
import { useSwipe } from '../swipe.js';
import type { GameWords } from '../words/index.js';
import type { Feedback } from './feedback.js';

export function useSubmit(o: {
  view: GameView;
  words: GameWords;
  sessionRef: { current: PlaySession };
  fb: Feedback;
  save: (s: PlaySession) => void;
  setAsk: (a: Ask) => void;
  /** True while the help or a question is open: the board takes no swipe. */
  helpRef: { current: boolean };
  redraw: () => void;
}) {
  const { view, words, sessionRef, fb } = o;
  const boardRef = useRef<HTMLDivElement>(null);
  const focusInBoard = useRef(false);
  useLayoutEffect(() => {
    const wrap = boardRef.current;
    if (focusInBoard.current && wrap && !wrap.contains(document.activeElement)) wrap.focus();
    focusInBoard.current = false;
  });

  const played = (a: GameAction) => {
    const s = sessionRef.current;
    if (s.isOver() || (view.holdsInput?.() && !endsRun(a))) return;
    const focused = document.activeElement;
    focusInBoard.current = !!boardRef.current && focused !== boardRef.current && !!boardRef.current.contains(focused);
    const before = s.score();
    s.act(a);
    if (s.last.kind === 'accepted') {
      const events = s.last.events;
      if (events.length) fb.recent.current = [...events].reverse().concat(fb.recent.current).slice(0, 12);
      const m = momentIn(events, words);
      // A moment's words go with the next move (a real-time tick is no move: they stay their time).
      if (m) fb.setMoment({ ...m, id: s.actions.length });
      else if (!view.ownsKeys) fb.setMoment(null);
      // A new level's card; any other move (a button in the side panel) puts the last one away.
      fb.setCard(view.interlude?.(events) ?? null);
      const newMarks = events.length ? marksFor(events, words, s.observation()) : [];
      if (newMarks.length) fb.setMarks(newMarks);
      playSound(m ? (m.tone === 'good' ? 'clear' : 'bad') : s.score() > before ? 'points' : 'move');
      o.save(s);
    } else if (!view.ownsKeys) playSound('bad');
    fb.setLink(null);
    fb.setTookBack(null);
    o.redraw();
  };
  const act = (a: GameAction) => {
    const s = sessionRef.current;
    if (s.isOver()) return;
    if (endsRun(a)) {
      o.setAsk({ ...endRunQuestion(s.score(), false), yes: 'End the run', onYes: () => played(a) });
      return;
    }
    played(a);
  };

  // A swipe on the board plays the game's move that way (Delvewick), by the same path as a key.
  useSwipe(
    boardRef,
    view.swipe &&
      ((dir) => {
        const s = sessionRef.current;
        const a = !s.isOver() && !o.helpRef.current ? view.swipe!(dir, s.legal(), s.observation()) : null;
        if (a) act(a);
      }),
  );
  return { act, boardRef };
}
