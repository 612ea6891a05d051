/**
 * Playing a move in a live session: a move the server would only refuse as outside the grammar is said
 * here and never sent, ending the run asks first, and a swipe on the board plays the game's move that way
 * (Delvewick), as its key does. The moves go to the session's queue (live.ts), which sends them in order.
 */
import { useRef, useState } from 'preact/hooks';
import type { GameAction } from '../../../core/game.js';
import type { Ask } from '../../components/confirm.js';
import { endRunQuestion, endsRun } from '../../games/index.js';
import type { GameView } from '../../games/types.js';
import type { LiveGame } from '../../live.js';
import { useSwipe } from '../../swipe.js';
import type { GameWords } from '../../words/index.js';

export function useLiveAct(o: { live: LiveGame; view: GameView; words: GameWords; setAsk: (a: Ask) => void }) {
  const { view, words, setAsk } = o;
  const liveRef = useRef(o.live);
  liveRef.current = o.live;
  /** A click the board turned into an action of no listed shape (a far Whirlyard cell), said here. */
  const [local, setLocal] = useState<string | null>(null);
  const act = (x: GameAction) => {
    const l = liveRef.current;
    // A board between two pictures (a Whirlyard wave change) takes no move: none is played blind.
    if (view.holdsInput?.() && !endsRun(x)) return;
    const keys = Object.keys(x).sort().join();
    const listed = l.answer.legalActions.some((y) => y.type === x.type && Object.keys(y).sort().join() === keys);
    if (!listed && !view.ownsKeys) {
      // Never sent: the server would only answer that it is outside the grammar; the words say why.
      setLocal(words.refusal(x, 'unknown_action', '', l.answer.observation));
      return;
    }
    setLocal(null);
    if (endsRun(x)) {
      const ended = x;
      setAsk({
        ...endRunQuestion(l.answer.score, true),
        yes: 'End the run',
        onYes: () => liveRef.current.act(ended),
      });
      return;
    }
    l.act(x);
  };

  const boardRef = useRef<HTMLDivElement>(null);
  useSwipe(
    boardRef,
    view.swipe &&
      ((dir) => {
        const l = liveRef.current;
        const x = l.isOver() ? null : view.swipe!(dir, l.answer.legalActions, l.answer.observation);
        if (x) act(x);
      }),
  );
  return { act, local, liveRef, boardRef };
}
