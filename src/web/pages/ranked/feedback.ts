/**
 * What a live session says beside the board: the sounds of free play (a blip per move, a chime for points,
 * an arpeggio for a moment, a buzz for a refusal) and the moment on the board, and at game over where the
 * run stands on its board.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AnyGame } from '../../../core/game.js';
import { fetchStanding, type BoardStanding } from '../../api.js';
import type { GameView } from '../../games/types.js';
import type { LiveGame } from '../../live.js';
import { momentIn } from '../../motion/fx.js';
import { play as playSound } from '../../sound.js';
import type { GameWords, Moment } from '../../words/index.js';
import { savedName } from './session.js';

/** Each answer sounds once, when it arrives; a moment shows on the board until the next move. */
export function useLiveSounds(live: LiveGame, words: GameWords, view: GameView) {
  const [moment, setMoment] = useState<(Moment & { id: number }) | null>(null);
  const heard = useRef<{ answer: unknown; last: unknown; score: number }>({
    answer: live.answer,
    last: live.last,
    score: live.answer.score,
  });
  useEffect(() => {
    const h = heard.current;
    if (live.last !== h.last && live.last.kind === 'refused') playSound('bad');
    else if (live.answer !== h.answer && live.last.kind === 'accepted') {
      const m = momentIn(live.answer.events ?? [], words);
      // As in free play: a moment on the board, gone with the next move.
      if (m) setMoment({ ...m, id: live.answer.session.step });
      else if (!view.ownsKeys) setMoment(null);
      playSound(m ? (m.tone === 'good' ? 'clear' : 'bad') : live.answer.score > h.score ? 'points' : 'move');
    }
    heard.current = { answer: live.answer, last: live.last, score: live.answer.score };
  });
  return moment;
}

/** At game over: where the run stands on its board (its rank, or the player's better run's). */
export function useStanding(game: AnyGame, daily: boolean, live: LiveGame, over: boolean) {
  const [standing, setStanding] = useState<BoardStanding | 'failed' | null>(null);
  const a = live.answer;
  useEffect(() => {
    if (!over) return;
    let gone = false;
    fetchStanding(
      game.spec.slug,
      daily && a.challenge ? 'daily' : 'ranked',
      live.id,
      savedName() || null,
      a.challenge ?? undefined,
    ).then(
      (s) => !gone && setStanding(s),
      () => !gone && setStanding('failed'),
    );
    return () => {
      gone = true;
    };
  }, [over, live.id]);
  return standing;
}
