/**
 * The card between two levels, over the board: the next level's name and its lesson, and what the
 * level just cleared paid (the clear bonus and the oil tally). Any key (the page's) or a tap on it
 * dismisses it; its button has the focus, so Enter and Space do too.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { Interlude } from '../games/types.js';

export function LevelCard({ card, onGo }: { card: Interlude; onGo: () => void }) {
  const go = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    go.current?.focus({ preventScroll: true });
  }, [card]);
  return (
    <div class="level-card" role="region" aria-label="Next level" data-testid="level-card" onClick={onGo}>
      <h2>{card.title}</h2>
      <p class="lesson">{card.lesson}</p>
      {card.tally.length > 0 && (
        <ul class="plain tally">
          {card.tally.map((t) => (
            <li>{t}</li>
          ))}
        </ul>
      )}
      <button ref={go} class="btn primary" data-testid="level-card-go" onClick={onGo}>
        {card.go} (any key)
      </button>
    </div>
  );
}
