/**
 * What the play page says about the game beside the board, apart from the game itself: a moment's
 * banner, the points floating from their cells, Delvewick's card between levels, a share link, what a
 * take-back did, and a real-time game's recent events.
 */
import { useRef, useState } from 'preact/hooks';
import type { GameEvent } from '../../core/game.js';
import type { Interlude } from '../games/types.js';
import type { marksFor } from '../motion/fx.js';
import type { Moment } from '../words/index.js';

export function useFeedback() {
  const [marks, setMarks] = useState<ReturnType<typeof marksFor>>([]);
  const [moment, setMoment] = useState<(Moment & { id: number }) | null>(null);
  /** The card between two levels (Delvewick), until any key or a tap. */
  const [card, setCard] = useState<Interlude | null>(null);
  const cardRef = useRef(card);
  cardRef.current = card;
  const [link, setLink] = useState<string | null>(null);
  /** Said after a take-back (undo, restart level), until the next move. */
  const [tookBack, setTookBack] = useState<string | null>(null);
  /** Real-time games change every tick, so their events panel keeps the latest few across ticks. */
  const recent = useRef<GameEvent[]>([]);
  return { marks, setMarks, moment, setMoment, card, setCard, cardRef, link, setLink, tookBack, setTookBack, recent };
}

export type Feedback = ReturnType<typeof useFeedback>;
