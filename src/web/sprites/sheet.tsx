/**
 * The one sprite sheet: every game's symbols (from its web folder) in a hidden SVG, mounted once by the
 * app shell, so each board only places `<use>` references (a piece is one element, however detailed
 * its drawing).
 */
import { webs } from '../games/index.js';

export function SpriteSheet() {
  return (
    <svg class="sprite-sheet" aria-hidden="true" focusable="false" width="0" height="0" data-testid="sprite-sheet">
      {[...webs.values()].map((w) => w.symbols)}
    </svg>
  );
}
